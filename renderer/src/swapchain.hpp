#pragma once
// The swapchain of one surface: images, views, format, extent.

#include <vector>

#include "renderer/device.hpp"

namespace renderer {

struct Swapchain {
  Swapchain() = default;
  Swapchain(const Swapchain&) = delete;
  Swapchain& operator=(const Swapchain&) = delete;
  ~Swapchain();

  VkDevice device = VK_NULL_HANDLE;
  VkSwapchainKHR swapchain = VK_NULL_HANDLE;
  VkFormat format = VK_FORMAT_UNDEFINED;
  VkExtent2D extent{};
  std::vector<VkImage> images;
  std::vector<Owned<VkImageView>> views;
};

/// Creates a swapchain for `surface` at `framebuffer_size` pixels (clamped to what the
/// surface allows), retiring `old` if given. Prefers B8G8R8A8_UNORM / R8G8B8A8_UNORM.
std::unique_ptr<Swapchain> create_swapchain(const Context& context, VkSurfaceKHR surface,
                                            VkExtent2D framebuffer_size, bool vsync,
                                            Swapchain* old);

}  // namespace renderer
