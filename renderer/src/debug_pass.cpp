#include "debug_pass.hpp"

#include <algorithm>
#include <cstring>

namespace renderer {
namespace {

static_assert(sizeof(DebugLine) == 32 && sizeof(DebugPoint) == 20 && sizeof(DebugVertex) == 16);

template <class T>
DebugSpan place(const std::vector<T>& items, VkDeviceSize& cursor) {
  DebugSpan span{cursor, static_cast<std::uint32_t>(items.size())};
  cursor += sizeof(T) * items.size();
  cursor = (cursor + 15) & ~VkDeviceSize(15);
  return span;
}

template <class T>
void copy(const std::vector<T>& items, const DebugSpan& span, void* mapped) {
  if (!items.empty())
    std::memcpy(static_cast<char*>(mapped) + span.offset, items.data(), sizeof(T) * items.size());
}

// Lines and points are drawn in batches of this many quads over one static index buffer;
// vertexOffset moves each batch along the list.
constexpr std::uint32_t kQuadsPerDraw = 1u << 16;

}  // namespace

std::unique_ptr<DebugPass> create_debug_pass(const Context& context, VkRenderPass render_pass) {
  auto pass = std::make_unique<DebugPass>();
  VkDescriptorSetLayoutBinding binding{0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                       VK_SHADER_STAGE_VERTEX_BIT, nullptr};
  VkDescriptorSetLayoutCreateInfo set_info{};
  set_info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
  set_info.bindingCount = 1;
  set_info.pBindings = &binding;
  VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
  RENDERER_VK(vkCreateDescriptorSetLayout(context.device, &set_info, nullptr, &set_layout));
  pass->set_layout = {context.device, set_layout};

  pass->descriptor_pool = create_descriptor_pool(context, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                                 kFramesInFlight, kFramesInFlight);
  VkDescriptorPool pool = pass->descriptor_pool.get();
  for (VkDescriptorSet& set : pass->sets) {
    VkDescriptorSetAllocateInfo alloc{};
    alloc.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
    alloc.descriptorPool = pool;
    alloc.descriptorSetCount = 1;
    alloc.pSetLayouts = &set_layout;
    RENDERER_VK(vkAllocateDescriptorSets(context.device, &alloc, &set));
  }
  pass->layout = create_pipeline_layout(context, set_layout);

  pass->quad_indices = create_host_buffer(context, sizeof(std::uint32_t) * 6 * kQuadsPerDraw,
                                          VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
  auto* indices = static_cast<std::uint32_t*>(pass->quad_indices.mapped);
  for (std::uint32_t i = 0; i < kQuadsPerDraw; ++i) {
    const std::uint32_t v = 4 * i;
    const std::uint32_t quad[6] = {v, v + 1, v + 2, v, v + 2, v + 3};
    std::memcpy(indices + 6 * i, quad, sizeof(quad));
  }
  for (int top = 0; top < 2; ++top) {
    PipelineDesc desc;
    desc.blend = true;
    desc.fragment_shader = "debug.frag";
    desc.vertex_shader = "line.vert";
    desc.depth = top ? Depth::off : Depth::test_and_write;
    pass->lines[top] = create_pipeline(context, render_pass, pass->layout, desc);

    desc.vertex_shader = "point.vert";
    desc.fragment_shader = "point.frag";
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

DebugUpload debug_upload(DebugPass& pass, const Context& context, std::uint32_t slot,
                         const DebugDraw& draw) {
  const DebugList* lists[2] = {&draw.depth_tested, &draw.on_top};
  DebugUpload upload;
  for (std::size_t i = 0; i < 2; ++i) {
    upload.lines[i] = place(lists[i]->lines, upload.bytes);
    upload.points[i] = place(lists[i]->points, upload.bytes);
    upload.triangles[i] = place(lists[i]->triangles, upload.bytes);
  }
  if (upload.bytes == 0) return upload;

  Buffer& ring = pass.ring[slot];
  if (ring.size < upload.bytes) {
    VkDeviceSize size = 1 << 20;
    while (size < upload.bytes) size *= 2;
    ring = create_host_buffer(context, size,
                              VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    // This slot's set is only read by this slot's frames, and its last one has finished.
    VkDescriptorBufferInfo info{ring.buffer, 0, VK_WHOLE_SIZE};
    VkWriteDescriptorSet write{};
    write.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
    write.dstSet = pass.sets[slot];
    write.descriptorCount = 1;
    write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    write.pBufferInfo = &info;
    vkUpdateDescriptorSets(context.device, 1, &write, 0, nullptr);
  }
  for (std::size_t i = 0; i < 2; ++i) {
    copy(lists[i]->lines, upload.lines[i], ring.mapped);
    copy(lists[i]->points, upload.points[i], ring.mapped);
    copy(lists[i]->triangles, upload.triangles[i], ring.mapped);
  }
  return upload;
}

void debug_record(const DebugPass& pass, VkCommandBuffer cmd, std::uint32_t slot,
                  const DebugUpload& upload, const PushConstants& push) {
  if (upload.bytes == 0) return;
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pass.layout, 0, 1, &pass.sets[slot],
                          0, nullptr);
  VkBuffer buffer = pass.ring[slot].buffer;
  // Lines and points: four pulled vertices each, starting at the span's first word.
  vkCmdBindIndexBuffer(cmd, pass.quad_indices.buffer, 0, VK_INDEX_TYPE_UINT32);
  auto draw_pulled = [&](VkPipeline pipeline, const DebugSpan& span) {
    if (span.count == 0) return;
    PushConstants pulled = push;
    pulled.first = static_cast<std::uint32_t>(span.offset / 4);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
    vkCmdPushConstants(cmd, pass.layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                       0, sizeof(pulled), &pulled);
    for (std::uint32_t first = 0; first < span.count; first += kQuadsPerDraw) {
      const std::uint32_t quads = std::min(kQuadsPerDraw, span.count - first);
      vkCmdDrawIndexed(cmd, 6 * quads, 1, 0, static_cast<std::int32_t>(4 * first), 0);
    }
  };
  auto draw_triangles = [&](VkPipeline pipeline, const DebugSpan& span) {
    if (span.count < 3) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
    vkCmdPushConstants(cmd, pass.layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                       0, sizeof(push), &push);
    vkCmdBindVertexBuffers(cmd, 0, 1, &buffer, &span.offset);
    vkCmdDraw(cmd, span.count / 3 * 3, 1, 0, 0);
  };
  // Both lists: translucent triangles first (they write no depth), then lines and points over
  // them, so every line keeps its legend colour (outlines over fills; a fill never tints the
  // body's wire). Depth-tested lines are still hidden by the level where it is nearer.
  draw_triangles(pass.triangles[0], upload.triangles[0]);
  draw_pulled(pass.lines[0], upload.lines[0]);
  draw_pulled(pass.points[0], upload.points[0]);
  draw_triangles(pass.triangles[1], upload.triangles[1]);
  draw_pulled(pass.lines[1], upload.lines[1]);
  draw_pulled(pass.points[1], upload.points[1]);
}

}  // namespace renderer
