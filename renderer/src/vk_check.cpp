#include "renderer/vk.hpp"

#include <string>

namespace renderer {

const char* vk_result_name(VkResult result) {
  switch (result) {
#define RENDERER_CASE(name) \
  case name:                \
    return #name;
    RENDERER_CASE(VK_SUCCESS)
    RENDERER_CASE(VK_NOT_READY)
    RENDERER_CASE(VK_TIMEOUT)
    RENDERER_CASE(VK_INCOMPLETE)
    RENDERER_CASE(VK_SUBOPTIMAL_KHR)
    RENDERER_CASE(VK_ERROR_OUT_OF_HOST_MEMORY)
    RENDERER_CASE(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    RENDERER_CASE(VK_ERROR_INITIALIZATION_FAILED)
    RENDERER_CASE(VK_ERROR_DEVICE_LOST)
    RENDERER_CASE(VK_ERROR_MEMORY_MAP_FAILED)
    RENDERER_CASE(VK_ERROR_LAYER_NOT_PRESENT)
    RENDERER_CASE(VK_ERROR_EXTENSION_NOT_PRESENT)
    RENDERER_CASE(VK_ERROR_FEATURE_NOT_PRESENT)
    RENDERER_CASE(VK_ERROR_INCOMPATIBLE_DRIVER)
    RENDERER_CASE(VK_ERROR_TOO_MANY_OBJECTS)
    RENDERER_CASE(VK_ERROR_FORMAT_NOT_SUPPORTED)
    RENDERER_CASE(VK_ERROR_SURFACE_LOST_KHR)
    RENDERER_CASE(VK_ERROR_NATIVE_WINDOW_IN_USE_KHR)
    RENDERER_CASE(VK_ERROR_OUT_OF_DATE_KHR)
#undef RENDERER_CASE
    default:
      return "VkResult (unnamed)";
  }
}

void vk_check(VkResult result, const char* what) {
  if (result >= 0) return;
  std::string message = std::string(what) + " failed: " + vk_result_name(result);
  if (result == VK_ERROR_DEVICE_LOST) message += " (the Vulkan device was lost)";
  if (result == VK_ERROR_INCOMPATIBLE_DRIVER) message += " (no Vulkan driver installed?)";
  throw Error(message);
}

#define RENDERER_DESTROY(Type, fn) \
  void destroy_handle(VkDevice device, Type handle) { fn(device, handle, nullptr); }
RENDERER_DESTROY(VkBuffer, vkDestroyBuffer)
RENDERER_DESTROY(VkImage, vkDestroyImage)
RENDERER_DESTROY(VkImageView, vkDestroyImageView)
RENDERER_DESTROY(VkDeviceMemory, vkFreeMemory)
RENDERER_DESTROY(VkFramebuffer, vkDestroyFramebuffer)
RENDERER_DESTROY(VkRenderPass, vkDestroyRenderPass)
RENDERER_DESTROY(VkPipeline, vkDestroyPipeline)
RENDERER_DESTROY(VkPipelineLayout, vkDestroyPipelineLayout)
RENDERER_DESTROY(VkDescriptorSetLayout, vkDestroyDescriptorSetLayout)
RENDERER_DESTROY(VkDescriptorPool, vkDestroyDescriptorPool)
RENDERER_DESTROY(VkShaderModule, vkDestroyShaderModule)
RENDERER_DESTROY(VkCommandPool, vkDestroyCommandPool)
RENDERER_DESTROY(VkFence, vkDestroyFence)
RENDERER_DESTROY(VkSemaphore, vkDestroySemaphore)
#undef RENDERER_DESTROY

}  // namespace renderer
