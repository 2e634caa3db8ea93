// Event detection, anomalies included.
#include "debugger/events.hpp"

#include "debugger/anomalies.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <glm/geometric.hpp>


namespace debugger {

const char* to_string(EventKind kind) {
  switch (kind) {
    case EventKind::kContactBegin: return "contact_begin";
    case EventKind::kContactEnd: return "contact_end";
    case EventKind::kIterationLimit: return "iteration_limit";
    case EventKind::kCrease: return "crease";
    case EventKind::kDepenetration: return "depenetration";
    case EventKind::kStartOverlap: return "start_overlap";
    case EventKind::kGroundLost: return "ground_lost";
    case EventKind::kGroundFound: return "ground_found";
    case EventKind::kSteepGround: return "steep_ground";
    case EventKind::kStepUp: return "step_up";
    case EventKind::kEndsInOverlap: return "anomaly_ends_in_overlap";
    case EventKind::kPassThrough: return "anomaly_pass_through";
    case EventKind::kNoProgress: return "anomaly_no_progress";
    case EventKind::kJitter: return "anomaly_jitter";
    case EventKind::kGhostBump: return "anomaly_ghost_bump";
    case EventKind::kLostSpeed: return "anomaly_lost_speed";
    case EventKind::kEarlyCatch: return "anomaly_early_catch";
    case EventKind::kPushAway: return "anomaly_push_away";
    case EventKind::kCount: break;
  }
  return "?";
}

bool is_anomaly(EventKind kind) { return kind >= EventKind::kEndsInOverlap && kind < EventKind::kCount; }

std::string capture_tag(const std::vector<Event>& events) {
  std::string tag;
  for (const Event& e : events)
    if (tag.empty() || is_anomaly(e.kind)) tag = std::string("_") + to_string(e.kind);
  return tag;
}

bool is_wall_contact(collision::MovePhase phase, glm::vec3 normal, glm::vec3 up, float max_slope_degrees) {
  if (phase == collision::MovePhase::kVertical || phase == collision::MovePhase::kSnapDown ||
      phase == collision::MovePhase::kStepDown || phase == collision::MovePhase::kStepUp)
    return false;
  const float walkable = std::cos(max_slope_degrees * 3.14159265f / 180.0f);
  return glm::dot(normal, up) < walkable - 1e-4f;
}

EventDetector::EventDetector(const collision::World& world, const collision::Body& body,
                             const collision::CharacterParams& params, float dt, bool find_anomalies)
    : params_(params.resolved(body)), skin_(params.move.resolved_skin(body)),
      finder_(std::make_unique<AnomalyFinder>(world, body, params, dt, find_anomalies)) {}
EventDetector::~EventDetector() = default;

void EventDetector::follow(const collision::Body& body, const collision::CharacterParams& params) {
  params_ = params.resolved(body);
  skin_ = params.move.resolved_skin(body);
  finder_->follow(body, params);
}

EventDetector::EventDetector(EventDetector&&) noexcept = default;
EventDetector& EventDetector::operator=(EventDetector&&) noexcept = default;

namespace {

std::string fmt(const char* f, double a, double b = 0.0) {
  char buf[160];
  std::snprintf(buf, sizeof buf, f, a, b);
  return buf;
}

}  // namespace

std::vector<Event> EventDetector::detect(int frame, const collision::CharacterState& before,
                                         const collision::CharacterState& after,
                                         const FrameInput& input, const collision::Trace& trace) {
  std::vector<Event> out;
  auto add = [&](EventKind k, std::string detail = {}) { out.push_back({k, frame, std::move(detail)}); };
  const glm::vec3 up = params_.up;

  // Contacts, creases, iteration limits, overlaps at the start of an iteration.
  bool wall = false, crease = false, start_overlap = false;
  for (const collision::SlideIteration& it : trace.iterations) {
    wall = wall || (it.hit && is_wall_contact(it.phase, it.normal, up, params_.max_slope_degrees));
    crease = crease || it.crease.size() >= 2;
    start_overlap = start_overlap || it.start_overlap;
  }
  // A wall the body already touched, which the walk pressed into and kept to from the start.
  for (const collision::TouchingPlane& t : trace.touching) {
    wall = wall || is_wall_contact(t.phase, t.normal, up, params_.max_slope_degrees);
  }
  // Iteration limit: a run of iterations of one phase as long as the limit, still hitting.
  int run = 0;
  for (std::size_t i = 0; i < trace.iterations.size(); ++i) {
    run = (i > 0 && trace.iterations[i].phase == trace.iterations[i - 1].phase) ? run + 1 : 1;
    if (run >= params_.move.max_iterations && trace.iterations[i].hit &&
        glm::length(trace.iterations[i].slide) > skin_) {
      add(EventKind::kIterationLimit, to_string(trace.iterations[i].phase));
      break;
    }
  }
  if (started_ && wall && !wall_contact_) add(EventKind::kContactBegin);
  if (started_ && !wall && wall_contact_) add(EventKind::kContactEnd);
  wall_contact_ = wall;
  if (crease) add(EventKind::kCrease);
  if (trace.depenetration.happened) add(EventKind::kDepenetration, fmt("depth %.4g", trace.depenetration.depth));
  if (start_overlap) add(EventKind::kStartOverlap);
  const bool was_ground = before.ground == collision::GroundState::kOnGround;
  const bool is_ground = after.ground == collision::GroundState::kOnGround;
  if (started_ && was_ground && !is_ground) add(EventKind::kGroundLost);
  if (started_ && !was_ground && is_ground) add(EventKind::kGroundFound);
  const bool was_steep = before.ground == collision::GroundState::kOnSteepGround;
  const bool is_steep = after.ground == collision::GroundState::kOnSteepGround;
  if (started_ && !was_steep && is_steep) add(EventKind::kSteepGround, fmt("slope %.3g degrees",
      std::acos(std::clamp(static_cast<double>(glm::dot(after.ground_normal, up)), -1.0, 1.0)) * 57.29577951308232));
  if (trace.step_up.succeeded) add(EventKind::kStepUp, fmt("height %.4g", trace.step_up.height));

  finder_->find(frame, before, after, input, trace, out);
  started_ = true;
  return out;
}

}  // namespace debugger
