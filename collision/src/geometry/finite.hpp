#pragma once
// Internal: the finiteness check every entry point applies to its input.
#include <cmath>

#include <glm/vec3.hpp>

namespace collision::detail {

inline bool finite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

}  // namespace collision::detail
