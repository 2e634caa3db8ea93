#pragma once
/// @file aabb.hpp
/// Axis-aligned bounding box, in the mesh's units.

#include <algorithm>
#include <limits>

#include <glm/common.hpp>
#include <glm/vec3.hpp>

namespace collision {

struct Aabb {
  glm::vec3 min{std::numeric_limits<float>::infinity()};
  glm::vec3 max{-std::numeric_limits<float>::infinity()};

  bool empty() const { return min.x > max.x || min.y > max.y || min.z > max.z; }
  void grow(const glm::vec3& p) { min = glm::min(min, p); max = glm::max(max, p); }
  void grow(const Aabb& b) { min = glm::min(min, b.min); max = glm::max(max, b.max); }
  glm::vec3 extent() const { return max - min; }
  glm::vec3 center() const { return (min + max) * 0.5f; }
  /// Half the surface area (the SAH only needs ratios); 0 for an empty box.
  float half_area() const {
    if (empty()) return 0.0f;
    const glm::vec3 e = extent();
    return e.x * e.y + e.y * e.z + e.z * e.x;
  }
  bool overlaps(const Aabb& b) const {
    return min.x <= b.max.x && b.min.x <= max.x && min.y <= b.max.y && b.min.y <= max.y &&
           min.z <= b.max.z && b.min.z <= max.z;
  }
};

}  // namespace collision
