#pragma once
/// @file domain.hpp
/// The input domain of the collision core: the largest coordinate, move and body it accepts.
///
/// Every entry point checks its input against this domain once, before any geometry runs:
/// queries (queries.hpp) answer `invalid_input`, move() and the character layer throw
/// std::invalid_argument naming the field, make_mesh() drops triangles with a corner outside
/// it and counts them (TriangleMesh::out_of_domain_count). Nothing outside the domain reaches
/// the BVH or the narrow phase.
///
/// Why these numbers. The broad phase and the SSE packet tests compute in float; the worst of
/// them multiplies three lengths (the ray test's triple product: edge x edge x ray; the SAH's
/// areas multiply two). With every coordinate, every displacement and every radius at most
/// kMaxCoordinate = 2^40, a difference or sum of a few of them stays below 2^42 and a product
/// of three below 2^126 < FLT_MAX (2^128): no intermediate overflows to infinity, so no NaN
/// and no out-of-range index can follow. (The sphere's path bound multiplies four: past 2^30
/// units it stands aside and keeps its lanes.) A packet's unused lanes and a zero divisor make
/// no infinity or NaN either, so the queries also run where a caller has unmasked
/// floating-point exceptions, as a game's debug build may (division by zero, invalid, overflow:
/// tests/collision/test_fp_exceptions.cpp, on soups and levels). The narrow phase runs in
/// double, where products of up to twenty such lengths stay finite. An ellipsoid is swept in
/// the space where it is a unit sphere, lengths divided by its radii: with radii of at least
/// kMinBodyRadius = 2^-40 a length there stays below 2^82, and the quadratics' discriminants
/// (products of eight lengths) below 2^656 < DBL_MAX. Its quadratic's terms also lose about
/// 2 log2(aspect) of double's 53 bits to cancellation, so an aspect (largest / smallest radius)
/// of at most 2^16 keeps them at least as precise as float.
///
/// The domain is about overflow, not precision: a float coordinate of 2^40 is only accurate to
/// 2^16 units. The accuracy the core promises (1e-3 units) holds on levels a few thousand
/// units across.

#include <cmath>

#include <glm/vec3.hpp>

namespace collision {

/// Largest |x|, |y| or |z| of a mesh vertex, a body position or the end of a move: 2^40
/// (about 1.1e12 units).
inline constexpr float kMaxCoordinate = 1099511627776.0f;  // 2^40

/// Longest displacement of one query or move (Euclidean length): 2^40 units.
inline constexpr float kMaxMoveLength = 1099511627776.0f;  // 2^40

/// Largest body radius (sphere radius, or any ellipsoid radius): 2^40 units.
inline constexpr float kMaxBodyRadius = 1099511627776.0f;  // 2^40

/// Smallest body radius: 2^-40 (about 9.1e-13) units.
inline constexpr float kMinBodyRadius = 1.0f / 1099511627776.0f;  // 2^-40

/// Largest ratio of an ellipsoid's largest radius to its smallest: 2^16.
inline constexpr float kMaxEllipsoidAspect = 65536.0f;  // 2^16

/// Why a point is outside the domain ("a coordinate is not finite", "a coordinate is beyond
/// +-2^40 (about 1.1e12, kMaxCoordinate)"), or nullptr when it is inside.
const char* point_domain_error(const glm::vec3& p);

/// Why a move is outside the domain: `start` as point_domain_error(), `delta` not finite or
/// longer than kMaxMoveLength, or the end `start + delta` (computed in double) outside
/// +-kMaxCoordinate. nullptr when inside.
const char* move_domain_error(const glm::vec3& start, const glm::vec3& delta);

/// Why body radii are outside the domain: a radius not finite, not positive, above
/// kMaxBodyRadius, an ellipsoid aspect above kMaxEllipsoidAspect, or a radius below
/// kMinBodyRadius. nullptr when inside.
const char* radii_domain_error(const glm::vec3& radii);

/// radii_domain_error's test for a box's half extents, its messages naming half extents and the
/// box ("the box's largest half extent is more than 2^16 ...") rather than an ellipsoid's radii.
const char* box_domain_error(const glm::vec3& half_extents);

// The in_domain_* tests below run on every query, so each accepts the common case inline with
// a few float comparisons (a NaN fails them all) and leaves the rest to the full check.

inline bool in_domain_point(const glm::vec3& p) {
  return std::fabs(p.x) <= kMaxCoordinate && std::fabs(p.y) <= kMaxCoordinate &&
         std::fabs(p.z) <= kMaxCoordinate;  // = point_domain_error(p) == nullptr
}

inline bool in_domain_move(const glm::vec3& start, const glm::vec3& delta) {
  // Every coordinate of both within 2^38: the move is at most sqrt(3) 2^38 < 2^40 long and
  // ends within 2^39 of the origin on each axis, so the full check would pass.
  constexpr float k = kMaxCoordinate / 4.0f;
  if (std::fabs(start.x) <= k && std::fabs(start.y) <= k && std::fabs(start.z) <= k &&
      std::fabs(delta.x) <= k && std::fabs(delta.y) <= k && std::fabs(delta.z) <= k) {
    return true;
  }
  return move_domain_error(start, delta) == nullptr;
}

inline bool in_domain_radii(const glm::vec3& radii) {
  const auto in_range = [](float r) { return r >= kMinBodyRadius && r <= kMaxBodyRadius; };  // NaN: no
  if (!(in_range(radii.x) && in_range(radii.y) && in_range(radii.z))) return false;
  const float lo_xy = radii.x < radii.y ? radii.x : radii.y, hi_xy = radii.x < radii.y ? radii.y : radii.x;
  const float lo = lo_xy < radii.z ? lo_xy : radii.z, hi = hi_xy > radii.z ? hi_xy : radii.z;
  return hi <= kMaxEllipsoidAspect * lo;  // exact in float (a power of two): = radii_domain_error's test
}

inline bool in_domain_radius(float radius) {
  // One radius has aspect 1: the full check is this range (a NaN fails it).
  return radius >= kMinBodyRadius && radius <= kMaxBodyRadius;
}

}  // namespace collision
