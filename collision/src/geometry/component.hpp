#pragma once
// Internal: a vector's component by a run-time index, for the narrow phases' loops over axes.
// glm's operator[] (GLM 0.9.9) is a switch on the index: where the compiler does not unroll the
// loop, every read is a compare and branch or a jump (measured: about 900 of a box sweep's 6,300
// instructions on fan's start overlaps). glm::value_ptr is GLM's own view of the components as
// an array.
#include <glm/gtc/type_ptr.hpp>
#include <glm/vec3.hpp>

namespace collision::detail {

template <class T, glm::qualifier Q>
[[gnu::always_inline]] inline T& component(glm::vec<3, T, Q>& v, int i) {
  return glm::value_ptr(v)[i];
}

template <class T, glm::qualifier Q>
[[gnu::always_inline]] inline const T& component(const glm::vec<3, T, Q>& v, int i) {
  return glm::value_ptr(v)[i];
}

}  // namespace collision::detail
