// The 2D view's model without a window (issue 39 item 3): its session files (the 2D walk in the
// session file format, versioned by a kind line), the picked line's report (why it blocks, by
// line_blocks's rules), picking and the convex test's applicability.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "collision/2d/doom_move.hpp"
#include "collision_io/wad.hpp"
#include "debugger/recording2d.hpp"
#include "debugger/session_file.hpp"
#include "debugger/view2d.hpp"
#include "two_rooms_2d.hpp"

namespace {

namespace fs = std::filesystem;
using namespace collision::planar;

fs::path out_dir(const char* name) {
  const fs::path d = fs::path(PRISM_TEST_OUTPUT_DIR) / "recording_2d" / name;
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

// Two rooms joined at x = 128 (the core's step test's map): the second's floor and ceiling given.
const auto two_rooms = test_maps::two_rooms_2d;

std::string read(const fs::path& p) {
  std::ifstream in(p);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string error_of(auto&& f) {
  try {
    f();
  } catch (const debugger::SessionError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(Session2d, A2dWalkSavesAndReplaysBitForBit) {
  const SectorMap map = two_rooms(24.0, 128.0);
  const SectorWorld world(map);
  debugger::Recording2d rec;
  rec.scene = "freedoom1:E1M1";
  rec.start = {64.0 + 1.0 / 3.0, 64.0};
  std::vector<debugger::Frame2d> frames;
  for (int f = 0; f < 40; ++f) {
    rec.moves.push_back({8.0, std::sin(f * 0.3) * 3.0});
    frames.push_back(debugger::step_2d(world, rec.body, rec.start, frames.empty() ? nullptr : &frames.back(), rec.moves.back()));
  }
  const fs::path file = out_dir("roundtrip") / "walk.prism";
  debugger::save_session_2d(file.string(), rec);
  EXPECT_EQ(read(file).substr(0, 34), "prism-session 6\nkind 2d\nscene free");
  EXPECT_TRUE(debugger::is_session_2d(file.string()));
  const debugger::Recording2d back = debugger::load_session_2d(file.string());
  EXPECT_EQ(back.scene, rec.scene);
  EXPECT_EQ(back.start, rec.start);
  ASSERT_EQ(back.moves.size(), 40u);
  const debugger::Frame2d* prev = nullptr;
  std::vector<debugger::Frame2d> again;
  for (const Vec2& m : back.moves) {
    again.push_back(debugger::step_2d(world, back.body, back.start, prev, m));
    prev = &again.back();
  }
  for (std::size_t f = 0; f < frames.size(); ++f) {
    EXPECT_EQ(again[f].position, frames[f].position) << f;  // hex floats: the same bits
  }
  EXPECT_GT(frames.back().position.x, 128.0);  // it walked up the 24 step into the second room
}

TEST(Session2d, OldAnd3dFilesStillLoadAndEachKindRefusesTheOther) {
  const std::string v5 = std::string(PRISM_SOURCE_DIR) + "/tests/golden_outputs/expected/default_session.prism";
  EXPECT_FALSE(debugger::is_session_2d(v5));
  EXPECT_NO_THROW(debugger::load_session(v5));
  EXPECT_NE(error_of([&] { debugger::load_session_2d(v5); }).find("a 3d session, not a 2d one"), std::string::npos);
  debugger::Recording2d rec;
  rec.scene = "freedoom1:E1M1";
  rec.moves = {{8.0, 0.0}};
  const fs::path file = out_dir("kinds") / "walk2d.prism";
  debugger::save_session_2d(file.string(), rec);
  const std::string e = error_of([&] { debugger::load_session(file.string()); });
  EXPECT_NE(e.find("line 2: a 2d session, not a 3d one"), std::string::npos) << e;
}

TEST(Session2d, ACorruptOrOutOfDomain2dFileNamesItsLine) {
  const fs::path dir = out_dir("corrupt");
  auto write = [&](const char* name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  };
  const std::string head = "prism-session 6\nkind 2d\nscene freedoom1:E1M1\nbody 0x1p+4 0x1.cp+5 0x1.8p+4\nstart 0 0\n";
  EXPECT_NE(error_of([&] { debugger::load_session_2d(write("kind", "prism-session 6\nkind 4d\n")); })
                .find("line 2: unknown kind '4d'"), std::string::npos);
  EXPECT_NE(error_of([&] { debugger::load_session_2d(write("huge", head + "frames 1\n0x1p+300 0\nend 1\n")); })
                .find("line 7: move:"), std::string::npos);
  EXPECT_NE(error_of([&] { debugger::load_session_2d(write("count", head + "frames 2\n1 0\nend 2\n")); })
                .find("line 8"), std::string::npos);
  EXPECT_NE(error_of([&] { debugger::load_session_2d(write("body", "prism-session 6\nkind 2d\nscene x\nbody 0 1 1\n")); })
                .find("line 4: body"), std::string::npos);
}

TEST(LinePick2d, TheReportSaysWhyALineBlocksAsLineBlocksDecides) {
  const DoomBody body;
  const SectorMap passable = two_rooms(24.0, 128.0), step = two_rooms(25.0, 128.0), low = two_rooms(0.0, 55.0);
  EXPECT_FALSE(debugger::describe_line(passable, 6, body, 0.0).blocks);
  EXPECT_EQ(debugger::describe_line(passable, 6, body, 0.0).why, "passes: step 24 (at most 24), headroom 128 (at least 56)");
  const debugger::LineReport s = debugger::describe_line(step, 6, body, 0.0);
  EXPECT_TRUE(s.blocks);
  EXPECT_EQ(s.front, 0);
  EXPECT_EQ(s.back, 1);
  EXPECT_EQ(s.back_floor, 25.0);
  EXPECT_EQ(s.why, "step up 25 from floor 0: above the step height 24");
  EXPECT_EQ(debugger::describe_line(low, 6, body, 0.0).why, "opening 0..55 is 55 high, under the body's 56");
  EXPECT_EQ(debugger::describe_line(step, 0, body, 0.0).why, "one-sided: a wall");

  if (!fs::exists("/usr/share/games/doom/freedoom1.wad")) GTEST_SKIP() << "freedoom not installed";
  collision::io::DoomLevel level = collision::io::load_doom_level("freedoom1:E1M1");
  open_manual_doors(level.map);
  int blocking = 0;
  for (const double z : {-24.0, 0.0, 16.0, 48.0})
    for (std::size_t i = 0; i < level.map.lines.size(); ++i) {
      const bool want = line_blocks(level.map, level.map.lines[i], body, z);
      EXPECT_EQ(debugger::describe_line(level.map, i, body, z).blocks, want) << "line " << i << " z " << z;
      blocking += want;
    }
  EXPECT_GT(blocking, 1000);
}

TEST(LinePick2d, AClickPicksTheLineUnderItAndNotOneFarAway) {
  const SectorMap m = two_rooms(25.0, 128.0);
  // A 1000 x 500 view, 500 units tall, centred on (128, 64): one unit a pixel.
  const Vec2 at = debugger::top_down_point({128.0, 64.0}, 500.0, 500.0 + 2.0, 250.0 - 30.0, 1000.0, 500.0);
  EXPECT_EQ(at, Vec2(130.0, 94.0));
  EXPECT_EQ(debugger::pick_line(m, at, 12.0), 6);  // the step line at x = 128, 2 units away
  EXPECT_EQ(debugger::pick_line(m, {64.0, 64.0}, 12.0), -1);
}

TEST(ConvexTest2d, IsNotApplicableOnANonConvexSector) {
  EXPECT_TRUE(debugger::is_convex_loop({{0, 0}, {128, 0}, {128, 128}, {64, 128}, {0, 128}}));  // collinear allowed
  EXPECT_FALSE(debugger::is_convex_loop({{0, 0}, {128, 0}, {128, 128}, {64, 32}, {0, 128}}));
}

}  // namespace
