// The 2D view of a Doom map in a live window under Xvfb, driven by a key script: the E1M1 tour
// plays a second, P pauses, two steps forward record new frames, one step back, a screenshot,
// the next point-in-polygon method (C), another screenshot, exit. Fails on any validation
// message (run_live returns 3 then).
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "debugger/app.hpp"
#include "renderer/image.hpp"
#include "window_script.hpp"

namespace {

namespace fs = std::filesystem;

TEST(LiveWindow2d, TourPauseStepStepBackMethodAndScreenshots) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY (ctest runs this under xvfb-run)";
  if (!fs::exists("/usr/share/games/doom/freedoom1.wad")) GTEST_SKIP() << "freedoom not installed";
  // Ticks 0..59 record frames 0..59 of the tour; P at 60 pauses on frame 59; two steps record
  // 60 and 61; a step back shows 60.
  auto [dir, o] = window_test::scripted_run(
      "live_window_2d",
      "60 tap P\n65 tap PERIOD\n70 tap RIGHT\n75 tap COMMA\n80 tap F12\n85 tap C\n90 tap F12\n95 exit\n");
  o.scene = "freedoom1:E1M1";
  ASSERT_EQ(debugger::run_live(o), 0) << "3 means validation messages (printed above)";
  for (const char* name : {"E1M1_f000060_crossing.png", "E1M1_f000060_quadrant.png"}) {
    const fs::path png = dir / "captures" / name;
    ASSERT_TRUE(fs::exists(png)) << png;
    const renderer::RgbaImage image = renderer::read_png(png.string());
    EXPECT_EQ(image.width, 1024u);
    EXPECT_EQ(image.height, 640u);
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(dir / "captures"), fs::directory_iterator()), 2);
}

}  // namespace
