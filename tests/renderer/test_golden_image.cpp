// The golden image: a small scene with every kind of primitive and an ImGui window, rendered
// headless and compared with tests/renderer/golden/scene.png. Set PRISM_UPDATE_GOLDEN=1 to
// rewrite the golden after a deliberate change (and look at it before committing).

#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "scene_fixtures.hpp"

namespace {

using namespace renderer;
using namespace renderer_test;

// lavapipe is byte-identical run to run on one Mesa version; other versions may round or
// rasterise edges differently, so allow a little colour drift and a few edge pixels.
constexpr int kChannelTolerance = 8;
constexpr std::size_t kMaxPixelsOverTolerance = 150;  // of 76,800

TEST(GoldenImage, SceneWithDebugGeometryAndUiMatchesGolden) {
  Headless h(320, 240, /*imgui=*/true);
  GoldenScene scene = golden_scene();
  MeshId level = upload_mesh(*h.renderer, scene.level);
  MeshDraw draw;
  draw.mesh = level;
  draw.wireframe = true;
  draw.highlights = scene.highlights;

  FrameInput frame;
  frame.camera = scene.camera;
  frame.meshes = {&draw, 1};
  frame.debug = &scene.debug;

  RgbaImage image;
  // Two frames: the second exercises the other frame slot and its buffers; both must match.
  for (int i = 0; i < 2; ++i) {
    begin_ui(*h.renderer);
    golden_ui();
    ASSERT_TRUE(draw_frame(*h.renderer, frame, &image));
  }
  std::string written = save_for_inspection(image, "golden_scene_actual");

  const std::string golden_path = PRISM_GOLDEN_DIR "/scene.png";
  if (const char* update = std::getenv("PRISM_UPDATE_GOLDEN"); update && std::string(update) == "1") {
    write_png(golden_path, image);
    GTEST_SKIP() << "golden rewritten: " << golden_path;
  }
  RgbaImage golden = read_png(golden_path);
  ImageDifference diff = compare_images(image, golden, kChannelTolerance);
  ASSERT_TRUE(diff.same_size) << "golden is " << golden.width << "x" << golden.height;
  EXPECT_LE(diff.pixels_over_tolerance, kMaxPixelsOverTolerance)
      << "max channel difference " << diff.max_channel_difference << "; actual image: " << written;
}

}  // namespace
