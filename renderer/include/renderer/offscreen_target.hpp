#pragma once
/// @file offscreen_target.hpp
/// Headless target: two R8G8B8A8_UNORM images (one per frame in flight). Touches no window
/// system, so it works with no DISPLAY at all.

#include <memory>
#include <vector>

#include "renderer/device.hpp"
#include "renderer/target.hpp"

namespace renderer {

struct Image;

class OffscreenTarget final : public Target {
 public:
  /// @throws Error when width or height is 0 or the images cannot be created.
  OffscreenTarget(const Context& context, std::uint32_t width, std::uint32_t height);
  ~OffscreenTarget() override;

  VkFormat colour_format() const override { return VK_FORMAT_R8G8B8A8_UNORM; }
  VkExtent2D extent() const override { return extent_; }
  std::uint32_t image_count() const override;
  TargetImage image(std::uint32_t index) const override;
  std::uint64_t generation() const override { return 1; }
  VkImageLayout final_layout() const override { return VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL; }
  bool presents() const override { return false; }
  std::optional<std::uint32_t> acquire(VkSemaphore ready) override;
  void present(std::uint32_t, VkSemaphore) override {}

 private:
  VkExtent2D extent_{};
  std::vector<std::unique_ptr<Image>> images_;
  std::uint32_t next_ = 0;
};

}  // namespace renderer
