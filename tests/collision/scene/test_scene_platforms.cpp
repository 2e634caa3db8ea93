// Jolt's CharacterVirtualTests TestRotatingPlatform and TestMovingPlatformUp, restated for a
// sphere (radius 0.3, skin 0.02, Y up, 60 Hz) on a Scene's kinematic box.
#include <cmath>

#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

#include "scene_fixtures.hpp"

namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr float kPi = 3.14159265358979f;

// A 20 x 2 x 20 box spinning at 2 pi rad/s about Y: the character starting at (9, 1.32, 0)
// is on the box on every one of 60 frames, at (9, 1.32, 0) turned by frame dt 2 pi within 1e-4.
TEST(SceneJolt, TestRotatingPlatform) {
  collision::Scene scene(nullptr);
  const std::uint32_t box = scene.add_box({10.0f, 1.0f, 10.0f});
  scene.set_velocity(box, glm::vec3(0.0f), {0.0f, 2.0f * kPi, 0.0f});
  const glm::vec3 start(9.0f, 1.32f, 0.0f);
  const std::uint32_t ch = scene.add_character(collision::Body::sphere(0.3f), prism_test::sphere_params(0.02f), prism_test::at(start));
  ASSERT_EQ(scene.character(ch).state.ground, collision::GroundState::kOnGround);
  float worst = 0.0f;
  for (int frame = 1; frame <= 60; ++frame) {
    scene.advance(kDt);
    scene.update_character(ch, {}, kDt);
    const collision::CharacterState& s = scene.character(ch).state;
    ASSERT_EQ(s.ground, collision::GroundState::kOnGround) << frame;
    ASSERT_EQ(s.ground_instance, box) << frame;
    const glm::vec3 expected = glm::angleAxis(static_cast<float>(frame) * kDt * 2.0f * kPi, glm::vec3(0, 1, 0)) * start;
    worst = std::max(worst, glm::length(s.position - expected));
    ASSERT_LE(glm::length(s.position - expected), 1e-4f) << frame;
  }
  // Jolt reports the ground's velocity at the contact: 2 pi x 9 m/s, tangential.
  EXPECT_NEAR(glm::length(scene.character(ch).ground_velocity), 2.0f * kPi * 9.0f, 1e-2f);
  RecordProperty("worst_position_error", std::to_string(worst));
}

// A box of half extents (10, 1, 10) moving up at 0.5 m/s for 60 frames, standing 0.5 s, then
// down at 0.5 m/s for 60 frames: the character is on the box on every frame, its centre at the
// box's top + 0.32 within 0.01.
TEST(SceneJolt, TestMovingPlatformUp) {
  collision::Scene scene(nullptr);
  const std::uint32_t box = scene.add_box({10.0f, 1.0f, 10.0f});
  const std::uint32_t ch = scene.add_character(collision::Body::sphere(0.3f), prism_test::sphere_params(0.02f),
                                               prism_test::at({0.0f, 1.32f, 0.0f}));
  const auto run = [&](float vy, int frames) {
    scene.set_velocity(box, {0.0f, vy, 0.0f}, glm::vec3(0.0f));
    for (int frame = 0; frame < frames; ++frame) {
      scene.advance(kDt);
      scene.update_character(ch, {}, kDt);
      const collision::CharacterState& s = scene.character(ch).state;
      ASSERT_EQ(s.ground, collision::GroundState::kOnGround) << vy << " " << frame;
      ASSERT_EQ(s.ground_instance, box);
      const float top = scene.instance(box).pose.position.y + 1.0f;
      ASSERT_NEAR(s.position.y, top + 0.32f, 0.01f) << vy << " " << frame;
      ASSERT_NEAR(s.position.x, 0.0f, 1e-5f);
    }
  };
  run(0.5f, 60);
  EXPECT_NEAR(scene.instance(box).pose.position.y, 0.5f, 1e-4f);
  run(0.0f, 30);
  run(-0.5f, 60);
  EXPECT_NEAR(scene.instance(box).pose.position.y, 0.0f, 1e-4f);
  EXPECT_NEAR(scene.character(ch).state.position.y, 1.32f, 0.01f);
}

// A jump off a platform moving along x at 2 m/s: the character keeps the platform's way in the
// air (as Jolt's does: its velocity after the jump is the jump's plus the platform's), and the
// platform's velocity is counted once in the jump's own frame too (advance carried it; the step
// adds the jump alone): 2 dt along x in every frame, the jump frame included, and the vertical
// speed after it the jump speed less one frame of gravity.
TEST(SceneCharacters, JumpOffAMovingPlatformKeepsItsVelocityCountedOnce) {
  collision::Scene scene(nullptr);
  const std::uint32_t box = scene.add_box({10.0f, 1.0f, 10.0f});
  scene.set_velocity(box, {2.0f, 0.0f, 0.0f}, glm::vec3(0.0f));
  collision::CharacterParams params = prism_test::sphere_params(0.02f);
  params.jump_speed = 3.0f;
  params.gravity = 9.81f;
  const std::uint32_t ch = scene.add_character(collision::Body::sphere(0.3f), params, prism_test::at({0.0f, 1.32f, 0.0f}));
  for (int frame = 0; frame < 10; ++frame) {  // riding
    scene.advance(kDt);
    scene.update_character(ch, {}, kDt);
  }
  ASSERT_EQ(scene.character(ch).state.ground, collision::GroundState::kOnGround);
  ASSERT_NEAR(scene.character(ch).state.position.x, 10 * 2.0f * kDt, 1e-5f);
  collision::CharacterInput jump;
  jump.jump = true;
  for (int frame = 0; frame < 12; ++frame) {
    const glm::vec3 before = scene.character(ch).state.position;
    scene.advance(kDt);
    scene.update_character(ch, frame == 0 ? jump : collision::CharacterInput{}, kDt);
    const collision::CharacterState& s = scene.character(ch).state;
    ASSERT_EQ(s.ground, collision::GroundState::kInAir) << frame;
    EXPECT_NEAR(s.position.x - before.x, 2.0f * kDt, 1e-5f) << frame;
    EXPECT_NEAR(s.velocity.x, 2.0f, 1e-5f) << frame;
    if (frame == 0) {
      EXPECT_NEAR(s.velocity.y, 3.0f - 9.81f * kDt, 1e-4f);
    }
  }
}

}  // namespace
