#pragma once
/// @file device.hpp
/// The Vulkan instance, the chosen physical device, the logical device and its one queue.
///
/// Device choice: discrete GPU, then integrated, then virtual, then CPU (lavapipe). The
/// environment variable PRISM_VK_DEVICE (or ContextOptions::device) overrides: a device index
/// as vkEnumeratePhysicalDevices lists them, or a case-sensitive part of the device name.
///
/// Validation: VK_LAYER_KHRONOS_validation plus a debug messenger, on by default in builds
/// without NDEBUG, off otherwise; PRISM_VK_VALIDATION=1 / =0 overrides either way. Every
/// message of severity warning or error is printed to stderr as one line and counted in
/// Context::validation_messages, so a test can assert that a frame was validation-clean.

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "renderer/vk.hpp"

namespace renderer {

struct ContextOptions {
  /// Validation layer and messenger. Default: on without NDEBUG, or as PRISM_VK_VALIDATION says.
  bool validation = default_validation();
  /// Initialise GLFW and enable the instance extensions a window surface needs. Leave false
  /// for headless work: then no window system is touched and no DISPLAY is needed.
  bool window_system = false;
  /// Device override (index or part of the name); empty means PRISM_VK_DEVICE or the ranking.
  std::string device;

  static bool default_validation();
};

/// Instance, device and queue. Not movable: the debug messenger points at it.
struct Context {
  Context() = default;
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;
  ~Context();

  VkInstance instance = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
  VkPhysicalDevice physical_device = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties{};
  VkPhysicalDeviceMemoryProperties memory{};
  VkDevice device = VK_NULL_HANDLE;
  std::uint32_t queue_family = 0;  ///< graphics + compute + transfer
  VkQueue queue = VK_NULL_HANDLE;
  bool validation = false;     ///< the layer is really loaded
  bool window_system = false;  ///< GLFW was initialised by this context
  /// Validation (and other warning/error) messages seen so far. Tests assert it stays zero.
  std::atomic<std::uint32_t> validation_messages{0};
};

/// Creates the context. @throws Error when there is no Vulkan loader or driver, no device
/// with graphics, no device matching the override, or (window_system) GLFW cannot start.
std::unique_ptr<Context> create_context(const ContextOptions& options = {});

/// The device's name, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
std::string device_name(const Context& context);

}  // namespace renderer
