// The anomaly finder (see anomalies.hpp for every kind's threshold).
#include "debugger/anomalies.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <glm/geometric.hpp>

#include "collision/queries.hpp"
#include "degrees.hpp"

namespace debugger {
namespace {

std::string fmt(const char* f, double a, double b = 0.0) {
  char buf[160];
  std::snprintf(buf, sizeof buf, f, a, b);
  return buf;
}

glm::vec3 horizontal(glm::vec3 v, glm::vec3 up) { return v - up * glm::dot(v, up); }

glm::vec3 face_normal(const collision::World& world, std::uint32_t t) {
  const collision::Triangle tri = world.mesh().triangle(t);
  const glm::vec3 n = glm::cross(tri.b - tri.a, tri.c - tri.a);
  const float len = glm::length(n);
  return len > 0.0f ? n / len : glm::vec3(0.0f);
}

/// Gap between the body centred at `centre` and triangle `t` (collision::distance_to_triangle:
/// exact for spheres, boxes and capsules). `away`, when given, receives the unit direction from
/// the triangle's closest point towards the body.
float gap_to_triangle(const collision::World& world, const collision::Body& body, glm::vec3 centre,
                      std::uint32_t t) {
  return static_cast<float>(collision::distance_to_triangle(world.mesh().triangle(t), body, centre).distance);
}

void sort_unique(std::vector<std::uint32_t>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// Whether the frame met a level's moving part (a door, a lift: debugger/movers.hpp): its ground,
// contacts or hits (of `trace`, when given) name an instance rather than a static triangle.
bool touches_movers(const collision::CharacterState& before, const collision::CharacterState& after,
                    const collision::Trace* trace) {
  const auto on = [](const collision::CharacterState& s) {
    if (s.ground != collision::GroundState::kInAir && s.ground_instance != collision::kStaticLevel) return true;
    for (const collision::Contact& c : s.contacts) {
      if (c.instance != collision::kStaticLevel) return true;
    }
    return false;
  };
  if (trace) {
    for (const collision::SlideIteration& it : trace->iterations) {
      if (it.hit && it.instance != collision::kStaticLevel) return true;
    }
  }
  return on(before) || on(after);
}

std::vector<std::uint32_t> contact_triangles(const collision::CharacterState& s) {
  std::vector<std::uint32_t> out;
  for (const collision::Contact& c : s.contacts) out.push_back(c.triangle);
  sort_unique(out);
  return out;
}

/// The one wall the body touches: the horizontal normal shared (within `spread`) by every
/// non-walkable, non-ceiling contact; zero when none or more than one.
glm::vec3 single_wall(const collision::CharacterState& s, glm::vec3 up, float spread_cos,
                      std::vector<std::uint32_t>* triangles) {
  glm::vec3 first(0.0f);
  for (const collision::Contact& c : s.contacts) {
    if (c.walkable || std::abs(glm::dot(c.normal, up)) > 0.7f) continue;
    const glm::vec3 h = horizontal(c.normal, up);
    if (glm::length(h) < 1e-4f) continue;
    const glm::vec3 n = glm::normalize(h);
    if (first == glm::vec3(0.0f)) first = n;
    else if (glm::dot(first, n) < spread_cos) return glm::vec3(0.0f);
    if (triangles) triangles->push_back(c.triangle);
  }
  if (triangles) sort_unique(*triangles);
  return first;
}

}  // namespace

StuckWatch::StuckWatch(float radius, const AnomalyThresholds& thresholds)
    : distance_(radius * thresholds.stuck_walk_radius_fraction), frames_limit_(thresholds.stuck_walk_frames) {}

bool StuckWatch::update(const glm::vec3& position, bool free) {
  if (frames_ == 0 || !free || glm::length(position - anchor_) > distance_) {
    anchor_ = position;
    frames_ = free ? 1 : 0;
    return false;
  }
  ++frames_;
  if (frames_ > frames_limit_ && !reported_) {
    reported_ = true;
    return true;
  }
  return false;
}

AnomalyFinder::AnomalyFinder(const collision::World& world, const collision::Body& body,
                             const collision::CharacterParams& params, float dt, bool all_kinds,
                             AnomalyThresholds thresholds)
    : world_(&world), body_(body), params_(params.resolved(body)), dt_(dt),
      skin_(params.move.resolved_skin(body)), all_kinds_(all_kinds), th_(thresholds),
      stuck_(body.min_radius(), thresholds) {}

void AnomalyFinder::follow(const collision::Body& body, const collision::CharacterParams& params) {
  body_ = body;
  params_ = params.resolved(body);
  skin_ = params.move.resolved_skin(body);
  stuck_ = StuckWatch(body.min_radius(), th_);  // a new body's second starts anew
}

float AnomalyFinder::deepest_overlap(const glm::vec3& centre, std::vector<std::uint32_t>* deep,
                                     std::uint32_t* deepest_triangle) const {
  thread_local std::vector<std::uint32_t> near;
  near.clear();
  collision::overlap_sphere(*world_, centre, body_.bounding_radius(), near);
  float deepest = 0.0f;
  for (std::uint32_t t : near) {
    const float depth = -gap_to_triangle(*world_, body_, centre, t);
    if (depth > th_.overlap_skins * skin_) {
      if (deep) deep->push_back(t);
      if (depth > deepest && deepest_triangle) *deepest_triangle = t;
      deepest = std::max(deepest, depth);
    }
  }
  if (deep) sort_unique(*deep);
  return deepest;
}

float AnomalyFinder::overlap_beyond_skin(const glm::vec3& centre, std::vector<std::uint32_t>* deep,
                                         std::uint32_t* deepest) const {
  const float depth = deepest_overlap(centre, deep, deepest);
  return depth > 0.0f ? depth - th_.overlap_skins * skin_ : 0.0f;
}

bool AnomalyFinder::passes_through_wall(const glm::vec3& from, const glm::vec3& to, std::uint32_t* triangle,
                                        float* t) const {
  const glm::vec3 d = to - from;
  if (d.x == 0.0f && d.y == 0.0f && d.z == 0.0f) return false;
  const collision::RayHit h = collision::raycast(*world_, from, d);  // the BVH holds solid triangles only
  if (!h.hit) return false;
  if (triangle) *triangle = h.triangle;
  if (t) *t = h.t;
  return true;
}

bool AnomalyFinder::free_along(const glm::vec3& centre, const glm::vec3& dir) const {
  return !collision::sweep(*world_, body_, centre, dir * body_.min_radius()).hit;
}

WalkFrameVerdict AnomalyFinder::judge_walk_frame(const collision::CharacterState& before,
                                                 const collision::CharacterState& after,
                                                 const collision::WalkInput& input) {
  WalkFrameVerdict v;
  v.overlap_beyond_skin = overlap_beyond_skin(after.position, nullptr, &v.overlap_triangle);
  v.passes_through = passes_through_wall(before.position, after.position, &v.wall_triangle);
  const float wish = glm::length(input.wish);
  // As find()'s stuck rule: a frame that met a mover (a closed door ahead) is not judged by the
  // static level's free way.
  const bool free = wish > 0.0f && !touches_movers(before, after, nullptr) && free_along(after.position, input.wish / wish);
  v.stuck = stuck_.update(after.position, free);
  return v;
}

void AnomalyFinder::find(int frame, const collision::CharacterState& before,
                         const collision::CharacterState& after, const FrameInput& input,
                         const collision::Trace& trace, std::vector<Event>& out) {
  auto add = [&](EventKind k, std::string detail, std::vector<std::uint32_t> triangles) {
    out.push_back({k, frame, std::move(detail), std::move(triangles)});
  };
  const glm::vec3 up = params_.up;
  const float r = body_.min_radius();
  const bool was_ground = before.ground == collision::GroundState::kOnGround;
  const bool is_ground = after.ground == collision::GroundState::kOnGround;

  // Overlap deeper than the skin.
  {
    std::vector<std::uint32_t> deep;
    const float deepest = deepest_overlap(after.position, &deep, nullptr);
    if (!deep.empty())
      add(EventKind::kEndsInOverlap, fmt("depth %.4g (skin %.4g)", deepest, skin_), std::move(deep));
  }

  // Tunnelling: the centre's straight path crosses a solid triangle.
  std::uint32_t crossed = collision::kNoTriangle;
  float crossed_at = 0.0f;
  if (passes_through_wall(before.position, after.position, &crossed, &crossed_at))
    add(EventKind::kPassThrough, fmt("triangle %.0f at t %.4g", crossed, crossed_at), {crossed});

  // The rules below judge the way ahead and the ground by the static level alone: on a frame that
  // met a mover (pressed against a door, riding a lift) they would see a free way where the door
  // stands, or read a mover's triangle as the level's. Such frames are judged by the two rules
  // above only (both look at the static level directly); jitter keeps counting the moves.
  const bool movers = touches_movers(before, after, &trace);
  // Stuck: wants to move, does not, the way is free.
  const glm::vec3 moved = horizontal(after.position - before.position, up);
  const glm::vec3 wish = horizontal(input.character.wish, up);
  const float expected = *params_.walk_speed * std::max(input.character.speed_scale, 0.0f) *
                         std::min(glm::length(wish), 1.0f) * dt_;
  if (!movers && was_ground && is_ground && expected > 0.0f && glm::length(moved) < th_.stuck_fraction * expected) {
    const glm::vec3 lift = up * std::max(*params_.step_height, 2.0f * skin_);
    const glm::vec3 ahead_move = glm::normalize(wish) * (expected * 2.0f);
    const collision::SweepHit free = collision::sweep(*world_, body_, after.position + lift, ahead_move);
    const collision::SweepHit clear_up = collision::sweep(*world_, body_, after.position, lift);
    // Free only if the body could also stand there: a slope too steep to walk up leaves room
    // above its foot, but no footing.
    const collision::SweepHit footing =
        collision::sweep(*world_, body_, after.position + lift + ahead_move, -lift * 2.0f);
    const float walkable = std::cos(params_.max_slope_degrees * kDegrees) - 1e-4f;
    const bool steep = footing.hit && footing.feature == collision::Feature::kFace &&
                       glm::dot(footing.normal, up) < walkable;
    if (!free.hit && !clear_up.hit && !steep)
      add(EventKind::kNoProgress, fmt("moved %.4g of %.4g", glm::length(moved), expected), contact_triangles(after));
  }

  // Jitter: under an unchanged wish the horizontal move keeps reversing, going nowhere.
  moves_.push_back(moved);
  wishes_.push_back(wish);
  const std::size_t window = static_cast<std::size_t>(th_.jitter_window);
  if (moves_.size() > window) { moves_.pop_front(); wishes_.pop_front(); }
  if (moves_.size() == window) {
    int reversals = 0;
    bool same_wish = true;
    glm::vec3 net(0.0f);
    float path = 0.0f;
    for (std::size_t i = 0; i < moves_.size(); ++i) {
      net += moves_[i];
      path += glm::length(moves_[i]);
      if (i == 0) continue;
      same_wish = same_wish && glm::length(wishes_[i] - wishes_[0]) < 1e-6f;
      const float a = glm::length(moves_[i]), b = glm::length(moves_[i - 1]);
      if (a > 2.0f * skin_ && b > 2.0f * skin_ && glm::dot(moves_[i], moves_[i - 1]) < -0.5f * a * b) ++reversals;
    }
    if (same_wish && reversals >= th_.jitter_reversals && glm::length(net) < th_.jitter_net_fraction * path)
      add(EventKind::kJitter, fmt("%.0f reversals in %.0f frames", reversals, th_.jitter_window), contact_triangles(after));
  }

  const bool same_input = had_input_ && glm::length(wish - last_wish_) < 1e-6f;
  had_input_ = true;
  last_wish_ = wish;
  if (!all_kinds_ || movers) return;

  // Ghost bump: a rise on flat ground with nothing but flat ground hit, that lifts the body
  // above its rest on the ground's plane (an internal edge pushing it up). A body that starts
  // below that rest stands on a real edge of its triangle (a stair's nose, the tread's edge over
  // the riser) and rolls up onto the face: a rise the geometry asks for.
  const float flat_cos = std::cos(th_.flat_degrees * kDegrees);
  auto flat = [&](std::uint32_t t) { return t != collision::kNoTriangle && glm::dot(face_normal(*world_, t), up) > flat_cos; };
  auto above_rest = [&](const collision::CharacterState& st) {
    const glm::vec3 a = world_->mesh().triangle(before.ground_triangle).a;
    return glm::dot(st.position - a, up) - body_.extent_along(up) - skin_;
  };
  if (was_ground && flat(before.ground_triangle) && !input.character.jump && !trace.step_up.attempted) {
    std::vector<std::uint32_t> hit;
    bool all_flat = true;
    for (const collision::SlideIteration& it : trace.iterations) {
      if (!it.hit || it.triangle == collision::kNoTriangle) continue;
      hit.push_back(it.triangle);
      all_flat = all_flat && flat(it.triangle);
    }
    for (const collision::Contact& c : after.contacts) all_flat = all_flat && flat(c.triangle);
    // The rise that lifts the body above its rest (all of it when it started at rest or above).
    const float rise = std::min(glm::dot(after.position - before.position, up), above_rest(after));
    const float vup = glm::dot(after.velocity, up);
    if (all_flat && (rise > th_.bump_rise_radius_fraction * r || vup > th_.bump_speed_walk_fraction * *params_.walk_speed)) {
      sort_unique(hit);
      if (hit.empty()) hit.push_back(before.ground_triangle);
      add(EventKind::kGhostBump, fmt("rise %.4g, vertical speed %.4g", rise, vup), std::move(hit));
    }
  }

  // Lost speed: sliding along one wall much slower than the input's part along it.
  if (was_ground && is_ground && same_input && !input.character.jump && !trace.step_up.succeeded) {
    const float spread_cos = std::cos(th_.wall_spread_degrees * kDegrees);
    std::vector<std::uint32_t> walls;
    const glm::vec3 n0 = single_wall(before, up, spread_cos, nullptr);
    const glm::vec3 n = single_wall(after, up, spread_cos, &walls);
    const glm::vec3 v = collision::walk_input(input.character, params_, body_).velocity;
    const glm::vec3 vh = horizontal(v, up);
    if (n != glm::vec3(0.0f) && n0 != glm::vec3(0.0f) && glm::dot(n, n0) > spread_cos && glm::dot(vh, n) < 0.0f) {
      const glm::vec3 tangent = vh - n * glm::dot(vh, n);
      const float t = glm::length(tangent);
      if (t > 0.25f * glm::length(vh)) {
        const glm::vec3 dir = tangent / t;
        const glm::vec3 lift = up * std::max(*params_.step_height, 2.0f * skin_);
        // Off the wall by a skin so the sweep does not start touching it.
        const collision::SweepHit ahead = collision::sweep(*world_, body_, after.position + lift + n * skin_, dir * (2.0f * t * dt_));
        const float along = glm::dot(moved, dir) / dt_;
        if (!ahead.hit && along < th_.lost_speed_fraction * t)
          add(EventKind::kLostSpeed, fmt("along the wall %.4g of %.4g", along, t), std::move(walls));
      }
    }
  }

  // Push-away: farther than any velocity carries the body (the robust method's depenetration,
  // bounded by r + skin a step, only ever follows a start in overlap: not counted).
  if (!trace.depenetration.happened) {
    const glm::vec3 v_in = collision::walk_input(input.character, params_, body_).velocity;
    const float speed = std::max(glm::length(before.velocity), glm::length(v_in)) +
                        (input.character.jump ? *params_.jump_speed : 0.0f);
    const float reach = speed * dt_ + *params_.gravity * dt_ * dt_ + th_.push_away_radius_fraction * r;
    const float jump = glm::length(after.position - before.position);
    if (jump > reach) {
      std::vector<std::uint32_t> hit;
      for (const collision::SlideIteration& it : trace.iterations)
        if (it.hit && it.triangle != collision::kNoTriangle) hit.push_back(it.triangle);
      if (hit.empty()) {  // a push-out response records no hit: what the body touched then
        for (const collision::Contact& c : before.contacts) hit.push_back(c.triangle);
        for (const collision::Contact& c : after.contacts) hit.push_back(c.triangle);
      }
      sort_unique(hit);
      add(EventKind::kPushAway, fmt("moved %.4g, velocities carry %.4g", jump, reach - th_.push_away_radius_fraction * r),
          std::move(hit));
    }
  }

  // Early catch: a hit with the body not touching what it hit.
  for (const collision::SlideIteration& it : trace.iterations) {
    if (!it.hit || it.start_overlap || it.triangle == collision::kNoTriangle) continue;
    if (it.phase != collision::MovePhase::kMove && it.phase != collision::MovePhase::kWalk &&
        it.phase != collision::MovePhase::kVertical && it.phase != collision::MovePhase::kStepForward)
      continue;
    const glm::vec3 at = it.start + it.toi * (it.desired_end - it.start);
    // Farther than the threshold from every solid triangle on the side the hit pushed from, not
    // only from the one hit: a method that stops on a triangle's extended plane while touching
    // its coplanar neighbour stops right; the floor under a body caught by a wall does not count.
    const float reach = th_.early_catch_skins * skin_;
    std::vector<std::uint32_t> near;
    collision::overlap_sphere(*world_, at, body_.bounding_radius() + reach, near);
    collision::TriangleDistance nearest =
        collision::distance_to_triangle(world_->mesh().triangle(it.triangle), body_, at);
    float gap = static_cast<float>(nearest.distance);
    for (std::uint32_t t : near) {
      if (!world_->mesh().solid(t)) continue;
      const collision::TriangleDistance d = collision::distance_to_triangle(world_->mesh().triangle(t), body_, at);
      if (static_cast<float>(d.distance) < gap && glm::dot(glm::vec3(d.normal), it.normal) > 0.7f) {
        gap = static_cast<float>(d.distance);
        nearest = d;
      }
    }
    if (gap > reach) {
      add(EventKind::kEarlyCatch, fmt("gap %.4g at contact (skin %.4g)", gap, skin_), {it.triangle});
      // The gap as a dimension: from the triangle's nearest point out along the normal to the body.
      const glm::vec3 p(nearest.point);
      out.back().measured = Measured{p, p + glm::vec3(nearest.normal) * gap, gap};
      break;
    }
  }
}

}  // namespace debugger
