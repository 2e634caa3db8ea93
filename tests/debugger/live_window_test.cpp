// The live window under Xvfb, driven by a key script (the --script-keys test hook): walk a
// second, pause, step forward twice, step back once, screenshot (F12), exit. ctest runs this
// binary through xvfb-run (see CMakeLists.txt). Fails on any validation message (run_live
// returns 3 then).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include <gtest/gtest.h>

#include "debugger/app.hpp"
#include "renderer/image.hpp"

namespace {

namespace fs = std::filesystem;

TEST(LiveWindow, PauseStepStepBackAndScreenshotWriteThePng) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY (ctest runs this under xvfb-run)";
  const fs::path dir = fs::path(PRISM_TEST_OUTPUT_DIR) / "live_window";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path keys = dir / "keys.txt";
  // One recorded frame per window frame: ticks 0..69 record frames 0..69 (W held for the
  // first second), P pauses on frame 69, two steps record 70 and 71, a step back shows 70.
  std::ofstream(keys) << "0 down W\n60 up W\n70 tap P\n75 tap PERIOD\n80 tap RIGHT\n85 tap COMMA\n"
                         "90 tap F12\n95 exit\n";
  debugger::RunOptions o;
  o.script_keys = keys.string();
  o.out = (dir / "captures").string();
  o.width = 1024;
  o.height = 640;
  o.validation = true;
  ASSERT_EQ(debugger::run_live(o), 0) << "3 means validation messages (printed above)";

  const fs::path png = dir / "captures" / "default_f000070_robust.png";
  ASSERT_TRUE(fs::exists(png)) << "expected the screenshot of frame 70 (69 + 2 steps - 1 step back)";
  EXPECT_EQ(std::distance(fs::directory_iterator(dir / "captures"), fs::directory_iterator()), 1);
  const renderer::RgbaImage image = renderer::read_png(png.string());
  EXPECT_EQ(image.width, 1024u);
  EXPECT_EQ(image.height, 640u);
  // Not blank: the level, overlays and panels give many colours, and few pixels are the clear colour.
  std::set<std::uint32_t> colours;
  std::size_t background = 0;
  for (std::uint32_t y = 0; y < image.height; y += 2)
    for (std::uint32_t x = 0; x < image.width; x += 2) {
      const std::uint8_t* p = image.at(x, y);
      colours.insert(p[0] | (p[1] << 8) | (p[2] << 16));
      if (p[0] == 26 && p[1] == 28 && p[2] == 33) ++background;
    }
  EXPECT_GT(colours.size(), 200u);
  EXPECT_LT(background, static_cast<std::size_t>(image.width * image.height / 4 / 2));
}

// A zoo scene plays its own walk in the window; Shift+N jumps back to the last anomaly: seed
// 000 held by the wedge's prism spike (frames 126..179 of zoo:wedge's walk).
TEST(LiveWindow, ZooSceneWalksItselfAndShiftNJumpsToTheLastAnomaly) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY (ctest runs this under xvfb-run)";
  const fs::path dir = fs::path(PRISM_TEST_OUTPUT_DIR) / "live_window_zoo";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path keys = dir / "keys.txt";
  std::ofstream(keys) << "200 down SHIFT\n201 tap N\n202 up SHIFT\n210 tap F12\n215 exit\n";
  debugger::RunOptions o;
  o.scene = "zoo:wedge";
  o.method = "offset-prism";
  o.script_keys = keys.string();
  o.out = (dir / "captures").string();
  o.width = 1024;
  o.height = 640;
  o.validation = true;
  ASSERT_EQ(debugger::run_live(o), 0) << "3 means validation messages (printed above)";
  EXPECT_TRUE(fs::exists(dir / "captures" / "zoo_wedge_f000179_offset-prism.png"))
      << "expected the screenshot at the last anomaly, frame 179";
}

}  // namespace
