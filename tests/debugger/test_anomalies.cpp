// The anomaly finder on made-up frames: each kind's threshold on the simplest motion that
// crosses it, and the same motion just inside it (debugger/record/include/debugger/anomalies.hpp).
#include <vector>

#include <gtest/gtest.h>

#include "debugger/anomalies.hpp"
#include "debugger/scene.hpp"

namespace {

using debugger::EventKind;

/// A 20 m floor at y = 0 and a wall at z = -2 (facing +z), a sphere of radius 0.4 on it.
struct Floor {
  debugger::Scene scene = debugger::scene_from_obj(
      "v -10 0 -10\nv -10 0 10\nv 10 0 10\nv 10 0 -10\nf 1 2 3\nf 1 3 4\n"
      "v -10 0 -2\nv 10 0 -2\nv 10 3 -2\nv -10 3 -2\nf 5 6 7\nf 5 7 8\n",
      "floor");
  collision::Body body = collision::Body::sphere(0.4f);
  collision::CharacterParams params;
  float dt = 1.0f / 60.0f;
  Floor() { params.up = {0, 1, 0}; params = params.resolved(body); }

  collision::CharacterState at(glm::vec3 p, collision::GroundState g = collision::GroundState::kInAir) const {
    collision::CharacterState s;
    s.position = p;
    s.ground = g;
    return s;
  }
  /// Kinds flagged over a walk through `positions` (frame i goes from positions[i] to [i + 1]).
  std::vector<debugger::Event> run(const std::vector<glm::vec3>& positions, glm::vec3 wish,
                                   collision::GroundState g = collision::GroundState::kInAir) const {
    debugger::AnomalyFinder finder(*scene.world, body, params, dt, true);
    debugger::FrameInput in;
    in.character.wish = wish;
    collision::Trace trace;
    std::vector<debugger::Event> out;
    for (std::size_t i = 0; i + 1 < positions.size(); ++i)
      finder.find(static_cast<int>(i), at(positions[i], g), at(positions[i + 1], g), in, trace, out);
    return out;
  }
};

int count(const std::vector<debugger::Event>& ev, EventKind k) {
  int n = 0;
  for (const debugger::Event& e : ev) n += e.kind == k ? 1 : 0;
  return n;
}

/// Positions at height 0.404 repeating `pattern` (x steps) for `frames` frames.
std::vector<glm::vec3> oscillation(const std::vector<float>& pattern, int frames) {
  std::vector<glm::vec3> p{{0.0f, 0.404f, 0.0f}};
  for (int i = 0; i < frames; ++i) p.push_back(p.back() + glm::vec3(pattern[static_cast<std::size_t>(i) % pattern.size()], 0, 0));
  return p;
}

TEST(AnomalyFinder, JitterWithPeriodsTwoThreeAndFourUnderOneInput) {
  Floor f;
  const glm::vec3 east(1, 0, 0);
  EXPECT_GT(count(f.run(oscillation({0.05f, -0.05f}, 20), east), EventKind::kJitter), 0) << "period 2";
  EXPECT_GT(count(f.run(oscillation({0.05f, 0.05f, -0.1f}, 20), east), EventKind::kJitter), 0) << "period 3";
  EXPECT_GT(count(f.run(oscillation({0.05f, 0.05f, -0.05f, -0.05f}, 20), east), EventKind::kJitter), 0) << "period 4";
  // Walking on with a step back now and then is not jitter (it gets somewhere).
  EXPECT_EQ(count(f.run(oscillation({0.05f, 0.05f, 0.05f, 0.05f, 0.05f, -0.02f}, 40), east), EventKind::kJitter), 0);
  // Moves within two skins (8 mm) are resting, not jitter.
  EXPECT_EQ(count(f.run(oscillation({0.005f, -0.005f}, 20), east), EventKind::kJitter), 0);
}

TEST(AnomalyFinder, PassThroughListsTheWallCrossed) {
  Floor f;
  const std::vector<debugger::Event> ev = f.run({{0, 0.5f, -1.0f}, {0, 0.5f, -3.0f}}, {0, 0, -1});
  ASSERT_EQ(count(ev, EventKind::kPassThrough), 1);
  for (const debugger::Event& e : ev) {
    if (e.kind != EventKind::kPassThrough) continue;
    ASSERT_EQ(e.triangles.size(), 1u);
    EXPECT_TRUE(e.triangles[0] == 2 || e.triangles[0] == 3) << e.triangles[0] << " is not the wall's";
  }
}

TEST(AnomalyFinder, OverlapBeyondTheSkinOnly) {
  Floor f;  // radius 0.4, skin 4 mm: 3 mm into the floor is within it, 5 mm is beyond
  EXPECT_EQ(count(f.run({{0, 0.404f, 0}, {0, 0.397f, 0}}, {}), EventKind::kEndsInOverlap), 0);
  EXPECT_EQ(count(f.run({{0, 0.404f, 0}, {0, 0.395f, 0}}, {}), EventKind::kEndsInOverlap), 1);
}

TEST(AnomalyFinder, PushAwayBeyondWhatTheVelocitiesCarry) {
  Floor f;  // at rest, no input: a 12 cm jump in a frame is beyond a quarter radius (10 cm)
  EXPECT_EQ(count(f.run({{0, 0.404f, 0}, {0.12f, 0.404f, 0}}, {}), EventKind::kPushAway), 1);
  EXPECT_EQ(count(f.run({{0, 0.404f, 0}, {0.08f, 0.404f, 0}}, {}), EventKind::kPushAway), 0);
}

}  // namespace
