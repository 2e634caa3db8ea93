// A scene's own walk with the anomaly finder on (see zoo_walk.hpp).
#include "debugger/zoo_walk.hpp"

#include <cmath>
#include <stdexcept>
#include <utility>

#include "debugger/session.hpp"
#include "debugger/walk_script.hpp"

namespace debugger {

int ZooWalk::first(EventKind kind) const {
  for (const Event& e : anomalies)
    if (e.kind == kind) return e.frame;
  return -1;
}

ZooWalk walk_scene(const Scene& scene, collision::Method method) {
  if (scene.default_walk.empty()) throw std::runtime_error("scene '" + scene.spec + "' has no walk of its own");
  SessionConfig config = spawn_config(scene);
  config.params.move.method = method;
  const WalkScript walk = parse_walk_script(scene.default_walk);
  ZooWalk out;
  out.frames = static_cast<int>(std::lround(walk.duration() / config.dt));
  Session session(*scene.world, config, scene.movers);
  EventDetector detector(*scene.world, config.body, session.config().params, config.dt, true);
  collision::Trace trace;
  for (int f = 0; f < out.frames; ++f) {
    const FrameInput in = walk_input(walk, f, config.dt, scene.up, config.start_yaw);
    const collision::CharacterState before = session.last_state();
    const collision::CharacterState& after = session.push(in, &trace);
    std::vector<Event> events = detector.detect(f, before, after, in, trace);
    if (!events.empty()) out.capture_tags[f] = capture_tag(events);
    for (Event& e : events) {
      out.events.push_back(e);
      if (is_anomaly(e.kind)) out.anomalies.push_back(std::move(e));
    }
    out.states.push_back(after);
  }
  return out;
}

ZooWalk walk_zoo(const std::string& name, collision::Method method) {
  return walk_scene(load_scene("zoo:" + name), method);
}

}  // namespace debugger
