// Characters as bodies: Jolt's TestCharacterVsCharacter restated for spheres.
#include <random>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "scene_fixtures.hpp"

namespace {

constexpr float kDt = 1.0f / 60.0f;

// The floor: y = 0, raised to y = 0.09 for x < 0.6, so that the thrown sphere (r 0.2, skin
// 0.04) on the raised part has its centre at the standing one's height (r 0.3, skin 0.03:
// y = 0.33), as Jolt's two characters of one shape have: then Jolt's figure holds, the centre
// stopping at x = 1 - 0.3 - 0.03 - 0.2 - 0.04 = 0.43 (both skins kept between them).
collision::Scene two_characters(std::uint32_t& thrown, std::uint32_t& standing) {
  collision::Scene scene(prism_test::boxes_level({{{0.0f, -0.5f, 0.0f}, {20.0f, 0.5f, 20.0f}},
                                                  {{-9.7f, 0.045f, 0.0f}, {10.3f, 0.045f, 20.0f}}}));
  standing = scene.add_character(collision::Body::sphere(0.3f), prism_test::sphere_params(0.03f), prism_test::at({1.0f, 0.33f, 0.0f}));
  thrown = scene.add_character(collision::Body::sphere(0.2f), prism_test::sphere_params(0.04f), prism_test::at({0.0f, 0.33f, 0.0f}));
  return scene;
}

void expect_stopped_at_043(const collision::Scene& scene, std::uint32_t thrown, std::uint32_t standing) {
  const collision::CharacterState& s = scene.character(thrown).state;
  EXPECT_NEAR(s.position.x, 0.43f, 1e-4f);
  EXPECT_NEAR(s.position.y, 0.33f, 1e-4f);
  EXPECT_EQ(s.ground, collision::GroundState::kOnGround);
  // Touching the floor and that character only.
  bool floor = false, other = false;
  for (const collision::Contact& c : s.contacts) {
    if (c.instance == collision::kStaticLevel) {
      floor = true;
      EXPECT_GT(c.normal.y, 0.999f);
    } else {
      EXPECT_EQ(c.instance, collision::kCharacterInstance + standing);
      other = true;
    }
  }
  EXPECT_TRUE(floor);
  EXPECT_TRUE(other);
  // The standing one did not move.
  EXPECT_NEAR(scene.character(standing).state.position.x, 1.0f, 1e-6f);
}

TEST(SceneJolt, TestCharacterVsCharacter) {
  std::uint32_t thrown = 0, standing = 0;
  collision::Scene scene = two_characters(thrown, standing);
  collision::CharacterInput throw_it;
  throw_it.velocity = {600.0f, 0.0f, 0.0f};
  scene.update_character(standing, {}, kDt);
  scene.update_character(thrown, throw_it, kDt);  // 10 m in one frame: stopped by the other
  scene.update_character(standing, {}, kDt);
  expect_stopped_at_043(scene, thrown, standing);
  for (int frame = 0; frame < 30; ++frame) {
    scene.update_character(thrown, {}, kDt);
    scene.update_character(standing, {}, kDt);
  }
  expect_stopped_at_043(scene, thrown, standing);
}

TEST(SceneJolt, TestCharacterVsCharacterSlowWalkStopsAtTheSamePlace) {
  std::uint32_t thrown = 0, standing = 0;
  collision::Scene scene = two_characters(thrown, standing);
  collision::CharacterInput walk;
  walk.velocity = {1.0f, 0.0f, 0.0f};
  for (int frame = 0; frame < 60; ++frame) {
    scene.update_character(standing, {}, kDt);
    scene.update_character(thrown, walk, kDt);
  }
  expect_stopped_at_043(scene, thrown, standing);
}

}  // namespace

namespace {

// Two spheres (r 0.3, skin 0.02) walking head-on at 1 m/s from x = -1 and x = 1 on a floor,
// stepped A then B each frame, or B then A: either way they stop with both skins between them
// (centres 0.64 apart), symmetric about 0 within one frame's walk (1/60: the first stepped
// reaches the meeting point first), and never overlap.
TEST(SceneCharacters, TwoCharactersWalkingIntoEachOtherStopWithBothSkinsInEitherOrder) {
  for (int order = 0; order < 2; ++order) {
    collision::Scene scene(prism_test::boxes_level({{{0.0f, -0.5f, 0.0f}, {20.0f, 0.5f, 20.0f}}}));
    const std::uint32_t a = scene.add_character(collision::Body::sphere(0.3f), prism_test::sphere_params(0.02f),
                                                prism_test::at({-1.0f, 0.32f, 0.0f}));
    const std::uint32_t b = scene.add_character(collision::Body::sphere(0.3f), prism_test::sphere_params(0.02f),
                                                prism_test::at({1.0f, 0.32f, 0.0f}));
    collision::CharacterInput right, left;
    right.velocity = {1.0f, 0.0f, 0.0f};
    left.velocity = {-1.0f, 0.0f, 0.0f};
    for (int frame = 0; frame < 90; ++frame) {
      if (order == 0) {
        scene.update_character(a, right, kDt);
        scene.update_character(b, left, kDt);
      } else {
        scene.update_character(b, left, kDt);
        scene.update_character(a, right, kDt);
      }
      const float gap = glm::length(scene.character(b).state.position - scene.character(a).state.position) - 0.6f;
      ASSERT_GE(gap, 0.02f) << order << " " << frame;  // never inside the other's skin-grown body
    }
    const float xa = scene.character(a).state.position.x, xb = scene.character(b).state.position.x;
    EXPECT_NEAR(xb - xa, 0.64f, 1e-4f) << order;
    EXPECT_NEAR(xa + xb, 0.0f, 1.0f / 60.0f + 1e-4f) << order;
    EXPECT_EQ(scene.character(a).state.ground, collision::GroundState::kOnGround);
  }
}

}  // namespace

namespace {

// update_characters: 24 characters walking at random among each other for 120 frames give the
// same states bit for bit on 1 and on 4 threads, all still on the floor.
TEST(SceneCharacters, BatchStepOfManyCharactersIsTheSameOnAnyThreadCount) {
  const auto run = [](unsigned threads) {
    collision::Scene scene(prism_test::boxes_level({{{0.0f, -0.5f, 0.0f}, {20.0f, 0.5f, 20.0f}}}));
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> u(-3.0f, 3.0f);
    for (int i = 0; i < 24; ++i) {
      scene.add_character(collision::Body::sphere(0.3f), prism_test::sphere_params(0.02f), prism_test::at({u(rng), 0.32f, u(rng)}));
    }
    std::vector<collision::CharacterInput> inputs(24);
    for (int frame = 0; frame < 120; ++frame) {
      if (frame % 20 == 0) {
        for (auto& in : inputs) in.velocity = glm::vec3(u(rng), 0.0f, u(rng));
      }
      scene.update_characters(inputs, kDt, threads);
    }
    std::vector<glm::vec3> out;
    for (std::uint32_t k = 0; k < scene.character_count(); ++k) out.push_back(scene.character(k).state.position);
    return out;
  };
  const std::vector<glm::vec3> one = run(1), four = run(4);
  ASSERT_EQ(one.size(), four.size());
  for (std::size_t k = 0; k < one.size(); ++k) {
    EXPECT_EQ(one[k], four[k]) << k;
    EXPECT_NEAR(one[k].y, 0.32f, 1e-3f) << k;  // still on the floor
  }
}

}  // namespace

// A ray down through the standing character (r 0.3, skin 0.03, centre y = 0.33) meets its
// skin-grown body at y = 0.66; filtered to triangles (SceneQueryFilter, a debugger's pick) it
// passes through to the floor at y = 0 and names the floor's triangle.
TEST(SceneCharacters, RayFilteredToTrianglesPassesThroughCharacters) {
  std::uint32_t thrown = 0, standing = 0;
  const collision::Scene scene = two_characters(thrown, standing);
  const glm::vec3 origin(1.0f, 5.0f, 0.0f), down(0.0f, -10.0f, 0.0f);
  const collision::RayHit body = collision::raycast(scene, origin, down);
  ASSERT_TRUE(body.hit);
  EXPECT_EQ(body.instance, collision::kCharacterInstance + standing);
  EXPECT_NEAR(body.point.y, 0.66f, 1e-5f);
  collision::SceneQueryFilter triangles;
  triangles.characters = false;
  const collision::RayHit floor = collision::raycast(scene, origin, down, triangles);
  ASSERT_TRUE(floor.hit);
  EXPECT_EQ(floor.instance, collision::kStaticLevel);
  EXPECT_NEAR(floor.point.y, 0.0f, 1e-6f);
  EXPECT_NEAR(floor.t, 0.5f, 1e-7f);
  EXPECT_EQ(collision::raycast(scene.level(), origin, down).triangle, floor.triangle);
  // The default filter is the plain raycast.
  const collision::RayHit same = collision::raycast(scene, origin, down, collision::SceneQueryFilter{});
  EXPECT_EQ(same.instance, body.instance);
  EXPECT_EQ(same.t, body.t);
}
