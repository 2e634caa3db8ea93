#pragma once
/// @file target.hpp
/// Where frames go: a window's swapchain or offscreen images, behind one interface.
///
/// A target owns colour images only; the renderer owns depth, framebuffers and the per-frame
/// synchronisation. Colour formats are UNORM (no sRGB encoding) on both targets, so a window
/// and a headless run of the same frame produce the same bytes.

#include <cstdint>
#include <optional>

#include "renderer/vk.hpp"

struct GLFWwindow;

namespace renderer {

/// One colour image of a target.
struct TargetImage {
  VkImage image = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
};

class Target {
 public:
  virtual ~Target() = default;

  virtual VkFormat colour_format() const = 0;
  /// Size in pixels of every image (0 x 0 while a window is minimised).
  virtual VkExtent2D extent() const = 0;
  virtual std::uint32_t image_count() const = 0;
  virtual TargetImage image(std::uint32_t index) const = 0;
  /// Changes whenever the images are recreated (window resize): framebuffers must follow.
  virtual std::uint64_t generation() const = 0;
  /// The layout a frame leaves its image in: PRESENT_SRC for a window.
  virtual VkImageLayout final_layout() const = 0;
  /// True for a swapchain: acquire signals `ready` and present waits on `rendered`.
  virtual bool presents() const = 0;
  /// The GLFW window, or null for offscreen targets (the ImGui pass reads input from it).
  virtual GLFWwindow* glfw_window() const { return nullptr; }

  /// The index of the image to draw next, or nothing when no frame can be drawn now (a
  /// minimised window, or a swapchain that was out of date and has been recreated).
  virtual std::optional<std::uint32_t> acquire(VkSemaphore ready) = 0;
  /// Shows the image (window) once `rendered` is signalled; offscreen does nothing.
  virtual void present(std::uint32_t index, VkSemaphore rendered) = 0;
};

}  // namespace renderer
