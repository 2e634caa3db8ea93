#include "swapchain.hpp"

#include <algorithm>
#include <memory>

#include "gpu_memory.hpp"

namespace renderer {
namespace {

VkSurfaceFormatKHR choose_format(const Context& context, VkSurfaceKHR surface) {
  uint32_t count = 0;
  RENDERER_VK(vkGetPhysicalDeviceSurfaceFormatsKHR(context.physical_device, surface, &count, nullptr));
  std::vector<VkSurfaceFormatKHR> formats(count);
  RENDERER_VK(vkGetPhysicalDeviceSurfaceFormatsKHR(context.physical_device, surface, &count,
                                                   formats.data()));
  if (formats.empty()) throw Error("the window surface offers no formats");
  for (VkFormat wanted : {VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM})
    for (const auto& format : formats)
      if (format.format == wanted) return format;
  return formats[0];
}

VkPresentModeKHR choose_present_mode(const Context& context, VkSurfaceKHR surface, bool vsync) {
  if (vsync) return VK_PRESENT_MODE_FIFO_KHR;  // always supported
  uint32_t count = 0;
  RENDERER_VK(vkGetPhysicalDeviceSurfacePresentModesKHR(context.physical_device, surface, &count,
                                                        nullptr));
  std::vector<VkPresentModeKHR> modes(count);
  RENDERER_VK(vkGetPhysicalDeviceSurfacePresentModesKHR(context.physical_device, surface, &count,
                                                        modes.data()));
  for (VkPresentModeKHR wanted : {VK_PRESENT_MODE_MAILBOX_KHR, VK_PRESENT_MODE_IMMEDIATE_KHR})
    if (std::find(modes.begin(), modes.end(), wanted) != modes.end()) return wanted;
  return VK_PRESENT_MODE_FIFO_KHR;
}

}  // namespace

Swapchain::~Swapchain() {
  views.clear();
  if (swapchain) vkDestroySwapchainKHR(device, swapchain, nullptr);
}

std::unique_ptr<Swapchain> create_swapchain(const Context& context, VkSurfaceKHR surface,
                                            VkExtent2D framebuffer_size, bool vsync,
                                            Swapchain* old) {
  VkSurfaceCapabilitiesKHR caps;
  RENDERER_VK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(context.physical_device, surface, &caps));
  VkSurfaceFormatKHR format = choose_format(context, surface);

  VkExtent2D extent = caps.currentExtent;
  if (extent.width == UINT32_MAX) {
    extent.width = std::clamp(framebuffer_size.width, caps.minImageExtent.width,
                              caps.maxImageExtent.width);
    extent.height = std::clamp(framebuffer_size.height, caps.minImageExtent.height,
                               caps.maxImageExtent.height);
  }
  if (extent.width == 0 || extent.height == 0) return nullptr;  // minimised

  uint32_t image_count = std::max(caps.minImageCount + 1, 3u);
  if (caps.maxImageCount > 0) image_count = std::min(image_count, caps.maxImageCount);

  VkSwapchainCreateInfoKHR info{};

  info.sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR;
  info.surface = surface;
  info.minImageCount = image_count;
  info.imageFormat = format.format;
  info.imageColorSpace = format.colorSpace;
  info.imageExtent = extent;
  info.imageArrayLayers = 1;
  // TRANSFER_SRC: any frame can be read back, the same pixels the window shows.
  info.imageUsage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
  info.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.preTransform = (caps.supportedTransforms & VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR)
                          ? VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR
                          : caps.currentTransform;
  info.compositeAlpha = (caps.supportedCompositeAlpha & VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR)
                            ? VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR
                            : VK_COMPOSITE_ALPHA_INHERIT_BIT_KHR;
  info.presentMode = choose_present_mode(context, surface, vsync);
  info.clipped = VK_TRUE;
  info.oldSwapchain = old ? old->swapchain : VK_NULL_HANDLE;

  auto result = std::make_unique<Swapchain>();
  result->device = context.device;
  result->format = format.format;
  result->extent = extent;
  RENDERER_VK(vkCreateSwapchainKHR(context.device, &info, nullptr, &result->swapchain));

  uint32_t count = 0;
  RENDERER_VK(vkGetSwapchainImagesKHR(context.device, result->swapchain, &count, nullptr));
  result->images.resize(count);
  RENDERER_VK(vkGetSwapchainImagesKHR(context.device, result->swapchain, &count,
                                      result->images.data()));
  for (VkImage image : result->images)
    result->views.push_back(
        create_image_view(context, image, format.format, VK_IMAGE_ASPECT_COLOR_BIT));
  return result;
}

}  // namespace renderer
