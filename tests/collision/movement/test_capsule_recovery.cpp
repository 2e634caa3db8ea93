// A capsule's depenetration and skin, checked against the sphere's at the same depth: Jolt's
// TestInitiallyIntersecting with a capsule (metre scale, Y up, radius 0.3, half height 0.5,
// skin 0.02) and the default scene's capsule sliding along its thin wall after a fork.
#include <cmath>
#include <cstdio>
#include <vector>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision/character.hpp"
#include "movement_scenes.hpp"

using collision::Body;
using movement_test::SceneBuilder;

namespace {

// The capsule's radius and half height, and the skin, in metres.
constexpr float kR = 0.3f, kHalf = 0.5f, kSkin = 0.02f;

collision::CharacterParams params(float recovery) {
  collision::CharacterParams p;
  p.up = {0, 1, 0};
  p.gravity = 9.81f;
  p.step_height = 0.4f;
  p.snap_distance = 0.5f;
  p.recovery = recovery;
  p.move.skin_width = kSkin;
  return p;
}

// Jolt's scene: a floor slab whose top is y = 0 and a box whose face x = 0 passes through the
// body's centre (the sphere's, and the capsule's axis).
collision::World jolt_box_scene() {
  SceneBuilder s;
  s.box({-100, -1, -100}, {100, 0, 100});
  s.box({-1, 0, -0.5f}, {0, 1, 0.5f});
  return s.world();
}

collision::CharacterState placed(const collision::World& w, const Body& b, const collision::CharacterParams& p, glm::vec3 at) {
  collision::CharacterState s;
  s.position = at;
  return collision::refresh_contacts(w, b, s, p);
}

}  // namespace

// A capsule standing with its axis in the box's face x = 0 is pushed out along the face's
// normal by the recovery formula, exactly as the sphere whose centre is where its bottom end
// is: x_{i+1} = x_i + k (r + skin - x_i), its height kept one skin above the floor.
TEST(CapsuleRecovery, AxisInAFacePlaneIsPushedOutAtTheRecoveryRateLikeTheSphere) {
  const collision::World w = jolt_box_scene();
  const Body sphere = Body::sphere(kR);
  const Body capsule = Body::capsule(kR, kHalf, {0, 1, 0});
  for (float k : {1.0f, 0.5f, 0.25f}) {
    SCOPED_TRACE(k);
    const collision::CharacterParams p = params(k);
    collision::CharacterState s = placed(w, sphere, p, {0, kR + kSkin, 0});
    collision::CharacterState c = placed(w, capsule, p, {0, kR + kSkin + kHalf, 0});
    float x = 0.0f;
    for (int i = 0; i < 3; ++i) {
      x += k * (kR + kSkin - x);
      s = collision::step_character(w, sphere, s, {}, 1.0f / 60.0f, p);
      c = collision::step_character(w, capsule, c, {}, 1.0f / 60.0f, p);
      EXPECT_NEAR(s.position.x, x, 1e-5f) << "sphere, step " << i;
      EXPECT_NEAR(c.position.x, x, 1e-5f) << "capsule, step " << i;
      EXPECT_NEAR(c.position.x, s.position.x, 1e-6f) << "step " << i;
      EXPECT_NEAR(c.position.y, kR + kSkin + kHalf, 1e-4f * kR) << "step " << i;
      EXPECT_NEAR(c.position.z, 0.0f, 1e-6f) << "step " << i;
    }
  }
}

// Recovered at any rate and frame rate, the capsule ends one skin from the face it started in,
// standing one skin above the floor: at rate k after n steps (r + skin)(1 - (1 - k)^n) out.
TEST(CapsuleRecovery, AxisInAFacePlaneEndsOneSkinOutAt30And360Hz) {
  const collision::World w = jolt_box_scene();
  const Body capsule = Body::capsule(kR, kHalf, {0, 1, 0});
  for (float hz : {30.0f, 360.0f}) {
    for (float k : {1.0f, 0.5f}) {
      SCOPED_TRACE(testing::Message() << hz << " Hz, rate " << k);
      const collision::CharacterParams p = params(k);
      collision::CharacterState c = placed(w, capsule, p, {0, kR + kSkin + kHalf, 0});
      for (int i = 0; i < 30; ++i) c = collision::step_character(w, capsule, c, {}, 1.0f / hz, p);
      EXPECT_NEAR(c.position.x, (kR + kSkin) * (1.0f - std::pow(1.0f - k, 30.0f)), 1e-5f);
      EXPECT_NEAR(c.position.y, kR + kSkin + kHalf, 1e-4f * kR);
      for (const collision::Contact& k2 : c.contacts) EXPECT_NEAR(k2.distance, kSkin, 1e-4f * kR) << k2.triangle;
    }
  }
}

// A capsule sunk into a tiled floor (its lower end 0.1 below it, 0.02 from a tile's inner edge,
// as a fork from a shorter body leaves it) leaves it straight up: the tile's edge is no way out
// (the next tile goes on beyond it), only the free top edge of a lone wall is.
TEST(CapsuleRecovery, SunkIntoATiledFloorNearAnInnerEdgeLeavesStraightUp) {
  SceneBuilder s;
  s.floor(-2, -2, 2, 2, 0, 4);  // 1 m tiles in x, y at z = 0, built Z up
  const collision::World w = s.world();
  const Body capsule = Body::capsule(kR, kHalf, {0, 0, 1});
  collision::CharacterParams p = params(1.0f);
  p.up = {0, 0, 1};
  const glm::vec3 start(0.02f, 0.5f, kR + kHalf - 0.1f - kR);  // lower end at z = -0.1
  collision::CharacterState c = placed(w, capsule, p, start);
  for (int i = 0; i < 3; ++i) c = collision::step_character(w, capsule, c, {}, 1.0f / 60.0f, p);
  EXPECT_NEAR(c.position.x, start.x, 1e-6f);
  EXPECT_NEAR(c.position.y, start.y, 1e-6f);
  EXPECT_NEAR(c.position.z, kR + kHalf + kSkin, 1e-4f * kR);
}
