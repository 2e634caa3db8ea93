#pragma once
// Internal: an instance's pose as a rigid transform in double, and boxes carried between the
// world and an instance's frame. The corners are transformed in double and rounded once to
// float: within half an ulp of the exact transform of the float corner (scene.hpp).
#include <algorithm>
#include <cmath>

#include <glm/ext/matrix_double3x3.hpp>
#include <glm/ext/vector_double3.hpp>
#include <glm/gtc/quaternion.hpp>

#include "collision/aabb.hpp"
#include "collision/mesh.hpp"
#include "collision/scene.hpp"

namespace collision::detail {

struct Frame {
  glm::dmat3 r;  // local -> world rotation
  glm::dvec3 p;  // the instance's position

  explicit Frame(const Pose& pose) : r(glm::mat3_cast(glm::dquat(pose.rotation))), p(pose.position) {}
  explicit Frame(const SceneInstance& in) : r(in.rotation_matrix), p(in.pose.position) {}

  glm::dvec3 to_world(const glm::dvec3& local) const { return r * local + p; }
  glm::dvec3 to_local(const glm::dvec3& world) const { return glm::transpose(r) * (world - p); }
  glm::vec3 point(const glm::vec3& local) const { return glm::vec3(to_world(glm::dvec3(local))); }
  Triangle triangle(const Triangle& t) const { return {point(t.a), point(t.b), point(t.c)}; }
};

// The box of box `b` turned by `r` and moved by `p`, grown by 2^-20 of its extent and
// magnitude so that the float rounding of either frame's corners never leaves it.
inline Aabb turned_box(const glm::dmat3& r, const glm::dvec3& p, const Aabb& b) {
  const glm::dvec3 lo(b.min), hi(b.max);
  const glm::dvec3 c = r * (0.5 * (lo + hi)) + p;
  const glm::dvec3 e = 0.5 * (hi - lo);
  glm::dvec3 h(0.0);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) h[i] += std::fabs(r[j][i]) * e[j];  // glm: r[column][row]
  }
  const double grow = 0x1p-20 * (std::max({std::fabs(c.x), std::fabs(c.y), std::fabs(c.z)}) +
                                 std::max({h.x, h.y, h.z})) + 1e-30;
  Aabb out;
  out.min = glm::vec3(c - h - glm::dvec3(grow));
  out.max = glm::vec3(c + h + glm::dvec3(grow));
  return out;
}

inline Aabb world_box(const Frame& f, const Aabb& local) { return turned_box(f.r, f.p, local); }
inline Aabb local_box(const Frame& f, const Aabb& world) {
  const glm::dmat3 rt = glm::transpose(f.r);
  return turned_box(rt, -(rt * f.p), world);
}

}  // namespace collision::detail
