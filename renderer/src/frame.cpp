// The frame: render passes, per-target-image depth and framebuffers, frames in flight, and
// draw_frame, which strings the scene, debug and ImGui passes together.

#include <array>
#include <chrono>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "debug_pass.hpp"
#include "gpu_memory.hpp"
#include "imgui_pass.hpp"
#include "pipelines.hpp"
#include "readback.hpp"
#include "renderer/renderer.hpp"
#include "scene_pass.hpp"

namespace renderer {
namespace {

// A frame that takes longer than this on the GPU is reported, not waited for forever.
constexpr std::uint64_t kFrameTimeoutNs = 20'000'000'000ull;

struct FrameSlot {
  Owned<VkCommandPool> pool;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  Owned<VkFence> done;          // signalled when the slot's last frame finished
  Owned<VkSemaphore> acquired;  // window: the swapchain image is ready to be drawn
};

struct ImageResources {
  Image depth;
  Owned<VkFramebuffer> framebuffer;
  Owned<VkSemaphore> rendered;  // window: the frame is ready to present
};

VkFormat choose_depth_format(const Context& context) {
  for (VkFormat format : {VK_FORMAT_D32_SFLOAT, VK_FORMAT_X8_D24_UNORM_PACK32, VK_FORMAT_D16_UNORM}) {
    VkFormatProperties props;
    vkGetPhysicalDeviceFormatProperties(context.physical_device, format, &props);
    if (props.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT) return format;
  }
  throw Error("the Vulkan device has no usable depth format");
}

// `capture`: the pass leaves the colour image in TRANSFER_SRC_OPTIMAL, ready for readback.
// Both variants are compatible, so pipelines built for one work in the other.
Owned<VkRenderPass> create_render_pass(const Context& context, VkFormat colour, VkFormat depth,
                                       VkImageLayout final_layout, bool capture) {
  VkAttachmentDescription attachments[2]{};
  attachments[0].format = colour;
  attachments[0].samples = VK_SAMPLE_COUNT_1_BIT;
  attachments[0].loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  attachments[0].storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  attachments[0].stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  attachments[0].stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  attachments[0].initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  attachments[0].finalLayout = capture ? VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL : final_layout;
  attachments[1].format = depth;
  attachments[1].samples = VK_SAMPLE_COUNT_1_BIT;
  attachments[1].loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  attachments[1].storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  attachments[1].stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  attachments[1].stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  attachments[1].initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  attachments[1].finalLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;

  VkAttachmentReference colour_ref{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
  VkAttachmentReference depth_ref{1, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL};
  VkSubpassDescription subpass{};
  subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
  subpass.colorAttachmentCount = 1;
  subpass.pColorAttachments = &colour_ref;
  subpass.pDepthStencilAttachment = &depth_ref;

  VkSubpassDependency dependencies[2]{};
  dependencies[0].srcSubpass = VK_SUBPASS_EXTERNAL;
  dependencies[0].dstSubpass = 0;
  dependencies[0].srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT |
                                 VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT;
  dependencies[0].srcAccessMask = VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;
  dependencies[0].dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT |
                                 VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT;
  dependencies[0].dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT |
                                  VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;
  dependencies[1].srcSubpass = 0;
  dependencies[1].dstSubpass = VK_SUBPASS_EXTERNAL;
  dependencies[1].srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  dependencies[1].srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  // Identical in both variants (dependencies are part of render pass compatibility); it orders
  // the readback copy after the colour writes and the final layout transition.
  dependencies[1].dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT;
  dependencies[1].dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;

  VkRenderPassCreateInfo info{};

  info.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO;
  info.attachmentCount = 2;
  info.pAttachments = attachments;
  info.subpassCount = 1;
  info.pSubpasses = &subpass;
  info.dependencyCount = 2;
  info.pDependencies = dependencies;
  VkRenderPass pass = VK_NULL_HANDLE;
  RENDERER_VK(vkCreateRenderPass(context.device, &info, nullptr, &pass));
  return {context.device, pass};
}

Owned<VkSemaphore> create_semaphore(const Context& context) {
  VkSemaphoreCreateInfo info{};
  info.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO;
  VkSemaphore semaphore = VK_NULL_HANDLE;
  RENDERER_VK(vkCreateSemaphore(context.device, &info, nullptr, &semaphore));
  return {context.device, semaphore};
}

}  // namespace

struct RendererState {
  VkFormat depth_format = VK_FORMAT_UNDEFINED;
  Owned<VkRenderPass> render_pass;
  Owned<VkRenderPass> capture_pass;
  std::array<FrameSlot, kFramesInFlight> slots;
  std::uint64_t frame_number = 0;
  std::vector<ImageResources> images;
  std::uint64_t images_generation = 0;
  Readback readback;
  std::unique_ptr<ScenePass> scene;
  std::unique_ptr<DebugPass> debug;
  std::unique_ptr<ImGuiPass> imgui;
  FrameStats stats;
};

namespace {

void rebuild_images(Renderer& renderer) {
  RendererState& state = *renderer.state;
  const Context& context = renderer.context;
  RENDERER_VK(vkDeviceWaitIdle(context.device));
  state.images.clear();
  const VkExtent2D extent = renderer.target.extent();
  for (std::uint32_t i = 0; i < renderer.target.image_count(); ++i) {
    ImageResources resources;
    resources.depth = create_image(context, extent, state.depth_format,
                                   VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                                   VK_IMAGE_ASPECT_DEPTH_BIT);
    VkImageView views[2] = {renderer.target.image(i).view, resources.depth.view};
    VkFramebufferCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO;
    info.renderPass = state.render_pass;
    info.attachmentCount = 2;
    info.pAttachments = views;
    info.width = extent.width;
    info.height = extent.height;
    info.layers = 1;
    VkFramebuffer framebuffer = VK_NULL_HANDLE;
    RENDERER_VK(vkCreateFramebuffer(context.device, &info, nullptr, &framebuffer));
    resources.framebuffer = {context.device, framebuffer};
    resources.rendered = create_semaphore(context);
    state.images.push_back(std::move(resources));
  }
  state.images_generation = renderer.target.generation();
}

void wait_for_slot(const Context& context, FrameSlot& slot) {
  VkFence fence = slot.done;
  VkResult result = vkWaitForFences(context.device, 1, &fence, VK_TRUE, kFrameTimeoutNs);
  if (result == VK_TIMEOUT) throw Error("a GPU frame did not finish within 20 s (device hung?)");
  vk_check(result, "vkWaitForFences");
}

}  // namespace

Renderer::Renderer(Context& context_, Target& target_, const RendererOptions& options)
    : context(context_), target(target_), state(std::make_unique<RendererState>()) {
  state->depth_format = choose_depth_format(context);
  state->render_pass = create_render_pass(context, target.colour_format(), state->depth_format,
                                          target.final_layout(), false);
  state->capture_pass = create_render_pass(context, target.colour_format(), state->depth_format,
                                           target.final_layout(), true);
  for (FrameSlot& slot : state->slots) {
    VkCommandPoolCreateInfo pool_info{};
    pool_info.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
    pool_info.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
    pool_info.queueFamilyIndex = context.queue_family;
    VkCommandPool pool = VK_NULL_HANDLE;
    RENDERER_VK(vkCreateCommandPool(context.device, &pool_info, nullptr, &pool));
    slot.pool = {context.device, pool};
    VkCommandBufferAllocateInfo alloc{};
    alloc.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
    alloc.commandPool = pool;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    RENDERER_VK(vkAllocateCommandBuffers(context.device, &alloc, &slot.cmd));
    VkFenceCreateInfo fence_info{};
    fence_info.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
    fence_info.flags = VK_FENCE_CREATE_SIGNALED_BIT;
    VkFence fence = VK_NULL_HANDLE;
    RENDERER_VK(vkCreateFence(context.device, &fence_info, nullptr, &fence));
    slot.done = {context.device, fence};
    slot.acquired = create_semaphore(context);
  }
  state->scene = create_scene_pass(context, state->render_pass);
  state->debug = create_debug_pass(context, state->render_pass);
  if (options.imgui)
    state->imgui = create_imgui_pass(context, state->render_pass, target.image_count(),
                                     target.glfw_window());
}

Renderer::~Renderer() {
  if (context.device) vkDeviceWaitIdle(context.device);
}

MeshId upload_mesh(Renderer& renderer, const MeshUpload& mesh) {
  return scene_add_mesh(*renderer.state->scene, renderer.context, mesh);
}

void begin_ui(Renderer& renderer) {
  if (!renderer.state->imgui) throw Error("begin_ui: the renderer was created without ImGui");
  imgui_begin_frame(*renderer.state->imgui, renderer.target.extent());
}

const FrameStats& last_frame_stats(const Renderer& renderer) { return renderer.state->stats; }

void wait_idle(Renderer& renderer) { RENDERER_VK(vkDeviceWaitIdle(renderer.context.device)); }

bool draw_frame(Renderer& renderer, const FrameInput& frame, RgbaImage* capture) {
  RendererState& state = *renderer.state;
  const Context& context = renderer.context;
  Target& target = renderer.target;
  const auto slot_index = static_cast<std::uint32_t>(state.frame_number % kFramesInFlight);
  FrameSlot& slot = state.slots[slot_index];
  for (const MeshDraw& draw : frame.meshes)  // before anything is reset: a throw leaves no trace
    if (draw.mesh >= state.scene->meshes.size())
      throw Error("draw_frame: mesh id " + std::to_string(draw.mesh) + " was never uploaded");
  using Clock = std::chrono::steady_clock;
  const auto ms = [](Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
  };
  const Clock::time_point start = Clock::now();
  wait_for_slot(context, slot);

  const bool presents = target.presents();
  std::optional<std::uint32_t> acquired = target.acquire(presents ? slot.acquired.get() : VK_NULL_HANDLE);
  if (!acquired) {
    if (state.imgui) imgui_drop_frame(*state.imgui);
    return false;
  }
  const std::uint32_t image_index = *acquired;
  if (state.images.empty() || state.images_generation != target.generation()) rebuild_images(renderer);
  ImageResources& image = state.images.at(image_index);
  const VkExtent2D extent = target.extent();

  const Clock::time_point waited = Clock::now();
  DebugUpload upload;
  if (frame.debug) upload = debug_upload(*state.debug, context, slot_index, *frame.debug);
  const Clock::time_point uploaded = Clock::now();

  VkFence fence = slot.done;
  RENDERER_VK(vkResetFences(context.device, 1, &fence));
  RENDERER_VK(vkResetCommandPool(context.device, slot.pool, 0));
  VkCommandBuffer cmd = slot.cmd;
  VkCommandBufferBeginInfo begin{};
  begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  RENDERER_VK(vkBeginCommandBuffer(cmd, &begin));

  VkClearValue clears[2];
  clears[0].color = {{frame.clear_colour.r, frame.clear_colour.g, frame.clear_colour.b,
                      frame.clear_colour.a}};
  clears[1].depthStencil = {1.0f, 0};
  VkRenderPassBeginInfo pass_begin{};
  pass_begin.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO;
  pass_begin.renderPass = capture ? state.capture_pass : state.render_pass;
  pass_begin.framebuffer = image.framebuffer;
  pass_begin.renderArea = {{0, 0}, extent};
  pass_begin.clearValueCount = 2;
  pass_begin.pClearValues = clears;
  vkCmdBeginRenderPass(cmd, &pass_begin, VK_SUBPASS_CONTENTS_INLINE);

  VkViewport viewport{0.0f, 0.0f, static_cast<float>(extent.width),
                      static_cast<float>(extent.height), 0.0f, 1.0f};
  VkRect2D scissor{{0, 0}, extent};
  vkCmdSetViewport(cmd, 0, 1, &viewport);
  vkCmdSetScissor(cmd, 0, 1, &scissor);

  PushConstants push{};
  push.view_proj = camera_view_projection(frame.camera, {extent.width, extent.height});
  glm::vec3 light = frame.lighting.direction;
  float light_length = glm::length(light);
  push.light = glm::vec4(light_length > 0.0f ? light / light_length : glm::vec3(0, 0, 1),
                         frame.lighting.ambient);
  push.viewport = {static_cast<float>(extent.width), static_cast<float>(extent.height)};

  scene_record(*state.scene, cmd, slot_index, frame.meshes, push);
  debug_record(*state.debug, cmd, slot_index, upload, push);
  if (state.imgui) imgui_record(*state.imgui, cmd);
  vkCmdEndRenderPass(cmd);

  const TargetImage target_image = target.image(image_index);
  if (capture) {
    readback_record(state.readback, context, cmd, target_image.image, extent);
    VkImageMemoryBarrier back{};
    back.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER;
    back.srcAccessMask = 0;  // the copy only read it
    back.dstAccessMask = 0;
    back.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    back.newLayout = target.final_layout();
    back.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    back.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    back.image = target_image.image;
    back.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT,
                         0, 0, nullptr, 0, nullptr, 1, &back);
  }
  RENDERER_VK(vkEndCommandBuffer(cmd));

  VkPipelineStageFlags wait_stage = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  VkSemaphore wait = slot.acquired;
  VkSemaphore signal = image.rendered;
  VkSubmitInfo submit{};
  submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
  submit.waitSemaphoreCount = presents ? 1 : 0;
  submit.pWaitSemaphores = &wait;
  submit.pWaitDstStageMask = &wait_stage;
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &cmd;
  submit.signalSemaphoreCount = presents ? 1 : 0;
  submit.pSignalSemaphores = &signal;
  RENDERER_VK(vkQueueSubmit(context.queue, 1, &submit, fence));
  ++state.frame_number;
  target.present(image_index, signal);
  state.stats = {ms(start, waited), ms(waited, uploaded), ms(uploaded, Clock::now()),
                 static_cast<std::size_t>(upload.bytes)};

  if (capture) {
    wait_for_slot(context, slot);
    readback_resolve(state.readback, target.colour_format(), extent, *capture);
  }
  return true;
}

}  // namespace renderer
