#include "scene_fixtures.hpp"

#include <imgui.h>

#include <glm/mat3x3.hpp>

namespace renderer_test {

using namespace renderer;

Headless::Headless(std::uint32_t width, std::uint32_t height, bool imgui) {
  ContextOptions options;
  options.validation = true;
  context = create_context(options);
  target = std::make_unique<OffscreenTarget>(*context, width, height);
  RendererOptions renderer_options;
  renderer_options.imgui = imgui;
  renderer = std::make_unique<Renderer>(*context, *target, renderer_options);
}

Headless::~Headless() {
  renderer.reset();
  target.reset();
  if (context) expect_validation_clean(*context);
}

void expect_validation_clean(const Context& context) {
  EXPECT_TRUE(context.validation) << "VK_LAYER_KHRONOS_validation is not loaded";
  EXPECT_EQ(context.validation_messages.load(), 0u) << "validation messages were printed above";
}

MeshUpload wall(float x, float half, Colour colour) {
  MeshUpload mesh;
  mesh.positions = {{x, -half, -half}, {x, half, -half}, {x, half, half}, {x, -half, half}};
  mesh.triangles = {{0, 1, 2}, {0, 2, 3}};
  mesh.colours = {colour, colour};
  return mesh;
}

Camera camera_along_x() {
  Camera camera;
  camera.position = {0, 0, 0};
  camera.forward = {1, 0, 0};
  camera.up = {0, 0, 1};
  camera.near_plane = 0.1f;
  camera.far_plane = 100.0f;
  return camera;
}

GoldenScene golden_scene() {
  GoldenScene scene;
  MeshUpload& level = scene.level;
  // A floor (z = 0) of 2 triangles and two walls meeting at a corner, each a different colour.
  level.positions = {{-4, -4, 0}, {4, -4, 0}, {4, 4, 0}, {-4, 4, 0},   // floor
                     {4, -4, 0},  {4, 4, 0},  {4, 4, 3}, {4, -4, 3},   // far wall, x = 4
                     {-4, 4, 0},  {4, 4, 0},  {4, 4, 3}, {-4, 4, 3}};  // left wall, y = 4
  level.triangles = {{0, 1, 2}, {0, 2, 3}, {4, 5, 6}, {4, 6, 7}, {8, 9, 10}, {8, 10, 11}};
  level.colours = {rgba(150, 150, 140), rgba(150, 150, 140), rgba(200, 120, 90),
                   rgba(200, 120, 90),  rgba(90, 140, 200),  rgba(90, 140, 200)};
  scene.highlights = {{1, rgba(255, 220, 0, 160)}};

  DebugList& dt = scene.debug.depth_tested;
  debug_line(dt, {-3, -3, 0.01f}, {3, -3, 0.01f}, rgba(255, 0, 0), 1.0f);
  debug_line(dt, {-3, -2, 0.01f}, {3, -2, 0.01f}, rgba(0, 255, 0), 3.0f);
  debug_line(dt, {-3, -1, 0.01f}, {3, -1, 0.01f}, rgba(0, 0, 255), 6.0f);
  debug_arrow(dt, {0, 0, 0.5f}, {0, 0, 2.5f}, rgba(255, 255, 255), 2.0f);
  debug_point(dt, {2, 2, 1}, rgba(255, 0, 255), 12.0f);
  debug_point(dt, {-2, 2, 1}, rgba(0, 255, 255), 6.0f);
  debug_wire_sphere(dt, {2, -2, 1}, 0.8f, rgba(255, 255, 0), 1.5f, 24);
  debug_wire_ellipsoid(dt, {-2, 0, 1}, glm::mat3(glm::vec3(0.4f, 0, 0), glm::vec3(0, 1.0f, 0),
                                                 glm::vec3(0, 0, 0.6f)),
                       rgba(255, 128, 0), 1.5f, 24);
  // A translucent offset plane standing in front of the far wall.
  debug_quad(dt, {3, -3, 0.2f}, {3, 3, 0.2f}, {3, 3, 2.5f}, {3, -3, 2.5f}, rgba(0, 200, 255, 90));
  // Always on top: an arrow that goes through the far wall and stays visible.
  debug_arrow(scene.debug.on_top, {2, 0, 1.5f}, {6, 0, 1.5f}, rgba(255, 60, 60), 3.0f);
  debug_point(scene.debug.on_top, {6, 0, 1.5f}, rgba(255, 255, 255), 8.0f);

  scene.camera.position = {-6, -7, 5};
  scene.camera.forward = glm::normalize(glm::vec3(1.5f, 0, 0.8f) - scene.camera.position);
  scene.camera.up = {0, 0, 1};
  scene.camera.near_plane = 0.1f;
  scene.camera.far_plane = 200.0f;
  return scene;
}

void golden_ui() {
  ImGui::SetNextWindowPos(ImVec2(8, 8), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(180, 70), ImGuiCond_Always);
  ImGui::Begin("Inspector", nullptr, ImGuiWindowFlags_NoSavedSettings);
  ImGui::TextUnformatted("frame 42");
  ImGui::TextUnformatted("hit: triangle 1");
  ImGui::End();
}

std::string save_for_inspection(const RgbaImage& image, const std::string& name) {
  std::string path = std::string(PRISM_TEST_OUTPUT_DIR) + "/" + name + ".png";
  write_png(path, image);
  return path;
}

}  // namespace renderer_test
