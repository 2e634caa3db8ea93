#pragma once
/// @file walk_source.hpp
/// Walk input, one concept: a walk is driven by a source that gives every frame's input (a
/// FrameInput: the character input and where the body looks). The sources:
/// - ScriptedWalk: a parsed text script (walk_script.hpp), timed segments of the frame number;
/// - Wander: the debugger's seeded tour that seeks contacts (wander.hpp); it looks at the body's
///   state before the frame;
/// - RandomWalk: the seeded random walks' generator (prism_walks/random_input.hpp) of
///   prism-query walk, the walk tests and bench_moves.
/// A source is stepped frame by frame, in order (the wander and the generator keep state). A
/// session records the inputs a source gave, so a replay needs none of them.

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include <glm/vec3.hpp>

#include "collision/character.hpp"
#include "collision/world.hpp"
#include "debugger/scene.hpp"
#include "debugger/session.hpp"
#include "debugger/walk_script.hpp"
#include "debugger/wander.hpp"
#include "prism_walks/random_input.hpp"

namespace debugger {

/// What a source may look at besides the body's state.
struct WalkContext {
  const collision::World* world = nullptr;  ///< the wander casts rays into it
  glm::vec3 up{0.0f, 1.0f, 0.0f};           ///< the scene's up (unit)
  float dt = 1.0f / 60.0f;                  ///< seconds a frame
  float size = 1.0f;                        ///< the body's largest semi-axis (body_size), mesh units
};

struct ScriptedWalk {
  WalkScript script;
  float start_yaw = 0.0f;  ///< radians about up, as SessionConfig::start_yaw
};

struct RandomWalk {
  prism_walks::RandomInput input;
  float yaw = 0.0f;  ///< the look: the wish's heading, held while the walk pauses
};

using WalkSource = std::variant<ScriptedWalk, Wander, RandomWalk>;

/// The input of frame `frame` (0-based), the body being in `before` when it starts.
/// @pre context.world is set when the source is a Wander.
FrameInput next_input(WalkSource& source, const WalkContext& context, int frame,
                      const collision::CharacterState& before);

/// True once `source` has nothing left to give at frame `frame`: a scripted walk past its
/// duration (the body would stand still from then on). The wander and the random walks never end.
bool walk_ended(const WalkSource& source, int frame, float dt);

/// The tour a run of `scene` plays (prism headless and the window, one rule): the walk script
/// at `walk_path` (--walk) when one is named, else the scene's own walk (Scene::default_walk:
/// the default scene, oa_dm1, the zoo), else, or when that script has no segment, the seeded
/// wander (`seed`). A replayed session brings its own inputs: without --walk, no tour.
/// `start_yaw`: the session's SessionConfig::start_yaw (radians), the scripted walk's yaw origin.
/// @throws std::runtime_error naming the walk file and line when it cannot be read or parsed.
std::optional<WalkSource> scene_tour(const Scene& scene, const std::string& walk_path, std::uint64_t seed,
                                     bool replaying, float start_yaw);

}  // namespace debugger
