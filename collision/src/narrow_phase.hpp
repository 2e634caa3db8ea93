#pragma once
// Internal: per-triangle tests shared by the BVH queries and the brute-force references.
#include <cstdint>

#include <glm/ext/vector_double3.hpp>
#include <glm/vec3.hpp>

#include "collision/queries.hpp"

namespace collision::detail {

/// Swept-sphere result in double, relative to nothing (absolute coordinates).
struct SphereContact {
  bool hit = false;
  bool start_overlap = false;
  double toi = 0.0;
  double penetration = 0.0;
  glm::dvec3 point{0.0};
  glm::dvec3 normal{0.0};
  Feature feature = Feature::kNone;
};

/// Exact earliest contact of a sphere (centre `p`, `radius`) moved by `v` within [0, t_limit]
/// against triangle abc (n: its unit normal, or zero when degenerate).
SphereContact sweep_sphere_triangle_d(const glm::dvec3& a, const glm::dvec3& b,
                                      const glm::dvec3& c, const glm::dvec3& n,
                                      const glm::dvec3& p, double radius, const glm::dvec3& v,
                                      bool one_sided, double t_limit);

/// True when `x` is a better (earlier) result than `y` for the same query: lower toi, then
/// deeper start overlap, then lower triangle index.
inline bool better(const SweepHit& x, const SweepHit& y) {
  if (!y.hit) return x.hit;
  if (!x.hit) return false;
  if (x.toi != y.toi) return x.toi < y.toi;
  if (x.start_overlap != y.start_overlap) return x.start_overlap;
  if (x.penetration != y.penetration) return x.penetration > y.penetration;
  return x.triangle < y.triangle;
}

/// Exact triangle / box overlap by separating axes (Akenine-Möller 2001), in double.
bool triangle_overlaps_box(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c,
                           const glm::dvec3& box_center, const glm::dvec3& half_extent);

}  // namespace collision::detail
