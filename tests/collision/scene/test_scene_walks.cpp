// Seeded random walks of 16 characters (spheres r 0.3, skin 0.02, 3 m/s, jumping now and then)
// for 15 s in a walled room among two doors sliding at 4 m/s, a lift and a turning platform,
// the movers turning back every second: no character ever ends a frame deeper than its skin in
// the level, an instance or another character (seen: never below a gap of 0), none falls
// through the floor, and the walks do meet the movers (carried on ~1,170 character frames,
// ~3,000 contacts), each other (~490) and block the doors (~50 mover steps).
#include <random>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "scene_fixtures.hpp"

namespace {

constexpr float kDt = 1.0f / 60.0f;

TEST(SceneWalks, RandomWalksAmongMoversNeverEndDeeperThanTheSkin) {
  // A 20 x 20 room (floor at y = 0, walls 2 high) with a pillar.
  collision::Scene scene(prism_test::boxes_level({{{0.0f, -0.5f, 0.0f}, {10.0f, 0.5f, 10.0f}},
                                                  {{-10.5f, 1.0f, 0.0f}, {0.5f, 1.0f, 10.0f}},
                                                  {{10.5f, 1.0f, 0.0f}, {0.5f, 1.0f, 10.0f}},
                                                  {{0.0f, 1.0f, -10.5f}, {10.0f, 1.0f, 0.5f}},
                                                  {{0.0f, 1.0f, 10.5f}, {10.0f, 1.0f, 0.5f}},
                                                  {{3.0f, 1.0f, 3.0f}, {0.5f, 1.0f, 0.5f}}}));
  std::vector<std::uint32_t> movers;
  // Doors sliding along x and z, lifts bobbing, a platform turning.
  movers.push_back(scene.add_box({0.1f, 1.0f, 1.0f}, {{-5.0f, 1.0f, -5.0f}}));
  scene.set_velocity(movers.back(), {4.0f, 0.0f, 0.0f}, glm::vec3(0.0f));
  movers.push_back(scene.add_box({1.0f, 1.0f, 0.1f}, {{5.0f, 1.0f, -5.0f}}));
  scene.set_velocity(movers.back(), {0.0f, 0.0f, 4.0f}, glm::vec3(0.0f));
  movers.push_back(scene.add_box({1.5f, 0.2f, 1.5f}, {{-5.0f, 0.2f, 5.0f}}));
  scene.set_velocity(movers.back(), {0.0f, 0.5f, 0.0f}, glm::vec3(0.0f));
  movers.push_back(scene.add_box({2.0f, 0.15f, 2.0f}, {{5.0f, 0.15f, 5.0f}}));
  scene.set_velocity(movers.back(), glm::vec3(0.0f), {0.0f, 1.5f, 0.0f});
  std::mt19937 rng(42);
  std::uniform_real_distribution<float> pos(-8.0f, 8.0f), dir(-1.0f, 1.0f);
  std::vector<std::uint32_t> chars;
  for (int i = 0; i < 16; ++i) {
    chars.push_back(scene.add_character(collision::Body::sphere(0.3f), prism_test::sphere_params(0.02f),
                                        prism_test::at({pos(rng), 1.5f, pos(rng)})));
  }
  std::vector<collision::CharacterInput> inputs(chars.size());
  float deepest = 0.0f;
  int blocked = 0, on_movers = 0, touching_movers = 0, touching_characters = 0;
  std::vector<collision::Contact> cs;
  for (int frame = 0; frame < 900; ++frame) {
    if (frame % 60 == 59) {  // the movers turn back every second
      for (std::uint32_t m : movers) {
        const collision::SceneInstance& in = scene.instance(m);
        scene.set_velocity(m, -in.velocity, in.angular_velocity);
      }
    }
    if (frame % 30 == 0) {
      for (auto& in : inputs) {
        in.velocity = glm::vec3(dir(rng), 0.0f, dir(rng)) * 3.0f;
        in.jump = dir(rng) > 0.8f;
      }
    }
    scene.advance(kDt);
    for (std::size_t k = 0; k < chars.size(); ++k) scene.update_character(chars[k], inputs[k], kDt);
    for (std::uint32_t m : movers) blocked += scene.instance(m).blocked;
    for (std::uint32_t id : chars) {
      const collision::SceneCharacter& c = scene.character(id);
      collision::find_contacts(scene, c.body, c.state.position, 0.1f, cs);
      for (const collision::Contact& k : cs) {
        if (k.instance == collision::kCharacterInstance + id) continue;  // its own body
        deepest = std::min(deepest, k.distance);
        touching_movers += k.instance < collision::kCharacterInstance;
        touching_characters += k.instance >= collision::kCharacterInstance && k.instance != collision::kStaticLevel;
        ASSERT_GE(k.distance, -0.02f) << "frame " << frame << " character " << id << " against "
                                      << (k.instance == collision::kStaticLevel ? std::string("level")
                                                                                 : std::to_string(k.instance))
                                      << " triangle " << k.triangle;
      }
      ASSERT_GT(c.state.position.y, 0.0f) << frame;  // never through the floor
      on_movers += c.state.ground_instance < collision::kCharacterInstance;
    }
  }
  RecordProperty("deepest", std::to_string(deepest));
  RecordProperty("blocked_mover_steps", blocked);
  std::printf("deepest overlap %g, blocked mover steps %d, frames on movers %d, contacts with movers %d, with characters %d\n",
              static_cast<double>(deepest), blocked, on_movers, touching_movers, touching_characters);
  // The walks meet the movers and each other (the check is not vacuous).
  EXPECT_GT(on_movers, 100);
  EXPECT_GT(touching_movers, 200);
  EXPECT_GT(touching_characters, 10);
  EXPECT_GT(blocked, 0);
}

}  // namespace
