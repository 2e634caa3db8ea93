// Golden image of a paused headless frame with the prism overlays: frame 242 of the default
// scene's tour, where the body walks into the thin wall (contact_begin on its face), drawn
// with the legend and frame panel. Compared with golden/default_thin_wall_f242.png with a
// small tolerance (lavapipe is byte-identical on one Mesa version; others may round edges
// differently). PRISM_UPDATE_GOLDEN=1 rewrites the golden: look at it before committing.
#include <cstdlib>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "debugger/app.hpp"
#include "renderer/image.hpp"

namespace {

namespace fs = std::filesystem;

constexpr int kChannelTolerance = 8;
constexpr std::size_t kMaxPixelsOverTolerance = 1000;  // of 518,400

TEST(GoldenImage, DefaultSceneThinWallHitWithPrismOverlaysMatchesGolden) {
  debugger::RunOptions o;
  o.frames = 243;
  o.capture_frames = {242};
  o.width = 960;
  o.height = 540;
  o.validation = true;
  o.out = (fs::path(PRISM_TEST_OUTPUT_DIR) / "golden_default").string();
  fs::remove_all(o.out);
  const debugger::HeadlessResult r = debugger::run_headless(o);
  EXPECT_EQ(r.validation_messages, 0u) << "validation messages were printed above";
  std::string actual;
  for (const std::string& c : r.captures)
    if (c.rfind("default_f000242", 0) == 0) actual = (fs::path(o.out) / c).string();
  ASSERT_FALSE(actual.empty()) << "frame 242 was not captured";
  EXPECT_NE(actual.find("contact_begin"), std::string::npos) << "frame 242 should be the wall hit: " << actual;
  const renderer::RgbaImage image = renderer::read_png(actual);

  const std::string golden_path = PRISM_DEBUGGER_GOLDEN_DIR "/default_thin_wall_f242.png";
  if (const char* update = std::getenv("PRISM_UPDATE_GOLDEN"); update && std::string(update) == "1") {
    renderer::write_png(golden_path, image);
    GTEST_SKIP() << "golden rewritten: " << golden_path;
  }
  const renderer::RgbaImage golden = renderer::read_png(golden_path);
  const renderer::ImageDifference diff = renderer::compare_images(image, golden, kChannelTolerance);
  ASSERT_TRUE(diff.same_size) << "golden is " << golden.width << "x" << golden.height;
  EXPECT_LE(diff.pixels_over_tolerance, kMaxPixelsOverTolerance)
      << "max channel difference " << diff.max_channel_difference << "; actual image: " << actual;
}

}  // namespace
