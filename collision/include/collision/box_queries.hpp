#pragma once
/// @file box_queries.hpp
/// Axis-aligned boxes against triangles: static separating-axis test, exact swept box (time of
/// impact), exact box-triangle distance, and the swept box through a World's BVH.
///
/// A box is given by its centre and its half extents (all > 0) along the world axes; it never
/// rotates. Units and conventions are those of queries.hpp: positions and lengths in the
/// mesh's units, a move is a start and a displacement `delta`, times are fractions of `delta`
/// in [0, 1], triangles collide on both faces unless SweepOptions::one_sided.
///
/// Invalid input (collision/domain.hpp) never reaches the geometry: a NaN or infinite value, a
/// centre, move end or triangle corner beyond +-2^40, a displacement longer than 2^40, a half
/// extent that is not positive, outside [2^-40, 2^40], or an aspect (largest / smallest half
/// extent) above 2^16. Then a SweepHit or TriangleDistance has invalid_input = true, and a
/// BoxTriangleSat has overlap = false, axis_id = -1.
///
/// Everything is computed in double relative to the triangle's first corner, so boxes far from
/// the origin keep their precision. Ties between triangles go to the lower triangle index, so a
/// BVH query returns exactly what the brute-force loop returns.
///
/// Algorithms: the separating axis theorem for a box and a triangle (Akenine-Möller 2001, "Fast
/// 3D triangle-box overlap testing": 3 box face normals, the triangle normal, 9 edge cross
/// products); for a moving box the same 13 axes each give the interval of time during which
/// the projections overlap, and the box touches the triangle first at the latest entry,
/// provided it is not after the earliest exit (Ericson 2005, "Real-Time Collision Detection"
/// 5.5.8; Gottschalk 2000). The box edges method's 12-edge test (method "box-edges") is the classic
/// approximation of the same query; it misses a triangle corner poking through a face.

#include <cstdint>
#include <limits>

#include <glm/vec3.hpp>

#include "collision/aabb.hpp"
#include "collision/mesh.hpp"
#include "collision/queries.hpp"
#include "collision/shape_distance.hpp"

namespace collision {

class World;

/// Bounds of every triangle of `mesh` (solid or not); empty for an empty mesh.
Aabb aabb_of(const TriangleMesh& mesh);

/// Intervals overlap on all three axes (closed: touching boxes overlap). The box edges method's test.
inline bool aabb_overlap(const Aabb& x, const Aabb& y) { return x.overlaps(y); }

/// The separating-axis verdict for a box and a triangle.
///
/// axis_id names the axis: 0..2 the box's x, y, z face normals, 3 the triangle's normal,
/// 4 + 3 * i + k the cross product of triangle edge i (AB, BC, CA) with box axis k. Axes that
/// vanish (an edge parallel to a box axis, the normal of a degenerate triangle) are skipped.
struct BoxTriangleSat {
  /// True when no axis separates them (touching counts as overlap: distance 0).
  bool overlap = false;
  /// Separate: the axis with the largest separation. Overlapping: the axis of least
  /// penetration. Unit, pointing from the triangle towards the box (the way to push the box).
  glm::vec3 axis{0.0f};
  /// Separate: that separation (> 0; a lower bound of the Euclidean distance). Overlapping:
  /// minus the least penetration depth (<= 0).
  float distance = 0.0f;
  int axis_id = -1;
};

BoxTriangleSat box_triangle_sat(const glm::vec3& center, const glm::vec3& half_extents,
                                const Triangle& tri);

/// Exact earliest time of impact of the box moved by `delta` against one triangle.
///
/// Contact means the box's interior reaches the triangle: a box resting on or sliding along a
/// triangle (distance 0, not approaching) and a move that only grazes it are not hits, as for
/// spheres. On a hit: `normal` is the axis of the latest entry, unit, towards the box; `point`
/// is the middle of the touching region on the triangle (the triangle clipped by the box at
/// the time of impact, grown by a rounding tolerance); `feature` is the triangle's side of the
/// contact: kFace when the triangle's face meets the box, kEdge for an edge of the triangle
/// (against a box face or edge), kVertex for a triangle corner against the box.
/// Start in overlap (penetration deeper than 1e-9 of the largest half extent): hit, toi 0,
/// start_overlap, `penetration` the least separating-axis depth, `normal` its axis. A box
/// touching at the start and moving towards the triangle is a hit at toi 0 without overlap.
/// one_sided: a triangle whose plane has the box's centre behind it, at the start or at the
/// contact, is not hit. A degenerate triangle collides as its edges and corners.
/// When there is no hit and `separating_axis` is non-null it receives the axis that rejected
/// the move (unit, from the triangle towards the box at the start): the axis separating for the
/// whole move, or the one whose interval of overlap closed the intersection of the others (a
/// move may pass a triangle with no single axis separating it throughout); the triangle's
/// normal for a one-sided rejection; zero for invalid input.
SweepHit sweep_box_triangle(const Triangle& tri, const glm::vec3& center,
                            const glm::vec3& half_extents, const glm::vec3& delta,
                            const SweepOptions& options = {},
                            std::uint32_t triangle_index = kNoTriangle,
                            glm::vec3* separating_axis = nullptr);

/// The earliest contact of the swept box with the World's solid triangles (BVH traversal with
/// the segment's boxes grown by the half extents).
SweepHit sweep_box(const World& world, const glm::vec3& center, const glm::vec3& half_extents,
                   const glm::vec3& delta, const SweepOptions& options = {});

/// The same as a loop over every solid triangle (no BVH; a triangle whose bounds lie over a unit
/// from the swept bounds is skipped): the reference the BVH must match exactly.
SweepHit sweep_box_brute_force(const World& world, const glm::vec3& center,
                               const glm::vec3& half_extents, const glm::vec3& delta,
                               const SweepOptions& options = {});

/// Exact signed distance between the box and the triangle (shape_distance.hpp).
/// Separate: the Euclidean distance, the minimum over triangle corners against the box,
/// the box's 8 corners against the triangle and the 3 x 12 edge pairs (segment-segment).
/// Overlapping (box_triangle_sat says so): minus the least separating-axis penetration, with
/// its axis as `normal`; `point` is the triangle's closest point to the box's centre and
/// `feature` that point's part of the triangle.
/// With a finite `reach`, separate pairs whose largest separating-axis gap (a lower bound of the
/// distance) exceeds it get that gap and its axis instead of the exact closest-feature search
/// (then only `distance` > reach is meaningful): what contact queries need.
TriangleDistance box_triangle_distance(const glm::vec3& center, const glm::vec3& half_extents,
                                       const Triangle& tri,
                                       double reach = std::numeric_limits<double>::infinity());

}  // namespace collision
