// Walk input, one concept (debugger/record/include/debugger/walk_source.hpp): a walk driven
// through a WalkSource gets, frame by frame, exactly the inputs its own generator gives (a
// source that stepped its generator twice a frame, or lost the wander's state, would walk
// elsewhere than the script, the tour or the random walk it names).
#include <cstdint>
#include <cstring>

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
