// The character layer with a box (Quake's player: 30 x 30 x 56 units) and a capsule (radius 15,
// half height 13, along up): the same contract as the sphere's (tests in
// test_character_behaviour.cpp): rests exactly one skin from what it touches at every frame
// rate, stops one skin from walls, climbs steps up to the step height and no higher, stands on
// walkable slopes without creeping and slides off steep ones. Quake scale, Z up.
#include <cmath>
#include <string>
#include <vector>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision/character.hpp"
#include "collision/contacts.hpp"
#include "movement_scenes.hpp"

using collision::Body;
using collision::CharacterParams;
using collision::CharacterState;
using collision::GroundState;
using glm::vec3;
using movement_test::SceneBuilder;

namespace {

constexpr float kSkin = 0.25f;
constexpr float kTolerance = 2e-3f;  // the skin contract at this scale (1e-4 of a 15-unit body is 1.5e-3)
constexpr float kDeg = 3.14159265358979f / 180.0f;

struct Shape {
  std::string name;
  Body body;
  float half_width;   // from the centre to a wall it walks into (along x)
  float half_height;  // from the centre to the floor
};

const Shape kShapes[] = {
    {"box", Body::box({15, 15, 28}), 15.0f, 28.0f},
    {"capsule", Body::capsule(15.0f, 13.0f, {0, 0, 1}), 15.0f, 28.0f},
};

CharacterParams quake_params() {  // Quake 3's figures: bg_pmove.c
  CharacterParams p;
  p.up = {0, 0, 1};
  p.gravity = 800.0f;
  p.jump_speed = 270.0f;
  p.walk_speed = 320.0f;
  p.step_height = 18.0f;
  p.max_slope_degrees = 45.6f;  // MIN_WALK_NORMAL 0.7
  p.move.skin_width = kSkin;
  return p;
}

struct Character {
  const collision::World& world;
  const Body body;
  CharacterParams params = quake_params();
  CharacterState state;
  float dt;
  collision::CharacterInput input;

  Character(const collision::World& w, const Body& b, vec3 at, float hz = 60.0f) : world(w), body(b), dt(1.0f / hz) {
    state.position = at;
    state = collision::refresh_contacts(world, body, state, params);
  }
  void simulate(float seconds) {
    const int n = static_cast<int>(std::lround(seconds / dt));
    for (int i = 0; i < n; ++i) {
      state = collision::step_character(world, body, state, input, dt, params);
      input.jump = false;
    }
  }
  vec3 pos() const { return state.position; }
  // The smallest gap from the body to any triangle, by the core's exact contacts.
  float gap() const {
    std::vector<collision::Contact> near;
    collision::find_contacts(world, body, pos(), 100.0f, near);
    float g = 1e30f;
    for (const collision::Contact& c : near) g = std::min(g, c.distance);
    return g;
  }
};

void floor(SceneBuilder& s) { s.box({-1000, -1000, -16}, {1000, 1000, 0}); }

const float kRates[] = {30.0f, 60.0f, 120.0f, 360.0f};

}  // namespace

TEST(CharacterShapes, FallsOntoFloorAndRestsOneSkinAboveItAtEveryFrameRate) {
  SceneBuilder s;
  floor(s);
  const auto w = s.world();
  for (const Shape& sh : kShapes) {
    for (float hz : kRates) {
      Character c(w, sh.body, {0, 0, 100}, hz);
      c.simulate(1.5f);
      SCOPED_TRACE(sh.name + " at " + std::to_string(hz) + " Hz");
      EXPECT_EQ(c.state.ground, GroundState::kOnGround);
      EXPECT_NEAR(c.pos().z, sh.half_height + kSkin, kTolerance);
      EXPECT_NEAR(c.gap(), kSkin, kTolerance);
      EXPECT_NEAR(c.state.ground_normal.z, 1.0f, 1e-5f);
      const vec3 rest = c.pos();
      c.simulate(0.5f);
      EXPECT_EQ(c.pos(), rest) << "no sinking, no jitter at rest";
    }
  }
}

TEST(CharacterShapes, WalksIntoAWallAndStopsOneSkinFromIt) {
  SceneBuilder s;
  floor(s);
  s.box({100, -500, 0}, {120, 500, 200});  // a wall whose face is x = 100
  const auto w = s.world();
  for (const Shape& sh : kShapes) {
    for (float hz : kRates) {
      Character c(w, sh.body, {0, 0, sh.half_height + kSkin}, hz);
      c.input.velocity = {320, 0, 0};
      c.simulate(1.0f);
      SCOPED_TRACE(sh.name + " at " + std::to_string(hz) + " Hz");
      EXPECT_NEAR(c.pos().x, 100.0f - sh.half_width - kSkin, kTolerance);
      EXPECT_NEAR(c.pos().z, sh.half_height + kSkin, kTolerance);
      EXPECT_NEAR(c.gap(), kSkin, kTolerance);
      EXPECT_EQ(c.state.ground, GroundState::kOnGround);
      EXPECT_NEAR(c.state.velocity.x, 0.0f, 1e-3f) << "the velocity into the wall is removed";
    }
  }
}

TEST(CharacterShapes, SlidesAlongAWallAtTheInputsTangentialSpeed) {
  SceneBuilder s;
  floor(s);
  s.box({100, -2000, 0}, {120, 2000, 200});
  const auto w = s.world();
  for (const Shape& sh : kShapes) {
    Character c(w, sh.body, {100.0f - sh.half_width - kSkin, 0, sh.half_height + kSkin});
    c.input.velocity = {226.27f, 226.27f, 0};  // 320 at 45 degrees into the wall
    c.simulate(1.0f);
    SCOPED_TRACE(sh.name);
    EXPECT_NEAR(c.pos().y, 226.27f, 0.5f) << "the tangential part is kept whole";
    EXPECT_NEAR(c.pos().x, 100.0f - sh.half_width - kSkin, kTolerance);
  }
}

TEST(CharacterShapes, ClimbsAStepUpToTheStepHeightAndNoHigher) {
  for (const Shape& sh : kShapes) {
    for (float step : {16.0f, 24.0f}) {
      SceneBuilder s;
      floor(s);
      s.box({100, -500, 0}, {900, 500, step});
      const auto w = s.world();
      Character c(w, sh.body, {0, 0, sh.half_height + kSkin});
      c.input.velocity = {320, 0, 0};
      c.simulate(1.5f);
      SCOPED_TRACE(sh.name + " step " + std::to_string(step));
      if (step <= 18.0f) {
        EXPECT_GT(c.pos().x, 200.0f) << "walked on, on top of the step";
        EXPECT_NEAR(c.pos().z, step + sh.half_height + kSkin, kTolerance);
        EXPECT_EQ(c.state.ground, GroundState::kOnGround);
      } else {
        EXPECT_NEAR(c.pos().x, 100.0f - sh.half_width - kSkin, kTolerance) << "held at the step's face";
        EXPECT_NEAR(c.pos().z, sh.half_height + kSkin, kTolerance);
      }
    }
  }
}

TEST(CharacterShapes, StandsOnAWalkableSlopeAndSlidesOffASteepOne) {
  for (const Shape& sh : kShapes) {
    for (float degrees : {30.0f, 60.0f}) {
      SceneBuilder s;
      s.ramp(-500, 0, 1000, degrees, -500, 500);
      const auto w = s.world();
      const float h = 500.0f * std::tan(degrees * kDeg);  // the ramp's height at x = 0
      Character c(w, sh.body, {0, 0, h + 80.0f});
      c.simulate(1.0f);
      SCOPED_TRACE(sh.name + " on " + std::to_string(degrees) + " degrees");
      if (degrees < 45.6f) {
        EXPECT_EQ(c.state.ground, GroundState::kOnGround);
        EXPECT_NEAR(c.gap(), kSkin, kTolerance);
        const vec3 rest = c.pos();
        c.simulate(2.0f);
        EXPECT_EQ(c.pos(), rest) << "no creeping down the slope";
      } else {
        const vec3 before = c.pos();
        c.simulate(0.5f);
        EXPECT_LT(c.pos().z, before.z - 10.0f) << "slides down";
        EXPECT_LT(c.pos().x, before.x) << "down the slope, not up";
        EXPECT_GE(c.gap(), kSkin - kTolerance) << "never into the slope";
      }
    }
  }
}

TEST(CharacterShapes, JumpsToTheHeightGravityAllowsAndLandsOneSkinUp) {
  SceneBuilder s;
  floor(s);
  const auto w = s.world();
  for (const Shape& sh : kShapes) {
    Character c(w, sh.body, {0, 0, sh.half_height + kSkin}, 360.0f);
    c.input.jump = true;
    float top = 0.0f;
    for (int i = 0; i < 360; ++i) {
      c.simulate(1.0f / 360.0f);
      top = std::max(top, c.pos().z);
    }
    SCOPED_TRACE(sh.name);
    // v^2 / 2g = 270^2 / 1600 = 45.56 above the rest height (within a frame's rise).
    EXPECT_NEAR(top - (sh.half_height + kSkin), 45.5625f, 0.8f);
    EXPECT_NEAR(c.pos().z, sh.half_height + kSkin, kTolerance);
  }
}

TEST(CharacterShapes, ABoxStandsOnALedgeByItsFlatBottom) {
  // A ledge whose top is z = 64, its edge at x = 0; the body's centre 13 units past the edge, so
  // only 2 units of the box's bottom are over the ledge (Quake's player stands there): the
  // contact is the ledge's edge against the box's bottom face, normal straight up.
  SceneBuilder s;
  floor(s);
  s.box({-500, -500, 0}, {0, 500, 64});
  const auto w = s.world();
  Character box(w, kShapes[0].body, {13, 0, 64 + 28 + kSkin});
  box.simulate(1.0f);
  EXPECT_EQ(box.state.ground, GroundState::kOnGround);
  EXPECT_NEAR(box.pos().x, 13.0f, 1e-4f) << "no sliding off";
  EXPECT_NEAR(box.pos().z, 64 + 28 + kSkin, kTolerance);
  EXPECT_NEAR(box.state.ground_normal.z, 1.0f, 1e-5f) << "the box's bottom face rests on the edge: the normal is up";
}

TEST(CharacterShapes, ASphereHeldOnALedgesEdgeReportsNoVelocity) {
  // A sphere whose centre is 13 units past a ledge's edge touches it with a normal 58 degrees
  // from up, but is held by the ledge's walkable top face (the surface normal decides, as in
  // Jolt's CharacterVirtual): it stays, on the ground, and its velocity says so (it used to keep
  // gravity's part along the edge's tangent, 11 units/s, while not moving).
  SceneBuilder s;
  floor(s);
  s.box({-500, -500, 0}, {0, 500, 64});
  const auto w = s.world();
  Character ball(w, Body::sphere(15.0f), {13, 0, 64 + std::sqrt(15.25f * 15.25f - 169.0f)});
  const vec3 start = ball.pos();
  ball.simulate(1.0f);
  EXPECT_EQ(ball.state.ground, GroundState::kOnGround);
  EXPECT_EQ(ball.pos(), start);
  EXPECT_EQ(ball.state.velocity, vec3(0.0f));
}

// Boxes and capsules also start each step against the faces they touch (checked by their gap,
// distance_to_triangle): on the floor, the walk is one sweep that hits nothing; leaning on a
// wall, the wall's plane is kept too.
TEST(CharacterShapes, WalkingStartsAgainstTheFloorAndTheWallItLeansOn) {
  SceneBuilder s;
  floor(s);
  s.box({100, -2000, 0}, {120, 2000, 200});
  const auto w = s.world();
  for (const Shape& sh : kShapes) {
    SCOPED_TRACE(sh.name);
    Character c(w, sh.body, {0, 0, sh.half_height + kSkin});
    c.input.velocity = {0, 320, 0};
    c.simulate(0.25f);
    collision::Trace trace;
    c.state = collision::step_character(w, sh.body, c.state, c.input, c.dt, c.params, &trace);
    ASSERT_EQ(trace.touching.size(), 1u);
    EXPECT_EQ(trace.touching[0].normal, vec3(0, 0, 1));
    ASSERT_EQ(trace.iterations.size(), 1u);
    EXPECT_FALSE(trace.iterations[0].hit);
    EXPECT_EQ(c.pos().z, sh.half_height + kSkin);
    c.state.position.x = 100.0f - sh.half_width - kSkin;
    c.state = collision::refresh_contacts(w, sh.body, c.state, c.params);
    c.input.velocity = {226.27f, 226.27f, 0};
    c.state = collision::step_character(w, sh.body, c.state, c.input, c.dt, c.params, &trace);
    ASSERT_EQ(trace.touching.size(), 2u);
    EXPECT_EQ(trace.touching[1].normal, vec3(-1, 0, 0));
    EXPECT_NEAR(c.pos().x, 100.0f - sh.half_width - kSkin, kTolerance);
  }
}
