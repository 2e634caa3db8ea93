#include "renderer/window_target.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "swapchain.hpp"

namespace renderer {
namespace {

VkExtent2D framebuffer_size(GLFWwindow* window) {
  int width = 0, height = 0;
  glfwGetFramebufferSize(window, &width, &height);
  return {static_cast<uint32_t>(width), static_cast<uint32_t>(height)};
}

std::string glfw_error() {
  const char* why = nullptr;
  glfwGetError(&why);
  return why ? why : "unknown GLFW error";
}

}  // namespace

WindowTarget::WindowTarget(const Context& context, const WindowOptions& options)
    : context_(context), vsync_(options.vsync) {
  if (!context.window_system)
    throw Error("a window target needs a context created with window_system = true");
  glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
  glfwWindowHint(GLFW_RESIZABLE, options.resizable ? GLFW_TRUE : GLFW_FALSE);
  window_ = glfwCreateWindow(options.width, options.height, options.title.c_str(), nullptr, nullptr);
  if (!window_) throw Error("cannot create a window: " + glfw_error());
  glfwSetWindowUserPointer(window_, this);
  glfwSetFramebufferSizeCallback(window_, [](GLFWwindow* window, int, int) {
    static_cast<WindowTarget*>(glfwGetWindowUserPointer(window))->stale_ = true;
  });

  VkResult result = glfwCreateWindowSurface(context.instance, window_, nullptr, &surface_);
  if (result != VK_SUCCESS) {
    glfwDestroyWindow(window_);
    throw Error(std::string("cannot create a Vulkan surface for the window: ") +
                vk_result_name(result));
  }
  VkBool32 supported = VK_FALSE;
  vkGetPhysicalDeviceSurfaceSupportKHR(context.physical_device, context.queue_family, surface_,
                                       &supported);
  if (!supported) {
    vkDestroySurfaceKHR(context.instance, surface_, nullptr);
    glfwDestroyWindow(window_);
    throw Error("the Vulkan queue cannot present to this window");
  }
  recreate();
}

WindowTarget::~WindowTarget() {
  vkDeviceWaitIdle(context_.device);
  swapchain_.reset();
  vkDestroySurfaceKHR(context_.instance, surface_, nullptr);
  glfwDestroyWindow(window_);
}

void WindowTarget::recreate() {
  vkDeviceWaitIdle(context_.device);
  std::unique_ptr<Swapchain> old = std::move(swapchain_);
  swapchain_ = create_swapchain(context_, surface_, framebuffer_size(window_), vsync_, old.get());
  old.reset();
  stale_ = false;
  ++generation_;
}

VkFormat WindowTarget::colour_format() const {
  return swapchain_ ? swapchain_->format : VK_FORMAT_B8G8R8A8_UNORM;
}

VkExtent2D WindowTarget::extent() const { return swapchain_ ? swapchain_->extent : VkExtent2D{}; }

std::uint32_t WindowTarget::image_count() const {
  return swapchain_ ? static_cast<std::uint32_t>(swapchain_->images.size()) : 0;
}

TargetImage WindowTarget::image(std::uint32_t index) const {
  return {swapchain_->images.at(index), swapchain_->views.at(index)};
}

bool WindowTarget::should_close() const { return glfwWindowShouldClose(window_) != 0; }

void WindowTarget::set_vsync(bool on) {
  if (on == vsync_) return;
  vsync_ = on;
  stale_ = true;
}

std::optional<std::uint32_t> WindowTarget::acquire(VkSemaphore ready) {
  VkExtent2D size = framebuffer_size(window_);
  if (size.width == 0 || size.height == 0) return std::nullopt;  // minimised
  if (stale_ || !swapchain_ || size.width != swapchain_->extent.width ||
      size.height != swapchain_->extent.height)
    recreate();
  if (!swapchain_) return std::nullopt;

  uint32_t index = 0;
  VkResult result = vkAcquireNextImageKHR(context_.device, swapchain_->swapchain, UINT64_MAX,
                                          ready, VK_NULL_HANDLE, &index);
  if (result == VK_ERROR_OUT_OF_DATE_KHR) {
    recreate();
    return std::nullopt;  // `ready` was not signalled: the caller skips this frame
  }
  if (result == VK_SUBOPTIMAL_KHR) stale_ = true;  // the image is usable; recreate next time
  else vk_check(result, "vkAcquireNextImageKHR");
  return index;
}

void WindowTarget::present(std::uint32_t index, VkSemaphore rendered) {
  VkPresentInfoKHR info{};
  info.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR;
  info.waitSemaphoreCount = 1;
  info.pWaitSemaphores = &rendered;
  info.swapchainCount = 1;
  info.pSwapchains = &swapchain_->swapchain;
  info.pImageIndices = &index;
  VkResult result = vkQueuePresentKHR(context_.queue, &info);
  if (result == VK_ERROR_OUT_OF_DATE_KHR || result == VK_SUBOPTIMAL_KHR) stale_ = true;
  else vk_check(result, "vkQueuePresentKHR");
}

}  // namespace renderer
