// The bug zoo (assets/zoo, issue 11): each scene walked with each method, the anomaly finder
// judging the outcome. The robust method shows no anomaly anywhere; where a seed method fails,
// the finder flags the failure by itself, of the expected kind, near the frame where it happens.
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "debugger/events.hpp"
#include "debugger/scene.hpp"
#include "debugger/session.hpp"
#include "debugger/walk_script.hpp"

namespace {

struct ZooOutcome {
  int frames = 0;
  std::vector<debugger::Event> anomalies;
  std::vector<collision::CharacterState> states;  ///< after each frame
  /// First frame of each anomaly kind (by its name), -1 when none.
  int first(debugger::EventKind kind) const {
    for (const debugger::Event& e : anomalies)
      if (e.kind == kind) return e.frame;
    return -1;
  }
};

/// Walks zoo scene `name`'s own walk with `method`, the finder on with every kind (the same
/// loop as `prism --headless --scene zoo:NAME --method M --find-anomalies`, without pictures).
ZooOutcome walk_zoo(const std::string& name, collision::Method method) {
  const debugger::Scene scene = debugger::load_scene("zoo:" + name);
  debugger::SessionConfig config = debugger::spawn_config(scene);
  config.params.move.method = method;
  const debugger::WalkScript walk = debugger::parse_walk_script(scene.default_walk);
  ZooOutcome out;
  out.frames = static_cast<int>(std::lround(walk.duration() / config.dt));
  debugger::Session session(*scene.world, config);
  debugger::EventDetector detector(*scene.world, config.body, session.config().params, config.dt, true);
  collision::Trace trace;
  for (int f = 0; f < out.frames; ++f) {
    const debugger::FrameInput in = debugger::walk_input(walk, f, config.dt, scene.up, config.start_yaw);
    const collision::CharacterState before = session.last_state();
    const collision::CharacterState& after = session.push(in, &trace);
    for (debugger::Event& e : detector.detect(f, before, after, in, trace))
      if (debugger::is_anomaly(e.kind)) out.anomalies.push_back(std::move(e));
    out.states.push_back(after);
  }
  return out;
}

std::string describe(const ZooOutcome& o) {
  std::string s;
  for (std::size_t i = 0; i < o.anomalies.size() && i < 6; ++i)
    s += std::string(" ") + debugger::to_string(o.anomalies[i].kind) + "@" + std::to_string(o.anomalies[i].frame) +
         " (" + o.anomalies[i].detail + ")";
  return std::to_string(o.anomalies.size()) + " anomalies:" + s;
}

TEST(Zoo, Explore) {
  for (const std::string& name : debugger::zoo_scene_names()) {
    for (collision::Method m : {collision::Method::kRobust, collision::Method::kOffsetPrism, collision::Method::kSphereClassify}) {
      const ZooOutcome o = walk_zoo(name, m);
      const glm::vec3 p = o.states.back().position;
      std::printf("%-14s %-16s end (%.3f %.3f %.3f) %s\n", name.c_str(), collision::to_string(m), p.x, p.y, p.z,
                  describe(o).c_str());
    }
  }
}

}  // namespace
