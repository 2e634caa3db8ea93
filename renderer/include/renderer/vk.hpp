#pragma once
/// @file vk.hpp
/// Vulkan through volk (no prototypes), the renderer's error type, and a move-only owner for
/// device-level handles.
///
/// Every failing Vulkan call throws renderer::Error with one line naming the call and the
/// VkResult (for example "vkQueueSubmit failed: VK_ERROR_DEVICE_LOST (the device was lost)").
/// Applications catch it at the top, print what(), and exit non-zero.

#include <stdexcept>
#include <string>
#include <utility>

#include <volk.h>

namespace renderer {

/// Every renderer failure: no Vulkan device, a lost device, a window that cannot be opened,
/// a shader that is not embedded, a PNG that cannot be written. what() is one line.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The enumerator's name, e.g. "VK_ERROR_DEVICE_LOST".
const char* vk_result_name(VkResult result);

/// Throws Error("<what> failed: <result name>") unless result is VK_SUCCESS (or another
/// non-error status such as VK_SUBOPTIMAL_KHR, which callers that care check themselves).
void vk_check(VkResult result, const char* what);

#define RENDERER_VK(call) ::renderer::vk_check((call), #call)

// Destroyers for the handle kinds the renderer owns (overloads found by Owned<T>).
void destroy_handle(VkDevice device, VkBuffer handle);
void destroy_handle(VkDevice device, VkImage handle);
void destroy_handle(VkDevice device, VkImageView handle);
void destroy_handle(VkDevice device, VkDeviceMemory handle);
void destroy_handle(VkDevice device, VkFramebuffer handle);
void destroy_handle(VkDevice device, VkRenderPass handle);
void destroy_handle(VkDevice device, VkPipeline handle);
void destroy_handle(VkDevice device, VkPipelineLayout handle);
void destroy_handle(VkDevice device, VkDescriptorSetLayout handle);
void destroy_handle(VkDevice device, VkDescriptorPool handle);
void destroy_handle(VkDevice device, VkShaderModule handle);
void destroy_handle(VkDevice device, VkCommandPool handle);
void destroy_handle(VkDevice device, VkFence handle);
void destroy_handle(VkDevice device, VkSemaphore handle);

/// Owns one non-dispatchable device handle; destroys it when reset or destroyed. Move-only.
template <class T>
class Owned {
 public:
  Owned() = default;
  Owned(VkDevice device, T handle) : device_(device), handle_(handle) {}
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
  Owned(Owned&& other) noexcept
      : device_(other.device_), handle_(std::exchange(other.handle_, VK_NULL_HANDLE)) {}
  Owned& operator=(Owned&& other) noexcept {
    if (this != &other) {
      reset();
      device_ = other.device_;
      handle_ = std::exchange(other.handle_, VK_NULL_HANDLE);
    }
    return *this;
  }
  ~Owned() { reset(); }

  T get() const { return handle_; }
  operator T() const { return handle_; }  // NOLINT: handles pass straight into vkCmd* calls
  explicit operator bool() const { return handle_ != VK_NULL_HANDLE; }
  void reset() {
    if (handle_ != VK_NULL_HANDLE) destroy_handle(device_, handle_);
    handle_ = VK_NULL_HANDLE;
  }

 private:
  VkDevice device_ = VK_NULL_HANDLE;
  T handle_ = VK_NULL_HANDLE;
};

}  // namespace renderer
