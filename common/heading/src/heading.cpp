#include "heading/heading.hpp"

#include <cmath>

#include <glm/geometric.hpp>

namespace heading {

void horizontal_basis(glm::vec3 up, glm::vec3& e1, glm::vec3& e2) {
  glm::vec3 a = glm::abs(up);
  glm::vec3 axis = (a.x <= a.y && a.x <= a.z) ? glm::vec3(1, 0, 0)
                   : (a.y <= a.z)             ? glm::vec3(0, 1, 0)
                                              : glm::vec3(0, 0, 1);
  e1 = glm::normalize(axis - up * glm::dot(axis, up));
  e2 = glm::cross(up, e1);
}

glm::vec3 direction_from_angles(glm::vec3 up, float yaw, float pitch) {
  glm::vec3 e1, e2;
  up = glm::normalize(up);
  horizontal_basis(up, e1, e2);
  return std::cos(pitch) * (std::cos(yaw) * e1 + std::sin(yaw) * e2) + std::sin(pitch) * up;
}

}  // namespace heading
