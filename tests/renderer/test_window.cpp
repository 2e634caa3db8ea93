// A real window under Xvfb: open, present 60 frames, resize, present again, read back, close.
// ctest runs this binary through xvfb-run (see CMakeLists.txt).

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <gtest/gtest.h>

#include "renderer/window_target.hpp"
#include "scene_fixtures.hpp"

namespace {

using namespace renderer;
using namespace renderer_test;

struct Scene {
  GoldenScene golden = golden_scene();
  MeshDraw draw;
  FrameInput frame;
  explicit Scene(Renderer& r) {
    draw.mesh = upload_mesh(r, golden.level);
    draw.wireframe = true;
    draw.highlights = golden.highlights;
    frame.camera = golden.camera;
    frame.meshes = {&draw, 1};
    frame.debug = &golden.debug;
  }
};

TEST(Window, PresentsResizesAndReadsBackWhatItShows) {
  RgbaImage from_window;
  {
    ContextOptions options;
    options.validation = true;
    options.window_system = true;
    auto context = create_context(options);
    WindowOptions window_options;
    window_options.width = 640;
    window_options.height = 480;
    window_options.title = "prism renderer test";
    window_options.vsync = false;
    WindowTarget window(*context, window_options);
    Renderer r(*context, window);
    Scene scene(r);

    int presented = 0;
    for (int i = 0; i < 60; ++i) {
      glfwPollEvents();
      begin_ui(r);
      golden_ui();
      presented += draw_frame(r, scene.frame) ? 1 : 0;
    }
    EXPECT_EQ(presented, 60);
    EXPECT_EQ(window.extent().width, 640u);

    glfwSetWindowSize(window.glfw_window(), 800, 600);
    // Xvfb applies the resize asynchronously: poll until the framebuffer follows.
    for (int i = 0; i < 200; ++i) {
      glfwPollEvents();
      int w = 0, h = 0;
      glfwGetFramebufferSize(window.glfw_window(), &w, &h);
      if (w == 800 && h == 600) break;
      glfwWaitEventsTimeout(0.01);
    }
    presented = 0;
    for (int i = 0; i < 60; ++i) {
      glfwPollEvents();
      presented += draw_frame(r, scene.frame) ? 1 : 0;
    }
    EXPECT_GE(presented, 59) << "at most the frame that met the resize is skipped";
    EXPECT_EQ(window.extent().width, 800u);
    EXPECT_EQ(window.extent().height, 600u);

    ASSERT_TRUE(draw_frame(r, scene.frame, &from_window));
    EXPECT_EQ(from_window.width, 800u);
    EXPECT_EQ(from_window.height, 600u);
    save_for_inspection(from_window, "window_readback");
    EXPECT_FALSE(window.should_close());
    wait_idle(r);
    expect_validation_clean(*context);
  }

  // The same frame headless gives the same pixels: a window readback is what the window shows,
  // and the swapchain's BGRA bytes are swizzled to RGBA.
  Headless h(800, 600);
  Scene scene(*h.renderer);
  RgbaImage headless;
  ASSERT_TRUE(draw_frame(*h.renderer, scene.frame, &headless));
  ImageDifference diff = compare_images(from_window, headless, 2);
  EXPECT_TRUE(diff.same_size);
  EXPECT_EQ(diff.pixels_over_tolerance, 0u) << "max difference " << diff.max_channel_difference;
}

}  // namespace
