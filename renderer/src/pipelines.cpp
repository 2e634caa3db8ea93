#include "pipelines.hpp"

#include "shader_code.hpp"

namespace renderer {

Owned<VkDescriptorPool> create_descriptor_pool(const Context& context, VkDescriptorType type,
                                               std::uint32_t count, std::uint32_t max_sets,
                                               VkDescriptorPoolCreateFlags flags) {
  VkDescriptorPoolSize size{type, count};
  VkDescriptorPoolCreateInfo pool_info{};
  pool_info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO;
  pool_info.flags = flags;
  pool_info.maxSets = max_sets;
  pool_info.poolSizeCount = 1;
  pool_info.pPoolSizes = &size;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  RENDERER_VK(vkCreateDescriptorPool(context.device, &pool_info, nullptr, &pool));
  return {context.device, pool};
}
namespace {

Owned<VkShaderModule> create_shader_module(const Context& context, std::string_view name) {
  std::span<const std::uint32_t> code = shader_code(name);
  VkShaderModuleCreateInfo info{};
  info.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
  info.codeSize = code.size_bytes();
  info.pCode = code.data();
  VkShaderModule module = VK_NULL_HANDLE;
  RENDERER_VK(vkCreateShaderModule(context.device, &info, nullptr, &module));
  return {context.device, module};
}

}  // namespace

Owned<VkPipelineLayout> create_pipeline_layout(const Context& context,
                                               VkDescriptorSetLayout set_layout) {
  VkPushConstantRange range{VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                            sizeof(PushConstants)};
  VkPipelineLayoutCreateInfo info{};
  info.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO;
  info.setLayoutCount = set_layout ? 1 : 0;
  info.pSetLayouts = &set_layout;
  info.pushConstantRangeCount = 1;
  info.pPushConstantRanges = &range;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  RENDERER_VK(vkCreatePipelineLayout(context.device, &info, nullptr, &layout));
  return {context.device, layout};
}

Owned<VkPipeline> create_pipeline(const Context& context, VkRenderPass render_pass,
                                  VkPipelineLayout layout, const PipelineDesc& desc) {
  Owned<VkShaderModule> vertex = create_shader_module(context, desc.vertex_shader);
  Owned<VkShaderModule> fragment = create_shader_module(context, desc.fragment_shader);
  VkPipelineShaderStageCreateInfo stages[2]{};
  for (auto& stage : stages) stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
  stages[0].module = vertex;
  stages[0].pName = "main";
  stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
  stages[1].module = fragment;
  stages[1].pName = "main";

  VkPipelineVertexInputStateCreateInfo vertex_input{};

  vertex_input.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO;
  vertex_input.vertexBindingDescriptionCount = static_cast<uint32_t>(desc.bindings.size());
  vertex_input.pVertexBindingDescriptions = desc.bindings.data();
  vertex_input.vertexAttributeDescriptionCount = static_cast<uint32_t>(desc.attributes.size());
  vertex_input.pVertexAttributeDescriptions = desc.attributes.data();

  VkPipelineInputAssemblyStateCreateInfo assembly{};

  assembly.sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO;
  assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;

  VkPipelineViewportStateCreateInfo viewport{};

  viewport.sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO;
  viewport.viewportCount = 1;
  viewport.scissorCount = 1;

  VkPipelineRasterizationStateCreateInfo raster{};

  raster.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO;
  raster.polygonMode = desc.polygon_mode;
  raster.cullMode = VK_CULL_MODE_NONE;
  raster.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE;
  raster.lineWidth = 1.0f;
  raster.depthBiasEnable = (desc.depth_bias_constant != 0.0f || desc.depth_bias_slope != 0.0f);
  raster.depthBiasConstantFactor = desc.depth_bias_constant;
  raster.depthBiasSlopeFactor = desc.depth_bias_slope;

  VkPipelineMultisampleStateCreateInfo multisample{};

  multisample.sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO;
  multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;

  VkPipelineDepthStencilStateCreateInfo depth{};

  depth.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO;
  depth.depthTestEnable = desc.depth != Depth::off;
  depth.depthWriteEnable = desc.depth == Depth::test_and_write;
  depth.depthCompareOp = VK_COMPARE_OP_LESS_OR_EQUAL;

  VkPipelineColorBlendAttachmentState attachment{};
  attachment.colorWriteMask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT |
                              VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
  if (desc.blend) {
    attachment.blendEnable = VK_TRUE;
    attachment.srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA;
    attachment.dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
    attachment.colorBlendOp = VK_BLEND_OP_ADD;
    attachment.srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
    attachment.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
    attachment.alphaBlendOp = VK_BLEND_OP_ADD;
  }
  VkPipelineColorBlendStateCreateInfo blend{};
  blend.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO;
  blend.attachmentCount = 1;
  blend.pAttachments = &attachment;

  VkDynamicState dynamic_states[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
  VkPipelineDynamicStateCreateInfo dynamic{};
  dynamic.sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO;
  dynamic.dynamicStateCount = 2;
  dynamic.pDynamicStates = dynamic_states;

  VkGraphicsPipelineCreateInfo info{};

  info.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO;
  info.stageCount = 2;
  info.pStages = stages;
  info.pVertexInputState = &vertex_input;
  info.pInputAssemblyState = &assembly;
  info.pViewportState = &viewport;
  info.pRasterizationState = &raster;
  info.pMultisampleState = &multisample;
  info.pDepthStencilState = &depth;
  info.pColorBlendState = &blend;
  info.pDynamicState = &dynamic;
  info.layout = layout;
  info.renderPass = render_pass;
  VkPipeline pipeline = VK_NULL_HANDLE;
  RENDERER_VK(vkCreateGraphicsPipelines(context.device, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline));
  return {context.device, pipeline};
}

}  // namespace renderer
