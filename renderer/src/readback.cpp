#include "readback.hpp"

#include <cstring>

namespace renderer {

void readback_record(Readback& readback, const Context& context, VkCommandBuffer cmd, VkImage image,
                     VkExtent2D extent) {
  VkDeviceSize bytes = VkDeviceSize(extent.width) * extent.height * 4;
  if (readback.buffer.size < bytes)
    readback.buffer = create_host_buffer(context, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT);

  VkBufferImageCopy region{};
  region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  region.imageExtent = {extent.width, extent.height, 1};
  vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback.buffer.buffer,
                         1, &region);

  VkBufferMemoryBarrier to_host{};

  to_host.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER;
  to_host.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
  to_host.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  to_host.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  to_host.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  to_host.buffer = readback.buffer.buffer;
  to_host.size = VK_WHOLE_SIZE;
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 0,
                       nullptr, 1, &to_host, 0, nullptr);
}

void readback_resolve(const Readback& readback, VkFormat format, VkExtent2D extent, RgbaImage& out) {
  out.width = extent.width;
  out.height = extent.height;
  const std::size_t bytes = std::size_t(extent.width) * extent.height * 4;
  out.pixels.resize(bytes);
  std::memcpy(out.pixels.data(), readback.buffer.mapped, bytes);
  if (format == VK_FORMAT_B8G8R8A8_UNORM || format == VK_FORMAT_B8G8R8A8_SRGB)
    for (std::size_t i = 0; i < bytes; i += 4) std::swap(out.pixels[i], out.pixels[i + 2]);
}

}  // namespace renderer
