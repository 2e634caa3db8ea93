// One walk-input concept over its three sources (walk_source.hpp).
#include "debugger/walk_source.hpp"

#include <utility>

#include <glm/geometric.hpp>

namespace debugger {
namespace {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace

FrameInput next_input(WalkSource& source, const WalkContext& c, int frame, const collision::CharacterState& before) {
  return std::visit(Overloaded{
                        [&](ScriptedWalk& s) { return walk_input(s.script, frame, c.dt, c.up, s.start_yaw); },
                        [&](Wander& w) { return wander_input(w, *c.world, before, c.up, c.size, c.dt, frame); },
                        [&](RandomWalk& r) {
                          FrameInput in;
                          in.character = r.input.next();
                          if (glm::length(in.character.wish) > 0.0f) r.yaw = yaw_of(c.up, in.character.wish);
                          in.yaw = r.yaw;
                          return in;
                        },
                    },
                    source);
}

bool walk_ended(const WalkSource& source, int frame, float dt) {
  const ScriptedWalk* walk = std::get_if<ScriptedWalk>(&source);
  return walk && static_cast<double>(frame) * dt >= walk->script.duration();
}

std::optional<WalkSource> scene_tour(const Scene& scene, const std::string& walk_path, std::uint64_t seed,
                                     bool replaying, float start_yaw) {
  WalkScript walk;
  if (!walk_path.empty()) walk = load_walk_script(walk_path);
  else if (!replaying && !scene.default_walk.empty()) walk = parse_walk_script(scene.default_walk);
  if (!walk.segments.empty() || (replaying && !walk_path.empty())) return ScriptedWalk{std::move(walk), start_yaw};
  if (replaying) return std::nullopt;
  Wander wander;
  wander.seed = seed;
  return wander;
}

}  // namespace debugger
