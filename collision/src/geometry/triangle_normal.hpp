#pragma once
// Internal: a triangle's unit normal as the core stores and reports it, computed in one place.
// make_mesh (TriangleMesh::normals), build_bvh (BvhTriangle::n, BvhPacket4's n) and raycast
// (RayHit::normal, from the winner's corners) must agree bit for bit. Not a public header.
#include <glm/ext/vector_double3.hpp>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

namespace collision::detail {

/// (B - A) x (C - A) in double from the float corners (mesh.hpp's winding: it faces the side
/// from which A, B, C turn counter-clockwise).
inline glm::dvec3 triangle_cross(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) {
  const glm::dvec3 ad(a);
  return glm::cross(glm::dvec3(b) - ad, glm::dvec3(c) - ad);
}

/// triangle_cross normalized in double, then rounded to float. (A degenerate triangle's is NaN:
/// make_mesh drops those first.)
inline glm::vec3 unit_normal(const glm::dvec3& cross) { return glm::vec3(glm::normalize(cross)); }

}  // namespace collision::detail
