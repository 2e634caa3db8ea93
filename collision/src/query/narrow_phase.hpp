#pragma once
// Internal: per-triangle tests shared by the BVH queries and the brute-force references.
#include <bit>
#include <cstdint>
#include <limits>

#include <glm/ext/vector_double3.hpp>
#include <glm/geometric.hpp>
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
/// against triangle abc (n: its unit normal, or zero when degenerate). `check_start`: false
/// when the caller knows the sphere is not within `radius` of the triangle at the start.
/// `overlap_only`: the caller keeps only a start overlap (its best is one already, and
/// `better` ranks every other contact below it): the same result where the start overlaps
/// (or touches) the triangle, and no hit otherwise, without the face, edge and corner tests.
SphereContact sweep_sphere_triangle_d(const glm::dvec3& a, const glm::dvec3& b,
                                      const glm::dvec3& c, const glm::dvec3& n,
                                      const glm::dvec3& p, double radius, const glm::dvec3& v,
                                      bool one_sided, double t_limit, bool check_start = true,
                                      bool overlap_only = false);

/// std::nextafter(x, 2.0f) for 0 <= x < 2 (a time limit), inline rather than a libm call.
inline float next_float_up(float x) {
  if (x == 0.0f) return std::numeric_limits<float>::denorm_min();
  return std::bit_cast<float>(std::bit_cast<std::uint32_t>(x) + 1u);
}

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

/// Smallest root of a t^2 + b t + c = 0 for an approaching move (c > 0, b < 0), or -1.
/// A double root (disc == 0) is a tangential touch with no approach speed: not a hit.
double entry_root(double a, double b, double c);

/// Closest point of segment ab to p.
glm::dvec3 closest_on_segment(const glm::dvec3& p, const glm::dvec3& a, const glm::dvec3& b);

/// The closest point of triangle abc to p, the Voronoi region it lies in, and its barycentric
/// weights v, w of b and c (the point is a + v (b - a) + w (c - a)): in a corner region (0, 0),
/// (1, 0) or (0, 1); on an edge, those of the point on it (for edge bc, (1 - t, t)); a
/// degenerate triangle (zero area) falls back to the closest of its edges, reported kEdge with
/// weights (0, 0). Ericson 2005, 5.1.5; inline, as the contact query's distance runs it per
/// triangle.
struct ClosestPoint {
  glm::dvec3 point;
  Feature feature;
  double v = 0.0, w = 0.0;
};
inline ClosestPoint closest_point_region(const glm::dvec3& p, const glm::dvec3& a, const glm::dvec3& b,
                                         const glm::dvec3& c) {
  const glm::dvec3 ab = b - a, ac = c - a, ap = p - a;
  const double d1 = glm::dot(ab, ap), d2 = glm::dot(ac, ap);
  if (d1 <= 0.0 && d2 <= 0.0) return {a, Feature::kVertex};
  const glm::dvec3 bp = p - b;
  const double d3 = glm::dot(ab, bp), d4 = glm::dot(ac, bp);
  if (d3 >= 0.0 && d4 <= d3) return {b, Feature::kVertex, 1.0, 0.0};
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 && d1 - d3 > 0.0) {
    const double t = d1 / (d1 - d3);
    return {a + t * ab, Feature::kEdge, t, 0.0};
  }
  const glm::dvec3 cp = p - c;
  const double d5 = glm::dot(ab, cp), d6 = glm::dot(ac, cp);
  if (d6 >= 0.0 && d5 <= d6) return {c, Feature::kVertex, 0.0, 1.0};
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 && d2 - d6 > 0.0) {
    const double t = d2 / (d2 - d6);
    return {a + t * ac, Feature::kEdge, 0.0, t};
  }
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0 && (d4 - d3) + (d5 - d6) > 0.0) {
    const double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    return {b + t * (c - b), Feature::kEdge, 1.0 - t, t};
  }
  const double denom = va + vb + vc;
  if (!(denom > 0.0)) {  // degenerate: no interior
    const glm::dvec3 q[3] = {closest_on_segment(p, a, b), closest_on_segment(p, b, c),
                             closest_on_segment(p, c, a)};
    int best = 0;
    for (int i = 1; i < 3; ++i) {
      if (glm::dot(p - q[i], p - q[i]) < glm::dot(p - q[best], p - q[best])) best = i;
    }
    return {q[best], Feature::kEdge};
  }
  const double v = vb / denom, w = vc / denom;
  return {a + ab * v + ac * w, Feature::kFace, v, w};
}

/// Closest points of segments p1q1 and p2q2 (Ericson 2005, 5.1.9): c1 = p1 + s (q1 - p1),
/// c2 = p2 + t (q2 - p2), s and t in [0, 1]; a zero-length segment is its point.
struct SegmentClosest {
  double s, t;
  glm::dvec3 c1, c2;
  double dist2;
};
SegmentClosest closest_segment_segment(const glm::dvec3& p1, const glm::dvec3& q1,
                                       const glm::dvec3& p2, const glm::dvec3& q2);

/// Exact triangle / box overlap by separating axes (Akenine-Möller 2001), in double.
bool triangle_overlaps_box(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c,
                           const glm::dvec3& box_center, const glm::dvec3& half_extent);

}  // namespace collision::detail
