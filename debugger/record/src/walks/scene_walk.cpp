#include "prism_walks/scene_walk.hpp"

#include <chrono>

#include "collision/contacts.hpp"
#include "debugger/anomalies.hpp"
#include "debugger/spawn.hpp"
#include "debugger/walk_source.hpp"

namespace prism_walks {

namespace {

using Clock = std::chrono::steady_clock;

// The deepest overlap beyond `allowed` of the body at `centre` with an instance or a character
// other than `me`: its depth beyond `allowed` (0: none), and what it is in v.overlap_*.
float deepest_in_scene(const collision::Scene& scene, const collision::Body& body, const glm::vec3& centre,
                       std::uint32_t me, float allowed, std::vector<collision::Contact>& contacts,
                       debugger::WalkFrameVerdict& v) {
  collision::find_contacts(scene, body, centre, 0.0f, contacts);
  float worst = 0.0f;
  for (const collision::Contact& c : contacts) {
    if (c.instance == collision::kStaticLevel || c.instance == collision::kCharacterInstance + me) continue;
    const float beyond = -c.distance - allowed;
    if (beyond > worst) {
      worst = beyond;
      v.overlap_instance = c.instance;
      v.overlap_triangle = c.instance >= collision::kCharacterInstance ? collision::kNoTriangle : c.triangle;
    }
  }
  return worst;
}

void run_scene_walk(const WalkSetup& setup, const collision::io::SceneFile& file,
                    const collision::io::BuiltScene& built, int patch_level, std::uint32_t walk,
                    const glm::vec3& start, WalkCounts& counts, const FrameSink& sink) {
  collision::io::BuiltScene b = collision::io::build_scene(file, built, patch_level);
  collision::Scene& scene = *b.scene;
  const collision::CharacterParams params = setup.params.resolved(setup.body);
  const float allowed = debugger::AnomalyThresholds{}.overlap_skins * params.move.resolved_skin(setup.body);
  debugger::AnomalyFinder finder(scene.level(), setup.body, setup.params, setup.dt, false);
  debugger::WalkSource source = debugger::RandomWalk{RandomInput(setup.seed, walk, params.up, setup.script)};
  const debugger::WalkContext context{&scene.level(), params.up, setup.dt, debugger::body_size(setup.body)};
  collision::CharacterState placed;
  placed.position = start;
  const std::uint32_t me = scene.add_character(setup.body, params, placed);
  std::vector<collision::Contact> contacts;
  double seconds = 0.0;
  for (int frame = 0; frame < setup.frames; ++frame) {
    const collision::CharacterState state = scene.character(me).state;
    const collision::WalkInput input = debugger::next_input(source, context, frame, state).character;
    collision::io::advance_scene(file, b, static_cast<float>(static_cast<double>(frame) * setup.dt), setup.dt);
    const auto t0 = Clock::now();
    scene.update_character(me, collision::walk_input(input, params, setup.body), setup.dt);
    seconds += std::chrono::duration<double>(Clock::now() - t0).count();
    const collision::CharacterState& next = scene.character(me).state;
    if (setup.check) {
      debugger::WalkFrameVerdict v = finder.judge_walk_frame(state, next, input);
      debugger::WalkFrameVerdict in_scene;
      const float beyond = deepest_in_scene(scene, setup.body, next.position, me, allowed, contacts, in_scene);
      if (beyond > v.overlap_beyond_skin) {  // deeper in an instance or a character than in the level
        v.overlap_beyond_skin = beyond;
        v.overlap_triangle = in_scene.overlap_triangle;
        v.overlap_instance = in_scene.overlap_instance;
      }
      count_frame(counts, v, {walk, frame, start, state, input, next});
    }
    if (sink) sink(walk, frame, next);
  }
  counts.walks += 1;
  counts.frames += static_cast<std::size_t>(setup.frames);
  counts.step_seconds += seconds;
}

}  // namespace

WalkCounts run_scene_walks(const WalkSetup& setup, const collision::io::SceneFile& file,
                           const collision::io::BuiltScene& built, int patch_level,
                           const std::vector<glm::vec3>& starts, const FrameSink& sink) {
  WalkCounts counts;
  for (std::size_t i = 0; i < starts.size(); ++i) {
    run_scene_walk(setup, file, built, patch_level, static_cast<std::uint32_t>(i), starts[i], counts, sink);
  }
  return counts;
}

}  // namespace prism_walks
