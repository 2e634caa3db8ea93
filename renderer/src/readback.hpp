#pragma once
// Copying a rendered colour image into host memory as RGBA8.

#include "gpu_memory.hpp"
#include "renderer/image.hpp"

namespace renderer {

struct Readback {
  Buffer buffer;  // host-visible, grows to fit
};

/// Records the copy of `image` (in TRANSFER_SRC_OPTIMAL) into the readback buffer, growing it.
void readback_record(Readback& readback, const Context& context, VkCommandBuffer cmd, VkImage image,
                     VkExtent2D extent);

/// After the frame's fence: converts the buffer to RGBA8 (swizzling BGRA formats).
void readback_resolve(const Readback& readback, VkFormat format, VkExtent2D extent, RgbaImage& out);

}  // namespace renderer
