#pragma once
/// @file queries.hpp
/// Ray casts, swept spheres and ellipsoids, and overlap queries against a World (boxes and
/// capsules: box_queries.hpp, capsule_queries.hpp; any Body: body.hpp).
///
/// Conventions: positions and lengths in the mesh's units; a move is given as a start point and
/// a displacement `delta`, and times are fractions of that displacement in [0, 1].
/// Triangles collide on both faces unless SweepOptions::one_sided is set.
///
/// Invalid input never reaches the geometry: the result has hit == false and invalid_input ==
/// true. Invalid is anything outside the input domain (collision/domain.hpp): a NaN or infinite
/// value, a coordinate or move end beyond +-kMaxCoordinate (2^40), a displacement longer than
/// kMaxMoveLength (2^40), a radius that is not positive, below kMinBodyRadius (2^-40) or above
/// kMaxBodyRadius (2^40), an ellipsoid aspect above kMaxEllipsoidAspect (2^16), or (for the
/// one-triangle queries) a
/// triangle corner outside the domain. The overlap queries return no triangles for such input.
///
/// Ties (two triangles hit at the same time of impact) go to the lower triangle index, so a BVH
/// query returns exactly what a brute-force loop over all triangles returns.

#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>
#include <glm/ext/vector_double3.hpp>

#include "collision/aabb.hpp"
#include "collision/mesh.hpp"

namespace collision {

class World;

/// Which part of the triangle the sphere touched first.
enum class Feature : std::uint8_t { kNone, kFace, kEdge, kVertex };
const char* to_string(Feature f);

inline constexpr std::uint32_t kNoTriangle = 0xFFFFFFFFu;
/// What a hit or contact's `instance` names when it is the static level (a World's queries
/// always give this; a Scene's name their instance or character: collision/scene.hpp).
inline constexpr std::uint32_t kStaticLevel = 0xFFFFFFFFu;

struct RayHit {
  bool hit = false;
  bool invalid_input = false;
  float t = 1.0f;          ///< hit point = origin + t * delta, t in [0, 1]
  glm::vec3 point{0.0f};
  glm::vec3 normal{0.0f};  ///< the triangle's unit normal, turned to face the ray's origin
  std::uint32_t triangle = kNoTriangle;  ///< index in the World's mesh
  /// kStaticLevel, or in a Scene the instance or character hit (collision/scene.hpp)
  std::uint32_t instance = kStaticLevel;
};

struct SweepHit {
  bool hit = false;
  bool invalid_input = false;
  /// The body already intersected geometry at the start (closest distance < radius). Then
  /// toi == 0, and triangle/normal/point describe the deepest overlap.
  bool start_overlap = false;
  float toi = 1.0f;          ///< time of impact: the centre at contact is start + toi * delta
  float penetration = 0.0f;  ///< overlap depth at the start (only when start_overlap)
  glm::vec3 point{0.0f};     ///< contact point on the triangle
  /// Contact normal: unit, from the contact point towards the body's centre (for an
  /// ellipsoid, the surface normal of the triangle side it touches, in world space).
  glm::vec3 normal{0.0f};
  std::uint32_t triangle = kNoTriangle;
  Feature feature = Feature::kNone;
  /// kStaticLevel, or in a Scene the instance or character hit (collision/scene.hpp)
  std::uint32_t instance = kStaticLevel;
};

struct SweepOptions {
  /// Ignore triangles approached from behind (against their normal). Default: both faces.
  bool one_sided = false;
};

/// Nearest hit of the segment origin -> origin + delta (double-sided, Möller–Trumbore 1997).
RayHit raycast(const World& world, const glm::vec3& origin, const glm::vec3& delta);

/// Earliest time of impact of a sphere of `radius` moved by `delta` (exact against face
/// interiors, edges and vertices; Ericson 2005, "Real-Time Collision Detection" 5.5.7, computed
/// in double relative to each triangle so far-from-origin coordinates keep their precision).
SweepHit sweep_sphere(const World& world, const glm::vec3& center, float radius,
                      const glm::vec3& delta, const SweepOptions& options = {});

/// Swept ellipsoid with axis-aligned radii, by scaling into the space where it is a unit
/// sphere (Fauerby 2003, "Improved Collision detection and Response"). The returned normal and
/// point are mapped back to world space.
SweepHit sweep_ellipsoid(const World& world, const glm::vec3& center, const glm::vec3& radii,
                         const glm::vec3& delta, const SweepOptions& options = {});

/// Indices of the solid triangles within `radius` of `center` (touching counts), ascending.
void overlap_sphere(const World& world, const glm::vec3& center, float radius,
                    std::vector<std::uint32_t>& out);

/// Indices of the solid triangles intersecting `box` (exact separating-axis test, Akenine-Möller
/// 2001), ascending.
void overlap_aabb(const World& world, const Aabb& box, std::vector<std::uint32_t>& out);

/// The same queries as loops over every solid triangle: the reference the BVH must match.
RayHit raycast_brute_force(const World& world, const glm::vec3& origin, const glm::vec3& delta);
SweepHit sweep_sphere_brute_force(const World& world, const glm::vec3& center, float radius,
                                  const glm::vec3& delta, const SweepOptions& options = {});

/// The narrow phase for one triangle (usable on its own, for instance by a Trace).
/// A degenerate triangle collides as its edges and corners. `triangle_index` is copied into
/// the result.
SweepHit sweep_sphere_triangle(const Triangle& tri, const glm::vec3& center, float radius,
                               const glm::vec3& delta, const SweepOptions& options = {},
                               std::uint32_t triangle_index = kNoTriangle);

/// The ellipsoid narrow phase for one triangle (scaled into unit-sphere space, as above).
SweepHit sweep_ellipsoid_triangle(const Triangle& tri, const glm::vec3& center,
                                  const glm::vec3& radii, const glm::vec3& delta,
                                  const SweepOptions& options = {},
                                  std::uint32_t triangle_index = kNoTriangle);

/// Closest point on a triangle to p (Ericson 2005, 5.1.5), in double.
glm::dvec3 closest_point_on_triangle(const glm::dvec3& p, const glm::dvec3& a,
                                     const glm::dvec3& b, const glm::dvec3& c);

}  // namespace collision
