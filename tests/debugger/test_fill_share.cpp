// The level's highlight fills never flood the view (fill_share.hpp): a floor triangle under a
// capsule's camera on regr01.obj filled the whole capture in flat yellow.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "debugger/app.hpp"
#include "debugger/fill_share.hpp"
#include "debugger/palette.hpp"
#include "renderer/image.hpp"

namespace {

namespace fs = std::filesystem;

// Looking down at the origin from 2 units above a floor (y up).
renderer::Camera looking_down() {
  renderer::Camera c;
  c.position = {0.0f, 2.0f, 0.0f};
  c.forward = {0.0f, -1.0f, 0.0f};
  c.up = {0.0f, 0.0f, 1.0f};
  return c;
}

TEST(FillShare, TriangleFarLargerThanTheViewCoversAllOfIt) {
  const collision::Triangle huge{{-1000, 0, -1000}, {1000, 0, -1000}, {0, 0, 1000}};
  EXPECT_NEAR(debugger::view_share(huge, looking_down(), {1280, 720}), 1.0f, 1e-4f);
  const collision::Triangle behind{{-1, 5, -1}, {1, 5, -1}, {0, 5, 1}};  // above the camera
  EXPECT_EQ(debugger::view_share(behind, looking_down(), {1280, 720}), 0.0f);
}

TEST(FillShare, HugeCandidateUnderTheCameraIsOutlinedAndSmallFillsStay) {
  // Triangle 0 fills the view; 1 is a small hit, 2 a small candidate.
  std::vector<glm::vec3> p = {{-1000, 0, -1000}, {1000, 0, -1000}, {0, 0, 1000},
                              {0, 0, 0},         {0.1f, 0, 0},     {0, 0, 0.1f},
                              {0.3f, 0, 0},      {0.4f, 0, 0},     {0.3f, 0, 0.1f}};
  const collision::TriangleMesh mesh = collision::make_mesh(std::move(p), {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}});
  debugger::OverlayFrame overlay;
  overlay.highlights = {{0, debugger::palette::kCandidates}, {2, debugger::palette::kCandidates},
                        {1, debugger::palette::kHits}};
  const int outlined = debugger::bound_fills(overlay, mesh, looking_down(), {1280, 720});
  EXPECT_EQ(outlined, 1);
  ASSERT_EQ(overlay.highlights.size(), 2u);
  EXPECT_EQ(overlay.highlights[0].triangle, 2u);
  EXPECT_EQ(overlay.highlights[1].triangle, 1u);
  EXPECT_EQ(overlay.debug.depth_tested.lines.size(), 3u) << "the huge one's three edges";
}

TEST(FillShare, HugeHitStaysFilled) {
  std::vector<glm::vec3> p = {{-1000, 0, -1000}, {1000, 0, -1000}, {0, 0, 1000}};
  const collision::TriangleMesh mesh = collision::make_mesh(std::move(p), {{0, 1, 2}});
  debugger::OverlayFrame overlay;
  overlay.highlights = {{0, debugger::palette::kHits}};
  EXPECT_EQ(debugger::bound_fills(overlay, mesh, looking_down(), {1280, 720}), 0);
  EXPECT_EQ(overlay.highlights.size(), 1u) << "the triangle the body met is the frame's point";
}

// Pixels of the candidates' yellow blended over the level (alpha 110 of 255: red and green well
// above blue; the level's greys and sands are not).
double yellow_share(const renderer::RgbaImage& image) {
  std::size_t n = 0;
  for (std::uint32_t y = 0; y < image.height; ++y)
    for (std::uint32_t x = 0; x < image.width; ++x) {
      const std::uint8_t* p = image.at(x, y);
      if (p[0] - p[2] > 80 && p[1] - p[2] > 60) ++n;
    }
  return static_cast<double>(n) / (static_cast<double>(image.width) * image.height);
}

TEST(FillShare, CapsuleOnRegr01CaptureIsNotFlatYellow) {
  const std::string scene = "/usr/share/assimp/models/OBJ/regr01.obj";
  if (!fs::exists(scene)) GTEST_SKIP() << scene << " is not installed (assimp-testmodels)";
  debugger::RunOptions o;
  o.scene = scene;
  o.setup.up = glm::vec3(0, 0, 1);
  o.setup.body = collision::Body::capsule(0.3f, 0.5f, glm::vec3(0, 0, 1));
  o.frames = 60;
  o.capture_frames = {59};
  o.validation = true;
  o.out = (fs::path(PRISM_TEST_OUTPUT_DIR) / "fill_share_regr01").string();
  fs::remove_all(o.out);
  const debugger::HeadlessResult r = debugger::run_headless(o);
  EXPECT_EQ(r.validation_messages, 0u);
  const renderer::RgbaImage image = renderer::read_png((fs::path(o.out) / "regr01_f000059.png").string());
  EXPECT_LT(yellow_share(image), debugger::kMaxFillShare) << "the candidates' fill covers the capture";
}

}  // namespace
