// The window on a game's recording under Xvfb, driven by a key script (issue 42): a recording of
// examples/record_game on oa_dm1 opens without the game's assets; the script goes to frame 30,
// searches the query browser for the sweeps that hit, selects the first, dumps the panels and
// takes a screenshot. The dump lists only those sweeps and the selected one, no panel is cut,
// the screenshot shows the selected sweep's path (the picked colour), and the validation layer
// printed nothing (run_live returns 3 then).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "debugger/app.hpp"
#include "collision/recording_file.hpp"
#include "debugger/palette.hpp"
#include "recording_edit.hpp"
#include "renderer/image.hpp"
#include "run_command.hpp"
#include "window_script.hpp"

namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(LiveRecordingWindow, QueryBrowserSearchSelectDumpAndScreenshot) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY (ctest runs this under xvfb-run)";
  auto [dir, o] = window_test::scripted_run(
      "live_recording_window", "5 seek 30\n7 filter sweep toi\n9 query 0\n11 dump\n13 tap F12\n15 tap TAB\n17 dump\n19 exit\n");
  const fs::path recording = dir / "dm1.prec";
  const auto made = prism_test::run_command(std::string(RECORD_GAME) + " oa_dm1 " + recording.string() + " 60 2");
  ASSERT_EQ(made.status, 0) << made.out;
  o.recording = recording.string();
  ASSERT_EQ(debugger::run_live(o), 0) << "3 means validation messages (printed above)";

  const std::string panels = read_file(dir / "captures" / "panels_11.txt");
  EXPECT_NE(panels.find("frame 30 (index 30 of 61) paused"), std::string::npos) << panels;
  for (const char* name : {"Legend ", "Calls ", "Timeline "}) EXPECT_NE(panels.find(name), std::string::npos) << name;
  EXPECT_EQ(panels.find(" cut\n"), std::string::npos) << panels;
  EXPECT_EQ(panels.find("clip "), std::string::npos) << panels;
  // 30 sweeps a frame; those that hit (the search's words: "sweep" and "toi").
  std::istringstream lines(panels);
  int rows = 0;
  std::string first_call;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("row ", 0) != 0) continue;
    ++rows;
    EXPECT_NE(line.find(" sweep_sphere hit at toi "), std::string::npos) << line;
    if (first_call.empty()) first_call = line.substr(line.find(" call ") + 6, line.find(" sweep") - line.find(" call ") - 6);
  }
  EXPECT_GT(rows, 0);
  ASSERT_FALSE(first_call.empty());
  EXPECT_NE(panels.find("selected call " + first_call + " sweep_sphere \"bot "), std::string::npos) << panels;

  const fs::path png = dir / "captures" / ("dm1_f000030_call" + first_call + ".png");
  ASSERT_TRUE(fs::exists(png)) << png;
  const renderer::RgbaImage image = renderer::read_png(png.string());
  EXPECT_EQ(image.width, 1024u);
  EXPECT_EQ(image.height, 640u);
  // The selected sweep's path and body, drawn in the picked colour (light cyan).
  const renderer::Colour picked = debugger::palette::kPicked;
  const int pr = static_cast<int>(picked & 0xFF), pg = static_cast<int>((picked >> 8) & 0xFF),
            pb = static_cast<int>((picked >> 16) & 0xFF);
  int cyan = 0;
  for (std::size_t i = 0; i + 3 < image.pixels.size(); i += 4)
    if (std::abs(image.pixels[i] - pr) < 24 && std::abs(image.pixels[i + 1] - pg) < 24 && std::abs(image.pixels[i + 2] - pb) < 24)
      ++cyan;
  EXPECT_GT(cyan, 200) << "the selected sweep is not drawn";
  // Tab hides the panels: the second dump lists none open.
  const std::string hidden = read_file(dir / "captures" / "panels_17.txt");
  EXPECT_EQ(hidden.find("Calls "), std::string::npos) << hidden;
  EXPECT_NE(hidden.find("frame 30 (index 30 of 61) paused"), std::string::npos) << hidden;
  EXPECT_NE(panels.find("frames whose re-run differs:\n"), std::string::npos) << panels;  // none
}

// A recording with one result edited (a ray of frame 10 given the next float of its t): the
// window marks frame 10 as re-running differently, and the browser's row for the call says so.
TEST(LiveRecordingWindow, AnEditedResultIsMarkedOnItsFrameAndItsRow) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY (ctest runs this under xvfb-run)";
  auto [dir, o] = window_test::scripted_run("live_recording_window_edited", "3 seek 10\n5 filter raycast\n7 dump\n9 exit\n");
  const fs::path recording = dir / "dm1.prec";
  const auto made = prism_test::run_command(std::string(RECORD_GAME) + " oa_dm1 " + recording.string() + " 20 2");
  ASSERT_EQ(made.status, 0) << made.out;
  const collision::RecordingFile file(recording.string());
  const auto& calls = file.frames().at(10).calls;
  std::size_t call = 0;
  while (call < calls.size() && !(calls[call].kind == collision::CallKind::kRaycast && calls[call].result[0] == 1)) ++call;
  ASSERT_LT(call, calls.size());
  const fs::path edited = dir / "edited.prec";
  prism_test::write_bytes(edited.string(),
                          prism_test::with_result_float_nudged(file, prism_test::read_bytes(recording.string()), 10, call, 2));
  o.recording = edited.string();
  ASSERT_EQ(debugger::run_live(o), 0) << "3 means validation messages (printed above)";
  const std::string panels = read_file(dir / "captures" / "panels_7.txt");
  EXPECT_NE(panels.find("frames whose re-run differs: 10\n"), std::string::npos) << panels;
  std::istringstream lines(panels);
  int differs = 0;
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("row ", 0) == 0 && line.find(" DIFFERS") != std::string::npos) {
      ++differs;
      EXPECT_NE(line.find(" call " + std::to_string(call) + " raycast"), std::string::npos) << line;
    }
  EXPECT_EQ(differs, 1) << panels;
}

}  // namespace

namespace {

// What if, from the window: the bot c2 followed, re-run from frame 20 with the robust method (its
// own: the same as the recording throughout, 0 apart) and then with the sphere-classify seed
// method (it parts from the recording at once and stands elsewhere at frame 50).
TEST(LiveRecordingWindow, WhatIfAnotherMethodFromAFrameIsComparedWithTheRecording) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY (ctest runs this under xvfb-run)";
  auto [dir, o] = window_test::scripted_run(
      "live_recording_window_what_if",
      "3 seek 20\n5 method robust\n7 seek 50\n9 dump\n11 seek 20\n13 method sphere-classify\n15 seek 50\n17 dump\n19 exit\n");
  const fs::path recording = dir / "dm1.prec";
  const auto made = prism_test::run_command(std::string(RECORD_GAME) + " oa_dm1 " + recording.string() + " 60 2");
  ASSERT_EQ(made.status, 0) << made.out;
  o.recording = recording.string();
  o.camera.character = 2;
  ASSERT_EQ(debugger::run_live(o), 0) << "3 means validation messages (printed above)";
  const std::string same = read_file(dir / "captures" / "panels_9.txt");
  EXPECT_NE(same.find("what if: robust scale 1.00 from frame 20: 41 steps, first parts at -1, here 0 apart\n"),
            std::string::npos) << same;
  const std::string other = read_file(dir / "captures" / "panels_17.txt");
  const std::size_t at = other.find("what if: sphere-classify scale 1.00 from frame 20: 41 steps, first parts at 20, here ");
  ASSERT_NE(at, std::string::npos) << other;
  const double apart = std::stod(other.substr(other.find(", here ", at) + 7));
  EXPECT_GT(apart, 0.01) << other;
}

}  // namespace
