// The character behaves like Jolt's CharacterVirtual (its unit tests' scenes and numbers, for a
// sphere): metre scale, Y up, radius 0.3, skin 0.02, walkable slope 50 degrees, step 0.4,
// gravity 9.81. Each test names the behaviour and states its tolerance.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <stdexcept>
#include <vector>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision/character.hpp"
#include "movement_scenes.hpp"

using collision::Body;
using collision::CharacterInput;
using collision::CharacterParams;
using collision::CharacterState;
using collision::GroundState;
using glm::vec3;
using movement_test::SceneBuilder;

namespace {

constexpr float kR = 0.3f;
constexpr float kSkin = 0.02f;
constexpr float kG = 9.81f;
constexpr float kDeg = 3.14159265358979f / 180.0f;
const Body kBody = Body::sphere(kR);
constexpr float kSkinTolerance = 1e-4f * kR;  // the skin contract

CharacterParams metre_params() {
  CharacterParams p;
  p.up = {0, 1, 0};
  p.max_slope_degrees = 50.0f;
  p.gravity = kG;
  p.jump_speed = 4.0f;
  p.step_height = 0.4f;
  p.snap_distance = 0.5f;  // Jolt's mStickToFloorStepDown
  p.move.skin_width = kSkin;
  return p;
}

// Jolt's PhysicsTestContext::CreateFloor: a slab whose top is y = 0.
void floor(SceneBuilder& s) { s.box({-100, -1, -100}, {100, 0, 100}); }

// A box of half extents `half` rotated by `angle` about Z around the origin (Jolt's slope).
void rotated_box(SceneBuilder& s, vec3 half, float angle) {
  SceneBuilder b;
  b.box(-half, half);
  const float c = std::cos(angle), sn = std::sin(angle);
  for (auto t : b.tris) {
    for (vec3* p : {&t.a, &t.b, &t.c}) *p = vec3(c * p->x - sn * p->y, sn * p->x + c * p->y, p->z);
    s.tris.push_back(t);
  }
}

struct Character {
  const collision::World& world;
  CharacterParams params = metre_params();
  CharacterState state;
  float dt = 1.0f / 60.0f;
  CharacterInput input;
  Body body = kBody;

  Character(const collision::World& w, vec3 at, float hz = 60.0f, const Body& b = kBody)
      : world(w), dt(1.0f / hz), body(b) {
    place(at);
  }
  void place(vec3 at) {
    CharacterState s;
    s.position = at;
    state = collision::refresh_contacts(world, body, s, params);
  }
  void step(collision::Trace* trace = nullptr) {
    state = collision::step_character(world, body, state, input, dt, params, trace);
    input.jump = false;
  }
  void simulate(float seconds) {
    const int n = static_cast<int>(std::lround(seconds / dt));
    for (int i = 0; i < n; ++i) step();
  }
  vec3 pos() const { return state.position; }
};

// Every touched triangle is one skin away (within kSkinTolerance), and nothing is nearer.
void expect_skin_kept(const Character& c) {
  for (const collision::Contact& k : c.state.contacts) {
    EXPECT_NEAR(k.distance, kSkin, kSkinTolerance) << "triangle " << k.triangle;
  }
  EXPECT_GE(movement_test::clearance(c.world, c.pos()), kR + kSkin - kSkinTolerance);
}

const float kRates[] = {30.0f, 60.0f, 120.0f, 240.0f, 360.0f};

}  // namespace

TEST(CharacterBehaviour, FallsOntoFloorAndRestsOneSkinAboveItAtEveryFrameRate) {
  SceneBuilder s;
  floor(s);
  const auto w = s.world();
  for (float hz : kRates) {
    Character c(w, {0, 2, 0}, hz);
    c.simulate(1.5f);
    EXPECT_EQ(c.state.ground, GroundState::kOnGround) << hz << " Hz";
    EXPECT_NEAR(c.pos().y, kR + kSkin, kSkinTolerance) << hz << " Hz";
    ASSERT_FALSE(c.state.contacts.empty());
    expect_skin_kept(c);
    EXPECT_NEAR(glm::length(c.state.effective_velocity), 0.0f, 1e-4f) << hz << " Hz";
    const vec3 rest = c.pos();
    c.simulate(0.5f);
    EXPECT_EQ(c.pos(), rest) << "no sinking, no jitter at rest, " << hz << " Hz";
  }
}

TEST(CharacterBehaviour, PushedAgainstWallRestsOneSkinFromItAtEveryFrameRate) {
  SceneBuilder s;
  floor(s);
  s.box({1, 0, -10}, {2, 3, 10});  // a wall whose face is x = 1
  const auto w = s.world();
  for (float hz : kRates) {
    Character c(w, {0, kR + kSkin, 0}, hz);
    c.input.velocity = {2, 0, 0};
    c.simulate(1.5f);
    EXPECT_NEAR(c.pos().x, 1.0f - kR - kSkin, kSkinTolerance) << hz << " Hz";
    EXPECT_NEAR(c.pos().y, kR + kSkin, kSkinTolerance) << hz << " Hz";
    EXPECT_EQ(c.state.ground, GroundState::kOnGround);
    expect_skin_kept(c);
    EXPECT_NEAR(c.state.velocity.x, 0.0f, 1e-5f) << "the velocity into the wall is removed";
  }
}

TEST(CharacterBehaviour, PushedIntoCornerAndOnSlopeKeepsTheSkinToEverySurface) {
  SceneBuilder s;
  floor(s);
  s.box({1, 0, -10}, {2, 3, 10});    // wall x = 1
  s.box({-10, 0, 1}, {2, 3, 2});     // wall z = 1
  const auto w = s.world();
  for (float hz : kRates) {
    Character c(w, {0, kR + kSkin, 0}, hz);
    c.input.velocity = {2, 0, 2};
    c.simulate(1.5f);
    EXPECT_NEAR(c.pos().x, 1.0f - kR - kSkin, kSkinTolerance) << hz << " Hz";
    EXPECT_NEAR(c.pos().z, 1.0f - kR - kSkin, kSkinTolerance) << hz << " Hz";
    expect_skin_kept(c);
  }
  SceneBuilder ramp;
  rotated_box(ramp, {100, 1, 100}, 30.0f * kDeg);
  const auto rw = ramp.world();
  for (float hz : kRates) {
    Character c(rw, {0, (1 + kR + kSkin) / std::cos(30.0f * kDeg), 0}, hz);
    c.input.velocity = {1, 0, 0.5f};
    c.simulate(1.0f);
    expect_skin_kept(c);
    c.input.velocity = {};
    c.simulate(0.5f);
    expect_skin_kept(c);
  }
}

TEST(CharacterBehaviour, FallingAndJumpingLikeJolt) {
  SceneBuilder s;
  floor(s);
  const auto w = s.world();
  Character c(w, {0, 2, 0});
  c.step();
  EXPECT_EQ(c.state.ground, GroundState::kInAir);
  c.simulate(1.0f);
  EXPECT_EQ(c.state.ground, GroundState::kOnGround);
  EXPECT_NEAR(c.pos().y, kR + kSkin, kSkinTolerance);
  // The jump frame rises (v + g dt) dt: gravity acts on the jump frame too.
  const vec3 before = c.pos();
  c.params.jump_speed = 1.0f;
  c.input.jump = true;
  c.step();
  const float v = 1.0f - kG * c.dt;
  EXPECT_NEAR(c.pos().y - before.y, v * c.dt, 1e-6f);
  EXPECT_NEAR(c.state.effective_velocity.y, v, 1e-4f);
  EXPECT_NEAR(c.state.velocity.y, v, 1e-5f);
  EXPECT_EQ(c.state.ground, GroundState::kInAir);
  c.simulate(1.0f);
  EXPECT_EQ(c.state.ground, GroundState::kOnGround);
  EXPECT_NEAR(c.pos().y, kR + kSkin, kSkinTolerance);
}

// Jolt's TestMovingOnSlope: 2 m/s along +x (uphill) for 1.5 s. Walkable: the input plus one
// frame of gravity, projected onto the slope. Steep: the input is cancelled and the body falls
// freely, projected onto the slope. Tolerance 1e-4 m (Jolt's).
TEST(CharacterBehaviour, MovesAlongWalkableSlopesAndSlidesDownSteepOnesLikeJolt) {
  for (float degrees : {5.0f, 15.0f, 25.0f, 35.0f, 45.0f, 55.0f, 65.0f, 75.0f, 85.0f}) {
    SCOPED_TRACE(degrees);
    const float angle = degrees * kDeg;
    SceneBuilder s;
    rotated_box(s, {100, 1, 100}, angle);
    const auto w = s.world();
    Character c(w, {0, (1 + kR + kSkin) / std::cos(angle), 0});
    const bool steep = degrees > 50.0f;
    const GroundState expected = steep ? GroundState::kOnSteepGround : GroundState::kOnGround;
    EXPECT_EQ(c.state.ground, expected) << "from the contacts before any step";
    const vec3 n(-std::sin(angle), std::cos(angle), 0.0f);
    const vec3 g(0, -kG, 0);
    const vec3 start = c.pos();
    c.step();
    EXPECT_EQ(c.state.ground, expected);
    vec3 after_one = start;
    if (steep) {
      vec3 v = g * c.dt;
      v -= glm::dot(v, n) * n;
      after_one += v * c.dt;
    }
    EXPECT_NEAR(glm::length(c.pos() - after_one), 0.0f, 1e-5f);
    c.state.velocity = c.state.input_velocity = vec3(0.0f);  // as Jolt's test does
    const vec3 from = c.pos();
    c.input.velocity = {2, 0, 0};
    c.simulate(1.5f);
    EXPECT_EQ(c.state.ground, expected);
    vec3 want(0.0f);
    if (steep) {
      vec3 v(0.0f);
      for (int i = 0; i < 90; ++i) {
        v += g * c.dt;
        want += v * c.dt;
      }
    } else {
      want = (c.input.velocity + g * c.dt) * 1.5f;
    }
    want -= glm::dot(want, n) * n;
    const vec3 got = c.pos() - from;
    EXPECT_NEAR(got.x, want.x, 1e-4f);
    EXPECT_NEAR(got.y, want.y, 1e-4f);
    EXPECT_NEAR(got.z, want.z, 1e-4f);
    expect_skin_kept(c);
  }
}

TEST(CharacterBehaviour, WalkingUpA45DegreeRampWithoutGravityIsOneMetrePerSecondEachWay) {
  SceneBuilder s;
  rotated_box(s, {100, 1, 100}, 45.0f * kDeg);
  const auto w = s.world();
  Character c(w, {0, (1 + kR + kSkin) / std::cos(45.0f * kDeg), 0});
  c.params.gravity = 0.0f;
  c.input.velocity = {2, 0, 0};
  c.step();  // the first step starts the slide
  const vec3 from = c.pos();
  c.simulate(1.0f);
  EXPECT_NEAR(c.pos().x - from.x, 1.0f, 1e-4f);
  EXPECT_NEAR(c.pos().y - from.y, 1.0f, 1e-4f);
  EXPECT_NEAR(c.state.effective_velocity.x, 1.0f, 1e-3f);
  EXPECT_NEAR(c.state.effective_velocity.y, 1.0f, 1e-3f);
}

TEST(CharacterBehaviour, WalkableSlopeNeverTriggersStepUpAndHeightRisesSmoothly) {
  SceneBuilder s;
  rotated_box(s, {100, 1, 100}, 45.0f * kDeg);
  const auto w = s.world();
  Character c(w, {0, (1 + kR + kSkin) / std::cos(45.0f * kDeg), 0});
  c.input.velocity = {2, 0, 0};
  collision::Trace trace;
  float last_dy = -1.0f;
  for (int i = 0; i < 90; ++i) {
    const vec3 before = c.pos();
    c.step(&trace);
    EXPECT_FALSE(trace.step_up.attempted) << "frame " << i;
    const vec3 d = c.pos() - before;
    EXPECT_NEAR(d.y, d.x, 1e-5f) << "frame " << i << ": the move follows the slope";
    if (i > 1) {
      EXPECT_NEAR(d.y, last_dy, 1e-5f) << "frame " << i << ": no zigzag";
    }
    last_dy = d.y;
  }
}

TEST(CharacterBehaviour, StandingOnWalkableSlopeDoesNotCreep) {
  for (float degrees : {15.0f, 30.0f, 45.0f, 50.0f}) {
    SceneBuilder s;
    rotated_box(s, {100, 1, 100}, degrees * kDeg);
    const auto w = s.world();
    Character c(w, {0, (1 + kR + kSkin) / std::cos(degrees * kDeg), 0});
    const vec3 start = c.pos();
    c.simulate(2.0f);
    EXPECT_EQ(c.pos(), start) << degrees << " degrees: bit-identical after 2 s";
    EXPECT_EQ(c.state.ground, GroundState::kOnGround);
  }
}

// Jolt's TestStickToFloor: 10 m/s down a 45 degree slope for 1.5 s.
TEST(CharacterBehaviour, StickToFloorFollowsTheSlopeDownAndZeroTurnsItOff) {
  for (bool stick : {true, false}) {
    SCOPED_TRACE(stick);
    SceneBuilder s;
    rotated_box(s, {100, 1, 100}, 45.0f * kDeg);
    const auto w = s.world();
    Character c(w, {0, (1 + kR + kSkin) / std::cos(45.0f * kDeg), 0});
    c.params.snap_distance = stick ? 0.5f : 0.0f;
    c.step();
    EXPECT_EQ(c.state.ground, GroundState::kOnGround);
    c.state.velocity = c.state.input_velocity = vec3(0.0f);
    const vec3 from = c.pos();
    c.input.velocity = {-10, 0, 0};
    c.simulate(1.5f);
    EXPECT_EQ(c.state.ground, stick ? GroundState::kOnGround : GroundState::kInAir);
    vec3 want(-15, -15, 0);
    if (!stick) {
      vec3 v = c.input.velocity;
      want = vec3(0.0f);
      for (int i = 0; i < 90; ++i) {
        v += vec3(0, -kG, 0) * c.dt;
        want += v * c.dt;
      }
    }
    const vec3 got = c.pos() - from;
    EXPECT_NEAR(got.x, want.x, 1e-4f);
    EXPECT_NEAR(got.y, want.y, 1e-4f);
  }
}

namespace {

// Jolt's TestWalkStairs: ten 0.3 m steps, 4 m wide, rising along +z from z = 0.
void stairs(SceneBuilder& s, int steps = 10, float rise = 0.3f) {
  for (int i = 0; i < steps; ++i) {
    const float h = rise * static_cast<float>(i);
    s.box({-2, 0, h}, {2, h + rise, 20});
  }
}

}  // namespace

TEST(CharacterBehaviour, WalksUpStairsAtEveryFrameRateAlwaysOnGroundAndMovingForward) {
  SceneBuilder s;
  floor(s);
  stairs(s);
  const auto w = s.world();
  for (float hz : {60.0f, 120.0f, 240.0f, 360.0f}) {
    SCOPED_TRACE(hz);
    Character c(w, {0, kR + kSkin, -2}, hz);
    c.params.step_height = 0.0f;  // no stair walking: stuck at the first riser
    c.input.velocity = {0, 0, 4};
    c.simulate(1.0f);
    EXPECT_EQ(c.state.ground, GroundState::kOnGround);
    // Resting one skin from the first riser's top edge, 2 cm below the centre.
    EXPECT_NEAR(c.pos().z, -std::sqrt((kR + kSkin) * (kR + kSkin) - kSkin * kSkin), kSkinTolerance);
    c.params.step_height = 0.4f;
    const float time = (10 * 0.3f + kR + kSkin) / 4.0f;
    const int max_steps = static_cast<int>(1.5f * std::round(time / c.dt));
    bool reached = false;
    vec3 last = c.pos();
    for (int i = 0; i < max_steps && !reached; ++i) {
      c.step();
      ASSERT_EQ(c.state.ground, GroundState::kOnGround) << "step " << i;
      EXPECT_NEAR(c.pos().x, 0.0f, 1e-4f);
      ASSERT_GT(c.pos().z, last.z) << "step " << i << ": always moving forward";
      reached = c.pos().y > 10 * 0.3f + kR - 1e-3f;
      last = c.pos();
    }
    EXPECT_TRUE(reached);
  }
}

// Jolt's TestStairWalkAlongWall: sliding along a wall on flat ground must not step up.
TEST(CharacterBehaviour, WalkingAlongWallNeverStepsUpNorGainsSpeed) {
  for (float hz : {60.0f, 120.0f, 240.0f, 360.0f}) {
    SceneBuilder s;
    floor(s);
    s.box({-50, 0, -kR - kSkin - 0.1f}, {50, 2, -kR - kSkin});
    const auto w = s.world();
    Character c(w, {0, kR + kSkin, 0}, hz);
    c.input.velocity = {5, 0, -1};
    c.simulate(1.0f);
    EXPECT_EQ(c.state.ground, GroundState::kOnGround) << hz;
    EXPECT_NEAR(c.pos().x, 5.0f, 1e-2f) << hz;
    EXPECT_NEAR(c.pos().y, kR + kSkin, kSkinTolerance) << hz;
    EXPECT_NEAR(c.pos().z, 0.0f, kSkinTolerance) << hz;
  }
}

TEST(CharacterBehaviour, StairsBesideWallClimbWhenWalkingIntoBoth) {
  SceneBuilder s;
  floor(s);
  stairs(s);
  s.box({1.0f, 0, -5}, {3, 6, 20});  // a wall over the stairs' right side: x = 1
  const auto w = s.world();
  Character c(w, {0, kR + kSkin, -2});
  c.input.velocity = {1, 0, 4};
  c.simulate(2.5f);
  EXPECT_GT(c.pos().y, 10 * 0.3f + kR - 1e-3f) << "reached the top";
  EXPECT_NEAR(c.pos().x, 1.0f - kR - kSkin, kSkinTolerance) << "against the wall";
  EXPECT_EQ(c.state.ground, GroundState::kOnGround);
}

TEST(CharacterBehaviour, SteepStackOfNarrowTreadsIsNotClimbed) {
  // Treads 5 cm deep rising at 80 degrees: each riser (0.28 m) is lower than the step height,
  // but no tread is deep enough to stand on.
  SceneBuilder s;
  floor(s);
  const float tread = 0.05f, rise = tread * std::tan(80.0f * kDeg);
  for (int i = 0; i < 12; ++i) {
    s.box({-2, 0, tread * static_cast<float>(i)}, {2, rise * static_cast<float>(i + 1), 5});
  }
  const auto w = s.world();
  for (float hz : {60.0f, 240.0f}) {
    Character c(w, {0, kR + kSkin, -1}, hz);
    c.input.velocity = {0, 0, 2};
    float top = 0.0f;
    for (int i = 0; i < static_cast<int>(2 * hz); ++i) {
      c.step();
      top = std::max(top, c.pos().y);
    }
    EXPECT_LT(top, kR + kSkin + 1e-3f) << hz << " Hz: never lifted onto a tread";
    const float below = kR + kSkin - rise;  // the first riser's top edge is this far below the centre
    EXPECT_NEAR(c.pos().z, -std::sqrt((kR + kSkin) * (kR + kSkin) - below * below), kSkinTolerance)
        << hz << " Hz: resting one skin from the first riser's top edge";
  }
}

// Jolt's TestInitiallyIntersecting: a box whose face x = 0 passes through the body's centre.
TEST(CharacterBehaviour, StartInsideBoxRecoversAtTheRecoveryRate) {
  for (float k : {1.0f, 0.5f, 0.0f}) {
    SCOPED_TRACE(k);
    SceneBuilder s;
    floor(s);
    s.box({-1, 0, -0.5f}, {0, 1, 0.5f});
    const auto w = s.world();
    Character c(w, {0, kR + kSkin, 0});
    c.params.recovery = k;
    float x = 0.0f;
    for (int i = 0; i < 3; ++i) {
      x += k * (kR + kSkin - x);
      c.step();
      EXPECT_NEAR(c.pos().x, x, 1e-5f) << "step " << i;
      EXPECT_NEAR(c.pos().y, kR + kSkin, kSkinTolerance);
    }
  }
}

TEST(CharacterBehaviour, DeepStartRecoversOverFramesWithABoundedPushAndNeverEndsInside) {
  SceneBuilder s;
  floor(s);
  s.box({-1, 0, -0.5f}, {0, 1, 0.5f});
  const auto w = s.world();
  Character c(w, {0.02f, kR + kSkin, 0});  // 0.28 m into the box's face
  c.params.max_recovery_push = 0.05f;
  float last = c.pos().x;
  int frames = 0;
  while (c.pos().x < kR + kSkin - 1e-6f && frames < 100) {
    collision::Trace trace;
    c.step(&trace);
    ++frames;
    EXPECT_LE(c.pos().x - last, 0.05f + 1e-6f) << "frame " << frames << ": bounded push";
    EXPECT_GT(c.pos().x, last) << "frame " << frames << ": monotonic recovery";
    last = c.pos().x;
  }
  EXPECT_EQ(frames, 6);  // 0.30 m at 0.05 m a frame
  expect_skin_kept(c);
  // With the default bound (radius + skin) the same start takes one frame and no more.
  Character d(w, {0.02f, kR + kSkin, 0});
  d.step();
  EXPECT_NEAR(d.pos().x, kR + kSkin, 1e-5f);
}

TEST(CharacterBehaviour, FastMoveIntoBoxStopsOneSkinFromItWithoutTunnelling) {
  SceneBuilder s;
  floor(s);
  s.box({3, 0, -1}, {3.05f, 2, 1});  // a 5 cm thick panel
  const auto w = s.world();
  for (float hz : {30.0f, 60.0f}) {
    Character c(w, {0, kR + kSkin, 0}, hz);
    c.input.velocity = {200, 0, 0};  // 6.7 m a frame at 30 Hz: more than the whole scene
    c.simulate(0.5f);
    EXPECT_NEAR(c.pos().x, 3.0f - kR - kSkin, kSkinTolerance) << hz;
    expect_skin_kept(c);
  }
}

TEST(CharacterBehaviour, ContactsListWhatTheBodyTouchesWithNormalsAndWalkability) {
  SceneBuilder s;
  floor(s);
  s.box({1, 0, -10}, {2, 3, 10});
  const auto w = s.world();
  Character c(w, {1 - kR - kSkin, kR + kSkin, 0});
  ASSERT_EQ(c.state.ground, GroundState::kOnGround);
  int floors = 0, walls = 0;
  for (const collision::Contact& k : c.state.contacts) {
    EXPECT_NEAR(k.distance, kSkin, 1e-6f);
    if (k.normal.y > 0.999f) {
      ++floors;
      EXPECT_TRUE(k.walkable);
    } else if (k.normal.x < -0.999f) {
      ++walls;
      EXPECT_FALSE(k.walkable);
    } else {
      ADD_FAILURE() << "unexpected contact normal";
    }
  }
  EXPECT_GE(floors, 1);
  EXPECT_GE(walls, 1);
  for (std::size_t i = 1; i < c.state.contacts.size(); ++i) {
    EXPECT_LT(c.state.contacts[i - 1].triangle, c.state.contacts[i].triangle) << "ascending";
  }
  EXPECT_EQ(c.state.ground_normal, vec3(0, 1, 0));
  // A step in the air away from everything touches nothing.
  Character air(w, {0, 1.5f, 0});
  EXPECT_EQ(air.state.ground, GroundState::kInAir);
  EXPECT_TRUE(air.state.contacts.empty());
}

TEST(CharacterBehaviour, PlacedAtRestStartsOnGroundAndDoesNotSink) {
  SceneBuilder s;
  floor(s);
  const auto w = s.world();
  Character c(w, {0, kR + kSkin, 0});
  EXPECT_EQ(c.state.ground, GroundState::kOnGround);
  const vec3 start = c.pos();
  c.step();
  EXPECT_EQ(c.pos(), start);
}

TEST(CharacterBehaviour, MovingPlatformVelocityIsCarriedOnGround) {
  SceneBuilder s;
  floor(s);
  const auto w = s.world();
  Character c(w, {0, kR + kSkin, 0});
  c.input.ground_velocity = {1, 0, 0.5f};
  c.simulate(1.0f);
  EXPECT_NEAR(c.pos().x, 1.0f, 1e-4f);
  EXPECT_NEAR(c.pos().z, 0.5f, 1e-4f);
  EXPECT_NEAR(c.pos().y, kR + kSkin, kSkinTolerance);
}

TEST(CharacterBehaviour, InvalidParametersAreClearErrors) {
  auto throws = [](auto edit) {
    CharacterParams p = metre_params();
    edit(p);
    EXPECT_THROW((void)p.resolved(kBody), std::invalid_argument);
  };
  throws([](CharacterParams& p) { p.gravity = -9.81f; });
  throws([](CharacterParams& p) { p.up = vec3(0.0f); });
  throws([](CharacterParams& p) { p.recovery = 1.5f; });
  throws([](CharacterParams& p) { p.move.skin_width = kR; });
  throws([](CharacterParams& p) { p.snap_distance = NAN; });
  throws([](CharacterParams& p) { p.max_slope_degrees = 90.0f; });
  throws([](CharacterParams& p) { p.step_height = -0.1f; });
  try {
    CharacterParams p = metre_params();
    p.gravity = -9.81f;
    (void)p.resolved(kBody);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("gravity"), std::string::npos) << e.what();
  }
  CharacterParams p = metre_params();
  EXPECT_FLOAT_EQ(*p.resolved(kBody).gravity, kG) << "a set value is kept as it is";
  p.gravity.reset();
  EXPECT_FLOAT_EQ(*p.resolved(kBody).gravity, 25.0f * 0.6f) << "an empty one is derived (25 h)";
}

// A step starts against the faces its body touches at the skin (Quake 3's PM_SlideMove seeds its
// ground plane): walking on a floor, gravity's push into it is clipped before any sweep, so the
// walk is one sweep that hits nothing, at every frame rate; the trace says which face it kept to.
TEST(CharacterBehaviour, WalkingOnTheFloorStartsAgainstItAndSweepsOnce) {
  SceneBuilder s;
  floor(s);
  const auto w = s.world();
  for (float hz : kRates) {
    Character c(w, {0, kR + kSkin, 0}, hz);
    c.input.velocity = {3, 0, 1};
    c.simulate(0.25f);
    collision::Trace trace;
    for (int i = 0; i < 10; ++i) {
      c.step(&trace);
      ASSERT_EQ(trace.touching.size(), 1u) << hz << " Hz";
      EXPECT_EQ(trace.touching[0].phase, collision::MovePhase::kWalk);
      EXPECT_EQ(trace.touching[0].normal, vec3(0, 1, 0)) << "the floor's own plane, not a rounded contact normal";
      EXPECT_EQ(trace.touching[0].triangle, c.state.contacts.front().triangle);
      ASSERT_EQ(trace.iterations.size(), 1u) << hz << " Hz: one sweep a step";
      EXPECT_FALSE(trace.iterations[0].hit);
      EXPECT_EQ(trace.iterations[0].desired_end.y, trace.iterations[0].start.y) << "the push into the floor is gone";
      EXPECT_EQ(c.pos().y, kR + kSkin) << hz << " Hz: exactly one skin above the floor, every frame";
      EXPECT_EQ(c.state.ground, GroundState::kOnGround);
    }
    EXPECT_NEAR(c.state.effective_velocity.x, 3.0f, 1e-3f) << hz << " Hz";
    EXPECT_NEAR(c.state.effective_velocity.z, 1.0f, 1e-3f) << hz << " Hz";
  }
}

// Against a wall it already touches the walk keeps to the wall's plane too (and the debugger's
// contact events read the trace's touching planes: one contact_begin, no contact_end while the
// body leans on the wall). Stepping away from the wall starts against the floor alone.
TEST(CharacterBehaviour, LeaningOnAWallStartsAgainstItAndLeavingItDoesNot) {
  SceneBuilder s;
  floor(s);
  s.box({1, 0, -10}, {2, 3, 10});  // a wall whose face is x = 1
  const auto w = s.world();
  Character c(w, {1.0f - kR - kSkin, kR + kSkin, 0});
  c.input.velocity = {2, 0, 1};
  c.simulate(0.25f);
  collision::Trace trace;
  c.step(&trace);
  ASSERT_EQ(trace.touching.size(), 2u);
  bool floor_seen = false, wall_seen = false;
  for (const collision::TouchingPlane& t : trace.touching) {
    floor_seen = floor_seen || t.normal == vec3(0, 1, 0);
    wall_seen = wall_seen || t.normal == vec3(-1, 0, 0);
  }
  EXPECT_TRUE(floor_seen && wall_seen);
  EXPECT_NEAR(c.pos().x, 1.0f - kR - kSkin, kSkinTolerance);
  EXPECT_NEAR(c.pos().z, 0.25f + 1.0f / 60.0f, 1e-4f) << "slides along the wall at the input's speed";
  c.input.velocity = {-2, 0, 0};
  c.step(&trace);
  ASSERT_EQ(trace.touching.size(), 1u) << "the wall is not pressed into: it does not clip the move";
  EXPECT_EQ(trace.touching[0].normal, vec3(0, 1, 0));
  EXPECT_NEAR(c.pos().x, 1.0f - kR - kSkin - 2.0f / 60.0f, 1e-4f);
}

// The contacts a state carries are the caller's: a step takes them as those at its start only
// while the state matches its digest (contacts_key). Edited into nonsense (a triangle not in
// the mesh, a gap or normal that is not finite), or moved without refresh_contacts (teleported
// over a pit, the floor contact kept), they are looked up again: the step is the same as from
// the true contacts, and the teleported body falls at once.
TEST(CharacterBehaviour, EditedOrStaleStateContactsAreLookedUpAgain) {
  SceneBuilder s;
  s.box({-100, -1, -100}, {0, 0, 100});  // a floor ending at x = 0, a pit beyond
  const auto w = s.world();
  Character c(w, {-5, kR + kSkin, 0});
  c.input.velocity = {3, 0, 0};
  c.simulate(0.25f);
  const CharacterState good = c.state;
  ASSERT_NE(good.contacts_key, 0u);
  const CharacterState expected = collision::step_character(w, kBody, good, c.input, c.dt, c.params);
  for (int k = 0; k < 3; ++k) {
    CharacterState odd = good;
    collision::Contact nonsense = odd.contacts.front();
    if (k == 0) nonsense.triangle = 1000000;
    if (k == 1) nonsense.distance = NAN;
    if (k == 2) nonsense.normal = vec3(NAN, 1, 0);
    odd.contacts.assign(1, nonsense);
    collision::Trace trace;
    const CharacterState out = collision::step_character(w, kBody, odd, c.input, c.dt, c.params, &trace);
    EXPECT_EQ(trace.touching.size(), 1u) << k << ": the floor, found again";
    EXPECT_EQ(out.position, expected.position) << k;
  }
  CharacterState teleported = good;
  teleported.position.x = 5.0f;  // over the pit, the floor's contact and ground state kept
  collision::Trace trace;
  const CharacterState out = collision::step_character(w, kBody, teleported, c.input, c.dt, c.params, &trace);
  EXPECT_TRUE(trace.touching.empty());
  CharacterState refreshed = collision::refresh_contacts(w, kBody, teleported, c.params);
  refreshed.ground = GroundState::kOnGround;  // as kept: the same carried velocity
  const CharacterState fresh = collision::step_character(w, kBody, refreshed, c.input, c.dt, c.params);
  EXPECT_EQ(out.position, fresh.position) << "the stale floor contact clips nothing";
  EXPECT_LT(out.position.y, teleported.position.y);
}

// The digest only saves a query: over a walk across a floor, into a wall, up stairs and over a
// ledge, stepping from the states as returned and from the same states with their digest
// cleared (every start looked up) gives bit-identical states, frame after frame.
TEST(CharacterBehaviour, TrustedAndLookedUpStartContactsGiveIdenticalSteps) {
  SceneBuilder s;
  floor(s);
  s.box({3, 0, -10}, {4, 3, 10});  // a wall across the walk at x = 3
  for (int i = 0; i < 4; ++i) s.box({-2.0f - 0.3f * static_cast<float>(i), 0, 1}, {-1.7f, 0.2f * static_cast<float>(i + 1), 3});
  const auto w = s.world();
  for (float hz : {30.0f, 60.0f, 360.0f}) {
    Character trusted(w, {0, kR + kSkin, 0}, hz);
    Character looked_up(w, {0, kR + kSkin, 0}, hz);
    const int frames = static_cast<int>(6.0f * hz);
    for (int f = 0; f < frames; ++f) {
      const float t = static_cast<float>(f) / hz;
      const vec3 v = t < 1.5f ? vec3(3, 0, 0.5f) : t < 3.0f ? vec3(-1, 0, 2) : t < 4.5f ? vec3(-3, 0, -1) : vec3(0, 0, -4);
      trusted.input.velocity = looked_up.input.velocity = v;
      trusted.input.jump = looked_up.input.jump = f % 97 == 50;
      looked_up.state.contacts_key = 0;
      trusted.step();
      looked_up.step();
      ASSERT_EQ(trusted.state.position, looked_up.state.position) << hz << " Hz, frame " << f;
      ASSERT_EQ(trusted.state.velocity, looked_up.state.velocity) << hz << " Hz, frame " << f;
      ASSERT_EQ(trusted.state.contacts.size(), looked_up.state.contacts.size()) << hz << " Hz, frame " << f;
      ASSERT_EQ(trusted.state.contacts_key, looked_up.state.contacts_key) << hz << " Hz, frame " << f;
    }
  }
}

// Whatever a caller leaves in a state's contacts and key (random triangles, features, gaps and
// normals, NaN and infinities, keys that match nothing or an old state's), a step neither
// crashes nor returns anything non-finite, and matches the step from the same state with its
// contacts looked up.
TEST(CharacterBehaviour, GarbageStateContactsAndKeysNeitherCrashNorChangeTheStep) {
  SceneBuilder s;
  floor(s);
  s.box({1, 0, -10}, {2, 3, 10});
  const auto w = s.world();
  Character c(w, {1.0f - kR - kSkin, kR + kSkin, 0});
  c.input.velocity = {2, 0, 1};
  c.simulate(0.25f);
  const CharacterState good = c.state;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-2.0f, 2.0f);
  const float odd[] = {NAN, INFINITY, -INFINITY, 0.0f, -0.0f, 1e38f, -1e-38f};
  for (int trial = 0; trial < 300; ++trial) {
    CharacterState bad = good;
    bad.contacts.resize(rng() % 6);
    for (collision::Contact& k : bad.contacts) {
      k.triangle = rng() % 3 == 0 ? static_cast<std::uint32_t>(rng()) : static_cast<std::uint32_t>(rng() % 24);
      k.feature = static_cast<collision::Feature>(rng() % 5);
      k.distance = rng() % 4 == 0 ? odd[rng() % 7] : u(rng) * 0.05f;
      k.normal = rng() % 4 == 0 ? vec3(odd[rng() % 7], 1, 0) : vec3(u(rng), u(rng), u(rng));
      k.point = vec3(u(rng), u(rng), u(rng));
    }
    bad.contacts_key = trial % 3 == 0 ? good.contacts_key : static_cast<std::uint64_t>(rng()) << 32 | rng();
    CharacterState looked_up = bad;
    looked_up.contacts_key = 0;
    const CharacterState out = collision::step_character(w, kBody, bad, c.input, c.dt, c.params);
    const CharacterState ref = collision::step_character(w, kBody, looked_up, c.input, c.dt, c.params);
    ASSERT_TRUE(std::isfinite(out.position.x) && std::isfinite(out.position.y) && std::isfinite(out.position.z)) << trial;
    ASSERT_EQ(out.position, ref.position) << trial;
    ASSERT_EQ(out.velocity, ref.velocity) << trial;
  }
}

// An untraced step-up try against walls that hold the body back all along its lift ends
// without sweeping the lift (walled_all_the_way); a traced one sweeps it, for the debugger.
// Both must end every step identically: a wander pressing into walls of thin triangles (the
// body's projection crosses their diagonals as it rises), a wall leaning over the body, a wall
// under a ceiling lower than the step height, a steep slope leaning away, and steps low
// enough to climb (one whose riser the body touches on its face, below its top), compared bit
// for bit, frame after frame, at 30, 60 and 360 Hz, for a sphere and for a capsule (whose
// segment's two ends are checked).
TEST(CharacterBehaviour, WallTriesGiveTheSameStepsWithAndWithoutTheLiftSwept) {
  SceneBuilder s;
  floor(s);
  for (int i = 0; i < 40; ++i) {  // the wall x = 3, in strips 0.5 wide and 3 tall
    const float z0 = -10.0f + 0.5f * static_cast<float>(i), z1 = z0 + 0.5f;
    s.quad({3, 0, z0}, {3, 3, z0}, {3, 3, z1}, {3, 0, z1});
  }
  s.quad({-3, 0, -10}, {-3, 0, 10}, {-2.6f, 3, 10}, {-2.6f, 3, -10});  // leaning over the body
  s.box({-10, 0, 6}, {10, 3, 7});        // the wall z = 6
  s.box({-10, 0.75f, 4}, {10, 1, 6});    // and a ceiling over its foot, 0.13 above the head
  s.quad({-10, 0, -4}, {10, 0, -4}, {10, 3, -5.1f}, {-10, 3, -5.1f});  // 70 degrees, leaning away
  s.box({-1, 0, -2}, {1, 0.2f, -1.5f});  // a step of 0.2, below the centre
  s.box({-2, 0, 1}, {-1, 0.35f, 3});     // and one of 0.35, above it: its riser is a face contact
  const auto w = s.world();
  const Body capsule = Body::capsule(kR, 0.15f, {0, 1, 0});
  for (const Body& body : {kBody, capsule})
  for (float hz : {30.0f, 60.0f, 360.0f}) {
    const vec3 at(0, body.extent_along({0, 1, 0}) + kSkin, 0);
    Character untraced(w, at, hz, body);
    Character traced(w, at, hz, body);
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> angle(0.0f, 6.2831853f);
    int wall_tries = 0, climbs = 0;
    const int frames = static_cast<int>(30.0f * hz);
    const int hold = static_cast<int>(0.4f * hz);
    for (int f = 0; f < frames; ++f) {
      if (f % hold == 0) {
        const float a = angle(rng);
        untraced.input.velocity = traced.input.velocity = vec3(std::cos(a), 0, std::sin(a)) * 3.0f;
        untraced.input.jump = traced.input.jump = rng() % 7 == 0;
      }
      collision::Trace trace;
      untraced.step();
      traced.step(&trace);
      if (trace.step_up.attempted) (trace.step_up.succeeded ? climbs : wall_tries) += 1;
      ASSERT_EQ(untraced.state.position, traced.state.position) << to_string(body.shape) << ", " << hz << " Hz, frame " << f;
      ASSERT_EQ(untraced.state.velocity, traced.state.velocity) << to_string(body.shape) << ", " << hz << " Hz, frame " << f;
      ASSERT_EQ(untraced.state.contacts_key, traced.state.contacts_key) << to_string(body.shape) << ", " << hz << " Hz, frame " << f;
      ASSERT_EQ(untraced.state.ground, traced.state.ground) << to_string(body.shape) << ", " << hz << " Hz, frame " << f;
    }
    EXPECT_GE(wall_tries, 50) << hz << " Hz: the wander should press into walls";
    EXPECT_GE(climbs, 1) << hz << " Hz: and climb the step";
    std::printf("%s, %g Hz: %d failed step-up tries, %d climbs (ends at %g %g %g)\n", to_string(body.shape), hz, wall_tries, climbs, untraced.pos().x, untraced.pos().y, untraced.pos().z);
  }
}

// Step-up lifts straight up, one sweep that stops a skin short of what it meets, as Jolt's
// WalkStairs and Quake 3's PM_StepSlideMove cast their lift: against a wall under a ceiling
// sloping up away from it at 45 degrees, the lift stops under the ceiling, directly above where
// the walk ended (a slide would have carried it back along the ceiling and up), 0.6 - 0.3 sqrt(2)
// - 0.02 sqrt(2) above it.
TEST(CharacterBehaviour, StepUpLiftsStraightUpAndStopsUnderTheCeiling) {
  SceneBuilder s;
  floor(s);
  s.box({1, 0, -5}, {2, 3, 5});                                // a wall whose face is x = 1
  s.quad({1, 0.6f, -5}, {1, 0.6f, 5}, {-1, 2.6f, 5}, {-1, 2.6f, -5});  // x + y = 1.6 above it
  const auto w = s.world();
  Character c(w, {0, kR + kSkin, 0});
  c.input.velocity = {2, 0, 0};
  c.simulate(1.0f);
  EXPECT_NEAR(c.pos().x, 1.0f - kR - kSkin, kSkinTolerance) << "pressed against the wall";
  collision::Trace trace;
  c.step(&trace);
  ASSERT_TRUE(trace.step_up.attempted);
  EXPECT_FALSE(trace.step_up.succeeded);
  int lifts = 0;
  for (const collision::SlideIteration& it : trace.iterations) {
    if (it.phase != collision::MovePhase::kStepUp) continue;
    ++lifts;
    EXPECT_TRUE(it.hit) << "the lift meets the ceiling";
    EXPECT_EQ(it.reached.x, it.start.x) << "straight up";
    EXPECT_EQ(it.reached.z, it.start.z) << "straight up";
    const float expected = 0.6f - (kR + kSkin) * std::sqrt(2.0f);
    EXPECT_NEAR(it.reached.y - it.start.y, expected, 1e-4f);
  }
  EXPECT_EQ(lifts, 1) << "one sweep, no slide";
}

// A state whose key is set holds exactly the contacts found at its position: the triangles,
// gaps, normals, points, features and walkable flags refresh_contacts gives there. A wander in
// a small room presses into its walls and corners head-on, where a walk ends where it began
// (the step then takes its start's contacts for its end), and slides along them elsewhere.
TEST(CharacterBehaviour, KeyedStateContactsAreExactlyThoseFoundAtTheirPosition) {
  SceneBuilder s;
  floor(s);
  s.box({2, 0, -10}, {3, 3, 10});    // walls x = +-2, z = +-2: a room 4 x 4
  s.box({-3, 0, -10}, {-2, 3, 10});
  s.box({-10, 0, 2}, {10, 3, 3});
  s.box({-10, 0, -3}, {10, 3, -2});
  s.box({0.5f, 0, 0.5f}, {2, 0.25f, 2});  // a step in a corner
  const auto w = s.world();
  for (float hz : {30.0f, 60.0f, 360.0f}) {
    Character c(w, {0, kR + kSkin, 0}, hz);
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> angle(0.0f, 6.2831853f);
    const int frames = static_cast<int>(20.0f * hz), hold = static_cast<int>(0.5f * hz);
    int keyed = 0, unmoved = 0;
    for (int f = 0; f < frames; ++f) {
      if (f % hold == 0) {
        const float a = f / hold % 3 == 0 ? 0.7853982f * static_cast<float>(rng() % 8) : angle(rng);  // corners head-on too
        c.input.velocity = vec3(std::cos(a), 0, std::sin(a)) * 3.0f;
      }
      const vec3 before = c.pos();
      c.step();
      unmoved += c.pos() == before;
      if (c.state.contacts_key == 0) continue;
      ++keyed;
      const CharacterState ref = collision::refresh_contacts(w, kBody, c.state, c.params);
      ASSERT_EQ(c.state.contacts.size(), ref.contacts.size()) << hz << " Hz, frame " << f;
      for (std::size_t i = 0; i < ref.contacts.size(); ++i) {
        const collision::Contact &x = c.state.contacts[i], &y = ref.contacts[i];
        ASSERT_EQ(x.triangle, y.triangle) << hz << " Hz, frame " << f;
        ASSERT_EQ(x.distance, y.distance) << hz << " Hz, frame " << f;
        ASSERT_EQ(x.normal, y.normal) << hz << " Hz, frame " << f;
        ASSERT_EQ(x.point, y.point) << hz << " Hz, frame " << f;
        ASSERT_EQ(x.feature, y.feature) << hz << " Hz, frame " << f;
        ASSERT_EQ(x.walkable, y.walkable) << hz << " Hz, frame " << f;
      }
      ASSERT_EQ(c.state.contacts_key, ref.contacts_key) << hz << " Hz, frame " << f;
    }
    EXPECT_GE(keyed, frames / 2) << hz << " Hz";
    EXPECT_GE(unmoved, frames / 20) << hz << " Hz: the wander should stand pressed into walls and corners";
  }
}
