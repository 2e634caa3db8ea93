#pragma once
/// @file window_target.hpp
/// A GLFW window and its swapchain. Needs a Context created with window_system = true.
///
/// Resize, minimise, out-of-date and suboptimal swapchains are handled inside acquire() and
/// present(): the swapchain is recreated and, when no image can be drawn (a minimised
/// window), acquire() returns nothing and the caller skips the frame.

#include <memory>
#include <string>
#include <vector>

#include "renderer/device.hpp"
#include "renderer/target.hpp"

namespace renderer {

struct WindowOptions {
  int width = 1280;  ///< client area in screen coordinates
  int height = 720;
  std::string title = "Prism";
  bool vsync = true;  ///< FIFO; off prefers MAILBOX, then IMMEDIATE
  bool resizable = true;
};

struct Swapchain;

class WindowTarget final : public Target {
 public:
  /// @throws Error when the context has no window system, the window or its surface cannot
  /// be created, or the queue cannot present to it.
  WindowTarget(const Context& context, const WindowOptions& options = {});
  ~WindowTarget() override;

  VkFormat colour_format() const override;
  VkExtent2D extent() const override;
  std::uint32_t image_count() const override;
  TargetImage image(std::uint32_t index) const override;
  std::uint64_t generation() const override { return generation_; }
  VkImageLayout final_layout() const override { return VK_IMAGE_LAYOUT_PRESENT_SRC_KHR; }
  bool presents() const override { return true; }
  GLFWwindow* glfw_window() const override { return window_; }
  std::optional<std::uint32_t> acquire(VkSemaphore ready) override;
  void present(std::uint32_t index, VkSemaphore rendered) override;

  /// True once the user asked the window to close.
  bool should_close() const;
  /// Switches between FIFO and the fastest mode; takes effect on the next frame.
  void set_vsync(bool on);

 private:
  void recreate();

  const Context& context_;
  GLFWwindow* window_ = nullptr;
  VkSurfaceKHR surface_ = VK_NULL_HANDLE;
  std::unique_ptr<Swapchain> swapchain_;
  bool vsync_ = true;
  bool stale_ = false;  ///< resize seen or suboptimal: recreate before the next acquire
  std::uint64_t generation_ = 0;
};

}  // namespace renderer
