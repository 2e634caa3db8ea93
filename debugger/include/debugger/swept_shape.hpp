#pragma once
/// @file swept_shape.hpp
/// The exact swept shape of a triangle for a box body: the Minkowski sum of the triangle and
/// the box (the set of box centres at which the box touches the triangle), as its face
/// polygons, so the debugger can draw its outline. The box's centre path hits the triangle
/// exactly where it enters this polytope (Ericson 2005, 5.5; the separating axes of a box and a
/// triangle are this polytope's face normals).

#include <vector>

#include <glm/vec3.hpp>

#include "collision/mesh.hpp"

namespace debugger {

/// The faces of triangle (+) box(half_extents), each a convex polygon in order around its
/// normal (outward). A face's normal is one of the 13 separating axes of a box and a triangle
/// (three box faces, the triangle's normal, nine edge cross products), on either side. A
/// degenerate triangle gives the sum of its edges and the box. Corners are world positions.
std::vector<std::vector<glm::vec3>> box_minkowski_faces(const collision::Triangle& tri, glm::vec3 half_extents);

}  // namespace debugger
