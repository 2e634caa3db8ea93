// The bug zoo (assets/zoo, issue 11): each scene walked with each method, the anomaly finder
// judging the outcome. The robust method shows no anomaly anywhere; where a seed method fails,
// the finder flags the failure by itself, of the expected kind, near the frame where it happens.
#include <cmath>
#include <cstdio>
#include <cstdlib>
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
  std::map<std::string, std::pair<int, int>> kinds;  // name -> first frame, count
  for (const debugger::Event& e : o.anomalies) {
    auto [it, fresh] = kinds.emplace(debugger::to_string(e.kind), std::make_pair(e.frame, 0));
    ++it->second.second;
  }
  std::string s = std::to_string(o.anomalies.size()) + " anomalies:";
  for (const auto& [k, v] : kinds) s += " " + k + " first " + std::to_string(v.first) + " x" + std::to_string(v.second);
  return s;
}

/// The first frame where `o` leaves the robust run `reference`: the centre more than 5 cm away
/// horizontally or vertically (the seeds rest 4 mm lower: they keep no skin). -1 when never.
int departure(const ZooOutcome& o, const ZooOutcome& reference) {
  for (std::size_t f = 0; f < o.states.size() && f < reference.states.size(); ++f) {
    const glm::vec3 d = o.states[f].position - reference.states[f].position;
    if (std::hypot(d.x, d.z) > 0.05f || std::abs(d.y) > 0.05f) return static_cast<int>(f);
  }
  return -1;
}

TEST(Zoo, Explore) {
  if (const char* dump = std::getenv("ZOO_DUMP")) {  // SCENE METHOD FROM TO: frame by frame
    char scene[64], method[64];
    int from = 0, to = 0;
    collision::Method m{};
    if (std::sscanf(dump, "%63s %63s %d %d", scene, method, &from, &to) == 4 && collision::parse_method(method, m)) {
      const ZooOutcome robust = walk_zoo(scene, collision::Method::kRobust);
      const ZooOutcome o = walk_zoo(scene, m);
      for (int f = from; f <= to && f < o.frames; ++f) {
        const auto& s = o.states[static_cast<std::size_t>(f)];
        const auto& r = robust.states[static_cast<std::size_t>(f)];
        std::printf("%4d  %8.4f %8.4f %8.4f  v %7.3f %7.3f %7.3f  %-10s | robust %8.4f %8.4f %8.4f %s\n", f, s.position.x,
                    s.position.y, s.position.z, s.velocity.x, s.velocity.y, s.velocity.z, collision::to_string(s.ground),
                    r.position.x, r.position.y, r.position.z, collision::to_string(r.ground));
      }
    }
    return;
  }
  for (const std::string& name : debugger::zoo_scene_names()) {
    const ZooOutcome robust = walk_zoo(name, collision::Method::kRobust);
    for (collision::Method m : {collision::Method::kRobust, collision::Method::kOffsetPrism, collision::Method::kSphereClassify}) {
      const ZooOutcome o = walk_zoo(name, m);
      const glm::vec3 p = o.states.back().position;
      std::printf("%-14s %-16s end (%.3f %.3f %.3f) departs %d %s\n", name.c_str(), collision::to_string(m), p.x, p.y, p.z,
                  departure(o, robust), describe(o).c_str());
    }
  }
}

}  // namespace
