#pragma once
/// @file body.hpp
/// The one body type every query, move(), the character layer and the Trace take: a sphere, an
/// axis-aligned ellipsoid, an axis-aligned box or a capsule. A shape is a case inside the narrow
/// phase (the sweeps below dispatch on it), not a parallel code path.
///
/// Units: the mesh's. Conventions: a body is placed by its centre; it never rotates (boxes and
/// ellipsoids stay axis-aligned, a capsule's segment keeps its axis, normally the up vector).
/// Sources: sphere and ellipsoid sweeps, Ericson 2005 5.5.7 and Fauerby 2003; box, separating
/// axes over the swept interval (Ericson 2005 5.5, Gottschalk); capsule, the swept segment's
/// distance to the triangle (collision/box_queries.hpp, collision/capsule_queries.hpp).

#include <cmath>
#include <cstdint>
#include <limits>

#include <glm/vec3.hpp>

#include "collision/domain.hpp"
#include "collision/queries.hpp"
#include "collision/shape_distance.hpp"

namespace collision {

class World;

enum class Shape : std::uint8_t {
  kEllipsoid,  ///< axis-aligned ellipsoid; a sphere when its radii are equal
  kBox,        ///< axis-aligned box
  kCapsule,    ///< the points within a radius of a segment
};
const char* to_string(Shape s);

struct Body {
  Shape shape = Shape::kEllipsoid;
  /// Ellipsoid: its radii (all equal: a sphere). Box: its half extents. Capsule: its radius on
  /// every axis.
  glm::vec3 radii{0.5f};
  float half_height = 0.0f;      ///< capsule: half the segment's length (>= 0)
  glm::vec3 axis{0.0f, 1.0f, 0.0f};  ///< capsule: the segment's unit direction

  static Body sphere(float r) { return {Shape::kEllipsoid, glm::vec3(r)}; }
  static Body ellipsoid(const glm::vec3& r) { return {Shape::kEllipsoid, r}; }
  static Body box(const glm::vec3& half_extents) { return {Shape::kBox, half_extents}; }
  /// A capsule of radius r whose segment runs from centre - half_height * axis to centre +
  /// half_height * axis (`axis` unit; the character layer's up vector, normally).
  static Body capsule(float r, float half_height, const glm::vec3& axis) {
    return {Shape::kCapsule, glm::vec3(r), half_height, axis};
  }

  bool is_sphere() const { return shape == Shape::kEllipsoid && radii.x == radii.y && radii.y == radii.z; }
  /// The body's smallest half-size: ellipsoid, its smallest radius; box, its smallest half
  /// extent; capsule, its radius. Skin widths and tolerances are derived from it.
  float min_radius() const {
    float r = radii.x;  // as std::min({x, y, z}): the first of equals, NaN as it compares
    if (radii.y < r) r = radii.y;
    if (radii.z < r) r = radii.z;
    return r;
  }
  /// The radius of the smallest sphere about the centre that holds the body.
  float bounding_radius() const;
  /// Half the size of the body's axis-aligned bounding box, per axis. (A capsule's axis is
  /// taken normalized, as the exact tests take it: the domain lets it be 1e-3 off unit length.)
  glm::vec3 half_size() const;
  /// How far the body reaches from its centre along the unit direction `dir` (its support
  /// distance): the half height along up, for the character layer. (A capsule's axis normalized.)
  float extent_along(const glm::vec3& dir) const;
};

/// Why the body is outside the input domain (collision/domain.hpp), or nullptr: radii or half
/// extents as radii_domain_error checks them (finite, in [2^-40, 2^40], the largest at most
/// 2^16 times the smallest); a capsule's radius likewise, its half height negative, non-finite
/// or above kMaxBodyRadius, its axis' length more than 1e-3 from 1.
const char* body_domain_error(const Body& body);

/// body_domain_error(body) == nullptr, with the common case (an ellipsoid, sphere or box)
/// accepted inline by in_domain_radii: contact queries and character steps check it each call.
inline bool in_domain_body(const Body& body) {
  if ((body.shape == Shape::kEllipsoid || body.shape == Shape::kBox) && in_domain_radii(body.radii)) return true;
  return body_domain_error(body) == nullptr;
}

/// Earliest time of impact of `body` moved from `center` by `delta`, whatever its shape (the
/// shape's own exact sweep: sweep_sphere, sweep_ellipsoid, sweep_box, sweep_capsule).
SweepHit sweep(const World& world, const Body& body, const glm::vec3& center, const glm::vec3& delta,
               const SweepOptions& options = {});

/// The same against one triangle (the narrow phase, for a Trace's candidates). For a box,
/// `separating_axis` (when non-null) receives the axis that rejected a triangle not hit
/// (sweep_box_triangle); other shapes leave it untouched.
SweepHit sweep_triangle(const Triangle& tri, const Body& body, const glm::vec3& center,
                        const glm::vec3& delta, const SweepOptions& options = {},
                        std::uint32_t triangle_index = kNoTriangle, glm::vec3* separating_axis = nullptr);

/// Signed distance between the body centred at `center` and one triangle
/// (collision/shape_distance.hpp): exact for spheres, boxes and capsules; for an ellipsoid
/// measured in the space where it is a unit sphere (Fauerby 2003) and mapped back along the
/// contact normal, exact against a triangle's face and a close estimate at its edges and corners.
/// With a finite `reach`, a distance above it may be answered by a cheaper lower bound (then
/// only `distance` > reach is meaningful): what contact queries need.
TriangleDistance distance_to_triangle(const Triangle& tri, const Body& body, const glm::vec3& center,
                                      double reach = std::numeric_limits<double>::infinity());

}  // namespace collision
