// Random walks through real OpenArena maps with the robust method: a 16-unit sphere, gravity,
// jumps and random wish directions at 60 Hz. What must never happen: a frame ending deeper in
// geometry than the skin width, a step whose straight segment crosses a wall, a walk stuck for
// more than a second while the way it wants to go is free. The counts are printed; each must
// be zero. The walks and the checks are prism_walks' (the same as prism-query walk).
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "collision/world.hpp"
#include "collision_io/level.hpp"
#include "debugger/anomalies.hpp"
#include "prism_walks/random_walk.hpp"
#include "prism_walks/start_points.hpp"

#ifndef PRISM_WALKS_PER_MAP
#define PRISM_WALKS_PER_MAP 1000
#endif

namespace {

constexpr int kFrames = 600;
constexpr float kRadius = 16.0f;
constexpr std::uint32_t kSeed = 20240603u;
constexpr int kStuckFrames = debugger::AnomalyThresholds{}.stuck_walk_frames;  // a second at 60 Hz

struct LoadedMap {
  collision::io::Level level;
  std::unique_ptr<collision::World> world;
};

const LoadedMap& map(const std::string& name) {
  static std::map<std::string, LoadedMap> cache;
  auto it = cache.find(name);
  if (it == cache.end()) {
    LoadedMap m;
    m.level = collision::io::load_level(name);
    m.world = std::make_unique<collision::World>(m.level.mesh);
    it = cache.emplace(name, std::move(m)).first;
  }
  return it->second;
}

prism_walks::WalkSetup setup_for(const LoadedMap& m, const collision::Body& body = collision::Body::sphere(kRadius)) {
  prism_walks::WalkSetup s(*m.world, body);
  s.params.up = m.level.up;
  s.params.move.method = collision::Method::kRobust;
  s.params.move.max_iterations = 4;
  s.dt = 1.0f / 60.0f;
  s.frames = kFrames;
  s.seed = kSeed;
  return s;
}

// Quake 3's player: a 30 x 30 x 56 box (bg_public.h's MINS_Z / maxs, centred here), and a
// capsule of the same height (radius 15, half height 13), with Quake's figures (bg_pmove.c:
// gravity 800, jump 270, speed 320, step 18) instead of ones derived from their size.
prism_walks::WalkSetup quake_setup(const LoadedMap& m, const collision::Body& body) {
  prism_walks::WalkSetup s = setup_for(m, body);
  s.params.gravity = 800.0f;
  s.params.jump_speed = 270.0f;
  s.params.walk_speed = 320.0f;
  s.params.step_height = 18.0f;
  return s;
}

void walk_map(const std::string& name, const prism_walks::WalkSetup& setup, std::size_t walks) {
  const LoadedMap& m = map(name);
  ASSERT_FALSE(m.level.spawns.empty()) << name << " has no spawn points";
  const auto starts = prism_walks::start_points(m.level, *m.world, setup.body, setup.params.up, walks, setup.seed);
  const prism_walks::WalkCounts c = prism_walks::run_walks(setup, starts);
  const collision::Body& b = setup.body;
  std::printf("[ walks    ] %s: %zu walks x %d frames (%zu spawns, robust, %s %g,%g,%g half height %g, seed %u)%s\n",
              name.c_str(), c.walks, kFrames, m.level.spawns.size(), collision::to_string(b.shape),
              static_cast<double>(b.radii.x), static_cast<double>(b.radii.y), static_cast<double>(b.radii.z),
              static_cast<double>(b.half_height), setup.seed,
              PRISM_WALKS_PER_MAP < 1000 ? " [scaled down for the sanitizer build]" : "");
  std::printf("[ walks    ] %s: frames in overlap deeper than skin %zu, passes through a wall %zu, "
              "stuck walks %zu, %.0f moves/s\n",
              name.c_str(), c.deep_overlap_frames, c.wall_passes, c.stuck_walks,
              c.moves_per_second());
  for (const prism_walks::Anomaly& a : c.examples) {
    std::printf("[ anomaly  ] %s: %s\n", name.c_str(), prism_walks::describe(a, setup).c_str());
  }
  std::fflush(stdout);
  EXPECT_EQ(c.walks, walks);
  EXPECT_EQ(c.deep_overlap_frames, 0u) << name << ": frames ending in overlap deeper than the skin";
  EXPECT_EQ(c.wall_passes, 0u) << name << ": steps whose segment crosses a solid triangle";
  EXPECT_EQ(c.stuck_walks, 0u) << name << ": walks stuck for a second with free space ahead";
}

void walk_map(const std::string& name) { walk_map(name, setup_for(map(name)), PRISM_WALKS_PER_MAP); }

// A box and a capsule, a fifth as many walks (their sweeps cost more than a sphere's).
void walk_map_shapes(const std::string& name) {
  const LoadedMap& m = map(name);
  const collision::Body box = collision::Body::box({15.0f, 15.0f, 28.0f});
  const collision::Body capsule = collision::Body::capsule(15.0f, 13.0f, m.level.up);
  for (const collision::Body& b : {box, capsule}) walk_map(name, quake_setup(m, b), PRISM_WALKS_PER_MAP / 5);
}

TEST(RealMapWalks, OaDm1NeverOverlapsPassesWallsOrSticks) { walk_map("oa_dm1"); }
TEST(RealMapWalks, CtfInyardNeverOverlapsPassesWallsOrSticks) { walk_map("ctf_inyard"); }
TEST(RealMapWalks, OaDm4NeverOverlapsPassesWallsOrSticks) { walk_map("oa_dm4"); }
TEST(RealMapWalks, OaDm1BoxAndCapsuleNeverOverlapPassWallsOrStick) { walk_map_shapes("oa_dm1"); }
TEST(RealMapWalks, CtfInyardBoxAndCapsuleNeverOverlapPassWallsOrStick) { walk_map_shapes("ctf_inyard"); }
TEST(RealMapWalks, OaDm4BoxAndCapsuleNeverOverlapPassWallsOrStick) { walk_map_shapes("oa_dm4"); }

// Determinism: the same walk twice gives bit-identical states, frame by frame.
TEST(RealMapWalks, SameWalkTwiceIsBitIdentical) {
  const LoadedMap& m = map("oa_dm1");
  const prism_walks::WalkSetup setup = setup_for(m);
  const auto starts = prism_walks::start_points(m.level, *m.world, setup.body, setup.params.up,
                                                8, setup.seed);
  for (std::uint32_t walk = 0; walk < starts.size(); ++walk) {
    std::vector<collision::CharacterState> runs[2];
    for (auto& run : runs) {
      prism_walks::WalkCounts ignored;
      prism_walks::run_walk(setup, walk, starts[walk], ignored,
                            [&run](std::uint32_t, int, const collision::CharacterState& s) {
                              run.push_back(s);
                            });
    }
    ASSERT_EQ(runs[0].size(), static_cast<std::size_t>(kFrames));
    ASSERT_EQ(runs[1].size(), runs[0].size());
    for (std::size_t f = 0; f < runs[0].size(); ++f) {
      const auto& a = runs[0][f];
      const auto& b = runs[1][f];
      ASSERT_EQ(std::memcmp(&a.position, &b.position, sizeof a.position), 0)
          << "walk " << walk << " frame " << f;
      ASSERT_EQ(std::memcmp(&a.velocity, &b.velocity, sizeof a.velocity), 0)
          << "walk " << walk << " frame " << f;
      ASSERT_EQ(a.ground, b.ground) << "walk " << walk << " frame " << f;
    }
  }
}

// The walk's inputs depend on (seed, walk) only: replaying walk 5 alone equals walk 5 of a run.
TEST(RealMapWalks, WalkScriptDependsOnlyOnSeedAndWalk) {
  prism_walks::RandomInput a(kSeed, 5, {0, 0, 1});
  prism_walks::RandomInput b(kSeed, 5, {0, 0, 1});
  prism_walks::RandomInput other(kSeed, 6, {0, 0, 1});
  bool differs = false;
  for (int f = 0; f < kFrames; ++f) {
    const auto x = a.next(), y = b.next(), z = other.next();
    ASSERT_EQ(std::memcmp(&x.wish, &y.wish, sizeof x.wish), 0);
    ASSERT_EQ(x.jump, y.jump);
    ASSERT_EQ(x.speed_scale, y.speed_scale);
    differs = differs || x.wish != z.wish;
  }
  EXPECT_TRUE(differs);
}

// The checks themselves, so that the zeros above mean something: a second without progress
// while free is stuck, a blocked wish resets the count, and on oa_dm1 a body sunk into the
// floor under a spawn point is a deep overlap and a drop through that floor a wall pass.
TEST(RealMapWalks, StuckWatchFlagsASecondWithoutProgressWhileFree) {
  debugger::StuckWatch watch(kRadius);  // moving: more than kRadius / 16 = 1 unit
  for (int f = 0; f < kStuckFrames; ++f) {
    ASSERT_FALSE(watch.update({0.5f, 0, 0}, true)) << f;
  }
  EXPECT_TRUE(watch.update({0.5f, 0, 0}, true));
  EXPECT_FALSE(watch.update({0.5f, 0, 0}, true));  // once per walk

  debugger::StuckWatch blocked(kRadius);
  for (int f = 0; f < 3 * kStuckFrames; ++f) {
    ASSERT_FALSE(blocked.update({0, 0, 0}, f % 30 != 0)) << f;
  }
  debugger::StuckWatch moving(kRadius);
  for (int f = 0; f < 3 * kStuckFrames; ++f) {
    ASSERT_FALSE(moving.update({0.1f * static_cast<float>(f), 0, 0}, true)) << f;
  }
}

TEST(RealMapWalks, ChecksSeeASunkBodyAndADropThroughTheFloor) {
  const LoadedMap& m = map("oa_dm1");
  const collision::Body body = collision::Body::sphere(kRadius);
  collision::CharacterParams params;
  params.up = m.level.up;
  const debugger::AnomalyFinder checks(*m.world, body, params, 1.0f / 60.0f, false);  // skin 0.16
  const glm::vec3 spawn = m.level.spawns.front().origin;  // 24 units above the floor
  EXPECT_EQ(checks.overlap_beyond_skin(spawn), 0.0f);
  EXPECT_GT(checks.overlap_beyond_skin(spawn - glm::vec3(0, 0, 20)), 11.0f);  // 12 deep
  EXPECT_FALSE(checks.passes_through_wall(spawn, spawn - glm::vec3(0, 0, 20)));
  EXPECT_TRUE(checks.passes_through_wall(spawn, spawn - glm::vec3(0, 0, 30)));
  EXPECT_FALSE(checks.free_along(spawn - glm::vec3(0, 0, 20), {1, 0, 0}));
}

// The stuck_walk rule is radius-relative (r/16, debugger/anomalies.hpp): as the absolute "1 unit"
// it was, every walk of a 0.05 body on the metre-scale default scene (prism-query walk --sphere
// 0.05 ... --seed 4: 20 of 20) counted as stuck, walking a few body widths a second at its own
// size-derived pace. A step of a fifth of r a frame is progress for any r.
TEST(RealMapWalks, TinyBodyWalkingAtItsOwnPaceIsNotStuck) {
  debugger::StuckWatch tiny(0.05f);
  for (int f = 0; f < 3 * kStuckFrames; ++f) {
    ASSERT_FALSE(tiny.update({0.01f * static_cast<float>(f), 0, 0}, true)) << f;
  }
  collision::io::Level level = collision::io::load_level(PRISM_SOURCE_DIR "/assets/default_scene.obj");
  const collision::World world(level.mesh);
  collision::Body body = collision::Body::sphere(0.05f);
  body.axis = level.up;
  prism_walks::WalkSetup setup(world, body);  // as prism-query walk sets it up
  setup.params.up = level.up;
  setup.seed = 4;
  const auto starts = prism_walks::start_points(level, world, body, level.up, 20, setup.seed);
  const prism_walks::WalkCounts c = prism_walks::run_walks(setup, starts);
  EXPECT_EQ(c.walks, 20u);
  EXPECT_EQ(c.stuck_walks, 0u);
  EXPECT_EQ(c.deep_overlap_frames, 0u);
  EXPECT_EQ(c.wall_passes, 0u);
}

}  // namespace
