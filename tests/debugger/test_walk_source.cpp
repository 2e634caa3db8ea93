// Walk input, one concept (debugger/record/include/debugger/walk_source.hpp): a walk driven
// through a WalkSource gets, frame by frame, exactly the inputs its own generator gives (a
// source that stepped its generator twice a frame, or lost the wander's state, would walk
// elsewhere than the script, the tour or the random walk it names).
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <variant>

#include <gtest/gtest.h>

#include "debugger/scene.hpp"
#include "debugger/spawn.hpp"
#include "debugger/walk_source.hpp"

namespace {

bool same(const debugger::FrameInput& a, const debugger::FrameInput& b) {
  return std::memcmp(&a.character.wish, &b.character.wish, sizeof a.character.wish) == 0 &&
         a.character.jump == b.character.jump && a.character.speed_scale == b.character.speed_scale &&
         a.yaw == b.yaw && a.pitch == b.pitch;
}

TEST(WalkSource, EverySourceGivesItsOwnGeneratorsInputsFrameByFrame) {
  const debugger::Scene scene = debugger::load_scene("default");
  const debugger::WalkContext context{scene.world.get(), scene.up, 1.0f / 60.0f, debugger::body_size(scene.body)};
  collision::CharacterState state;
  state.position = scene.spawn;

  const debugger::WalkScript script = debugger::parse_walk_script(scene.default_walk);
  debugger::WalkSource scripted = debugger::ScriptedWalk{script, scene.spawn_yaw};
  debugger::Wander tour;
  tour.seed = 7;
  debugger::WalkSource wander = tour;
  for (int f = 0; f < 600; ++f) {
    ASSERT_TRUE(same(debugger::next_input(scripted, context, f, state),
                     debugger::walk_input(script, f, context.dt, scene.up, scene.spawn_yaw))) << f;
    ASSERT_TRUE(same(debugger::next_input(wander, context, f, state),
                     debugger::wander_input(tour, *scene.world, state, scene.up, context.size, context.dt, f))) << f;
  }
  int pauses = 0;
  for (std::uint32_t walk = 0; walk < 10; ++walk) {
    debugger::WalkSource random = debugger::RandomWalk{prism_walks::RandomInput(3, walk, scene.up)};
    prism_walks::RandomInput generator(3, walk, scene.up);
    float yaw = 0.0f;
    for (int f = 0; f < 600; ++f) {
      const debugger::FrameInput r = debugger::next_input(random, context, f, state);
      const collision::WalkInput g = generator.next();
      ASSERT_EQ(std::memcmp(&r.character.wish, &g.wish, sizeof g.wish), 0) << walk << ", " << f;
      ASSERT_EQ(r.character.jump, g.jump) << walk << ", " << f;
      ASSERT_EQ(r.character.speed_scale, g.speed_scale) << walk << ", " << f;
      // The look follows the wish and is held while the walk stands.
      if (g.wish == glm::vec3(0.0f)) {
        ++pauses;
        ASSERT_EQ(r.yaw, yaw) << walk << ", " << f;
      } else {
        ASSERT_EQ(r.yaw, debugger::yaw_of(scene.up, g.wish)) << walk << ", " << f;
      }
      yaw = r.yaw;
    }
  }
  EXPECT_GT(pauses, 0) << "ten random walks of 10 s should pause";
}

}  // namespace

namespace {

// One rule picks the tour for headless runs and the window (scene_tour): the window played only
// the zoo's walks, so `prism` stood still on the default scene and on oa_dm1, whose own walks
// the headless run played.
TEST(SceneTour, DefaultSceneAndZooPlayTheirOwnWalkAndOtherLevelsWander) {
  const debugger::Scene def = debugger::load_scene("default");
  const std::optional<debugger::WalkSource> tour = debugger::scene_tour(def, "", 1, false, def.spawn_yaw);
  ASSERT_TRUE(tour && std::holds_alternative<debugger::ScriptedWalk>(*tour));
  const debugger::ScriptedWalk& walk = std::get<debugger::ScriptedWalk>(*tour);
  EXPECT_EQ(walk.script.duration(), debugger::parse_walk_script(def.default_walk).duration());
  EXPECT_FALSE(debugger::walk_ended(*tour, 300, 1.0f / 60.0f)) << "the default tour lasts past frame 300";

  const debugger::Scene zoo = debugger::load_scene("zoo:wedge");
  const auto zoo_tour = debugger::scene_tour(zoo, "", 1, false, zoo.spawn_yaw);
  EXPECT_TRUE(zoo_tour && std::holds_alternative<debugger::ScriptedWalk>(*zoo_tour));

  debugger::Scene bare = def;  // a level without a walk of its own: the seeded wander
  bare.default_walk.clear();
  const auto wander = debugger::scene_tour(bare, "", 9, false, 0.0f);
  ASSERT_TRUE(wander && std::holds_alternative<debugger::Wander>(*wander));
  EXPECT_EQ(std::get<debugger::Wander>(*wander).seed, 9u);
  EXPECT_FALSE(debugger::walk_ended(*wander, 1'000'000, 1.0f / 60.0f));

  // A replayed session brings its inputs: no tour, unless --walk names one.
  EXPECT_FALSE(debugger::scene_tour(def, "", 1, true, 0.0f));
}

TEST(SceneTour, OaDm1PlaysItsOwnWalk) {
  debugger::Scene oa;
  try {
    oa = debugger::load_scene("oa_dm1");
  } catch (const std::exception& e) {
    GTEST_SKIP() << "oa_dm1 is not installed: " << e.what();
  }
  const auto tour = debugger::scene_tour(oa, "", 1, false, oa.spawn_yaw);
  ASSERT_TRUE(tour && std::holds_alternative<debugger::ScriptedWalk>(*tour));
  EXPECT_GT(std::get<debugger::ScriptedWalk>(*tour).script.duration(), 5.0);
}

}  // namespace
