#pragma once
/// @file segment.hpp
/// Segments: closest point ("Standing at Arm's Length", a section of "Crashing into the New
/// Year: Collision Detection", Game Developer, 1999), distance to a polygon's edges, and
/// segment-segment intersection by Cramer's rule (after Twinsen, "Use of vectors in game
/// programming (3): 2D border collision detection") with the parallel and collinear cases
/// handled exactly.
///
/// Parameterisation (Twinsen's): segment A = a + s (b - a), segment B = c + t (d - c), s and t
/// in [0, 1]. A zero-length segment is a point; its parameter is 0.
///
/// Exactness: the kind of the answer (none, point, overlap) and which end points touch are
/// decided by exact orientation signs (orient2d), so it is exact for every input in the 2D
/// domain (domain_2d.hpp); intersect_segments() throws std::invalid_argument naming the end
/// point for any other (not finite, beyond 2^200, or nonzero below 2^-200). The reported parameters and points are then computed in double (Cramer's rule, or a
/// projection for the collinear case) and clamped to [0, 1]; a parameter is exactly 0 or 1
/// (and the point exactly that end point) whenever an end point lies on the other segment.
/// For integer inputs with |coordinate| <= 2^15 (Doom's int16 vertices) every product in
/// Cramer's rule is exact, so s, t and the point are correctly rounded quotients.

#include <cstdint>
#include <span>

#include "collision/2d/polygon.hpp"
#include "collision/2d/predicates.hpp"

namespace collision::planar {

/// The closest point to p on the closed segment a-b and its parameter u (point = a + u (b - a)).
struct ClosestPoint {
  Vec2 point{0.0};
  double u = 0.0;  ///< in [0, 1]; 0 for a zero-length segment
};

/// The article's nearest point ("Standing at Arm's Length"): the two dot products
/// (p - a).(b - a) and (p - b).(a - b) say whether an end point is nearest; otherwise
/// a linear ratio of them places the foot of the perpendicular.
ClosestPoint closest_point_on_segment(const Vec2& a, const Vec2& b, const Vec2& p);

/// Euclidean distance from p to the closed segment a-b.
double distance_to_segment(const Vec2& a, const Vec2& b, const Vec2& p);

/// Distance from p to the nearest edge of the polygon (0 on the boundary), and that edge.
struct EdgeDistance {
  double distance = 0.0;
  std::size_t edge = 0;  ///< edge i runs from vertex i to vertex i + 1 (mod n)
  Vec2 point{0.0};       ///< the closest point on that edge
};
EdgeDistance distance_to_edges(const Polygon& polygon, const Vec2& p);

enum class IntersectionKind : std::uint8_t {
  kNone,     ///< the segments share no point
  kPoint,    ///< exactly one common point (s, t)
  kOverlap,  ///< collinear and sharing a sub-segment of positive length (two ends)
};
const char* to_string(IntersectionKind kind);

/// One common point: point = a + s (b - a) = c + t (d - c).
struct IntersectionPoint {
  Vec2 point{0.0};
  double s = 0.0;
  double t = 0.0;
};

struct SegmentIntersection {
  IntersectionKind kind = IntersectionKind::kNone;
  /// kPoint: ends[0] is the point. kOverlap: the overlap's two ends, ordered by s (ascending;
  /// if A has zero length there is no overlap).
  IntersectionPoint ends[2];
};

/// Exact segment-segment intersection (see the file comment). Throws std::invalid_argument
/// when an end point is outside the 2D domain (domain_2d.hpp).
SegmentIntersection intersect_segments(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d);

/// Twinsen's test, kept as written for comparison (the clamped-determinant Cramer's rule): Cramer's rule on
///   s (b - a) - t (d - c) = c - a,
/// with the determinant forced to 0.001 when |D| < 0.001, and a hit when s and t are both in
/// [0, 1]. Known wrong: parallel segments a short distance apart "hit" (s = D1 / 0.001), collinear
/// disjoint segments "hit" at s = t = 0, and nearly parallel segments that do cross with
/// |D| < 0.001 get s and t off (tests/collision2d/test_segments.cpp shows each).
struct CramerIntersection {
  bool hit = false;
  double s = 0.0;
  double t = 0.0;
};
CramerIntersection intersect_segments_cramer(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d);

/// The former names (before 0.2), kept for one version.
using SeedIntersection [[deprecated("renamed CramerIntersection")]] = CramerIntersection;
[[deprecated("renamed intersect_segments_cramer")]] inline CramerIntersection intersect_segments_seed(
    const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d) {
  return intersect_segments_cramer(a, b, c, d);
}

}  // namespace collision::planar
