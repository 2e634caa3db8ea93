#pragma once
// Debug pass: the DebugDraw lists, copied into a per-frame ring buffer and drawn as instanced
// screen-space quads (lines, points) and alpha-blended triangles.

#include <array>
#include <memory>

#include "gpu_memory.hpp"
#include "pipelines.hpp"
#include "renderer/debug_draw.hpp"

namespace renderer {

struct DebugPass {
  Owned<VkPipelineLayout> layout;
  // [0] depth-tested, [1] always on top
  std::array<Owned<VkPipeline>, 2> lines, points, triangles;
  std::array<Buffer, kFramesInFlight> ring;  // grows to fit, never shrinks
};

std::unique_ptr<DebugPass> create_debug_pass(const Context& context, VkRenderPass render_pass);

/// Copies `draw` into this slot's ring buffer and records its draws (inside the render pass).
void debug_record(DebugPass& pass, const Context& context, VkCommandBuffer cmd, std::uint32_t slot,
                  const DebugDraw& draw, const PushConstants& push);

}  // namespace renderer
