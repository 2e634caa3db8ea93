#pragma once
/// @file mesh.hpp
/// Triangle meshes as the collision core sees them.
///
/// Coordinates are the source file's own (no rotation, no rescale); lengths are in the mesh's
/// units. A triangle is (A, B, C) = positions[indices[i]]; its unit normal is
/// normalize((B - A) x (C - A)), so it faces the side from which A, B, C wind counter-clockwise.

#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

namespace collision {

/// Per-triangle flag bits.
enum TriangleFlag : std::uint8_t {
  /// The triangle is drawn but does not collide (Quake 3: fog, water, light beams, ...).
  kTriangleNonSolid = 1u << 0,
};

/// The three corners of one triangle, by value.
struct Triangle {
  glm::vec3 a, b, c;
};

/// An indexed triangle mesh with per-triangle unit normals and flags.
///
/// Invariants after make_mesh(): every index is in range, every triangle is non-degenerate
/// (finite corners, area above a relative threshold), normals[i] is unit length, and
/// normals.size() == flags.size() == indices.size().
struct TriangleMesh {
  std::vector<glm::vec3> positions;
  std::vector<glm::uvec3> indices;  ///< one entry per triangle
  std::vector<glm::vec3> normals;   ///< unit normal per triangle
  std::vector<std::uint8_t> flags;  ///< TriangleFlag bits per triangle
  /// How many input triangles make_mesh() dropped as degenerate (zero area, repeated or
  /// non-finite corners). Reported, never silently kept.
  std::size_t degenerate_count = 0;
  /// How many input triangles make_mesh() dropped because a corner lies outside the input
  /// domain (|coordinate| > kMaxCoordinate = 2^40, collision/domain.hpp). Reported, never
  /// silently kept: a loader should treat a non-zero count as a defect of its file.
  std::size_t out_of_domain_count = 0;

  std::size_t triangle_count() const { return indices.size(); }
  Triangle triangle(std::size_t i) const {
    return {positions[indices[i].x], positions[indices[i].y], positions[indices[i].z]};
  }
  bool solid(std::size_t i) const { return (flags[i] & kTriangleNonSolid) == 0; }
};

/// True when the triangle has non-finite corners or (near) zero area: |(B-A)x(C-A)| is at most
/// 1e-7 times the square of its longest edge (a relative test, so it holds at any scale).
bool is_degenerate(const Triangle& t);

/// Builds a TriangleMesh: drops degenerate triangles and triangles with a corner outside the
/// input domain (counting each), computes unit normals.
/// `flags` may be empty (all solid) or have one entry per triangle.
/// @throws std::invalid_argument when an index is out of range or `flags` has the wrong size.
TriangleMesh make_mesh(std::vector<glm::vec3> positions, const std::vector<glm::uvec3>& indices,
                       const std::vector<std::uint8_t>& flags = {});

}  // namespace collision
