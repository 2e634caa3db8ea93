#pragma once
/// @file capsule_queries.hpp
/// Capsules against triangles: exact swept capsule (time of impact), exact capsule-triangle
/// distance, and the swept capsule through a World's BVH.
///
/// A capsule is every point within `radius` of the segment center +- half_height * axis;
/// `axis` is a unit vector in any direction (callers use the up axis), half_height >= 0 (0 is a
/// sphere). It never rotates. Units and conventions are those of queries.hpp: positions and
/// lengths in the mesh's units, a move is a start and a displacement `delta`, times are
/// fractions of `delta` in [0, 1], triangles collide on both faces unless
/// SweepOptions::one_sided.
///
/// Invalid input (collision/domain.hpp) never reaches the geometry: a NaN or infinite value, a
/// centre, move end or triangle corner beyond +-2^40, a displacement longer than 2^40, a radius
/// outside [2^-40, 2^40], a half height that is negative or above 2^40, or an axis whose length
/// is not within 1e-3 of 1 (it is normalized in double before use). Then the result has
/// invalid_input = true.
///
/// Computed in double relative to the triangle's first corner. Ties between triangles go to the
/// lower triangle index, so a BVH query returns exactly what the brute-force loop returns.
///
/// Algorithm: since the axis does not rotate, the capsule's first contact is the earliest of
/// (a) either end sphere swept against the triangle (the exact swept-sphere test of
/// queries.hpp, Ericson 2005 5.5.7), (b) the capsule's side against each triangle edge: the
/// distance between the two lines is linear in time, so it reaches the radius at one time,
/// accepted when both closest points lie within their segments, (c) each triangle corner
/// against the moving infinite cylinder (a quadratic in time), accepted when the corner is
/// beside the segment, and (d) when the axis is parallel to the triangle's plane, the side
/// landing flat on the face (the segment's shadow on the plane clipped by the triangle).

#include <cstdint>

#include <glm/vec3.hpp>

#include "collision/mesh.hpp"
#include "collision/queries.hpp"
#include "collision/shape_distance.hpp"

namespace collision {

class World;

/// Exact earliest time of impact of the capsule moved by `delta` against one triangle.
///
/// On a hit: `point` is the contact point on the triangle, `normal` the unit vector from it
/// towards the capsule's axis, `feature` the triangle's part touched (kFace, kEdge, kVertex).
/// Grazing (touching with no approach) is not a hit, as for spheres.
/// Start in overlap (segment-triangle distance d below the radius by more than 1e-9 of it): hit,
/// toi 0, start_overlap, `penetration` = radius - d, `normal` from the triangle's closest
/// point towards the segment's. When the segment crosses the triangle (d = 0) the depth is
/// measured along the triangle's normal, on the side of the capsule's centre: radius plus how
/// far the segment's end on the other side lies behind the plane (the push along the normal
/// that clears the face; a push sideways off the triangle's edge may be shorter).
/// one_sided: a triangle whose plane has the capsule's centre behind it, at the start or at the
/// contact, is not hit. A degenerate triangle collides as its edges and corners.
SweepHit sweep_capsule_triangle(const Triangle& tri, const glm::vec3& center, float radius,
                                float half_height, const glm::vec3& axis, const glm::vec3& delta,
                                const SweepOptions& options = {},
                                std::uint32_t triangle_index = kNoTriangle);

/// The earliest contact of the swept capsule with the World's solid triangles (BVH traversal
/// with the segment's boxes grown by the capsule's half extents).
SweepHit sweep_capsule(const World& world, const glm::vec3& center, float radius,
                       float half_height, const glm::vec3& axis, const glm::vec3& delta,
                       const SweepOptions& options = {});

/// The same as a loop over every solid triangle (no BVH; a triangle whose bounds lie over a unit
/// from the swept bounds is skipped): the reference the BVH must match exactly.
SweepHit sweep_capsule_brute_force(const World& world, const glm::vec3& center, float radius,
                                   float half_height, const glm::vec3& axis,
                                   const glm::vec3& delta, const SweepOptions& options = {});

/// Exact signed distance between the capsule and the triangle (shape_distance.hpp): the
/// segment-triangle distance (Ericson 2005, 5.1.10: the segment's ends against the triangle,
/// the segment against its three edges, the segment through its face) minus the radius.
/// When the segment crosses the triangle: minus the depth along the normal defined for
/// sweep_capsule_triangle, `normal` the triangle's normal on the centre's side, `point` where
/// the segment crosses, feature kFace.
TriangleDistance capsule_triangle_distance(const glm::vec3& center, float radius,
                                           float half_height, const glm::vec3& axis,
                                           const Triangle& tri);

}  // namespace collision
