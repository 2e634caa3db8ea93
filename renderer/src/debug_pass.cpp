#include "debug_pass.hpp"

#include <cstring>

namespace renderer {
namespace {

static_assert(sizeof(DebugLine) == 32 && sizeof(DebugPoint) == 20 && sizeof(DebugVertex) == 16);

struct ListSpan {
  VkDeviceSize offset = 0;
  std::uint32_t count = 0;
};

struct ListLayout {
  ListSpan lines, points, triangles;
};

template <class T>
ListSpan place(const std::vector<T>& items, VkDeviceSize& cursor) {
  ListSpan span{cursor, static_cast<std::uint32_t>(items.size())};
  cursor += sizeof(T) * items.size();
  cursor = (cursor + 15) & ~VkDeviceSize(15);
  return span;
}

template <class T>
void copy(const std::vector<T>& items, const ListSpan& span, void* mapped) {
  if (!items.empty())
    std::memcpy(static_cast<char*>(mapped) + span.offset, items.data(), sizeof(T) * items.size());
}

}  // namespace

std::unique_ptr<DebugPass> create_debug_pass(const Context& context, VkRenderPass render_pass) {
  auto pass = std::make_unique<DebugPass>();
  pass->layout = create_pipeline_layout(context, VK_NULL_HANDLE);
  for (int top = 0; top < 2; ++top) {
    PipelineDesc desc;
    desc.blend = true;
    desc.fragment_shader = "debug.frag";
    desc.vertex_shader = "line.vert";
    desc.depth = top ? Depth::off : Depth::test_and_write;
    desc.bindings = {{0, sizeof(DebugLine), VK_VERTEX_INPUT_RATE_INSTANCE}};
    desc.attributes = {{0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0},
                       {1, 0, VK_FORMAT_R32_SFLOAT, 12},
                       {2, 0, VK_FORMAT_R32G32B32_SFLOAT, 16},
                       {3, 0, VK_FORMAT_R8G8B8A8_UNORM, 28}};
    pass->lines[top] = create_pipeline(context, render_pass, pass->layout, desc);

    desc.vertex_shader = "point.vert";
    desc.fragment_shader = "point.frag";
    desc.bindings = {{0, sizeof(DebugPoint), VK_VERTEX_INPUT_RATE_INSTANCE}};
    desc.attributes = {{0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0},
                       {1, 0, VK_FORMAT_R32_SFLOAT, 12},
                       {2, 0, VK_FORMAT_R8G8B8A8_UNORM, 16}};
    pass->points[top] = create_pipeline(context, render_pass, pass->layout, desc);

    desc.vertex_shader = "triangle.vert";
    desc.fragment_shader = "debug.frag";
    desc.depth = top ? Depth::off : Depth::test_only;  // translucent: never writes depth
    desc.bindings = {{0, sizeof(DebugVertex), VK_VERTEX_INPUT_RATE_VERTEX}};
    desc.attributes = {{0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0},
                       {1, 0, VK_FORMAT_R8G8B8A8_UNORM, 12}};
    pass->triangles[top] = create_pipeline(context, render_pass, pass->layout, desc);
  }
  return pass;
}

void debug_record(DebugPass& pass, const Context& context, VkCommandBuffer cmd, std::uint32_t slot,
                  const DebugDraw& draw, const PushConstants& push) {
  const DebugList* lists[2] = {&draw.depth_tested, &draw.on_top};
  ListLayout layouts[2];
  VkDeviceSize bytes = 0;
  for (int i = 0; i < 2; ++i) {
    layouts[i].lines = place(lists[i]->lines, bytes);
    layouts[i].points = place(lists[i]->points, bytes);
    layouts[i].triangles = place(lists[i]->triangles, bytes);
  }
  if (bytes == 0) return;

  Buffer& ring = pass.ring[slot];
  if (ring.size < bytes) {
    // The frame that last used this slot has finished (the caller waited on its fence).
    VkDeviceSize size = 1 << 20;
    while (size < bytes) size *= 2;
    ring = create_host_buffer(context, size, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
  }
  for (int i = 0; i < 2; ++i) {
    copy(lists[i]->lines, layouts[i].lines, ring.mapped);
    copy(lists[i]->points, layouts[i].points, ring.mapped);
    copy(lists[i]->triangles, layouts[i].triangles, ring.mapped);
  }

  vkCmdPushConstants(cmd, pass.layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                     sizeof(push), &push);
  VkBuffer buffer = ring.buffer;
  auto draw_span = [&](VkPipeline pipeline, const ListSpan& span, std::uint32_t vertices,
                       std::uint32_t instances) {
    if (span.count == 0) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
    vkCmdBindVertexBuffers(cmd, 0, 1, &buffer, &span.offset);
    vkCmdDraw(cmd, vertices, instances, 0, 0);
  };
  // Depth-tested: opaque-ish lines and points first, translucent triangles last (no depth write).
  // On top: triangles first, so lines and points stay readable over translucent planes.
  const ListLayout& dt = layouts[0];
  draw_span(pass.lines[0], dt.lines, 6, dt.lines.count);
  draw_span(pass.points[0], dt.points, 6, dt.points.count);
  draw_span(pass.triangles[0], dt.triangles, dt.triangles.count / 3 * 3, 1);
  const ListLayout& top = layouts[1];
  draw_span(pass.triangles[1], top.triangles, top.triangles.count / 3 * 3, 1);
  draw_span(pass.lines[1], top.lines, 6, top.lines.count);
  draw_span(pass.points[1], top.points, 6, top.points.count);
}

}  // namespace renderer
