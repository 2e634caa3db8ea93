#include "imgui_pass.hpp"

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_vulkan.h>

#include <algorithm>

#include "gpu_memory.hpp"
#include "pipelines.hpp"

namespace renderer {
namespace {

PFN_vkVoidFunction load_function(const char* name, void* user) {
  return vkGetInstanceProcAddr(*static_cast<VkInstance*>(user), name);
}

void check_imgui_result(VkResult result) { vk_check(result, "Dear ImGui Vulkan backend"); }

}  // namespace

std::unique_ptr<ImGuiPass> create_imgui_pass(const Context& context, VkRenderPass render_pass,
                                             std::uint32_t image_count, GLFWwindow* window) {
  auto pass = std::make_unique<ImGuiPass>();
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini beside whatever directory we run in
  ImGui::StyleColorsDark();

  pass->descriptor_pool = create_descriptor_pool(context, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                                 16, 16, VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT);
  VkDescriptorPool pool = pass->descriptor_pool.get();

  if (window) {
    if (!ImGui_ImplGlfw_InitForVulkan(window, true)) throw Error("ImGui GLFW backend failed to start");
    pass->glfw_backend = true;
  }
  VkInstance instance = context.instance;
  if (!ImGui_ImplVulkan_LoadFunctions(load_function, &instance))
    throw Error("ImGui Vulkan backend could not load Vulkan functions");

  ImGui_ImplVulkan_InitInfo info{};
  info.Instance = context.instance;
  info.PhysicalDevice = context.physical_device;
  info.Device = context.device;
  info.QueueFamily = context.queue_family;
  info.Queue = context.queue;
  info.DescriptorPool = pool;
  info.Subpass = 0;
  // The backend cycles its vertex buffers over ImageCount; one UI draw per frame and two
  // frames in flight make 2 enough, more is harmless.
  info.MinImageCount = 2;
  info.ImageCount = std::max(2u, image_count);
  info.MSAASamples = VK_SAMPLE_COUNT_1_BIT;
  info.CheckVkResultFn = check_imgui_result;
  if (!ImGui_ImplVulkan_Init(&info, render_pass)) throw Error("ImGui Vulkan backend failed to start");
  pass->vulkan_backend = true;

  submit_and_wait(context, [](VkCommandBuffer cmd) { ImGui_ImplVulkan_CreateFontsTexture(cmd); });
  ImGui_ImplVulkan_DestroyFontUploadObjects();
  return pass;
}

ImGuiPass::~ImGuiPass() {
  if (frame_open) ImGui::EndFrame();
  if (vulkan_backend) ImGui_ImplVulkan_Shutdown();
  if (glfw_backend) ImGui_ImplGlfw_Shutdown();
  if (ImGui::GetCurrentContext()) ImGui::DestroyContext();
}

void imgui_begin_frame(ImGuiPass& pass, VkExtent2D extent) {
  if (pass.frame_open) ImGui::EndFrame();  // begin_ui twice without a frame: drop the first
  ImGui_ImplVulkan_NewFrame();
  if (pass.glfw_backend) {
    ImGui_ImplGlfw_NewFrame();
  } else {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(static_cast<float>(extent.width), static_cast<float>(extent.height));
    io.DeltaTime = 1.0f / 60.0f;  // headless frames are reproducible, not timed
  }
  ImGui::NewFrame();
  pass.frame_open = true;
}

void imgui_record(ImGuiPass& pass, VkCommandBuffer cmd) {
  if (!pass.frame_open) return;
  pass.frame_open = false;
  ImGui::Render();
  ImGui_ImplVulkan_RenderDrawData(ImGui::GetDrawData(), cmd);
}

void imgui_drop_frame(ImGuiPass& pass) {
  if (!pass.frame_open) return;
  pass.frame_open = false;
  ImGui::EndFrame();
}

}  // namespace renderer
