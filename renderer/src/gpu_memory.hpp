#pragma once
// Buffers and images with their own memory (a handful per renderer, so no sub-allocator), and
// one-shot command submission for uploads.

#include <cstdint>
#include <functional>

#include "renderer/device.hpp"
#include "renderer/vk.hpp"

namespace renderer {

/// A buffer with dedicated memory; host-visible ones stay mapped for their whole life.
struct Buffer {
  Owned<VkBuffer> buffer;
  Owned<VkDeviceMemory> memory;
  VkDeviceSize size = 0;
  void* mapped = nullptr;  ///< null unless host-visible
};

/// A 2D image, its memory and a view of all of it.
struct Image {
  Owned<VkImage> image;
  Owned<VkDeviceMemory> memory;
  Owned<VkImageView> view;
  VkFormat format = VK_FORMAT_UNDEFINED;
  VkExtent2D extent{};
};

/// Host-visible, host-coherent memory (device-local too where the device offers it), mapped.
Buffer create_host_buffer(const Context& context, VkDeviceSize size, VkBufferUsageFlags usage);

/// Device-local image with a view; aspect is colour or depth.
Image create_image(const Context& context, VkExtent2D extent, VkFormat format,
                   VkImageUsageFlags usage, VkImageAspectFlags aspect);

Owned<VkImageView> create_image_view(const Context& context, VkImage image, VkFormat format,
                                     VkImageAspectFlags aspect);

/// Records with `record`, submits on the context's queue, waits until it finished.
void submit_and_wait(const Context& context, const std::function<void(VkCommandBuffer)>& record);

}  // namespace renderer
