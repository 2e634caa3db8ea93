#pragma once
// Debug pass: the DebugDraw lists, copied into a per-frame ring buffer. Lines and points are
// expanded to screen-space quads by vertex pulling from that buffer (four indexed vertices each,
// no instancing: lavapipe runs each instance as a separate draw); triangles are a vertex buffer.

#include <array>
#include <memory>

#include "gpu_memory.hpp"
#include "pipelines.hpp"
#include "renderer/debug_draw.hpp"

namespace renderer {

struct DebugPass {
  Owned<VkDescriptorSetLayout> set_layout;  // binding 0: the ring buffer as 32-bit words
  Owned<VkDescriptorPool> descriptor_pool;
  std::array<VkDescriptorSet, kFramesInFlight> sets{};
  Owned<VkPipelineLayout> layout;
  // [0] depth-tested, [1] always on top
  std::array<Owned<VkPipeline>, 2> lines, points, triangles;
  std::array<Buffer, kFramesInFlight> ring;  // grows to fit, never shrinks
  Buffer quad_indices;  // (4i, 4i+1, 4i+2, 4i, 4i+2, 4i+3) for kQuadsPerDraw quads, never changes
};

std::unique_ptr<DebugPass> create_debug_pass(const Context& context, VkRenderPass render_pass);

struct DebugSpan {
  VkDeviceSize offset = 0;
  std::uint32_t count = 0;
};

/// Where one frame's lists sit in the ring buffer; [0] depth-tested, [1] on top.
struct DebugUpload {
  std::array<DebugSpan, 2> lines, points, triangles;
  VkDeviceSize bytes = 0;
};

/// Copies `draw` into this slot's ring buffer (growing it). The slot's previous frame must
/// have finished.
DebugUpload debug_upload(DebugPass& pass, const Context& context, std::uint32_t slot,
                         const DebugDraw& draw);

/// Records the draws of an upload (inside the render pass).
void debug_record(const DebugPass& pass, VkCommandBuffer cmd, std::uint32_t slot,
                  const DebugUpload& upload, const PushConstants& push);

}  // namespace renderer
