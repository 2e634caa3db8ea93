// Quake 3 movers (collision_io/quake_movers.hpp) on real OpenArena maps and on hostile entity
// lumps. The expected numbers are worked out by hand from the entities (printed in the comments)
// and g_mover.c's rules: model bounds spread by 1 (cm_load.c), doors open by |movedir|.size - lip.

#include <array>
#include <cmath>
#include <cstdio>
#include <string>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision_io/level.hpp"
#include "collision_io/quake_movers.hpp"
#include "map_fixtures.hpp"
#include "tiny_map.hpp"

namespace {

using collision::io::Level;
using collision::io::LoadError;
using collision::io::MoverClass;
using collision::io::MoverTouches;
using collision::io::QuakeMover;
using collision::io::QuakeMoverSystem;
using State = collision::io::QuakeMoverSystem::State;

Level load_map(const std::string& name) {
  const auto& bytes = prism_test::map_bytes(name);
  return collision::io::load_bsp(bytes.data(), bytes.size(), name);
}

std::size_t mover_with_model(const Level& level, int model) {
  for (std::size_t i = 0; i < level.movers.movers.size(); ++i) {
    if (level.movers.movers[i].model == model) return i;
  }
  ADD_FAILURE() << "no mover with model *" << model;
  return 0;
}

void expect_near(glm::vec3 got, glm::vec3 want, float tol = 1e-3f) {
  EXPECT_NEAR(got.x, want.x, tol);
  EXPECT_NEAR(got.y, want.y, tol);
  EXPECT_NEAR(got.z, want.z, tol);
}

TEST(QuakeMovers, OaDm1DoorsWereMissingAndNowOpenByAngleSizeAndLip) {
  const Level level = load_map("oa_dm1");
  EXPECT_EQ(level.movers.count(MoverClass::kDoor), 4u);
  EXPECT_EQ(level.movers.count(MoverClass::kButton), 2u);
  EXPECT_EQ(level.movers.movers.size(), 6u);
  // World unchanged (QuakeMap.OaDm1HasItsWorldTriangles) and each door has its own triangles.
  EXPECT_EQ(level.mesh.triangle_count(), 7434u);
  for (const QuakeMover& m : level.movers.movers) EXPECT_GT(m.mesh.triangle_count(), 0u);

  // *4: angle -2 (down), bounds z -144..-24 -> 120 + 2 - lip 8 = 114 down; speed 400 -> 285 ms.
  const QuakeMover& down = level.movers.movers[mover_with_model(level, 4)];
  expect_near(down.movedir, {0, 0, -1});
  expect_near(down.pos1, {0, 0, 0});
  expect_near(down.pos2, {0, 0, -114});
  EXPECT_EQ(down.duration_ms, 285);
  EXPECT_FLOAT_EQ(down.wait, 2.0f);  // "wait" absent: 2 s
  EXPECT_EQ(down.targetname, "t2");
  // *2: angle 180, START_OPEN, lip 8, speed 175: x size 240 + 2 - 8 = 234 toward -x, swapped.
  const QuakeMover& open = level.movers.movers[mover_with_model(level, 2)];
  expect_near(open.pos1, {-234, 0, 0});
  expect_near(open.pos2, {0, 0, 0});
  EXPECT_EQ(open.duration_ms, 1337);  // 234 * 1000 / 175 = 1337.1
  EXPECT_FLOAT_EQ(open.wait, 8.0f);
  // *8: angle -1 (up), health 1 (shot open), CRUSHER: z 80 + 2 - 8 = 74 up.
  const QuakeMover& shot = level.movers.movers[mover_with_model(level, 8)];
  expect_near(shot.pos2, {0, 0, 74});
  EXPECT_EQ(shot.health, 1);
  // Every door of oa_dm1 is targeted or shot: no touch trigger is made (Think_MatchTeam).
  EXPECT_TRUE(level.movers.triggers.empty());
}

TEST(QuakeMovers, ButtonOpensTargetedDoorsAfterItsTravelAndTheyCloseAfterWait) {
  const Level level = load_map("oa_dm1");
  QuakeMoverSystem sys(level.movers);
  const std::size_t button = mover_with_model(level, 3);  // targets t2; yaw 0, x 8 + 2 - 4 = 6
  const std::size_t door = mover_with_model(level, 4);
  EXPECT_EQ(level.movers.movers[button].duration_ms, 150);  // 6 / 40
  sys.advance(1.0, MoverTouches{{}, {button}});
  EXPECT_EQ(sys.state(button), State::k1To2);
  sys.advance(1.2);  // button at pos2 at 1.05 + 0.15: fires t2, the doors start 50 ms later
  EXPECT_EQ(sys.state(door), State::k1To2);
  sys.advance(1.25 + 0.1425);  // half way
  expect_near(sys.pose(door).translation, {0, 0, -57}, 0.01f);
  expect_near(sys.pose(door).linear_velocity, {0, 0, -400}, 0.5f);
  sys.advance(1.25 + 0.285);
  EXPECT_EQ(sys.state(door), State::kPos2);
  expect_near(sys.pose(door).translation, {0, 0, -114});
  sys.advance(1.535 + 1.999);
  EXPECT_EQ(sys.state(door), State::kPos2);
  sys.advance(1.535 + 2.0 + 0.285);  // returns after wait 2 s, back in 285 ms
  EXPECT_EQ(sys.state(door), State::kPos1);
  expect_near(sys.pose(door).translation, {0, 0, 0});
}

TEST(QuakeMovers, DoorUsedAtT0ReachesPos2AtT0Plus50msPlusDistanceOverSpeed) {
  const Level level = load_map("oa_dm1");
  QuakeMoverSystem sys(level.movers);
  const std::size_t door = mover_with_model(level, 2);  // START_OPEN: closed at pos1 = -234 x
  expect_near(sys.pose(door).translation, {-234, 0, 0});
  sys.advance(3.0);
  sys.use(door);
  sys.advance(3.0 + 0.05 + 1.336);
  EXPECT_EQ(sys.state(door), State::k1To2);
  sys.advance(3.0 + 0.05 + 1.337);
  EXPECT_EQ(sys.state(door), State::kPos2);
  expect_near(sys.pose(door).translation, {0, 0, 0});
  sys.advance(3.0 + 0.05 + 1.337 + 8.0 + 0.5);  // wait 8, then closing for 0.5 s
  EXPECT_EQ(sys.state(door), State::k2To1);
  expect_near(sys.pose(door).translation, {-234.0f * 0.5f / 1.337f, 0, 0}, 0.01f);
  // Blocked while closing (Blocked_Door): it reverses from where it is.
  sys.blocked(door);
  sys.advance(sys.time() + 0.5);
  EXPECT_EQ(sys.state(door), State::kPos2);
}

TEST(QuakeMovers, TouchDoorTriggerIsTeamBoundsGrown120OnThinnestAxis) {
  const Level level = load_map("kaos");
  ASSERT_FALSE(level.movers.triggers.empty());
  const auto& t = level.movers.triggers.front();
  const QuakeMover& m = level.movers.movers[t.mover];
  ASSERT_EQ(m.kind, MoverClass::kDoor);
  // Entity 166, *20: angle 225, no team; file bounds (240 -968 -432)..(272 -960 384), spread by
  // 1 (CMod_LoadSubmodels) and linked with 1 more: (238 -970 -434)..(274 -958 386); thinnest y
  // (12) grown by 120.
  EXPECT_EQ(m.entity, 166u);
  expect_near(t.box.min, {238, -1090, -434});
  expect_near(t.box.max, {274, -838, 386});
  // A body in the trigger opens the door 50 ms later; it stays open while someone is there.
  QuakeMoverSystem sys(level.movers);
  collision::Aabb body;
  body.grow(t.box.center() - glm::vec3(15, 15, 24));
  body.grow(t.box.center() + glm::vec3(15, 15, 32));
  MoverTouches touches;
  touches.triggers = sys.triggers_touched(body);
  ASSERT_FALSE(touches.triggers.empty());
  sys.advance(0.5, touches);
  const double open_at = 0.55 + m.duration_ms / 1000.0;
  sys.advance(open_at + m.wait - 0.01);
  EXPECT_EQ(sys.state(t.mover), State::kPos2);
  sys.advance(open_at + m.wait - 0.005, touches);  // still there: the return waits again
  sys.advance(open_at + m.wait + 0.01);
  EXPECT_EQ(sys.state(t.mover), State::kPos2);
  sys.advance(open_at + 2 * m.wait + 0.01);
  EXPECT_EQ(sys.state(t.mover), State::k2To1);
}

TEST(QuakeMovers, DoorTeamOpensTogetherFromOneTrigger) {
  // oa_koth1's sliding pair, team doorteam1: *18 angle 0 and *19 angle 180, lip 16, each x size
  // 80 + 2: 66 units apart in 165 ms at 400. One trigger around both: x (-74..90), y (-882..-862)
  // thinnest, grown by 120; z (94..226).
  const Level level = load_map("oa_koth1");
  ASSERT_EQ(level.movers.triggers.size(), 1u);
  const auto& t = level.movers.triggers[0];
  expect_near(t.box.min, {-74, -1002, 94});
  expect_near(t.box.max, {90, -742, 226});
  const std::size_t right = mover_with_model(level, 18), left = mover_with_model(level, 19);
  EXPECT_EQ(t.mover, right);  // the first of the team leads it
  QuakeMoverSystem sys(level.movers);
  collision::Aabb body;
  body.grow({0, -950, 100});
  body.grow({30, -920, 156});
  sys.advance(2.0, MoverTouches{sys.triggers_touched(body), {}});
  sys.advance(2.0 + 0.05 + 0.165);
  expect_near(sys.pose(right).translation, {66, 0, 0});
  expect_near(sys.pose(left).translation, {-66, 0, 0});
  EXPECT_EQ(sys.state(left), State::kPos2);
  sys.blocked(left);  // Blocked_Door on a member reverses the whole team (it is open: holds 2 s)
  sys.advance(2.215 + 2.0 + 0.1);
  EXPECT_EQ(sys.state(right), State::k2To1);
  expect_near(sys.pose(left).translation, {-66.0f * (1.0f - 0.1f / 0.165f), 0, 0}, 0.01f);
}

TEST(QuakeMovers, LiftOfOaBases7RisesWhenStoodInAndReturnsAfterOneSecondOfNobody) {
  const Level level = load_map("oa_bases7");
  EXPECT_EQ(level.movers.count(MoverClass::kPlat), 6u);
  // *3: speed 100, height 267, wait 4 (ignored: plats wait 1 s); bounds (-1856 -96 -32)..(-1728 96 -16).
  const std::size_t plat = mover_with_model(level, 3);
  const QuakeMover& m = level.movers.movers[plat];
  expect_near(m.pos1, {0, 0, -267});
  EXPECT_EQ(m.duration_ms, 2670);
  const collision::io::QuakeTrigger* trig = nullptr;
  for (const auto& t : level.movers.triggers) trig = t.mover == plat ? &t : trig;
  ASSERT_NE(trig, nullptr);
  expect_near(trig->box.min, {-1824, -64, -300});  // pos1 + mins + (33, 33, 0)
  expect_near(trig->box.max, {-1760, 64, -274});   // pos1 + maxs + (-33, -33, 8)

  QuakeMoverSystem sys(level.movers);
  expect_near(sys.pose(plat).translation, {0, 0, -267});  // rests at the bottom
  collision::Aabb body;
  body.grow({-1800, 0, -290});
  body.grow({-1790, 10, -280});
  sys.advance(0.5, MoverTouches{sys.triggers_touched(body), {}});
  sys.advance(0.55 + 1.335);
  expect_near(sys.pose(plat).translation, {0, 0, -133.5f}, 0.01f);
  expect_near(sys.pose(plat).linear_velocity, {0, 0, 100}, 0.01f);
  sys.advance(3.22);
  EXPECT_EQ(sys.state(plat), State::kPos2);
  sys.advance(4.0, MoverTouches{{}, {plat}});  // standing on it at the top: 1 s more from now
  sys.advance(4.99);
  EXPECT_EQ(sys.state(plat), State::kPos2);
  sys.advance(5.0 + 2.67);
  EXPECT_EQ(sys.state(plat), State::kPos1);
  expect_near(sys.pose(plat).translation, {0, 0, -267});
}

TEST(QuakeMovers, BobbingAndRotatingPosesAtAGivenTime) {
  const Level shine = load_map("oa_shine");
  ASSERT_EQ(shine.movers.count(MoverClass::kBobbing), 4u);
  const std::size_t bob = mover_with_model(shine, 4);  // speed 11, "hight" (a typo): height 32
  QuakeMoverSystem s1(shine.movers);
  s1.advance(11.0 / 4.0);
  expect_near(s1.pose(bob).translation, {0, 0, 32});
  s1.advance(11.0 / 2.0);
  expect_near(s1.pose(bob).translation, {0, 0, 0});
  expect_near(s1.pose(bob).linear_velocity, {0, 0, static_cast<float>(-32 * 2 * M_PI / 11)}, 1e-3f);

  const Level fan = load_map("fan");
  const std::size_t rot = mover_with_model(fan, 1);  // speed -300, origin 0 0 -82, about Z
  const QuakeMover& r = fan.movers.movers[rot];
  expect_near(r.origin, {0, 0, -82});
  // The model is stored about its origin brush (bounds z 18..50 spread by 1). Its brushes are
  // clip brushes (the fan is drawn by its md3, model2), which have no faces: no triangles, as
  // the world's clip brushes have none either.
  expect_near(r.mins, {-49, -49, 17});
  EXPECT_EQ(r.mesh.triangle_count(), 0u);
  QuakeMoverSystem s2(fan.movers);
  s2.advance(0.5);  // -150 degrees about +z
  const glm::quat q = s2.pose(rot).rotation;
  EXPECT_NEAR(q.w, std::cos(-75.0 * M_PI / 180.0), 1e-6);
  EXPECT_NEAR(q.z, std::sin(-75.0 * M_PI / 180.0), 1e-6);
  EXPECT_NEAR(q.x, 0.0, 1e-7);
  expect_near(s2.pose(rot).angular_velocity, {0, 0, static_cast<float>(-300 * M_PI / 180)}, 1e-5f);
}

TEST(QuakeMovers, TrainRunsBetweenItsPathCorners) {
  const Level level = load_map("oa_ctf4ish");
  ASSERT_EQ(level.movers.count(MoverClass::kTrain), 1u);
  const std::size_t train = mover_with_model(level, 4);
  const QuakeMover& m = level.movers.movers[train];
  // Target path_corner2 (0 704 1808) -> path_corner1 (0 -704 1808) -> back; speed 200; origin
  // 0 -3 1811: legs of 1408 / 200 = 7.04 s.
  ASSERT_EQ(m.corners.size(), 2u);
  EXPECT_EQ(m.loop_to, 0);
  QuakeMoverSystem sys(level.movers);
  expect_near(sys.pose(train).translation, {0, 707, -3});
  sys.advance(3.52);
  expect_near(sys.pose(train).translation, {0, 3, -3}, 1e-2f);
  expect_near(sys.pose(train).linear_velocity, {0, -200, 0}, 1e-3f);
  sys.advance(7.04 + 1.0);  // on the way back
  expect_near(sys.pose(train).translation, {0, -704 + 200 + 3, -3}, 1e-2f);
  sys.advance(10 * 14.08 + 3.52);  // periodic
  expect_near(sys.pose(train).translation, {0, 3, -3}, 1e-2f);
}

std::string load_error(const std::string& entities) {
  const auto bytes = prism_test::tiny_map(entities);
  try {
    collision::io::load_bsp(bytes.data(), bytes.size(), "hostile.bsp");
  } catch (const LoadError& e) {
    return e.what();
  }
  return "";
}

/// Entity lump text of a path_corner and of a train on model *1.
std::string corner(const std::string& name, const std::string& target, const std::string& origin) {
  return "{\n\"classname\" \"path_corner\"\n\"targetname\" \"" + name + "\"\n\"target\" \"" + target +
         "\"\n\"origin\" \"" + origin + "\"\n}\n";
}
std::string train(const std::string& target) {
  return "{\n\"classname\" \"func_train\"\n\"model\" \"*1\"\n\"target\" \"" + target +
         "\"\n\"speed\" \"100\"\n}\n";
}

TEST(QuakeMovers, MoverWithMissingOrOutOfRangeModelIsALoadErrorNamingTheEntity) {
  EXPECT_EQ(load_error("{\n\"classname\" \"func_door\"\n\"model\" \"*7\"\n}\n"),
            "hostile.bsp: entity 2 (func_door): model \"*7\" is not one of the map's inline models *1..*1");
  EXPECT_EQ(load_error("{\n\"classname\" \"func_plat\"\n}\n"),
            "hostile.bsp: entity 2 (func_plat): no model (a mover needs an inline model \"*N\")");
  EXPECT_NE(load_error("{\n\"classname\" \"func_door\"\n\"model\" \"models/door.md3\"\n}\n").find("entity 2"),
            std::string::npos);
}

TEST(QuakeMovers, NanSpeedIsALoadErrorNamingTheEntityAndKey) {
  EXPECT_EQ(load_error("{\n\"classname\" \"func_door\"\n\"model\" \"*1\"\n\"speed\" \"nan\"\n}\n"),
            "hostile.bsp: entity 2 (func_door): bad speed \"nan\" (need one finite number)");
  EXPECT_EQ(load_error("{\n\"classname\" \"func_bobbing\"\n\"model\" \"*1\"\n\"height\" \"1e400\"\n}\n"),
            "hostile.bsp: entity 2 (func_bobbing): bad height \"1e400\" (need one finite number)");
}

TEST(QuakeMovers, TrainWithDanglingTargetOrLoopStandsOrLoopsWithAWarning) {
  const auto dangling = prism_test::tiny_map(
      "{\n\"classname\" \"func_train\"\n\"model\" \"*1\"\n\"target\" \"nowhere\"\n}\n");
  const Level a = collision::io::load_bsp(dangling.data(), dangling.size(), "a.bsp");
  ASSERT_EQ(a.movers.movers.size(), 1u);
  EXPECT_EQ(a.movers.movers[0].loop_to, -1);
  ASSERT_EQ(a.movers.warnings.size(), 1u);
  QuakeMoverSystem sa(a.movers);
  sa.advance(100.0);
  expect_near(sa.pose(0).translation, {0, 0, 0});

  // p1 -> p2 -> p3 -> p2: the game's setup would never end; we run p2 -> p3 -> p2 after p1.
  const auto loop = prism_test::tiny_map(
      train("p1") + corner("p1", "p2", "0 0 0") + corner("p2", "p3", "100 0 0") + corner("p3", "p2", "100 100 0"));
  const Level b = collision::io::load_bsp(loop.data(), loop.size(), "b.bsp");
  ASSERT_EQ(b.movers.movers[0].corners.size(), 3u);
  EXPECT_EQ(b.movers.movers[0].loop_to, 1);
  EXPECT_EQ(b.movers.warnings.size(), 1u);
  QuakeMoverSystem sb(b.movers);
  sb.advance(0.5);
  expect_near(sb.pose(0).translation, {50, 0, 0});
  sb.advance(1.5 + 2.0 * 1000);  // 1 s to p2, then a 2 s loop
  expect_near(sb.pose(0).translation, {100, 50, 0});
  // A loop of coincident corners with no wait stands still rather than spinning forever.
  const auto still = prism_test::tiny_map(
      train("q") + corner("q", "q", "5 5 5"));
  const Level c = collision::io::load_bsp(still.data(), still.size(), "c.bsp");
  QuakeMoverSystem sc(c.movers);
  sc.advance(1e6);
  expect_near(sc.pose(0).translation, {5, 5, 5});
}

TEST(QuakeMovers, TinyBobbingPeriodAndLateTimesGiveFinitePosesNotNanOrAHang) {
  // speed 0.0001 s: the game's whole-millisecond period would be 0 (a division by zero); 1 ms here.
  const auto bytes = prism_test::tiny_map(
      "{\n\"classname\" \"func_bobbing\"\n\"model\" \"*1\"\n\"speed\" \"0.0001\"\n\"height\" \"10\"\n}\n" +
      train("p") + corner("p", "q", "0 0 0") + corner("q", "p", "100 0 0"));
  const Level level = collision::io::load_bsp(bytes.data(), bytes.size(), "late.bsp");
  QuakeMoverSystem sys(level.movers);
  sys.advance(0.00025);  // a quarter of 1 ms: the top
  expect_near(sys.pose(0).translation, {0, 0, 10}, 1e-3f);
  sys.advance(1e12 + 0.5);  // 1e12 is a whole number of 2 s laps: half way out
  expect_near(sys.pose(1).translation, {50, 0, 0}, 1e-2f);
  EXPECT_TRUE(std::isfinite(sys.pose(0).translation.z));
  EXPECT_EQ(load_error("{\n\"classname\" \"func_bobbing\"\n\"model\" \"*1\"\n\"height\" \"1e30\"\n}\n")
                .rfind("hostile.bsp: entity 2 (func_bobbing): height ", 0),
            0u);
}

}  // namespace

namespace {

// The 50 maps of Debian's openarena-081-maps: movers of each class as the issue counted them
// (entities, and maps that have them), all loaded; the table goes to stdout.
TEST(QuakeMovers, EveryOpenArenaMapLoadsItsMovers) {
  const std::vector<std::string> maps = collision::io::list_maps(prism_test::kPk3);
  ASSERT_EQ(maps.size(), 50u);
  std::array<std::size_t, collision::io::kMoverClassCount> entities{}, with{};
  std::size_t empty_meshes = 0, triggers = 0, skipped = 0;
  for (const std::string& entry : maps) {
    const std::string name = entry.substr(5, entry.size() - 9);  // maps/<name>.bsp
    const Level level = load_map(name);
    if (level.movers.movers.empty() && level.movers.warnings.empty()) continue;
    std::printf("%-16s", name.c_str());
    for (std::size_t c = 0; c < collision::io::kMoverClassCount; ++c) {
      const std::size_t n = level.movers.count(static_cast<MoverClass>(c));
      entities[c] += n;
      with[c] += n > 0 ? 1 : 0;
      if (n > 0) std::printf(" %s %zu", collision::io::mover_class_name(static_cast<MoverClass>(c)), n);
    }
    std::size_t tris = 0;
    for (const QuakeMover& m : level.movers.movers) {
      tris += m.mesh.triangle_count();
      empty_meshes += m.mesh.triangle_count() == 0 ? 1 : 0;
    }
    triggers += level.movers.triggers.size();
    std::printf(" | %zu triangles, %zu triggers\n", tris, level.movers.triggers.size());
    for (const std::string& w : level.movers.warnings) {
      std::printf("    %s\n", w.c_str());
      skipped += w.find("skipped") != std::string::npos ? 1 : 0;
    }
  }
  std::printf("movers with no triangles (clip brushes only): %zu; triggers %zu\n", empty_meshes, triggers);
  const std::array<std::size_t, collision::io::kMoverClassCount> want_entities = {64, 29, 38, 2, 10, 1, 11};
  const std::array<std::size_t, collision::io::kMoverClassCount> want_maps = {14, 9, 6, 2, 2, 1, 4};
  EXPECT_EQ(entities, want_entities);  // door, plat, button, train, static, rotating, bobbing
  EXPECT_EQ(with, want_maps);
  EXPECT_EQ(skipped, 6u);  // q3dm6ish's six func_illusionary
}

}  // namespace
