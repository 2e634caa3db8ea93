// The character layer: gravity, jump, ground, slopes, step-up, snap-down, depenetration.
#include "collision/character.hpp"

#include <cmath>
#include <stdexcept>

#include <glm/ext/vector_double3.hpp>
#include <glm/geometric.hpp>

#include "finite.hpp"
#include <glm/trigonometric.hpp>

#include "methods.hpp"

namespace collision {

namespace {

using detail::finite;

SweepHit sweep_body(const World& world, const Body& body, const glm::vec3& p, const glm::vec3& d) {
  return detail::sweep_body(world, body, p, d, SweepOptions{});
}

float horizontal_length(const glm::vec3& v, const glm::vec3& up) {
  return glm::length(v - up * glm::dot(v, up));
}

struct Step {
  const World& world;
  const Body& body;
  const CharacterParams& p;
  Trace* trace;
  float skin;
  float min_walkable_cos;

  bool walkable(const glm::vec3& n) const { return glm::dot(n, p.up) >= min_walkable_cos; }

  // The normal the body stands on. Touching the rim of a walkable face (a stair's nosing, the
  // crest of a ramp) gives a tilted contact normal, but the body is held by that face: so for
  // an edge or vertex contact, a walkable face among the triangles meeting there (oriented
  // towards the body) is the support.
  glm::vec3 support_normal(const SweepHit& hit) const {
    if (hit.feature == Feature::kFace || walkable(hit.normal)) return hit.normal;
    std::vector<std::uint32_t> near;
    overlap_sphere(world, hit.point, 1e-3f * body.min_radius(), near);
    glm::vec3 best = hit.normal;
    for (std::uint32_t i : near) {
      glm::vec3 n = world.mesh().normals[i];
      if (glm::dot(n, hit.normal) < 0.0f) n = -n;
      if (glm::dot(n, p.up) > glm::dot(best, p.up)) best = n;
    }
    return walkable(best) ? best : hit.normal;
  }

  MoveResult run(const glm::vec3& from, const glm::vec3& disp, MovePhase phase, bool steep_as_wall) const {
    const std::size_t before = trace ? trace->iterations.size() : 0;
    // Each phase's move is checked against the input domain like a call to move(): a sweep
    // answering invalid_input must never read as "nothing hit" (the body would pass through).
    detail::validate_move(body, from, disp, p.move);
    MoveResult r;
    switch (p.move.method) {
      case Method::kRobust:
        r = detail::move_robust(world, body, from, disp, p.move, trace,
                                {phase, p.up, min_walkable_cos, steep_as_wall});
        break;
      case Method::kOffsetPrism:
        r = detail::move_offset_prism(world, body, from, disp, p.move, trace);
        break;
      case Method::kSphereClassify:
        r = detail::move_sphere_classify(world, body, from, disp, p.move, trace);
        break;
    }
    if (trace) {
      for (std::size_t i = before; i < trace->iterations.size(); ++i) trace->iterations[i].phase = phase;
    }
    return r;
  }

  // Sweeps straight down by `distance`; returns where the body rests on walkable ground, with
  // the skin kept, or nothing (no ground, or ground too steep).
  bool settle(const glm::vec3& from, float distance, glm::vec3& out, SweepHit& hit) const {
    hit = sweep_body(world, body, from, -p.up * distance);
    if (!hit.hit || hit.start_overlap || !walkable(support_normal(hit))) return false;
    const float cos_in = std::max(glm::dot(hit.normal, p.up), 0.1f);
    const float travel = hit.toi * distance;
    out = from - p.up * std::max(0.0f, travel - skin / cos_in);
    return true;
  }

  // Quake-style stair step: lift, move, settle. Returns true and the new position when it makes
  // more horizontal progress than `walked` did.
  bool step_up(const glm::vec3& start, const glm::vec3& h_disp, const glm::vec3& walked,
               glm::vec3& out) const {
    StepUp s;
    s.attempted = true;
    const MoveResult lift = run(start, p.up * p.step_height, MovePhase::kStepUp, false);
    const float height = glm::dot(lift.position - start, p.up);
    bool ok = false;
    if (height <= skin) {
      s.reason = "no headroom above the body";
    } else {
      const MoveResult fwd = run(lift.position, h_disp, MovePhase::kStepForward, true);
      glm::vec3 landed;
      SweepHit ground;
      if (!settle(fwd.position, height + skin, landed, ground)) {
        s.reason = ground.hit ? "the step's surface is too steep" : "no floor under the step";
      } else if (horizontal_length(landed - start, p.up) <=
                 horizontal_length(walked - start, p.up) + 1e-3f * glm::length(h_disp)) {
        s.reason = "no more progress than walking";
      } else {
        ok = true;
        s.height = glm::dot(landed - start, p.up);
        s.reason = "stepped onto walkable ground";
        out = landed;
      }
    }
    s.succeeded = ok;
    if (trace) trace->step_up = s;
    return ok;
  }

  glm::vec3 depenetrate(glm::vec3 pos) const {
    Depenetration d;
    for (int k = 0; k < 4; ++k) {
      const SweepHit h = sweep_body(world, body, pos, glm::vec3(0.0f));
      if (!h.start_overlap) break;
      const glm::vec3 push = h.normal * (h.penetration + skin);
      d.happened = true;
      d.depth = std::max(d.depth, h.penetration);
      d.push += push;
      pos += push;
    }
    if (trace) trace->depenetration = d;
    return pos;
  }

  GroundProbe probe(const glm::vec3& pos) const {
    const float distance = p.ground_probe + skin;
    return classify_ground(pos, sweep_body(world, body, pos, -p.up * distance), distance);
  }

  // The ground under `pos` from a downward sweep of `distance` that gave `h`.
  GroundProbe classify_ground(const glm::vec3& pos, const SweepHit& h, float distance) const {
    GroundProbe g;
    g.probed = true;
    g.from = pos;
    g.to = pos - p.up * distance;
    if (!h.hit) return g;
    const glm::vec3 n = support_normal(h);
    if (glm::dot(n, p.up) <= 0.05f) return g;  // a wall or a ceiling beside the probe is not ground
    g.state = walkable(n) ? GroundState::kOnGround : GroundState::kOnSteepGround;
    g.normal = n;
    g.triangle = h.triangle;
    g.distance = h.start_overlap ? -h.penetration : h.toi * distance;
    return g;
  }
};

}  // namespace

CharacterParams CharacterParams::resolved(const Body& body) const {
  // A length that overflows float (up = 1e38, 1e38, 0) would normalise to zero: refused too.
  if (!finite(up) || !(glm::length(up) >= 1e-6f && std::isfinite(glm::length(up)))) {
    throw std::invalid_argument("character: up vector must be finite and non-zero");
  }
  if (!(max_slope_degrees >= 0.0f && max_slope_degrees < 90.0f)) {
    throw std::invalid_argument("character: max_slope_degrees must be in [0, 90)");
  }
  if (!finite(body.radii) || !(body.min_radius() > 0.0f)) {
    throw std::invalid_argument("character: body radii must be positive and finite");
  }
  for (float v : {walk_speed, gravity, jump_speed, step_height, ground_probe}) {
    if (std::isnan(v) || std::isinf(v)) throw std::invalid_argument("character: a parameter is not finite");
  }
  CharacterParams r = *this;
  r.up = glm::normalize(up);
  const float height = 2.0f * glm::length(body.radii * r.up);  // the body's extent along up
  if (r.walk_speed < 0.0f) r.walk_speed = 10.0f * height;
  if (r.gravity < 0.0f) r.gravity = 25.0f * height;
  if (r.jump_speed < 0.0f) r.jump_speed = 8.4375f * height;
  if (r.step_height < 0.0f) r.step_height = 0.5625f * height;
  if (r.ground_probe < 0.0f) r.ground_probe = 0.0625f * height;
  return r;
}

CharacterState step_character(const World& world, const Body& body, const CharacterState& state,
                              const CharacterInput& input, float dt, const CharacterParams& params,
                              Trace* trace) {
  const CharacterParams p = params.resolved(body);
  if (!std::isfinite(dt) || dt < 0.0f) throw std::invalid_argument("character: dt must be >= 0");
  if (!finite(input.wish) || !std::isfinite(input.speed_scale)) {
    throw std::invalid_argument("character: input is not finite");
  }
  detail::validate_move(body, state.position, state.velocity, p.move);
  if (trace) {
    trace->clear();
    trace->method = p.move.method;
    trace->start = state.position;
  }
  const float min_cos = std::cos(glm::radians(p.max_slope_degrees)) - 1e-4f;
  const Step s{world, body, p, trace, p.move.resolved_skin(body), min_cos};
  const glm::vec3 up = p.up;

  // Only the robust method recovers from overlap: the seed methods are shown as they are.
  glm::vec3 pos = p.move.method == Method::kRobust ? s.depenetrate(state.position) : state.position;

  glm::vec3 wish = input.wish - up * glm::dot(input.wish, up);
  const float wish_len = glm::length(wish);
  if (!std::isfinite(wish_len)) {
    // Too long to square in float (a wish of 1e30): clamped in double, at full speed, rather
    // than divided by an infinite length into zero.
    const glm::dvec3 d = glm::dvec3(input.wish) - glm::dvec3(up) * glm::dot(glm::dvec3(input.wish), glm::dvec3(up));
    wish = glm::vec3(d / glm::length(d));
  } else if (wish_len > 1.0f) {
    wish /= wish_len;
  }
  const glm::vec3 h_disp = wish * (p.walk_speed * std::max(input.speed_scale, 0.0f) * dt);
  float v_up = glm::dot(state.velocity, up);
  const bool grounded = state.ground == GroundState::kOnGround;
  const bool jumped = grounded && input.jump;
  if (grounded) v_up = jumped ? p.jump_speed : 0.0f;
  else v_up -= p.gravity * dt;
  if (trace) trace->desired = h_disp + up * (v_up * dt);

  GroundProbe settled;  // filled when the walk ends settled on ground
  if (grounded && !jumped) {
    const glm::vec3 start = pos;
    const MoveResult walk = s.run(pos, h_disp, MovePhase::kWalk, true);
    pos = walk.position;
    glm::vec3 stepped;
    if (walk.hit && horizontal_length(pos - start, up) < 0.99f * glm::length(h_disp) &&
        s.step_up(start, h_disp, pos, stepped)) {
      pos = stepped;
    }
    // Keep contact walking down stairs and slopes. The settling sweep is also the ground probe:
    // seen from where it leaves the body, it finds the same support a skin width below.
    glm::vec3 snapped;
    SweepHit ground;
    const float reach = p.step_height + s.skin;
    if (s.settle(pos, reach, snapped, ground)) {
      if (trace) trace->snapped_down = glm::dot(pos - snapped, up) > 2.0f * s.skin;
      const float dropped = glm::dot(pos - snapped, up);
      ground.toi = std::max(0.0f, (ground.toi * reach - dropped) / (p.ground_probe + s.skin));
      pos = snapped;
      settled = s.classify_ground(pos, ground, p.ground_probe + s.skin);
    }
  } else {
    const glm::vec3 before = pos;
    const MoveResult air = s.run(pos, h_disp + up * (v_up * dt), MovePhase::kVertical, false);
    pos = air.position;
    // After a collision the vertical speed is what the slide allowed (ceilings, steep slopes).
    if (air.hit && dt > 0.0f) v_up = std::min(v_up, glm::dot(pos - before, up) / dt);
  }

  CharacterState out;
  const GroundProbe g = settled.probed ? settled : s.probe(pos);
  if (trace) trace->ground = g;
  out.position = pos;
  out.ground = (v_up > 0.0f) ? GroundState::kInAir : g.state;
  if (out.ground != GroundState::kInAir) {
    out.ground_normal = g.normal;
    out.ground_triangle = g.triangle;
  }
  if (out.ground == GroundState::kOnGround) v_up = 0.0f;
  out.velocity = wish * (p.walk_speed * std::max(input.speed_scale, 0.0f)) + up * v_up;
  if (trace) trace->end = pos;
  return out;
}

}  // namespace collision
