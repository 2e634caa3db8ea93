#include "gpu_memory.hpp"

namespace renderer {
namespace {

uint32_t memory_type(const Context& context, uint32_t type_bits, VkMemoryPropertyFlags required,
                     VkMemoryPropertyFlags preferred) {
  for (VkMemoryPropertyFlags wanted : {required | preferred, required}) {
    for (uint32_t i = 0; i < context.memory.memoryTypeCount; ++i) {
      if ((type_bits & (1u << i)) &&
          (context.memory.memoryTypes[i].propertyFlags & wanted) == wanted)
        return i;
    }
  }
  throw Error("no Vulkan memory type fits a renderer buffer or image");
}

Owned<VkDeviceMemory> allocate(const Context& context, VkMemoryRequirements requirements,
                               VkMemoryPropertyFlags required, VkMemoryPropertyFlags preferred) {
  VkMemoryAllocateInfo info{};
  info.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
  info.allocationSize = requirements.size;
  info.memoryTypeIndex = memory_type(context, requirements.memoryTypeBits, required, preferred);
  VkDeviceMemory memory = VK_NULL_HANDLE;
  RENDERER_VK(vkAllocateMemory(context.device, &info, nullptr, &memory));
  return {context.device, memory};
}

}  // namespace

Buffer create_host_buffer(const Context& context, VkDeviceSize size, VkBufferUsageFlags usage) {
  Buffer result;
  result.size = size;
  VkBufferCreateInfo info{};
  info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
  info.size = size;
  info.usage = usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  VkBuffer buffer = VK_NULL_HANDLE;
  RENDERER_VK(vkCreateBuffer(context.device, &info, nullptr, &buffer));
  result.buffer = {context.device, buffer};

  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(context.device, buffer, &requirements);
  result.memory = allocate(context, requirements,
                           VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                           VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  RENDERER_VK(vkBindBufferMemory(context.device, buffer, result.memory, 0));
  RENDERER_VK(vkMapMemory(context.device, result.memory, 0, VK_WHOLE_SIZE, 0, &result.mapped));
  return result;
}

Owned<VkImageView> create_image_view(const Context& context, VkImage image, VkFormat format,
                                     VkImageAspectFlags aspect) {
  VkImageViewCreateInfo info{};
  info.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO;
  info.image = image;
  info.viewType = VK_IMAGE_VIEW_TYPE_2D;
  info.format = format;
  info.subresourceRange = {aspect, 0, 1, 0, 1};
  VkImageView view = VK_NULL_HANDLE;
  RENDERER_VK(vkCreateImageView(context.device, &info, nullptr, &view));
  return {context.device, view};
}

Image create_image(const Context& context, VkExtent2D extent, VkFormat format,
                   VkImageUsageFlags usage, VkImageAspectFlags aspect) {
  Image result;
  result.format = format;
  result.extent = extent;
  VkImageCreateInfo info{};
  info.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO;
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = format;
  info.extent = {extent.width, extent.height, 1};
  info.mipLevels = 1;
  info.arrayLayers = 1;
  info.samples = VK_SAMPLE_COUNT_1_BIT;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = usage;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  VkImage image = VK_NULL_HANDLE;
  RENDERER_VK(vkCreateImage(context.device, &info, nullptr, &image));
  result.image = {context.device, image};

  VkMemoryRequirements requirements;
  vkGetImageMemoryRequirements(context.device, image, &requirements);
  result.memory = allocate(context, requirements, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0);
  RENDERER_VK(vkBindImageMemory(context.device, image, result.memory, 0));
  result.view = create_image_view(context, image, format, aspect);
  return result;
}

void submit_and_wait(const Context& context, const std::function<void(VkCommandBuffer)>& record) {
  VkCommandPoolCreateInfo pool_info{};
  pool_info.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
  pool_info.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
  pool_info.queueFamilyIndex = context.queue_family;
  VkCommandPool pool_handle = VK_NULL_HANDLE;
  RENDERER_VK(vkCreateCommandPool(context.device, &pool_info, nullptr, &pool_handle));
  Owned<VkCommandPool> pool{context.device, pool_handle};

  VkCommandBufferAllocateInfo alloc{};

  alloc.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
  alloc.commandPool = pool;
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = 1;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  RENDERER_VK(vkAllocateCommandBuffers(context.device, &alloc, &cmd));

  VkCommandBufferBeginInfo begin{};

  begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  RENDERER_VK(vkBeginCommandBuffer(cmd, &begin));
  record(cmd);
  RENDERER_VK(vkEndCommandBuffer(cmd));

  VkFenceCreateInfo fence_info{};

  fence_info.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
  VkFence fence_handle = VK_NULL_HANDLE;
  RENDERER_VK(vkCreateFence(context.device, &fence_info, nullptr, &fence_handle));
  Owned<VkFence> fence{context.device, fence_handle};
  VkSubmitInfo submit{};
  submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &cmd;
  RENDERER_VK(vkQueueSubmit(context.queue, 1, &submit, fence));
  RENDERER_VK(vkWaitForFences(context.device, 1, &fence_handle, VK_TRUE, UINT64_MAX));
}

}  // namespace renderer
