#pragma once
// A capsule whose segment crosses a triangle's face: its least push out through one of the
// triangle's edges, beside the push along the face's normal that capsule_triangle_distance
// gives. contacts.cpp takes the edge's where it is shorter and nothing continues beyond the
// edge (find_contacts).

#include <glm/ext/vector_double3.hpp>
#include <glm/vec3.hpp>

#include "collision/mesh.hpp"

#include "collision/contacts.hpp"
#include "collision/world.hpp"

namespace collision::detail {

struct CapsuleEdgeExit {
  bool crosses = false;  ///< the segment crosses the face (else the rest is unset)
  /// The push that clears the triangle through edge `edge`: the radius plus how far the edge
  /// lies beyond the segment along `normal` (>= the radius: the segment crosses inside).
  double depth = 0.0;
  glm::dvec3 normal{0.0};  ///< unit, square to the edge and to the axis, away from the triangle
  int edge = -1;           ///< edge i runs from corner i to corner i + 1 of (a, b, c)
};

/// The least of the three edge pushes (the side faces of the prism the triangle and the
/// segment span: with the face's two, every direction the least push can take), for a capsule
/// in the domain (capsule_queries.hpp) against a non-degenerate triangle; `crosses` false
/// otherwise.
CapsuleEdgeExit capsule_edge_exit(const glm::vec3& center, float radius, float half_height, const glm::vec3& axis,
                                  const Triangle& tri);

/// find_contacts' edge exit for a capsule contact `c` (triangle c.triangle of `world`) whose
/// segment crosses the triangle: the least push out through an edge where it is shorter than
/// the face's and frees the body (collision/contacts.hpp). Changes `c` or leaves it.
void take_edge_exit(const World& world, const Body& body, const glm::vec3& center, Contact& c);

}  // namespace collision::detail
