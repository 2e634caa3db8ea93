#include "renderer/offscreen_target.hpp"

#include "gpu_memory.hpp"

namespace renderer {

OffscreenTarget::OffscreenTarget(const Context& context, std::uint32_t width,
                                 std::uint32_t height)
    : extent_{width, height} {
  if (width == 0 || height == 0) throw Error("offscreen target needs a non-zero size");
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
