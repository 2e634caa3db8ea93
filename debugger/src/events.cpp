// Event detection, anomalies included.
#include "debugger/events.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <glm/geometric.hpp>

#include "collision/queries.hpp"

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
    case EventKind::kCount: break;
  }
  return "?";
}

bool is_anomaly(EventKind kind) { return kind >= EventKind::kEndsInOverlap && kind < EventKind::kCount; }

bool is_wall_contact(const collision::SlideIteration& it, glm::vec3 up, float max_slope_degrees) {
  if (!it.hit) return false;
  if (it.phase == collision::MovePhase::kVertical || it.phase == collision::MovePhase::kSnapDown ||
      it.phase == collision::MovePhase::kStepDown || it.phase == collision::MovePhase::kStepUp)
    return false;
  const float walkable = std::cos(max_slope_degrees * 3.14159265f / 180.0f);
  return glm::dot(it.normal, up) < walkable - 1e-4f;
}

EventDetector::EventDetector(const collision::World& world, const collision::Body& body,
                             const collision::CharacterParams& params, float dt)
    : world_(&world), body_(body), params_(params.resolved(body)), dt_(dt),
      skin_(params.move.resolved_skin(body)) {}

namespace {

std::string fmt(const char* f, double a, double b = 0.0) {
  char buf[160];
  std::snprintf(buf, sizeof buf, f, a, b);
  return buf;
}

/// Deepest overlap of a sphere of `radius` at `centre` with solid triangles (0 when none).
float penetration(const collision::World& world, glm::vec3 centre, float radius) {
  std::vector<std::uint32_t> near;
  collision::overlap_sphere(world, centre, radius, near);
  double deepest = 0.0;
  const glm::dvec3 c(centre);
  for (std::uint32_t t : near) {
    const collision::Triangle tri = world.mesh().triangle(t);
    const glm::dvec3 q = collision::closest_point_on_triangle(c, glm::dvec3(tri.a), glm::dvec3(tri.b),
                                                              glm::dvec3(tri.c));
    deepest = std::max(deepest, static_cast<double>(radius) - glm::length(c - q));
  }
  return static_cast<float>(deepest);
}

glm::vec3 horizontal(glm::vec3 v, glm::vec3 up) { return v - up * glm::dot(v, up); }

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
    wall = wall || is_wall_contact(it, up, params_.max_slope_degrees);
    crease = crease || it.crease.size() >= 2;
    start_overlap = start_overlap || it.start_overlap;
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

  // Anomalies.
  const float r = body_.min_radius();
  if (const float depth = penetration(*world_, after.position, r); depth > 4.0f * skin_)
    add(EventKind::kEndsInOverlap, fmt("depth %.4g (skin %.4g)", depth, skin_));
  const collision::RayHit through = collision::raycast(*world_, before.position, after.position - before.position);
  if (through.hit && world_->mesh().solid(through.triangle))
    add(EventKind::kPassThrough, fmt("triangle %.0f at t %.4g", through.triangle, through.t));

  const glm::vec3 moved = horizontal(after.position - before.position, up);
  const glm::vec3 wish = horizontal(input.character.wish, up);
  const float expected = *params_.walk_speed * input.character.speed_scale * glm::length(wish) * dt_;
  if (was_ground && is_ground && expected > 0.0f && glm::length(moved) < 0.02f * expected) {
    // Is the way free? Sweep the body a little above the ground along the wish.
    const glm::vec3 lift = up * std::max(*params_.step_height, 2.0f * skin_);
    const collision::SweepHit free = collision::sweep_ellipsoid(
        *world_, after.position + lift, body_.radii, glm::normalize(wish) * (expected * 2.0f));
    const collision::SweepHit clear_up = collision::sweep_ellipsoid(*world_, after.position, body_.radii, lift);
    // Free only if the body could also stand there: a slope too steep to walk up (say 60
    // degrees) leaves room above its foot, but no footing.
    const glm::vec3 ahead = after.position + lift + glm::normalize(wish) * (expected * 2.0f);
    const collision::SweepHit footing =
        collision::sweep_ellipsoid(*world_, ahead, body_.radii, -lift * 2.0f);
    const float walkable = std::cos(params_.max_slope_degrees * 3.14159265f / 180.0f) - 1e-4f;
    const bool steep = footing.hit && footing.feature == collision::Feature::kFace &&
                       glm::dot(footing.normal, up) < walkable;
    if (!free.hit && !clear_up.hit && !steep) {
      add(EventKind::kNoProgress, fmt("moved %.4g of %.4g", glm::length(moved), expected));
    }
  }

  // Jitter: under an unchanged wish, the horizontal move keeps reversing (3 reversals in 4 frames).
  moves_.push_back(moved);
  wishes_.push_back(wish);
  if (moves_.size() > 5) { moves_.pop_front(); wishes_.pop_front(); }
  if (moves_.size() == 5) {
    int reversals = 0;
    bool same_wish = true;
    for (std::size_t i = 1; i < moves_.size(); ++i) {
      same_wish = same_wish && glm::length(wishes_[i] - wishes_[0]) < 1e-6f;
      const float a = glm::length(moves_[i]), b = glm::length(moves_[i - 1]);
      if (a > 2.0f * skin_ && b > 2.0f * skin_ && glm::dot(moves_[i], moves_[i - 1]) < -0.5f * a * b) ++reversals;
    }
    if (same_wish && reversals >= 3) add(EventKind::kJitter, fmt("%.0f reversals in 4 frames", reversals));
  }
  started_ = true;
  return out;
}

}  // namespace debugger
