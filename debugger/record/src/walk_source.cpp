// One walk-input concept over its three sources (walk_source.hpp).
#include "debugger/walk_source.hpp"

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

}  // namespace debugger
