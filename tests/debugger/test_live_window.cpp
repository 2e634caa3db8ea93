// The live window under Xvfb, driven by a key script (the --script-keys test hook): walk a
// second, pause, step forward twice, step back once, screenshot (F12), exit. ctest runs this
// binary through xvfb-run (see CMakeLists.txt). Fails on any validation message (run_live
// returns 3 then).

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "debugger/app.hpp"
#include "debugger/session_file.hpp"
#include "renderer/image.hpp"
#include "window_script.hpp"

namespace {

namespace fs = std::filesystem;

TEST(LiveWindow, PauseStepStepBackAndScreenshotWriteThePng) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY (ctest runs this under xvfb-run)";
  // One recorded frame per window frame: ticks 0..69 record frames 0..69 (W held for the
  // first second), P pauses on frame 69, two steps record 70 and 71, a step back shows 70.
  const auto [dir, o] = window_test::scripted_run(
      "live_window", "0 down W\n60 up W\n70 tap P\n75 tap PERIOD\n80 tap RIGHT\n85 tap COMMA\n90 tap F12\n95 exit\n");
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
  auto [dir, o] = window_test::scripted_run("live_window_zoo",
                                            "200 down SHIFT\n201 tap N\n202 up SHIFT\n210 tap F12\n215 exit\n");
  o.scene = "zoo:wedge";
  o.method = "offset-prism";
  ASSERT_EQ(debugger::run_live(o), 0) << "3 means validation messages (printed above)";
  EXPECT_TRUE(fs::exists(dir / "captures" / "zoo_wedge_f000179_offset-prism.png"))
      << "expected the screenshot at the last anomaly, frame 179";
}

// History is never lost: a method change on a past frame forks a branch that keeps every
// frame up to it (the same positions), and the branch before the change stays, whole.
TEST(LiveWindow, MethodChangeMidTourKeepsEveryEarlierFrameAndAddsABranch) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY (ctest runs this under xvfb-run)";
  // Frames 0..89 walk (W), P pauses on 89, the view goes back to frame 40, the method changes
  // there, P plays on (new frames with offset-prism, W held again), dump, exit.
  const auto [dir, o] = window_test::scripted_run(
      "live_window_fork",
      "0 down W\n90 tap P\n91 up W\n92 seek 40\n93 method offset-prism\n94 down W\n95 tap P\n140 dump\n141 exit\n");
  ASSERT_EQ(debugger::run_live(o), 0) << "3 means validation messages (printed above)";

  std::ifstream in(dir / "captures" / "branches.txt");
  ASSERT_TRUE(in) << "no branches.txt";
  std::vector<std::string> labels;
  std::vector<std::vector<std::string>> frames;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("branch ", 0) == 0) {
      labels.push_back(line.substr(7));
      frames.emplace_back();
    } else if (!frames.empty()) {
      frames.back().push_back(line);
    }
  }
  ASSERT_EQ(labels.size(), 2u) << "the new branch and the one before the change";
  EXPECT_NE(labels[0].find("offset-prism"), std::string::npos) << labels[0];
  const std::vector<std::string>& fork = frames[0];
  const std::vector<std::string>& before = frames[1];
  EXPECT_GE(before.size(), 90u) << "the old branch keeps all its frames";
  ASSERT_GT(fork.size(), 60u) << "the fork keeps frames 0..40 and records more";
  for (std::size_t f = 0; f <= 40; ++f) EXPECT_EQ(fork[f], before[f]) << "frame " << f << " changed";
}

// The frame number in the name of the one screenshot in DIR (scene_fNNNNNN_method.png); -1: none.
int screenshot_frame(const fs::path& dir, const std::string& scene) {
  int shot = -1;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(scene + "_f", 0) == 0 && e.path().extension() == ".png")
      shot = std::stoi(name.substr(scene.size() + 2, 6));
  }
  return shot;
}

// `prism` with no arguments (the default scene at 1280x720) plays the scene's tour from the
// first frame: 9 s of wall time with no key pressed record well past frame 300 (at 60 frames
// a second of playback). It stood still at frame 0 and paused itself ("1 s without input").
TEST(LiveWindow, NoArgumentsWindowDoesNotStandStillWithoutAKey) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY (ctest runs this under xvfb-run)";
  auto [dir, o] = window_test::scripted_run("live_window_first_minute", "0 realtime 9\n1 tap F12\n2 exit\n");
  o.width = 1280;
  o.height = 720;
  ASSERT_EQ(debugger::run_live(o), 0) << "3 means validation messages (printed above)";
  EXPECT_GT(screenshot_frame(dir / "captures", "default"), 300) << "the tour's frame after 9 s";
}

// A paused window with focus draws only when something changes: over 3 s with nothing
// changing it uses under 5% of a CPU (it drew every frame: 150% on the default scene).
TEST(LiveWindow, PausedFocusedWindowDoesNotBurnTheCpu) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY (ctest runs this under xvfb-run)";
  // Pause at once, screenshot (the signal that the pause is drawn), then 5 s as a user's window.
  const auto [dir, o] = window_test::scripted_run("live_window_idle", "5 tap P\n6 tap F12\n7 realtime 5\n8 exit\n");
  const window_test::IdleCpu idle = window_test::idle_cpu(
      [dir = dir] { return fs::exists(dir / "captures") && screenshot_frame(dir / "captures", "default") >= 0; },
      [o = o] { return debugger::run_live(o); });
  ASSERT_EQ(idle.rc, 0) << "3 means validation messages (printed above)";
  ASSERT_GE(idle.share, 0.0);
  EXPECT_LT(idle.share, 0.05) << "CPU used by a paused window over 3 s, in CPUs";
}

struct Rect {
  std::string name;
  float x, y, w, h;
  float content, room;  ///< how wide the contents reach, and the width they have
  std::string cut;      ///< "cut" when wider and not scrolling sideways, else "whole"
};

struct PanelDump {
  float w = 0, h = 0;
  std::vector<Rect> rects;
  std::vector<std::string> clips;  ///< "clip PANEL REACH ROOM WHAT": an item cut in a panel
};

PanelDump read_panel_dump(const fs::path& path) {
  PanelDump d;
  std::ifstream in(path);
  std::string word;
  in >> word >> d.w >> d.h;
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    if (line.rfind("clip ", 0) == 0) {
      d.clips.push_back(line);
      continue;
    }
    std::istringstream ls(line);
    Rect r;
    if (ls >> r.name >> r.x >> r.y >> r.w >> r.h >> r.content >> r.room >> r.cut) d.rects.push_back(r);
  }
  return d;
}

// At 1000x600, 1280x720 and 1600x900 nothing in a panel is cut: not a panel's widest row (the
// timeline's counter read "frame 75" for 750 / 910 at 1000 px), not a table cell (the
// inspector's verdict "outside-acute-clip" in a 110 px column), not a combo's preview. The
// panels are full: zoo:wedge's early catch (frame 126, offset-prism), its first iteration's
// candidates and the triangle hit inspected, a method comparison on, a range exported ("saved ...").
// Only what ImGui draws is checked: a table scrolled out of the side panel (the inspector's,
// below the fold at these sizes) is not submitted, so its cells are not seen here.
TEST(LiveWindow, NothingCutInThePanelsAtCommonSizes) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY (ctest runs this under xvfb-run)";
  auto [dir, o] = window_test::scripted_run(
      "live_window_cut",
      "127 tap P\n128 iteration 0\n129 select 4\n130 compare robust\n131 range 100 120\n132 export\n"
      "134 resize 1000 600\n140 dump\n144 resize 1280 720\n150 dump\n154 resize 1600 900\n160 dump\n164 exit\n");
  o.scene = "zoo:wedge";  // frame 126: the early catch, its candidates rejected by clip planes
  o.method = "offset-prism";  // whose verdicts are the longest ("outside-acute-clip")
  ASSERT_EQ(debugger::run_live(o), 0) << "3 means validation messages (printed above)";
  const std::pair<int, std::pair<float, float>> expected[] = {{140, {1000, 600}}, {150, {1280, 720}}, {160, {1600, 900}}};
  for (const auto& [tick, size] : expected) {
    const fs::path path = dir / "captures" / ("panels_" + std::to_string(tick) + ".txt");
    ASSERT_TRUE(fs::exists(path)) << "no panel dump at tick " << tick;
    const PanelDump d = read_panel_dump(path);
    EXPECT_EQ(d.w, size.first);
    EXPECT_EQ(d.h, size.second);
    EXPECT_EQ(d.rects.size(), 4u);
    for (const Rect& r : d.rects)
      EXPECT_EQ(r.cut, "whole") << r.name << ": contents " << r.content << " px wide in " << r.room << " at " << d.w
                                << "x" << d.h;
    for (const std::string& c : d.clips) ADD_FAILURE() << c << " at " << d.w << "x" << d.h;
  }
}

// Resized to 1000x600, to 200x120 and back to 1280x720: at every size each panel lies inside
// the window and no two overlap (layout.hpp: anchored to the edges, collapsed when small).
TEST(LiveWindow, PanelsStayInsideTheWindowAndApartThroughResizes) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY (ctest runs this under xvfb-run)";
  const auto [dir, o] = window_test::scripted_run(
      "live_window_resize",
      "5 dump\n10 resize 1000 600\n20 dump\n30 resize 200 120\n40 dump\n50 resize 1280 720\n60 dump\n65 exit\n");
  ASSERT_EQ(debugger::run_live(o), 0) << "3 means validation messages (printed above)";
  const std::pair<int, std::pair<float, float>> expected[] = {
      {5, {1024, 640}}, {20, {1000, 600}}, {40, {200, 120}}, {60, {1280, 720}}};
  for (const auto& [tick, size] : expected) {
    std::ifstream in(dir / "captures" / ("panels_" + std::to_string(tick) + ".txt"));
    ASSERT_TRUE(in) << "no panel dump at tick " << tick;
    std::string word;
    float w = 0, h = 0;
    in >> word >> w >> h;
    EXPECT_EQ(w, size.first) << "tick " << tick;
    EXPECT_EQ(h, size.second) << "tick " << tick;
    std::vector<Rect> rects;
    for (Rect r; in >> r.name >> r.x >> r.y >> r.w >> r.h >> r.content >> r.room >> r.cut;) rects.push_back(r);
    EXPECT_EQ(rects.size(), 4u) << "legend, keys, side panel and timeline at tick " << tick;
    for (const Rect& r : rects) {
      EXPECT_GE(r.x, 0.0f) << r.name << " at " << w << "x" << h;
      EXPECT_GE(r.y, 0.0f) << r.name << " at " << w << "x" << h;
      EXPECT_LE(r.x + r.w, w) << r.name << " at " << w << "x" << h;
      EXPECT_LE(r.y + r.h, h) << r.name << " at " << w << "x" << h;
      // From 1280x720 up nothing is cut off at a panel's right edge.
      if (w >= 1280 && h >= 720) {
        EXPECT_EQ(r.cut, "whole") << r.name << ": contents " << r.content << " px wide in " << r.room;
      }
    }
    for (std::size_t i = 0; i < rects.size(); ++i)
      for (std::size_t j = i + 1; j < rects.size(); ++j) {
        const Rect& a = rects[i];
        const Rect& b = rects[j];
        const bool apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
        EXPECT_TRUE(apart) << a.name << " overlaps " << b.name << " at " << w << "x" << h;
      }
  }
}

// Ten taps between two window frames are ten steps (presses are queued, not sampled).
TEST(LiveWindow, TenQuickTapsGiveTenSteps) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY (ctest runs this under xvfb-run)";
  std::string keys = "0 down W\n60 up W\n70 tap P\n";  // walks a second, paused on frame 69
  for (int i = 0; i < 10; ++i) keys += "75 tap COMMA\n";
  keys += "76 tap F12\n";
  for (int i = 0; i < 10; ++i) keys += "80 tap PERIOD\n";
  keys += "81 tap F12\n85 exit\n";
  const auto [dir, o] = window_test::scripted_run("live_window_taps", keys);
  ASSERT_EQ(debugger::run_live(o), 0) << "3 means validation messages (printed above)";
  EXPECT_TRUE(fs::exists(dir / "captures" / "default_f000059_robust.png")) << "ten steps back from 69";
  EXPECT_TRUE(fs::exists(dir / "captures" / "default_f000069_robust.png")) << "and ten forward again";
}

// A selected range plays in a loop and exports as its own session, which replays those frames.
TEST(LiveWindow, RangeLoopsAndExportsAsASession) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY (ctest runs this under xvfb-run)";
  const auto [dir, o] = window_test::scripted_run(
      "live_window_range",
      "0 down W\n90 up W\n91 range 20 40\n92 export\n93 seek 20\n94 tap P\n130 tap F12\n131 exit\n");
  ASSERT_EQ(debugger::run_live(o), 0) << "3 means validation messages (printed above)";
  int shot = -1;
  for (const auto& e : fs::directory_iterator(dir / "captures")) {
    const std::string name = e.path().filename().string();
    if (name.rfind("default_f", 0) == 0 && name.size() > 15) shot = std::stoi(name.substr(9, 6));
  }
  EXPECT_GE(shot, 20) << "the loop keeps playback inside frames 20..40";
  EXPECT_LE(shot, 40);
  const debugger::SessionRecording range = debugger::load_session((dir / "captures" / "default_f20-40.prism").string());
  EXPECT_EQ(range.inputs.size(), 21u);
}

}  // namespace
