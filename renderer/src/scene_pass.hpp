#pragma once
// Scene pass: level meshes, flat-shaded per triangle, with highlights and a wireframe overlay.

#include <array>
#include <memory>
#include <span>
#include <vector>

#include "gpu_memory.hpp"
#include "pipelines.hpp"
#include "renderer/renderer.hpp"

namespace renderer {

struct GpuMesh {
  Buffer positions;      // vec3 per vertex
  Buffer indices;        // 3 x u32 per triangle
  Buffer triangle_info;  // {vec3 normal; u32 colour} per triangle (std430, 16 bytes)
  std::uint32_t triangle_count = 0;
  // Highlight colour per triangle, one copy per frame in flight; `lit` lists the non-zero entries.
  std::array<Buffer, kFramesInFlight> highlights;
  std::array<std::vector<std::uint32_t>, kFramesInFlight> lit;
  Owned<VkDescriptorPool> descriptor_pool;
  std::array<VkDescriptorSet, kFramesInFlight> sets{};
};

struct ScenePass {
  Owned<VkDescriptorSetLayout> set_layout;
  Owned<VkPipelineLayout> layout;
  Owned<VkPipeline> filled;
  Owned<VkPipeline> wireframe;
  std::vector<std::unique_ptr<GpuMesh>> meshes;
};

std::unique_ptr<ScenePass> create_scene_pass(const Context& context, VkRenderPass render_pass);

MeshId scene_add_mesh(ScenePass& pass, const Context& context, const MeshUpload& mesh);

/// Writes this slot's highlight buffers and records the draws (inside the render pass).
void scene_record(ScenePass& pass, VkCommandBuffer cmd, std::uint32_t slot,
                  std::span<const MeshDraw> draws, PushConstants push);

}  // namespace renderer
