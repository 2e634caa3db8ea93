#pragma once
// Internal: SSE tests of one BvhPacket4 (four leaf triangles) against a query.
#include <immintrin.h>

#include <algorithm>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>

#include <glm/vec3.hpp>

#include "collision/body.hpp"
#include "bvh/bvh_layout.hpp"
#include "bvh/simd4.hpp"

namespace collision::detail {

// Every packet test comes twice, picked by the traversal's node width (simd4.hpp's tags):
// Nodes4 as the build's flags compile it (the SSE path), Nodes8 compiled for AVX2 (VEX
// encoding, called only where the 8-wide nodes were built). Both give the same bits.

/// A packet query built in place when the first leaf is reached (most sweeps end in the inner
/// nodes), neither copied (an assignment of a built one is a rep movs of some 370 bytes) nor
/// zeroed first (a std::optional value-initializes its storage: a rep stos as long).
template <class T>
class LazyQuery {
 public:
  template <class... Args>
  const T& get(Args&&... args) {
    if (built_ == nullptr) built_ = ::new (static_cast<void*>(storage_)) T(std::forward<Args>(args)...);
    return *built_;
  }

 private:
  static_assert(std::is_trivially_destructible_v<T>);
  alignas(T) unsigned char storage_[sizeof(T)];
  T* built_ = nullptr;
};

/// A swept sphere, broadcast once per query.
struct SphereSweep4 {
  SphereSweep4(const glm::vec3& center, float radius, const glm::vec3& delta, float allowance,
               bool one_sided);
  __m128 p[3], v[3];    // centre, displacement
  __m128 radius;
  __m128 reach;         // radius + rounding allowance
  __m128 plane_reach;   // radius + half the allowance: for the plane slab test alone (packet_tests.cpp)
  __m128 allowance;
  bool one_sided;
};

/// Lanes (bit i = lane i) that may be touched before `t_limit`: conservative float tests
/// (plane slab, plane time, boxes, edge planes) that never reject a triangle the exact narrow
/// phase would report. `max_plane_distance` further rejects triangles whose plane is farther
/// from the start (when the best contact so far is an overlap of depth P, no triangle whose
/// plane lies beyond r - P can overlap deeper); pass infinity otherwise.
int sphere_candidates(Nodes4, const BvhPacket4& p, const SphereSweep4& q, float t_limit,
                      float max_plane_distance);
int sphere_candidates(Nodes8, const BvhPacket4& p, const SphereSweep4& q, float t_limit,
                      float max_plane_distance);

/// Of the lanes in `mask`, those whose triangle the sphere's centre comes within the radius of
/// along its path up to `t_limit` (bit i = lane i): the rest cannot be touched. A certified
/// float lower bound of the distance between the path and the triangle: the triangle's nearest
/// point to the path is either inside its face (then the path enters the prism of the face
/// grown by the radius along the normal) or on an edge, whose distance to the path is bounded
/// below by the convexity of the segment-segment distance f(s, t): at any (s, t) in [0, 1]^2,
/// f(s, t) + min over the square of the gradient's linear term (so the float closest points
/// need not be exact). Each bound is compared with the reach (radius + allowance) grown by a
/// slack of 2^-16 of the lane's local magnitudes (the start's offsets from the corners and
/// the path) plus a quarter of the allowance, far above its float rounding (a few 2^-24 of
/// those, and the subtractions from world coordinates). Cuts the exact tests of
/// triangles a sphere glides past (1/32 over a curved floor: most candidates on a dense mesh).
int sphere_path_candidates(Nodes4, const BvhPacket4& p, const SphereSweep4& q, float t_limit, int mask);
int sphere_path_candidates(Nodes8, const BvhPacket4& p, const SphereSweep4& q, float t_limit, int mask);

/// A body of half extents `extent` on the world axes swept by `delta`, for a separating-axis
/// test in time on those axes: grown by the allowance, so that the float intervals of time
/// always contain the exact ones.
struct WorldAxes4 {
  WorldAxes4() = default;
  WorldAxes4(const glm::vec3& center, const glm::vec3& extent, const glm::vec3& delta, float allowance);
  __m128 lo[3], hi[3];  // centre -+ (extent + allowance)
  __m128 inv_v[3];      // 1 / delta (+-1e26 for a component of 1e-26 or less: finite_inverse)
};

/// A swept axis-aligned box, broadcast once per query.
struct BoxSweep4 {
  BoxSweep4() = default;  // unset, for a query that broadcasts it when first needed
  BoxSweep4(const glm::vec3& center, const glm::vec3& half_extents, const glm::vec3& delta,
            float allowance, bool one_sided);
  __m128 p[3], v[3], h[3];  // centre, displacement, half extents
  WorldAxes4 world;         // the box's reach on the world axes, in time
  __m128 allowance;
  bool one_sided;
  /// A start overlap's depth (the least push out along the separating axes) is at most the
  /// overlap on any axis, whatever the depth.
  static constexpr float shrink_limit = std::numeric_limits<float>::infinity();
  static constexpr bool kRound = false;  ///< not a segment grown by a radius
};

/// A swept capsule (centre, radius, half height, unit axis), broadcast once per query.
struct CapsuleSweep4 {
  CapsuleSweep4() = default;  // unset, for a query that broadcasts it when first needed
  CapsuleSweep4(const glm::vec3& center, float radius, float half_height, const glm::vec3& axis,
                const glm::vec3& delta, float allowance, bool one_sided);
  __m128 p[3], v[3], u[3];  // centre, displacement, axis
  __m128 radius, half_height;
  __m128 core_lo[3], core_hi[3];  // the box of the core segment at the start: p -+ h |u_a|
  __m128 reach_sq;                // the radius grown by the rounding slacks, squared (convex_candidates)
  WorldAxes4 world;         // the capsule's reach on the world axes, in time
  __m128 allowance;
  bool one_sided;
  /// A start overlap's depth is at most the overlap on any axis up to the radius: beyond it
  /// the segment crosses the triangle, and its depth (the far end's, behind the plane) may
  /// exceed an edge plane's overlap.
  float shrink_limit;
  static constexpr bool kRound = true;  ///< a segment grown by a radius (convex_candidates)
};

/// Lanes that the swept capsule may touch before `t_limit`: box_candidates' tests with the
/// capsule's support on the normal, r + h |n·u|, and on the world axes, r + h |u_k|.
int capsule_candidates(Nodes4, const BvhPacket4& p, const CapsuleSweep4& q, float t_limit, float min_depth,
                       float entry[4]);
int capsule_candidates(Nodes8, const BvhPacket4& p, const CapsuleSweep4& q, float t_limit, float min_depth,
                       float entry[4]);

/// Lanes that the swept box may touch before `t_limit`: conservative float tests (the box's
/// support on the plane normal against the plane at both ends and in time, separating axes in
/// time on the world axes, and the planes through the edges) that never reject a triangle the
/// exact test would report. `entry[i]` (for a lane in the mask): a lower bound of the time at
/// which the body can first touch triangle i, so that a lane whose entry exceeds
/// 1.0001 x a later, lower t_limit can be passed over as this test would. `min_depth`: when
/// the best so far is a start overlap of that depth (else -infinity), lanes whose overlap on
/// their normal axis (reach - |plane distance|, grown by the allowance: an upper bound of
/// any start overlap's depth, for a box as for a capsule) is below it are rejected too: their
/// float penetration can only be smaller. So are lanes whose overlap with the body at the start
/// on the axis of one of their edge planes (its outward normal, e x n) is below
/// min(min_depth, shrink_limit), grown by the allowance: the depth of a box's start overlap is
/// the least overlap over its separating axes, which is the least over all directions (the
/// distance from the origin to the boundary of the Minkowski difference, a polytope whose
/// facet normals are those axes); a capsule's, up to its radius, is r - (distance from the
/// segment to the triangle), and that distance is at least the segment's distance beyond the
/// edge plane.
int box_candidates(Nodes4, const BvhPacket4& p, const BoxSweep4& q, float t_limit, float min_depth,
                   float entry[4]);
int box_candidates(Nodes8, const BvhPacket4& p, const BoxSweep4& q, float t_limit, float min_depth,
                   float entry[4]);

/// A body at rest for a contact query (find_contacts), broadcast once per query. The body is a
/// core (a point for a sphere, a segment for a capsule, the whole box for a box) grown by a
/// radius (0 for a box). An ellipsoid that is not a sphere is not culled (contact_candidates).
struct ContactBound4 {
  /// `slack`: the float rounding the bound must allow for (plane and edge-plane distances from
  /// float coordinates: a few ulps of the largest coordinate, as find_contacts' own prefilter).
  ContactBound4(const Body& body, const glm::vec3& center, float reach, float slack);
  Shape shape;
  bool point_core;          // a sphere: no core support at all
  __m128 c[3];              // the centre
  __m128 axis[3], half_height;  // capsule
  __m128 radii[3];          // box: half extents
  __m128 slack;
  __m128 limit_sq;          // (radius + reach)^2, grown for the rounding of the squares
};

/// Lanes (bit i = lane i, unused lanes never) whose triangle may lie within the query's reach of
/// the body: the core's gap beyond the triangle's plane and its largest gap beyond an edge plane
/// (the two directions are square to each other, so they add in squares to a lower bound of the
/// core's distance to the triangle) must not exceed the radius plus the reach. Never rejects a
/// triangle the exact distance (distance_to_triangle) would keep.
int contact_candidates(Nodes4, const BvhPacket4& p, const ContactBound4& q);
int contact_candidates(Nodes8, const BvhPacket4& p, const ContactBound4& q);

}  // namespace collision::detail
