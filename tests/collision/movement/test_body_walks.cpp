// Seeded random walks of every body (sphere, ellipsoid, box, capsule) with the robust method on
// the default scene, the bug zoo (assets/zoo) and two OpenArena maps, each walk whole in one
// body and again forked to the next body halfway (the centre kept, as the debugger's fork keeps
// it), and, from the sphere, forked to a capsule 0.4 h taller that starts sunk into the floor
// (issue 38's fork), and each walk again with a classic method (offset prism, sphere
// classification, box edges) for its first half and the robust one after: the robust half
// leaves whatever overlap the classic one left within kRecoveryFrames (1) frame, or, where it
// was left under a ceiling lower than itself, never ends deeper until the walk carries it out.
// No frame may end overlapping a triangle deeper than the skin (prism_walks'
// deep-overlap rule, the debugger's ends_in_overlap), except by the float spacing where the
// coordinates are too large for the position to hold the skin (the zoo's far_origin at 1e5).
// The four bodies of a scene share their height along up: a fork changes the width, recovered
// in its first step. A walk that falls off a small scene starts again where it began. Printed
// per body: frames walked, frames against walls, path, forks, the closest end gap, the deepest
// end overlap (skin included) and the frames beyond the skin.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <glm/ext/vector_double3.hpp>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision/character.hpp"
#include "collision/world.hpp"
#include "collision_io/level.hpp"
#include "prism_walks/start_points.hpp"
#include "prism_walks/random_input.hpp"

#ifndef PRISM_BODY_WALKS
#define PRISM_BODY_WALKS 4  // walks per scene, body and fork (the sanitizer build runs 1)
#endif

namespace {

namespace fs = std::filesystem;
using collision::Body;

constexpr int kFrames = 360;
constexpr std::uint32_t kSeed = 38u;

struct Tally {
  std::size_t frames = 0, beyond_skin = 0;
  std::size_t touching = 0;            // frames ending against a wall or ceiling (a contact not walkable)
  std::size_t forks_into_overlap = 0;  // forks whose new body started overlapping the level
  std::size_t forks_skipped = 0;       // taller bodies not forked: not on flat open floor there
  float deepest = 0.0f;     // the deepest end overlap, skin included (0: never inside)
  float closest = 1e30f;    // the smallest gap a frame ended with to a triangle it touched
  double path = 0.0;        // the length walked (the centre's path)
  std::size_t method_forks = 0;               // classic halves forked to the robust method
  std::size_t method_forks_into_overlap = 0;  // ... that left the body deeper than the skin
  int slowest_recovery = 0;  // the most robust frames a method fork took to end within the skin
  std::size_t wedged = 0;    // method forks that left the body wedged (see run)
  int longest_wedged = 0;    // the most robust frames a body stayed wedged (to its walk's end at most)
};

// Robust frames allowed after a classic half before every frame must end within the skin.
// Depenetration pushes up to the overlap plus the skin, at most r + skin, a step
// (max_recovery_push), and a classic method leaves the body less than a radius deep (it tests
// the end of a move no longer than a frame's walk or fall; measured: at most 0.1 of a 0.3 m
// radius on the meshes, 13 of 15 units on the OpenArena maps), so one step resolves it.
constexpr int kRecoveryFrames = 1;
constexpr collision::Method kClassic[] = {collision::Method::kOffsetPrism, collision::Method::kSphereClassify,
                                          collision::Method::kBoxEdges};

// The four bodies of a scene, `h` tall along up and about `w` wide.
std::vector<Body> bodies(float w, float h, const glm::vec3& up) {
  const glm::vec3 half = glm::vec3(w) + up * (0.5f * h - w);
  return {Body::sphere(0.5f * h), Body::ellipsoid(half), Body::box(half), Body::capsule(w, 0.5f * h - w, up)};
}

// How deep the body at `at` ends inside the world (0 when it does not).
float end_overlap(const collision::World& world, const Body& body, const glm::vec3& at) {
  const collision::SweepHit h = collision::sweep(world, body, at, glm::vec3(0.0f));
  return h.start_overlap ? h.penetration : 0.0f;
}

// Twice the float spacing at the largest coordinate of `p`: how far rounding may move it.
float spacing(const glm::vec3& p) {
  const float m = std::max({std::fabs(p.x), std::fabs(p.y), std::fabs(p.z), 1.0f});
  return 2.0f * (std::nextafter(m, 2.0f * m) - m);
}

// Walk `walk` from `start` in `first`, forked to `second` (when given) at half time. With a
// classic `first_method`, the first half moves by that method and the fork switches to the
// robust one (the body kept unless `second` is given): the classic half's frames are not
// counted (those methods end in overlap by design, their documented flaws); the robust half
// is given `kRecoveryFrames` frames to leave what the classic one left it in, then the same rule.
void run(const collision::World& world, const glm::vec3& up, const Body& first, const Body* second,
         std::uint32_t walk, const glm::vec3& start, const collision::CharacterParams& base, Tally (&tally)[4],
         int first_index, int second_index, std::string& failures,
         collision::Method first_method = collision::Method::kRobust) {
  prism_walks::RandomInput script(kSeed, walk, up);
  float lowest = std::numeric_limits<float>::infinity();  // a body height below the scene
  for (const glm::vec3& v : world.mesh().positions) lowest = std::min(lowest, glm::dot(v, up));
  lowest -= 2.0f * first.extent_along(up);
  Body body = first;
  int index = first_index;
  collision::CharacterParams params = base;
  params.up = up;
  params.move.method = first_method;
  params = params.resolved(body);
  const bool method_fork = first_method != collision::Method::kRobust;
  int recovered_at = -1;  // the first robust frame of a method fork that ended within the skin
  float wedged_depth = -1.0f;  // a wedged fork's depth so far (-1: not wedged)
  collision::CharacterState state;
  state.position = start;
  state = collision::refresh_contacts(world, body, state, params);
  for (int f = 0; f < kFrames; ++f) {
    // The fork: another body, derived settings, same state. A taller body forks only on flat
    // open floor (every contact a level floor) where it has room (standing on that floor, it
    // would overlap nothing): under a ceiling lower than it there is no place out of the level,
    // and in a pit narrower than it (the zoo's) it is wedged between the pit's walls, which
    // it leaves over a few frames (2 beyond the skin in these walks), as the bounded recovery
    // along their contact normals allows.
    const auto flat = [&](const collision::Contact& c) { return glm::dot(c.normal, up) > 0.999f; };
    const bool room = !second || second->extent_along(up) <= first.extent_along(up) ||
                      (state.ground == collision::GroundState::kOnGround &&
                       std::all_of(state.contacts.begin(), state.contacts.end(), flat) &&
                       !collision::sweep(world, *second, state.position + up * (second->extent_along(up) - first.extent_along(up)),
                                         glm::vec3(0.0f)).hit);
    if (method_fork && f == kFrames / 2) {
      params.move.method = collision::Method::kRobust;
      Tally& t = tally[index];
      ++t.method_forks;
      wedged_depth = end_overlap(world, body, state.position);
      t.method_forks_into_overlap += wedged_depth > params.move.resolved_skin(body) + spacing(state.position);
      // Wedged: left where the clear height (floor to ceiling through the centre) is less than
      // the body (a ceiling lower than it). No push frees a body from a space smaller than
      // itself; it leaves as the walk carries it out, never deeper than after its first robust
      // frames.
      const float e = body.extent_along(up);
      const float clear = collision::raycast(world, state.position, up * (2.0f * e)).t * 2.0f * e +
                          collision::raycast(world, state.position, -up * (2.0f * e)).t * 2.0f * e;
      const bool wedged = clear < 2.0f * e;
      if (!wedged) wedged_depth = -1.0f;
      t.wedged += wedged;
    }
    if (second && f == kFrames / 2 && !room) ++tally[second_index].forks_skipped;
    if (second && f == kFrames / 2 && room) {
      body = *second;
      index = second_index;
      params = base;
      params.up = up;
      // A taller body sinks into the floor: its push is its height, so that it leaves the
      // floor in its first step (the recovery's direction is what the walk checks, not its rate).
      if (second->extent_along(up) > first.extent_along(up)) params.max_recovery_push = 2.0f * second->extent_along(up);
      params = params.resolved(body);
      const collision::CharacterState there = collision::refresh_contacts(world, body, state, params);
      tally[index].forks_into_overlap +=
          std::any_of(there.contacts.begin(), there.contacts.end(), [](const auto& c) { return c.distance < 0.0f; });
    }
    // Off the edge of a small scene (the zoo's), the walk starts again where it began (a
    // game's respawn), so that its frames are spent against the scene, not falling.
    if (glm::dot(state.position, up) < lowest) {
      state = collision::CharacterState{};
      state.position = start;
      state = collision::refresh_contacts(world, body, state, params);
    }
    const glm::vec3 from = state.position;
    const collision::WalkInput in = script.next();
    state = collision::step_character(world, body, state, collision::walk_input(in, params, body), 1.0f / 60.0f, params);
    if (method_fork && f < kFrames / 2) continue;  // the classic half: not counted
    const float skin = params.move.resolved_skin(body);
    const float depth = end_overlap(world, body, state.position);
    Tally& t = tally[index];
    const bool within = depth <= skin + spacing(state.position);
    if (method_fork && recovered_at < 0) {
      const int after = f - kFrames / 2 + 1;  // robust frames so far
      if (within) {
        recovered_at = f;
        (wedged_depth >= 0.0f ? t.longest_wedged : t.slowest_recovery) =
            std::max(wedged_depth >= 0.0f ? t.longest_wedged : t.slowest_recovery, after);
      } else if (after <= kRecoveryFrames || (wedged_depth >= 0.0f && depth <= wedged_depth + spacing(state.position))) {
        ++t.frames;  // still leaving what the classic half left it in (a wedged body: never deeper)
        if (wedged_depth >= 0.0f) wedged_depth = after <= kRecoveryFrames ? depth : std::min(wedged_depth, depth);
        if (f == kFrames - 1) t.longest_wedged = std::max(t.longest_wedged, after);
        continue;
      } else if (wedged_depth < 0.0f) {
        t.slowest_recovery = std::max(t.slowest_recovery, kFrames);  // never: fails below
      }
    }
    ++t.frames;
    t.deepest = std::max(t.deepest, depth);
    t.path += glm::length(glm::dvec3(state.position - from));
    for (const collision::Contact& c : state.contacts) t.closest = std::min(t.closest, c.distance);
    t.touching += std::any_of(state.contacts.begin(), state.contacts.end(), [](const auto& c) { return !c.walkable; });
    // Past the skin by more than the float spacing at the body's coordinates (1e5 in the zoo's
    // far_origin: 7.8 mm, over twice the 3 mm skin of a 0.3 m body, so a position rounds by
    // more than the skin; elsewhere a few ulps of a metre).
    if (!within) {
      ++t.beyond_skin;
      if (failures.size() < 2000) {
        char line[256];
        std::snprintf(line, sizeof line, "  %s walk %u frame %d at (%.9g, %.9g, %.9g): depth %g (skin %g)%s\n",
                      collision::to_string(body.shape), walk, f, static_cast<double>(state.position.x),
                      static_cast<double>(state.position.y), static_cast<double>(state.position.z),
                      static_cast<double>(depth), static_cast<double>(skin),
                      method_fork ? " (after a classic method)" : second ? " (forked walk)" : "");
        failures += line;
      }
    }
  }
}

// The starts of a scene's walks: a map's spawns (prism_walks::start_points); for a mesh, its
// `# prism-spawn` point (the debugger's) first, then random free points above a floor where
// the scene has room for them (the bug zoo's pits have none).
std::vector<glm::vec3> start_points(const collision::io::Level& level, const collision::World& world, const Body& body,
                                    const glm::vec3* spawn) {
  if (!spawn) return prism_walks::start_points(level, world, body, level.up, PRISM_BODY_WALKS, kSeed);
  std::vector<glm::vec3> out{*spawn};
  for (std::uint32_t i = 1; i < PRISM_BODY_WALKS; ++i) {
    try {
      out.push_back(prism_walks::random_free_point(world, body, level.up, kSeed, i, 20000));
    } catch (const std::runtime_error&) {
      out.push_back(*spawn);  // walk i from the spawn: another walk all the same (its own inputs)
    }
  }
  return out;
}

void walk_scene(const std::string& name, const collision::io::Level& level, float w, float h,
                const collision::CharacterParams& base = {}, const glm::vec3* spawn = nullptr) {
  const collision::World world(level.mesh);
  const std::vector<Body> shapes = bodies(w, h, level.up);
  const Body tall = Body::capsule(0.375f * h, 0.625f * h, level.up);
  Tally tally[4], after_classic[4];
  std::string failures, failures_after_classic;
  for (int b = 0; b < 4; ++b) {
    const int next = (b + 1) % 4;
    const auto starts = start_points(level, world, shapes[b], spawn);
    for (std::uint32_t i = 0; i < starts.size(); ++i) {
      run(world, level.up, shapes[b], nullptr, i, starts[i], base, tally, b, b, failures);
      run(world, level.up, shapes[b], &shapes[next], i, starts[i], base, tally, b, next, failures);
      // Issue 38's fork: the sphere to a capsule as wide as the others and 0.4 h taller (the
      // default scene's 0.3 m capsule of half height 0.5 from its 0.4 m sphere), its segment's
      // lower end 0.12 h into the floor, on the default scene's 2,048 floor tiles too.
      if (b == 0) run(world, level.up, shapes[0], &tall, i, starts[i], base, tally, 0, 3, failures);
      // The method fork: each classic method for the first half, the robust one after.
      for (const collision::Method m : kClassic)
        run(world, level.up, shapes[b], nullptr, i, starts[i], base, after_classic, b, b, failures_after_classic, m);
    }
  }
  for (int b = 0; b < 4; ++b) {
    const float skin = collision::MoveParams{}.resolved_skin(shapes[b]);
    std::printf("[ walks    ] %-18s %-9s frames %4zu (%3zu at walls), path %7.1f, forks into overlap %zu (%zu skipped), closest end gap %.3g "
                "(skin %.3g), deepest end overlap %.3g, beyond the skin %zu\n",
                name.c_str(), b == 0 ? "sphere" : collision::to_string(shapes[b].shape), tally[b].frames, tally[b].touching, tally[b].path,
                tally[b].forks_into_overlap, tally[b].forks_skipped, static_cast<double>(tally[b].closest), static_cast<double>(skin),
                static_cast<double>(tally[b].deepest), tally[b].beyond_skin);
    EXPECT_EQ(tally[b].beyond_skin, 0u) << name << ", body " << b << ":\n" << failures;
  }
  for (int b = 0; b < 4; ++b) {
    const Tally& t = after_classic[b];
    std::printf("[ walks    ] %-18s %-9s robust after a classic half: %zu forks (%zu left deeper than the skin), "
                "slowest recovery %d frames, %zu wedged (longest %d frames, never deeper), frames %4zu, deepest end overlap %.3g, beyond the skin %zu\n",
                name.c_str(), b == 0 ? "sphere" : collision::to_string(shapes[b].shape), t.method_forks,
                t.method_forks_into_overlap, t.slowest_recovery, t.wedged, t.longest_wedged, t.frames, static_cast<double>(t.deepest), t.beyond_skin);
    EXPECT_EQ(t.beyond_skin, 0u) << name << ", body " << b << " after a classic method:\n" << failures_after_classic;
    EXPECT_LE(t.slowest_recovery, kRecoveryFrames) << name << ", body " << b;
  }
  std::fflush(stdout);
}

fs::path assets() { return fs::path(PRISM_SOURCE_DIR) / "assets"; }

// A mesh scene and its `# prism-spawn X Y Z YAW` comment line (tools/make_zoo.py).
void walk_mesh_scene(const std::string& name, const fs::path& obj) {
  std::ifstream in(obj);
  std::string line;
  glm::vec3 spawn(0.0f);
  bool found = false;
  while (!found && std::getline(in, line)) {
    std::istringstream ls(line);
    std::string hash, tag;
    found = (ls >> hash >> tag) && hash == "#" && tag == "prism-spawn" && (ls >> spawn.x >> spawn.y >> spawn.z);
  }
  ASSERT_TRUE(found) << obj << " has no prism-spawn line";
  walk_scene(name, collision::io::load_level(obj.string()), 0.3f, 0.8f, {}, &spawn);
}

}  // namespace

TEST(BodyWalks, DefaultSceneEveryBodyAndForkNeverEndsDeeperThanTheSkin) {
  walk_mesh_scene("default", assets() / "default_scene.obj");
}

TEST(BodyWalks, ZooScenesEveryBodyAndForkNeverEndsDeeperThanTheSkin) {
  std::vector<fs::path> scenes;
  for (const auto& e : fs::directory_iterator(assets() / "zoo"))
    if (e.path().extension() == ".obj") scenes.push_back(e.path());
  std::sort(scenes.begin(), scenes.end());
  ASSERT_GE(scenes.size(), 10u);
  for (const fs::path& p : scenes) walk_mesh_scene("zoo:" + p.stem().string(), p);
}

// Quake's player height (56 units, 15 wide) and figures (bg_pmove.c).
TEST(BodyWalks, OpenArenaMapsEveryBodyAndForkNeverEndsDeeperThanTheSkin) {
  collision::CharacterParams quake;
  quake.gravity = 800.0f;
  quake.jump_speed = 270.0f;
  quake.walk_speed = 320.0f;
  quake.step_height = 18.0f;
  for (const char* map : {"oa_dm1", "ctf_inyard"}) walk_scene(map, collision::io::load_level(map), 15.0f, 56.0f, quake);
}
