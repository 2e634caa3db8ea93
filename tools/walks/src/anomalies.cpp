#include "prism_walks/anomalies.hpp"

#include <algorithm>
#include <vector>

#include <glm/geometric.hpp>

#include "collision/queries.hpp"

namespace prism_walks {

const char* to_string(AnomalyKind k) {
  switch (k) {
    case AnomalyKind::kDeepOverlap: return "deep-overlap";
    case AnomalyKind::kWallPass: return "wall-pass";
    case AnomalyKind::kStuck: return "stuck";
  }
  return "unknown";
}

float AnomalyChecks::overlap_beyond_skin(const glm::vec3& center, std::uint32_t* triangle) const {
  const collision::SweepHit h =
      collision::sweep(world, body, center, glm::vec3(0.0f));
  float beyond = h.start_overlap ? h.penetration - skin : 0.0f;
  if (triangle && beyond > 0.0f) *triangle = h.triangle;
  if (body.is_sphere()) {
    // The same question asked a second way, so a fault in one query cannot hide a failure.
    thread_local std::vector<std::uint32_t> found;
    collision::overlap_sphere(world, center, body.radii.x - skin, found);
    if (!found.empty() && !(beyond > 0.0f)) {
      // Touching at exactly r - skin counts here: report the smallest positive depth.
      beyond = std::max(beyond, 1e-30f);
      if (triangle) *triangle = found.front();
    }
  }
  return beyond;
}

bool AnomalyChecks::passes_through_wall(const glm::vec3& from, const glm::vec3& to,
                                        std::uint32_t* triangle) const {
  const glm::vec3 d = to - from;
  if (d.x == 0.0f && d.y == 0.0f && d.z == 0.0f) return false;
  const collision::RayHit h = collision::raycast(world, from, d);
  if (h.hit && triangle) *triangle = h.triangle;
  return h.hit;
}

bool AnomalyChecks::free_along(const glm::vec3& center, const glm::vec3& dir) const {
  const glm::vec3 d = dir * body.min_radius();
  const collision::SweepHit h =
      collision::sweep(world, body, center, d);
  return !h.hit;
}

bool StuckWatch::update(const glm::vec3& position, bool free) {
  if (frames_ == 0 || !free || glm::length(position - anchor_) > kDistance) {
    anchor_ = position;
    frames_ = free ? 1 : 0;
    return false;
  }
  ++frames_;
  if (frames_ > kFrames && !reported_) {
    reported_ = true;
    return true;
  }
  return false;
}

}  // namespace prism_walks
