// The core under a caller's unmasked floating-point exceptions: a game's debug build often traps
// division by zero, invalid operations and overflow to catch its own NaNs (Jolt's tests run that
// way). Every query must then run without a trap and give what it gives with them masked. A
// trap kills the test's process (SIGFPE), which fails the test.
#include <cfenv>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "bvh/bvh_layout.hpp"
#include "collision/body.hpp"
#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "collision/character.hpp"
#include "collision/contacts.hpp"
#include "collision/move.hpp"
#include "collision/queries.hpp"
#include "grid_levels.hpp"
#include "test_worlds.hpp"

namespace {

using collision::Body;
using collision::Triangle;

// Traps FE_DIVBYZERO, FE_INVALID and FE_OVERFLOW for its lifetime (glibc's feenableexcept: the
// SSE control word and the x87 one), then masks them again and clears their flags.
class Traps {
 public:
  Traps() { feenableexcept(kTrapped); }
  ~Traps() {
    fedisableexcept(kTrapped);
    feclearexcept(FE_ALL_EXCEPT);
  }
  Traps(const Traps&) = delete;
  Traps& operator=(const Traps&) = delete;

 private:
  static constexpr int kTrapped = FE_DIVBYZERO | FE_INVALID | FE_OVERFLOW;
};

// A level of every kind of face a query meets (grid_level: floors of small quads, walls, a ramp,
// a large sloped triangle, loose small triangles) plus a random soup, slivers and faces along
// each axis, so that leaves end in packets with unused lanes and rays and moves run parallel to
// faces and edges.
std::vector<Triangle> level() {
  std::vector<Triangle> tris = prism_test::grid_level(7);
  std::mt19937 rng(11);
  const std::vector<Triangle> soup = prism_test::random_soup(rng, 300, 200.0f, 20.0f);
  tris.insert(tris.end(), soup.begin(), soup.end());
  for (int i = 0; i < 20; ++i) {
    const float x = -200.0f + 20.0f * static_cast<float>(i);
    tris.push_back({glm::vec3(x, 0.0f, 10.0f), glm::vec3(x + 15.0f, 0.0f, 10.0f), glm::vec3(x, 0.001f, 10.0f)});  // sliver
    tris.push_back({glm::vec3(x, -50.0f, 30.0f), glm::vec3(x, -40.0f, 30.0f), glm::vec3(x, -50.0f, 40.0f)});  // x = const
    tris.push_back({glm::vec3(x, 60.0f, 5.0f), glm::vec3(x + 8.0f, 60.0f, 5.0f), glm::vec3(x, 60.0f, 13.0f)});  // y = const
  }
  return tris;
}

// Moves from points over the level: uniform directions and lengths, and moves along the axes
// (parallel to the walls, floors and axis-aligned faces), some of length zero.
struct Move {
  glm::vec3 start, delta;
};
std::vector<Move> moves() {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> pos(-260.0f, 260.0f), height(-10.0f, 140.0f), dir(-1.0f, 1.0f), len(0.0f, 80.0f);
  std::vector<Move> out;
  for (int i = 0; i < 1500; ++i) {
    const glm::vec3 start(pos(rng), pos(rng), height(rng));
    glm::vec3 d(dir(rng), dir(rng), dir(rng));
    switch (i % 5) {
      case 0: d = glm::vec3(d.x, 0.0f, 0.0f); break;
      case 1: d = glm::vec3(0.0f, d.y, 0.0f); break;
      case 2: d = glm::vec3(d.x, d.y, 0.0f); break;
      default: break;
    }
    out.push_back({start, i % 97 == 0 ? glm::vec3(0.0f) : d * len(rng)});
  }
  return out;
}

bool same(const collision::SweepHit& a, const collision::SweepHit& b) {
  return a.hit == b.hit && a.start_overlap == b.start_overlap && a.toi == b.toi && a.triangle == b.triangle &&
         a.normal == b.normal && a.point == b.point && a.penetration == b.penetration && a.feature == b.feature;
}

// Every query kind over the level's moves, as one list of numbers to compare.
std::vector<double> run_queries(const collision::World& world) {
  std::vector<double> out;
  std::vector<collision::Contact> contacts;
  std::vector<std::uint32_t> ids;
  const Body bodies[4] = {Body::sphere(16.0f), Body::ellipsoid(glm::vec3(15.0f, 15.0f, 24.0f)),
                          Body::box(glm::vec3(15.0f, 15.0f, 24.0f)), Body::capsule(15.0f, 9.0f, glm::vec3(0, 0, 1))};
  const auto put = [&](const collision::SweepHit& h) {
    out.insert(out.end(), {h.hit ? 1.0 : 0.0, h.toi, static_cast<double>(h.triangle), h.normal.x, h.normal.z,
                           h.penetration});
  };
  for (const Move& m : moves()) {
    put(collision::sweep_sphere(world, m.start, 16.0f, m.delta));
    put(collision::sweep_ellipsoid(world, m.start, glm::vec3(15.0f, 15.0f, 24.0f), m.delta));
    put(collision::sweep_box(world, m.start, glm::vec3(15.0f, 15.0f, 24.0f), m.delta));
    put(collision::sweep_capsule(world, m.start, 15.0f, 9.0f, glm::vec3(0, 0, 1), m.delta));
    const collision::RayHit r = collision::raycast(world, m.start, m.delta * 8.0f);
    out.insert(out.end(), {r.hit ? 1.0 : 0.0, r.t, static_cast<double>(r.triangle)});
    collision::overlap_sphere(world, m.start, 20.0f, ids);
    out.push_back(static_cast<double>(ids.size()));
    for (const Body& body : bodies) {
      collision::find_contacts(world, body, m.start, 2.0f, contacts);
      out.push_back(static_cast<double>(contacts.size()));
      out.push_back(collision::move(world, body, m.start, m.delta, collision::MoveParams{}).position.x);
    }
  }
  // Characters walking over the floor, into walls and up the ramp, jumping now and then.
  collision::CharacterParams params;
  params.up = glm::vec3(0.0f, 0.0f, 1.0f);
  for (const Body& body : bodies) {
    for (int i = 0; i < 16; ++i) {
      collision::CharacterState state;
      state.position = glm::vec3(-200.0f + 25.0f * static_cast<float>(i), -30.0f + 4.0f * static_cast<float>(i), 40.0f);
      state = collision::refresh_contacts(world, body, state, params);
      collision::WalkInput walk;
      walk.wish = glm::vec3(i % 2 == 0 ? 1.0f : 0.0f, i % 3 == 0 ? 0.0f : -1.0f, 0.0f);
      for (int step = 0; step < 60; ++step) {
        walk.jump = step % 25 == 10;
        state = collision::step_character(world, body, state, collision::walk_input(walk, params, body), 1.0f / 60.0f,
                                          params);
      }
      out.insert(out.end(), {state.position.x, state.position.y, state.position.z,
                             static_cast<double>(state.contacts.size())});
    }
  }
  return out;
}

TEST(FloatingPointExceptions, EveryQueryRunsWithTrapsOnAndGivesTheSameResults) {
  for (const auto wide : {collision::BvhBuildOptions::Wide::kAuto, collision::BvhBuildOptions::Wide::kNever}) {
    collision::BvhBuildOptions options;
    options.wide = wide;
    const collision::World world = prism_test::world_of(level(), options);
    const std::vector<double> masked = run_queries(world);
    std::vector<double> trapped;
    {
      const Traps traps;
      trapped = run_queries(world);
    }
    ASSERT_EQ(masked.size(), trapped.size());
    std::size_t differ = 0;
    for (std::size_t i = 0; i < masked.size(); ++i) differ += masked[i] != trapped[i];
    EXPECT_EQ(differ, 0u);
  }
}

TEST(FloatingPointExceptions, BuildingTheWorldRunsWithTrapsOn) {
  std::vector<Triangle> tris = level();
  const Traps traps;
  const collision::World world = prism_test::world_of(tris);
  EXPECT_GT(world.bvh().packets.size(), 0u);
}

TEST(FloatingPointExceptions, TheBruteForceTwinsRunWithTrapsOnAndAgree) {
  // They read every packet, unused lanes included.
  const collision::World world = prism_test::world_of(level());
  const glm::vec3 half(15.0f, 15.0f, 24.0f), axis(0.0f, 0.0f, 1.0f);
  const Traps traps;
  for (const Move& m : moves()) {
    EXPECT_TRUE(same(collision::sweep_sphere(world, m.start, 16.0f, m.delta),
                     collision::sweep_sphere_brute_force(world, m.start, 16.0f, m.delta)));
    EXPECT_TRUE(same(collision::sweep_box(world, m.start, half, m.delta),
                     collision::sweep_box_brute_force(world, m.start, half, m.delta)));
    EXPECT_TRUE(same(collision::sweep_capsule(world, m.start, 15.0f, 9.0f, axis, m.delta),
                     collision::sweep_capsule_brute_force(world, m.start, 15.0f, 9.0f, axis, m.delta)));
    const collision::RayHit a = collision::raycast(world, m.start, m.delta * 8.0f),
                            b = collision::raycast_brute_force(world, m.start, m.delta * 8.0f);
    EXPECT_TRUE(a.hit == b.hit && a.t == b.t && a.triangle == b.triangle);
  }
}

}  // namespace
