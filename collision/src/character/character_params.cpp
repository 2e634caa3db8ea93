// CharacterParams::resolved and walk_velocity: validation and the body-derived defaults.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <glm/ext/vector_double3.hpp>
#include <glm/geometric.hpp>

#include "collision/character.hpp"
#include "geometry/finite.hpp"

namespace collision {

namespace {

[[noreturn]] void fail(const std::string& what) { throw std::invalid_argument("character: " + what); }

// A C string, so that the check allocates nothing when it passes (resolved() runs every step).
void require(bool ok, const char* what) {
  if (!ok) fail(what);
}

[[noreturn]] [[gnu::cold]] [[gnu::noinline]] void fail_negative(const char* name, float value) {
  fail(std::string(name) + " must be finite and >= 0 (got " + std::to_string(value) + ")");
}

// Fills an empty optional with `derived`; a set one must be finite and >= 0. (resolved() runs
// every step: the message is built out of line, only on failure, so that this inlines.)
inline void fill(std::optional<float>& v, float derived, const char* name) {
  if (v) {
    if (!(std::isfinite(*v) && *v >= 0.0f)) fail_negative(name, *v);
  } else {
    v = derived;
  }
}

}  // namespace

CharacterParams CharacterParams::resolved(const Body& body) const {
  require(detail::finite(up), "up must be finite");
  require(glm::length(up) > 1e-6f, "up is not set (a zero vector): give the level's up axis");
  // A length that overflows float (up = 1e38, 1e38, 0) would normalise to zero: refused too.
  require(std::isfinite(glm::length(up)), "up must be finite and its length representable");
  require(max_slope_degrees >= 0.0f && max_slope_degrees < 90.0f, "max_slope_degrees must be in [0, 90)");
  require(detail::finite(body.radii) && body.min_radius() > 0.0f, "body radii must be positive and finite");
  require(recovery >= 0.0f && recovery <= 1.0f, "recovery must be in [0, 1]");
  CharacterParams r = *this;
  r.up = glm::normalize(up);
  const float height = 2.0f * body.extent_along(r.up);  // the body's extent along up
  const float radius = body.min_radius();
  if (r.move.skin_width) {
    require(std::isfinite(*r.move.skin_width) && *r.move.skin_width >= 0.0f && *r.move.skin_width < radius,
            "skin_width must be in [0, the body's smallest radius)");
  }
  fill(r.gravity, 25.0f * height, "gravity (a magnitude along -up)");
  fill(r.jump_speed, 8.4375f * height, "jump_speed");
  fill(r.walk_speed, 10.0f * height, "walk_speed");
  fill(r.step_height, 0.5625f * height, "step_height");
  fill(r.min_step_forward, radius / 15.0f, "min_step_forward");
  fill(r.step_forward_test, 0.5f * radius, "step_forward_test");
  fill(r.snap_distance, *r.step_height, "snap_distance");
  // One radius plus the skin: a body whose centre lies on a surface leaves it in one step
  // (Jolt's TestInitiallyIntersecting); deeper starts recover over several steps.
  fill(r.max_recovery_push, radius + r.move.resolved_skin(body), "max_recovery_push");
  fill(r.contact_tolerance, 1e-3f * radius, "contact_tolerance");
  return r;
}

CharacterInput walk_input(const WalkInput& walk, const CharacterParams& params, const Body& body) {
  require(detail::finite(walk.wish) && std::isfinite(walk.speed_scale), "walk input is not finite");
  const CharacterParams p = params.walk_speed ? params : params.resolved(body);
  const glm::vec3 up = glm::length(p.up) > 0.0f ? glm::normalize(p.up) : glm::vec3(0.0f);
  glm::vec3 d = walk.wish - up * glm::dot(walk.wish, up);
  const float len = glm::length(d);
  if (!std::isfinite(len)) {
    // Too long to square in float (a wish of 1e30): clamped in double, at full speed, rather
    // than divided by an infinite length into zero (issue 14, item 14).
    const glm::dvec3 w(walk.wish), u(up);
    const glm::dvec3 h = w - u * glm::dot(w, u);
    d = glm::vec3(h / glm::length(h));
  } else if (len > 1.0f) {
    d /= len;
  }
  CharacterInput in;
  in.velocity = d * (*p.walk_speed * std::max(walk.speed_scale, 0.0f));
  in.jump = walk.jump;
  return in;
}

}  // namespace collision
