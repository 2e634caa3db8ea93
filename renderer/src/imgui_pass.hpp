#pragma once
// Dear ImGui 1.86 on top of the frame (window or headless). Traps: see docs PLATFORM.md.

#include <memory>

#include "renderer/device.hpp"
#include "renderer/target.hpp"

namespace renderer {

struct ImGuiPass {
  ImGuiPass() = default;
  ImGuiPass(const ImGuiPass&) = delete;
  ImGuiPass& operator=(const ImGuiPass&) = delete;
  ~ImGuiPass();

  Owned<VkDescriptorPool> descriptor_pool;
  bool glfw_backend = false;
  bool vulkan_backend = false;
  bool frame_open = false;  // between begin_ui and draw_frame
};

/// Creates the ImGui context and backends and uploads the font texture (waits for the GPU).
std::unique_ptr<ImGuiPass> create_imgui_pass(const Context& context, VkRenderPass render_pass,
                                             std::uint32_t image_count, GLFWwindow* window);

void imgui_begin_frame(ImGuiPass& pass, VkExtent2D extent);
/// Ends the open UI frame, if any, and records its draws (inside the render pass).
void imgui_record(ImGuiPass& pass, VkCommandBuffer cmd);
/// Ends the open UI frame without drawing it (a skipped frame).
void imgui_drop_frame(ImGuiPass& pass);

}  // namespace renderer
