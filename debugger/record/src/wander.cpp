// The seeded, contact-seeking tour of a level without a walk script (wander.hpp).
#include "debugger/wander.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "collision/queries.hpp"
#include "heading/heading.hpp"

namespace debugger {
namespace {

constexpr float kTwoPi = 6.28318530718f;
constexpr int kRays = 12;
constexpr float kReach = 40.0f;  // body sizes

// SplitMix64 (Steele, Lea, Flood 2014): small, seedable, the same on every platform.
std::uint64_t next(std::uint64_t& s) {
  std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
float uniform(std::uint64_t& s) { return static_cast<float>(next(s) >> 40) / static_cast<float>(1u << 24); }

// A floor within reach below the spot `ahead` sizes along `dir`: the wander never walks off into
// the void around a model that floats in space (a ledge with a floor below is fine).
bool floor_ahead(const collision::World& world, glm::vec3 from, glm::vec3 dir, glm::vec3 up, float size, float ahead) {
  const glm::vec3 spot = from + dir * (ahead * size);
  if (collision::raycast(world, from, spot - from).hit) return true;  // a wall first: no ledge there
  return collision::raycast(world, spot, -up * (12.0f * size)).hit;
}

}  // namespace

float yaw_of(glm::vec3 up, glm::vec3 dir) {
  const glm::vec3 e1 = heading::direction_from_angles(up, 0.0f, 0.0f);
  const glm::vec3 e2 = heading::direction_from_angles(up, 0.25f * kTwoPi, 0.0f);
  return std::atan2(glm::dot(dir, e2), glm::dot(dir, e1));
}

FrameInput wander_input(Wander& w, const collision::World& world, const collision::CharacterState& state,
                        glm::vec3 up, float size, float dt, int frame) {
  if (w.rng == 0) w.rng = w.seed ^ 0x5EEDull;
  const bool keep_going = glm::length(w.segment.character.wish) == 0.0f ||
                          floor_ahead(world, state.position, w.segment.character.wish, up, size, 2.0f);
  if (frame < w.segment_end && keep_going) {
    FrameInput in = w.segment;
    in.character.jump = false;
    return in;
  }
  std::uint64_t& r = w.rng;
  FrameInput in;
  in.yaw = w.segment.yaw;
  const float roll = uniform(r);
  // Touching a wall: sometimes slide along it (the slide, creases and corners are what we want).
  const collision::Contact* wall = nullptr;
  for (const collision::Contact& c : state.contacts)
    if (!c.walkable && std::fabs(glm::dot(c.normal, up)) < 0.7f) wall = &c;
  if (wall && roll < 0.35f) {
    glm::vec3 along = glm::cross(wall->normal, up);
    if (uniform(r) < 0.5f) along = -along;
    in.yaw = yaw_of(up, glm::normalize(along - wall->normal * 0.3f));
  } else {
    // Head for the nearest wall a ray finds around the body (beyond touching distance), at an
    // angle so the body slides along it; now and then any direction. Never off into the void.
    const bool seek = roll < 0.85f;
    const float start = uniform(r) * kTwoPi;
    const float slant = (uniform(r) - 0.5f) * 1.0f;
    float best = INFINITY;
    bool any = false;
    for (int i = 0; i < kRays; ++i) {
      const float yaw = start + kTwoPi * static_cast<float>(i) / kRays;
      const glm::vec3 dir = heading::direction_from_angles(up, yaw, 0.0f);
      if (!floor_ahead(world, state.position, dir, up, size, 3.0f)) continue;
      if (!any) in.yaw = yaw;  // the first safe direction, if no wall is found
      any = true;
      if (!seek) break;
      const collision::RayHit hit = collision::raycast(world, state.position, dir * (kReach * size));
      const float dist = hit.hit ? hit.t * kReach * size : INFINITY;
      if (dist > 2.0f * size && dist < best) {
        best = dist;
        in.yaw = yaw + slant;
      }
    }
    if (!any) {
      in.character.wish = glm::vec3(0.0f);  // nowhere safe to go: stand and look around
      w.segment = in;
      w.segment_end = frame + std::max(1, static_cast<int>(1.0f / dt));
      return in;
    }
  }
  in.character.wish = heading::direction_from_angles(up, in.yaw, 0.0f);
  in.character.speed_scale = uniform(r) < 0.3f ? 2.0f : 1.0f;
  in.character.jump = uniform(r) < 0.12f;
  const float seconds = 1.0f + 2.0f * uniform(r);
  w.segment = in;
  w.segment_end = frame + std::max(1, static_cast<int>(seconds / dt));
  return in;
}

}  // namespace debugger
