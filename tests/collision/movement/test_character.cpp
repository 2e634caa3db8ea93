// The character layer: stairs, slopes, ground, ceilings, depenetration, determinism.
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "collision/character.hpp"
#include "movement_scenes.hpp"

using collision::Body;
using collision::WalkInput;
using collision::CharacterParams;
using collision::CharacterState;
using collision::GroundState;
using movement_test::clearance;
using movement_test::SceneBuilder;
using glm::vec3;

namespace {

constexpr float kR = 16.0f;
constexpr float kDt = 1.0f / 60.0f;
const Body kSphere = Body::sphere(kR);

struct Walker {
  const collision::World& world;
  CharacterParams params;
  CharacterState state;
  float min_clearance = 1e30f;

  void frames(int n, WalkInput in) {
    for (int i = 0; i < n; ++i) {
      state = collision::step_character(world, kSphere, state, collision::walk_input(in, params, kSphere), kDt, params);
      min_clearance = std::min(min_clearance, clearance(world, state.position));
    }
  }
};

// Quake's axes: Z up.
CharacterParams zup() {
  CharacterParams p;
  p.up = {0, 0, 1};
  return p;
}

CharacterState standing_at(vec3 p) {
  CharacterState s;
  s.position = p;
  return s;
}

}  // namespace

TEST(Character, DefaultsAreQuakesFiguresForA16UnitSphere) {
  const CharacterParams p = zup().resolved(kSphere);
  EXPECT_FLOAT_EQ(*p.walk_speed, 320.0f);
  EXPECT_FLOAT_EQ(*p.gravity, 800.0f);
  EXPECT_FLOAT_EQ(*p.jump_speed, 270.0f);
  EXPECT_FLOAT_EQ(*p.step_height, 18.0f);
  EXPECT_FLOAT_EQ(*p.snap_distance, 18.0f);  // stick to floor reaches as far as a step
}

TEST(Character, FallsLandsAndStandsStill) {
  SceneBuilder s;
  s.floor(-1000, -1000, 1000, 1000, 0);
  const auto w = s.world();
  Walker run{w, zup(), standing_at({0, 0, 200})};
  run.frames(120, {});
  EXPECT_EQ(run.state.ground, GroundState::kOnGround);
  EXPECT_NEAR(run.state.position.z, kR, 0.5f);
  const vec3 rest = run.state.position;
  run.frames(60, {});
  EXPECT_EQ(run.state.position, rest);  // no jitter at rest
  EXPECT_GE(run.min_clearance, kR - 0.2f);
}

TEST(Character, WalksUpStairs) {
  SceneBuilder s;
  s.floor(-200, -200, 2000, 200, 0);
  for (int i = 0; i < 8; ++i) {  // 12-unit risers, 40-unit treads from x = 100, top at 96
    const float x = 100.0f + 40.0f * static_cast<float>(i);
    s.box({x, -200, 0}, {1000, 200, 12.0f * static_cast<float>(i + 1)});
  }
  const auto w = s.world();
  Walker run{w, zup(), standing_at({0, 0, kR + 0.2f})};
  run.frames(90, {{1, 0, 0}});
  EXPECT_GT(run.state.position.x, 420.0f);
  EXPECT_NEAR(run.state.position.z, 96.0f + kR, 1.0f);  // on the top step
  EXPECT_GE(run.min_clearance, kR - 0.2f);
}

TEST(Character, WalksDownStairsKeepingGround) {
  SceneBuilder s;
  s.floor(-200, -200, 2000, 200, 0);
  for (int i = 0; i < 8; ++i) {
    const float x = 100.0f + 40.0f * static_cast<float>(i);
    s.box({x, -200, 0}, {1000, 200, 12.0f * static_cast<float>(i + 1)});
  }
  const auto w = s.world();
  Walker run{w, zup(), standing_at({420, 0, 96 + kR + 0.2f})};
  run.frames(2, {});
  int airborne = 0;
  for (int i = 0; i < 80; ++i) {
    run.frames(1, {{-1, 0, 0}});
    airborne += run.state.ground != GroundState::kOnGround;
  }
  EXPECT_LT(run.state.position.x, 60.0f);
  EXPECT_NEAR(run.state.position.z, kR, 1.0f);
  EXPECT_EQ(airborne, 0);  // snapped down each step instead of falling
}

TEST(Character, Ramp30DegreesWalkUpAndStand) {
  SceneBuilder s;
  s.floor(-500, -200, 0, 200, 0);
  s.ramp(0, 0, 1000, 30, -200, 200);
  const auto w = s.world();
  Walker run{w, zup(), standing_at({-100, 0, kR + 0.2f})};
  run.frames(120, {{1, 0, 0}});
  EXPECT_GT(run.state.position.z, 150.0f);
  EXPECT_EQ(run.state.ground, GroundState::kOnGround);
  const vec3 stop = run.state.position;
  run.frames(60, {});
  EXPECT_LT(glm::length(run.state.position - stop), 0.5f);  // stands, does not slide
}

TEST(Character, Ramp45DegreesStands) {
  SceneBuilder s;
  s.ramp(-500, -500, 1000, 45, -200, 200);
  const auto w = s.world();
  // On the slope z = x: the centre sits r above it along the normal.
  const vec3 on_slope = vec3(0, 0, 0) + (kR + 0.5f) * glm::normalize(vec3(-1, 0, 1));
  Walker run{w, zup(), standing_at(on_slope)};
  run.frames(60, {});
  EXPECT_EQ(run.state.ground, GroundState::kOnGround);
  EXPECT_LT(glm::length(run.state.position - on_slope), 1.0f);
}

TEST(Character, Ramp60DegreesSlidesDownAndCannotBeWalkedUp) {
  SceneBuilder s;
  s.floor(-1000, -200, 0, 200, 0);
  s.ramp(0, 0, 500, 60, -200, 200);
  const auto w = s.world();
  // Placed on the slope, it slides down to the floor.
  const vec3 on_slope = vec3(100, 0, 100 * std::tan(3.14159265f / 3)) +
                        (kR + 0.5f) * glm::normalize(vec3(-std::sin(3.14159265f / 3), 0, std::cos(3.14159265f / 3)));
  Walker slide{w, zup(), standing_at(on_slope)};
  slide.frames(120, {});
  EXPECT_LT(slide.state.position.z, kR + 2.0f);
  EXPECT_GE(slide.min_clearance, kR - 0.2f);
  // Walking into it from the floor gets nowhere up.
  Walker walk{w, zup(), standing_at({-100, 0, kR + 0.2f})};
  walk.frames(120, {{1, 0, 0}});
  EXPECT_LT(walk.state.position.z, kR + 18.0f + 1.0f);
  EXPECT_GE(walk.min_clearance, kR - 0.2f);
}

TEST(Character, LowCeilingStopsTheJump) {
  SceneBuilder s;
  s.floor(-500, -500, 500, 500, 0);
  s.quad({-500, -500, 50}, {-500, 500, 50}, {500, 500, 50}, {500, -500, 50});  // ceiling, facing down
  const auto w = s.world();
  Walker run{w, zup(), standing_at({0, 0, kR + 0.2f})};
  run.frames(2, {});
  run.frames(1, {{0, 0, 0}, true});
  float top = 0;
  for (int i = 0; i < 60; ++i) {
    run.frames(1, {});
    top = std::max(top, run.state.position.z);
  }
  EXPECT_LE(top, 50.0f - kR + 1e-3f);
  EXPECT_GT(top, 50.0f - kR - 2.0f);  // it did reach the ceiling
  EXPECT_EQ(run.state.ground, GroundState::kOnGround);
  EXPECT_GE(run.min_clearance, kR - 0.2f);
}

TEST(Character, StartInsideGeometryRecoversWithoutExploding) {
  SceneBuilder s;
  s.floor(-500, -500, 500, 500, 0);
  const auto w = s.world();
  Walker run{w, zup(), standing_at({0, 0, 4})};  // 12 units into the floor
  collision::Trace trace;
  run.state = collision::step_character(w, kSphere, run.state, {}, kDt, run.params, &trace);
  EXPECT_TRUE(trace.depenetration.happened);
  EXPECT_NEAR(trace.depenetration.depth, 12.0f, 0.01f);
  run.frames(10, {});
  EXPECT_NEAR(run.state.position.z, kR, 0.5f);
  EXPECT_LT(std::fabs(run.state.position.x) + std::fabs(run.state.position.y), 1e-3f);
}

TEST(Character, SameInputsGiveBitIdenticalPositions) {
  SceneBuilder s;
  s.floor(-1000, -1000, 1000, 1000, 0, 16);
  s.ramp(100, 0, 300, 30, -300, 300);
  s.box({-300, -300, 0}, {-200, 300, 100});
  const auto w = s.world();
  auto walk = [&] {
    CharacterState st = standing_at({0, 0, 40});
    std::vector<vec3> out;
    for (int i = 0; i < 600; ++i) {
      const float a = static_cast<float>(i) * 0.05f;
      const WalkInput in{{std::cos(a), std::sin(a), 0}, i % 97 == 0};
      st = collision::step_character(w, kSphere, st, collision::walk_input(in, zup(), kSphere), kDt, zup());
      out.push_back(st.position);
    }
    return out;
  };
  const auto a = walk(), b = walk();
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(vec3)), 0);
}

// A step resolves its parameters once while they stay the same (per thread): parameters or a
// body changed between steps take effect at the next step, changing back gives the first
// answer again bit for bit, and refused parameters are refused every time, also right after
// accepted ones that differ from them in one field.
TEST(Character, ChangedParametersAndBodiesTakeEffectAtTheNextStep) {
  SceneBuilder s;
  s.floor(-1000, -1000, 1000, 1000, 0, 16);
  const auto w = s.world();
  const CharacterState start = standing_at({0, 0, 100});  // in the air: gravity shows at once
  const collision::CharacterInput in{};
  CharacterParams heavy = zup(), light = zup();
  heavy.gravity = 800.0f;
  light.gravity = 100.0f;
  const CharacterState a = collision::step_character(w, kSphere, start, in, kDt, heavy);
  const CharacterState b = collision::step_character(w, kSphere, start, in, kDt, light);
  const CharacterState c = collision::step_character(w, kSphere, start, in, kDt, heavy);
  EXPECT_NEAR(a.velocity.z, -800.0f * kDt, 1e-3f);
  EXPECT_NEAR(b.velocity.z, -100.0f * kDt, 1e-3f);
  EXPECT_EQ(a.position, c.position);
  EXPECT_EQ(a.velocity, c.velocity);
  // The body too: a derived gravity follows the body's height (25 h).
  const CharacterState small = collision::step_character(w, Body::sphere(8.0f), start, in, kDt, zup());
  const CharacterState big = collision::step_character(w, kSphere, start, in, kDt, zup());
  EXPECT_NEAR(small.velocity.z, -25.0f * 16.0f * kDt, 1e-2f);
  EXPECT_NEAR(big.velocity.z, -25.0f * 32.0f * kDt, 1e-2f);
  CharacterParams bad = heavy;
  bad.gravity = -1.0f;
  for (int i = 0; i < 3; ++i) {
    EXPECT_THROW(collision::step_character(w, kSphere, start, in, kDt, bad), std::invalid_argument);
    EXPECT_NO_THROW(collision::step_character(w, kSphere, start, in, kDt, heavy));
  }
  bad = heavy;
  bad.recovery = std::nanf("");
  EXPECT_THROW(collision::step_character(w, kSphere, start, in, kDt, bad), std::invalid_argument);
  EXPECT_THROW(collision::step_character(w, kSphere, start, in, kDt, bad), std::invalid_argument);
}

// The body and move parameters are checked once per resolution, the state every step; the
// errors and their order are validate_move's: a position outside the domain is named before an
// invalid parameter, an invalid parameter with a good state is named every step.
TEST(Character, InvalidStatesAndMoveParametersAreNamedInValidateMovesOrder) {
  SceneBuilder s;
  s.floor(-1000, -1000, 1000, 1000, 0, 16);
  const auto w = s.world();
  const collision::CharacterInput in{};
  const auto message = [&](const CharacterState& st, const CharacterParams& p) -> std::string {
    try {
      collision::step_character(w, kSphere, st, in, kDt, p);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "";
  };
  CharacterParams bad_iterations = zup();
  bad_iterations.move.max_iterations = 0;
  const CharacterState fine = standing_at({0, 0, 100});
  const CharacterState far = standing_at({0, 0, 1e30f});
  for (int i = 0; i < 2; ++i) {
    EXPECT_NE(message(fine, bad_iterations).find("max_iterations"), std::string::npos) << message(fine, bad_iterations);
    EXPECT_NE(message(far, bad_iterations).find("position"), std::string::npos) << message(far, bad_iterations);
    EXPECT_NE(message(far, zup()).find("position"), std::string::npos) << message(far, zup());
    EXPECT_EQ(message(fine, zup()), "");
  }
}

TEST(Character, WorksInYUpMeshesAtMetreScale) {
  // The same floor-and-stair scene at metre scale, Y up: the derived defaults follow the body.
  SceneBuilder s;
  s.floor(-20, -20, 20, 20, 0);
  s.box({1, -5, 0}, {19, 5, 0.2f});  // a 0.2 m step, built Z up, turned Y up below
  for (auto& t : s.tris) {
    for (vec3* p : {&t.a, &t.b, &t.c}) *p = vec3(p->x, p->z, -p->y);  // z up -> y up
  }
  const auto w = s.world();
  CharacterParams params;
  params.up = {0, 1, 0};
  const Body body = Body::sphere(0.4f);
  CharacterState st;
  st.position = {0, 0.45f, 0};
  for (int i = 0; i < 100; ++i) {
    st = collision::step_character(w, body, st, collision::walk_input({{1, 0, 0}}, params, body), kDt, params);
  }
  EXPECT_GT(st.position.x, 3.0f);
  EXPECT_NEAR(st.position.y, 0.6f, 0.05f);  // on top of the step
  EXPECT_EQ(st.ground, GroundState::kOnGround);
}
