#pragma once
/// @file shape_distance.hpp
/// Signed distance between a body shape and one triangle: what contact lists and skin solves
/// need (box_queries.hpp, capsule_queries.hpp compute it).

#include <glm/ext/vector_double3.hpp>

#include "collision/queries.hpp"

namespace collision {

/// Signed distance between a body and a triangle, in the mesh's units, computed in double.
///
/// Separate (distance > 0): the exact Euclidean distance between the two closed sets; `point`
/// is a closest point on the triangle (world coordinates), `normal` the unit vector from it
/// towards the body's closest point, `feature` the part of the triangle `point` lies on.
/// Overlapping (distance <= 0): -distance is a penetration depth (each shape's function says
/// which), `normal` the unit direction that pushes the body out, `point` a point of the
/// triangle inside the body. The function is continuous across distance 0.
/// Invalid input (collision/domain.hpp): `invalid_input` is true and the other fields are zero.
struct TriangleDistance {
  double distance = 0.0;
  glm::dvec3 point{0.0};
  glm::dvec3 normal{0.0};
  Feature feature = Feature::kNone;
  bool invalid_input = false;
};

}  // namespace collision
