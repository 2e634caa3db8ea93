#pragma once
// Graphics pipeline creation: the few knobs the renderer's pipelines differ in.

#include <cstdint>
#include <string_view>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include "renderer/device.hpp"

namespace renderer {

/// Mirrors shaders/common.glsl.
struct PushConstants {
  glm::mat4 view_proj;
  glm::vec4 light;
  glm::vec4 colour;
  glm::vec2 viewport;
  std::uint32_t mode;
  std::uint32_t first;
};
static_assert(sizeof(PushConstants) == 112);

enum class Depth { test_and_write, test_only, off };

struct PipelineDesc {
  std::string_view vertex_shader;
  std::string_view fragment_shader;
  std::vector<VkVertexInputBindingDescription> bindings;
  std::vector<VkVertexInputAttributeDescription> attributes;
  VkPolygonMode polygon_mode = VK_POLYGON_MODE_FILL;
  Depth depth = Depth::test_and_write;
  bool blend = false;
  float depth_bias_constant = 0.0f;  ///< negative pulls towards the camera
  float depth_bias_slope = 0.0f;
};

/// A pipeline layout with the common push constants and up to one descriptor set layout.
/// A descriptor pool of `count` descriptors of one type for at most `max_sets` sets.
Owned<VkDescriptorPool> create_descriptor_pool(const Context& context, VkDescriptorType type,
                                               std::uint32_t count, std::uint32_t max_sets,
                                               VkDescriptorPoolCreateFlags flags = 0);

Owned<VkPipelineLayout> create_pipeline_layout(const Context& context,
                                               VkDescriptorSetLayout set_layout);

/// Viewport and scissor are dynamic; triangles are never culled (levels are two-sided).
Owned<VkPipeline> create_pipeline(const Context& context, VkRenderPass render_pass,
                                  VkPipelineLayout layout, const PipelineDesc& desc);

}  // namespace renderer

namespace renderer {
/// Frames recorded ahead of the GPU; per-frame buffers come in this many copies.
constexpr std::uint32_t kFramesInFlight = 2;
}  // namespace renderer
