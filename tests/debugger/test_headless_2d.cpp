// The top-down 2D view of a Doom map, headless (prism --headless --scene freedoom1:E1M1).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "debugger/app.hpp"

namespace {
namespace fs = std::filesystem;
const fs::path kOut = PRISM_TEST_OUTPUT_DIR;
}  // namespace

TEST(Headless2d, FreedoomE1M1TopDownViewWalksWithoutAnomaliesAndShowsEachMethodsWorking) {
  if (!fs::exists("/usr/share/games/doom/freedoom1.wad")) GTEST_SKIP() << "freedoom not installed";
  debugger::RunOptions o;
  o.scene = "freedoom1:E1M1";
  o.frames = 240;
  o.out = (kOut / "headless_2d_e1m1").string();
  o.capture_every = 120;
  o.validation = true;
  fs::remove_all(o.out);
  const debugger::HeadlessResult r = debugger::run_headless(o);
  EXPECT_EQ(r.frames, 240);
  EXPECT_EQ(r.anomalies, 0);
  EXPECT_EQ(r.validation_messages, 0u) << "validation messages were printed above";
  // Frame 119, and the last frame once per point-in-polygon method.
  ASSERT_EQ(r.captures.size(), 5u);
  for (const std::string& c : r.captures) EXPECT_GT(fs::file_size(fs::path(o.out) / c), 10000u) << c;
  EXPECT_TRUE(fs::exists(fs::path(o.out) / "E1M1_f000239_crossing.png"));
  EXPECT_TRUE(fs::exists(fs::path(o.out) / "E1M1_f000239_convex.png"));
  std::ifstream csv(r.report);
  std::string line;
  int lines = 0;
  while (std::getline(csv, line)) ++lines;
  EXPECT_EQ(lines, 241);  // header + one per frame
}

TEST(Headless2d, TheE1M1TourGoesIntoACornerThroughADoorAndUpTheStairs) {
  if (!fs::exists("/usr/share/games/doom/freedoom1.wad")) GTEST_SKIP() << "freedoom not installed";
  debugger::RunOptions o;
  o.scene = "freedoom1:E1M1";
  o.frames = 320;
  o.out = (kOut / "headless_2d_tour").string();
  fs::remove_all(o.out);
  const debugger::HeadlessResult r = debugger::run_headless(o);
  EXPECT_EQ(r.anomalies, 0);
  std::ifstream csv(r.report);
  std::string line;
  std::getline(csv, line);
  EXPECT_EQ(line, "frame,x,y,sector,contacts,z");
  bool corner = false, doorway = false, door = false;
  double highest = -1e9;
  while (std::getline(csv, line)) {
    double v[6];
    std::sscanf(line.c_str(), "%lf,%lf,%lf,%lf,%lf,%lf", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]);
    corner |= v[1] < -175.0 && v[2] < 81.0;  // the start room's south-west corner, at arm's length
    doorway |= v[3] == 95.0;                // the doorway east of the start room
    door |= v[3] == 100.0;                  // the door sector (opened) into the south hall
    highest = std::max(highest, v[5]);
  }
  EXPECT_TRUE(corner);
  EXPECT_TRUE(doorway);
  EXPECT_TRUE(door);
  EXPECT_GE(highest, 64.0) << "up the stairs: floors 16, 32, 48, 64";
}
