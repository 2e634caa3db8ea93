// Failures are one clear line (an Error the app prints), never a crash or a hang.

#include <string>

#include <gtest/gtest.h>

#include "renderer/window_target.hpp"
#include "scene_fixtures.hpp"

namespace {

using namespace renderer;
using namespace renderer_test;

TEST(Errors, UnknownDeviceOverrideNamesTheOverride) {
  ContextOptions options;
  options.device = "no such GPU";
  try {
    create_context(options);
    FAIL() << "expected an Error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no such GPU"), std::string::npos) << e.what();
  }
}

TEST(Errors, DeviceIndexOutOfRangeIsReported) {
  ContextOptions options;
  options.device = "99";
  EXPECT_THROW(create_context(options), Error);
}

TEST(Errors, DrawingAMeshThatWasNeverUploadedThrowsAndTheRendererStaysUsable) {
  Headless h(64, 64);
  MeshDraw bogus;
  bogus.mesh = 7;
  FrameInput frame;
  frame.meshes = {&bogus, 1};
  EXPECT_THROW(draw_frame(*h.renderer, frame), Error);
  FrameInput empty;
  RgbaImage image;
  EXPECT_TRUE(draw_frame(*h.renderer, empty, &image));
  EXPECT_EQ(image.width, 64u);
}

TEST(Errors, MeshWithOutOfRangeIndexIsRejected) {
  Headless h(64, 64);
  MeshUpload mesh;
  mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  mesh.triangles = {{0, 1, 3}};
  EXPECT_THROW(upload_mesh(*h.renderer, mesh), Error);
}

TEST(Errors, WindowTargetOnAHeadlessContextIsRefused) {
  Headless h(64, 64);
  EXPECT_THROW(WindowTarget(*h.context), Error);
}

TEST(Errors, MissingPngIsReported) {
  EXPECT_THROW(read_png("/nonexistent/prism.png"), Error);
  RgbaImage empty;
  EXPECT_THROW(write_png("/tmp/prism-empty.png", empty), Error);
}

TEST(Headless, RendersWithoutAnyDisplay) {
  // ctest unsets DISPLAY for these tests; nothing here may touch a window system.
  Headless h(32, 32);
  FrameInput frame;
  frame.clear_colour = {1, 0, 0, 1};
  RgbaImage image;
  ASSERT_TRUE(draw_frame(*h.renderer, frame, &image));
  EXPECT_EQ(image.at(5, 5)[0], 255);
  EXPECT_EQ(image.at(5, 5)[1], 0);
}

}  // namespace
