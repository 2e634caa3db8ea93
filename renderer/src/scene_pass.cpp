#include "scene_pass.hpp"

#include <cstring>
#include <string>

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

namespace renderer {
namespace {

struct TriangleInfo {
  glm::vec3 normal;
  Colour colour;
};
static_assert(sizeof(TriangleInfo) == 16);

constexpr Colour kDefaultColour = rgba(170, 170, 165);

}  // namespace

std::unique_ptr<ScenePass> create_scene_pass(const Context& context, VkRenderPass render_pass) {
  auto pass = std::make_unique<ScenePass>();
  VkDescriptorSetLayoutBinding bindings[2] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr}};
  VkDescriptorSetLayoutCreateInfo set_info{};
  set_info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
  set_info.bindingCount = 2;
  set_info.pBindings = bindings;
  VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
  RENDERER_VK(vkCreateDescriptorSetLayout(context.device, &set_info, nullptr, &set_layout));
  pass->set_layout = {context.device, set_layout};
  pass->layout = create_pipeline_layout(context, set_layout);

  PipelineDesc desc;
  desc.vertex_shader = "mesh.vert";
  desc.fragment_shader = "mesh.frag";
  desc.bindings = {{0, sizeof(glm::vec3), VK_VERTEX_INPUT_RATE_VERTEX}};
  desc.attributes = {{0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0}};
  pass->filled = create_pipeline(context, render_pass, pass->layout, desc);
  desc.polygon_mode = VK_POLYGON_MODE_LINE;
  desc.depth = Depth::test_only;
  desc.depth_bias_constant = -1.0f;  // edges win against their own faces
  desc.depth_bias_slope = -1.0f;
  pass->wireframe = create_pipeline(context, render_pass, pass->layout, desc);
  return pass;
}

MeshId scene_add_mesh(ScenePass& pass, const Context& context, const MeshUpload& mesh) {
  if (mesh.triangles.empty()) throw Error("upload_mesh: the mesh has no triangles");
  if (!mesh.colours.empty() && mesh.colours.size() != mesh.triangles.size())
    throw Error("upload_mesh: colours must be empty or one per triangle");
  const auto vertex_count = static_cast<std::uint32_t>(mesh.positions.size());
  for (const glm::uvec3& t : mesh.triangles)
    if (t.x >= vertex_count || t.y >= vertex_count || t.z >= vertex_count)
      throw Error("upload_mesh: a triangle index is out of range");

  auto gpu = std::make_unique<GpuMesh>();
  gpu->triangle_count = static_cast<std::uint32_t>(mesh.triangles.size());
  const VkDeviceSize triangle_bytes = sizeof(glm::uvec3) * mesh.triangles.size();
  gpu->positions = create_host_buffer(context, sizeof(glm::vec3) * mesh.positions.size(),
                                      VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
  std::memcpy(gpu->positions.mapped, mesh.positions.data(), sizeof(glm::vec3) * mesh.positions.size());
  gpu->indices = create_host_buffer(context, triangle_bytes, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
  std::memcpy(gpu->indices.mapped, mesh.triangles.data(), triangle_bytes);

  gpu->triangle_info = create_host_buffer(context, sizeof(TriangleInfo) * mesh.triangles.size(),
                                          VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
  auto* info = static_cast<TriangleInfo*>(gpu->triangle_info.mapped);
  for (std::size_t i = 0; i < mesh.triangles.size(); ++i) {
    const glm::uvec3& t = mesh.triangles[i];
    glm::vec3 n = glm::cross(mesh.positions[t.y] - mesh.positions[t.x],
                             mesh.positions[t.z] - mesh.positions[t.x]);
    float length = glm::length(n);
    info[i] = {length > 0.0f ? n / length : glm::vec3(0.0f),
               mesh.colours.empty() ? kDefaultColour : mesh.colours[i]};
  }

  gpu->descriptor_pool = create_descriptor_pool(context, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                                2 * kFramesInFlight, kFramesInFlight);
  VkDescriptorPool pool = gpu->descriptor_pool.get();

  for (std::uint32_t slot = 0; slot < kFramesInFlight; ++slot) {
    gpu->highlights[slot] = create_host_buffer(context, sizeof(Colour) * mesh.triangles.size(),
                                               VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    std::memset(gpu->highlights[slot].mapped, 0, sizeof(Colour) * mesh.triangles.size());

    VkDescriptorSetAllocateInfo alloc{};

    alloc.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
    alloc.descriptorPool = pool;
    alloc.descriptorSetCount = 1;
    VkDescriptorSetLayout set_layout = pass.set_layout;
    alloc.pSetLayouts = &set_layout;
    RENDERER_VK(vkAllocateDescriptorSets(context.device, &alloc, &gpu->sets[slot]));

    VkDescriptorBufferInfo buffers[2] = {{gpu->triangle_info.buffer, 0, VK_WHOLE_SIZE},
                                         {gpu->highlights[slot].buffer, 0, VK_WHOLE_SIZE}};
    VkWriteDescriptorSet writes[2]{};
    for (std::uint32_t i = 0; i < 2; ++i) {
      writes[i].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
      writes[i].dstSet = gpu->sets[slot];
      writes[i].dstBinding = i;
      writes[i].descriptorCount = 1;
      writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      writes[i].pBufferInfo = &buffers[i];
    }
    vkUpdateDescriptorSets(context.device, 2, writes, 0, nullptr);
  }
  pass.meshes.push_back(std::move(gpu));
  return static_cast<MeshId>(pass.meshes.size() - 1);
}

void scene_record(ScenePass& pass, VkCommandBuffer cmd, std::uint32_t slot,
                  std::span<const MeshDraw> draws, PushConstants push) {
  for (const MeshDraw& draw : draws) {
    if (draw.mesh >= pass.meshes.size())
      throw Error("draw_frame: mesh id " + std::to_string(draw.mesh) + " was never uploaded");
    GpuMesh& mesh = *pass.meshes[draw.mesh];
    // A moved mesh: its vertices through the draw's rigid transform, and the light turned into
    // its frame (the per-triangle normals are the uploaded ones), so it shades as it would stand.
    PushConstants moved = push;
    glm::mat4 model(draw.rotation);
    model[3] = glm::vec4(draw.translation, 1.0f);
    moved.view_proj = push.view_proj * model;
    moved.light = glm::vec4(glm::transpose(draw.rotation) * glm::vec3(push.light), push.light.w);

    // This slot's previous frame has finished: rewrite its highlight buffer in place.
    auto* colours = static_cast<Colour*>(mesh.highlights[slot].mapped);
    for (std::uint32_t i : mesh.lit[slot]) colours[i] = 0;
    mesh.lit[slot].clear();
    for (const TriangleHighlight& h : draw.highlights) {
      if (h.triangle >= mesh.triangle_count) continue;
      colours[h.triangle] = h.colour;
      mesh.lit[slot].push_back(h.triangle);
    }

    VkDeviceSize offset = 0;
    VkBuffer positions = mesh.positions.buffer;
    vkCmdBindVertexBuffers(cmd, 0, 1, &positions, &offset);
    vkCmdBindIndexBuffer(cmd, mesh.indices.buffer, 0, VK_INDEX_TYPE_UINT32);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pass.layout, 0, 1,
                            &mesh.sets[slot], 0, nullptr);
    moved.mode = 0;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pass.filled);
    vkCmdPushConstants(cmd, pass.layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                       0, sizeof(moved), &moved);
    vkCmdDrawIndexed(cmd, mesh.triangle_count * 3, 1, 0, 0, 0);
    if (draw.wireframe) {
      moved.mode = 1;
      moved.colour = glm::vec4(static_cast<float>(draw.wire_colour & 0xff),
                               static_cast<float>((draw.wire_colour >> 8) & 0xff),
                               static_cast<float>((draw.wire_colour >> 16) & 0xff),
                               static_cast<float>(draw.wire_colour >> 24)) / 255.0f;
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pass.wireframe);
      vkCmdPushConstants(cmd, pass.layout,
                         VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                         sizeof(moved), &moved);
      vkCmdDrawIndexed(cmd, mesh.triangle_count * 3, 1, 0, 0, 0);
    }
  }
}

}  // namespace renderer
