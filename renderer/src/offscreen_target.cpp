#include "renderer/offscreen_target.hpp"

#include <string>

#include "gpu_memory.hpp"

namespace renderer {

OffscreenTarget::OffscreenTarget(const Context& context, std::uint32_t width,
                                 std::uint32_t height)
    : extent_{width, height} {
  if (width == 0 || height == 0) throw Error("offscreen target needs a non-zero size");
  // The device's own limit, checked before any image is made (VUID-VkImageCreateInfo-extent-02252).
  VkPhysicalDeviceProperties properties{};
  vkGetPhysicalDeviceProperties(context.physical_device, &properties);
  const std::uint32_t limit = properties.limits.maxImageDimension2D;
  if (width > limit || height > limit) {
    throw Error("image size " + std::to_string(width) + "x" + std::to_string(height) +
                " is beyond this device's largest 2D image (" + std::to_string(limit) + " pixels a side)");
  }
  for (int i = 0; i < 2; ++i)
    images_.push_back(std::make_unique<Image>(create_image(
        context, extent_, colour_format(),
        VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
        VK_IMAGE_ASPECT_COLOR_BIT)));
}

OffscreenTarget::~OffscreenTarget() = default;

std::uint32_t OffscreenTarget::image_count() const {
  return static_cast<std::uint32_t>(images_.size());
}

TargetImage OffscreenTarget::image(std::uint32_t index) const {
  return {images_.at(index)->image, images_.at(index)->view};
}

std::optional<std::uint32_t> OffscreenTarget::acquire(VkSemaphore) {
  // The renderer waits for the frame that last used an image before it draws into it again.
  std::uint32_t index = next_;
  next_ = (next_ + 1) % image_count();
  return index;
}

}  // namespace renderer
