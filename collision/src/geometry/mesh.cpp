#include "collision/mesh.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <glm/geometric.hpp>

#include "collision/domain.hpp"
#include "geometry/finite.hpp"
#include "geometry/triangle_normal.hpp"

namespace collision {

using detail::finite;

bool is_degenerate(const Triangle& t) {
  if (!finite(t.a) || !finite(t.b) || !finite(t.c)) return true;
  // In double: float products of large coordinates lose the bits that decide this.
  const glm::dvec3 a(t.a), b(t.b), c(t.c);
  const glm::dvec3 ab = b - a, bc = c - b, ca = a - c;
  const double longest2 = std::max({glm::dot(ab, ab), glm::dot(bc, bc), glm::dot(ca, ca)});
  if (longest2 == 0.0) return true;
  const double cross_len = glm::length(glm::cross(ab, c - a));
  return cross_len <= 1e-7 * longest2;
}

TriangleMesh make_mesh(std::vector<glm::vec3> positions, const std::vector<glm::uvec3>& indices,
                       const std::vector<std::uint8_t>& flags) {
  if (!flags.empty() && flags.size() != indices.size()) {
    throw std::invalid_argument("make_mesh: " + std::to_string(flags.size()) + " flags for " +
                                std::to_string(indices.size()) + " triangles");
  }
  TriangleMesh mesh;
  mesh.positions = std::move(positions);
  const std::size_t n = mesh.positions.size();
  mesh.indices.reserve(indices.size());
  mesh.normals.reserve(indices.size());
  mesh.flags.reserve(indices.size());
  for (std::size_t i = 0; i < indices.size(); ++i) {
    const glm::uvec3 idx = indices[i];
    if (idx.x >= n || idx.y >= n || idx.z >= n) {
      throw std::invalid_argument("make_mesh: triangle " + std::to_string(i) +
                                  " indexes a vertex out of range (" + std::to_string(n) +
                                  " vertices)");
    }
    const Triangle t{mesh.positions[idx.x], mesh.positions[idx.y], mesh.positions[idx.z]};
    if (finite(t.a) && finite(t.b) && finite(t.c) &&
        !(in_domain_point(t.a) && in_domain_point(t.b) && in_domain_point(t.c))) {
      ++mesh.out_of_domain_count;
      continue;
    }
    if (is_degenerate(t)) {
      ++mesh.degenerate_count;
      continue;
    }
    mesh.indices.push_back(idx);
    mesh.normals.push_back(detail::unit_normal(detail::triangle_cross(t.a, t.b, t.c)));
    mesh.flags.push_back(flags.empty() ? std::uint8_t{0} : flags[i]);
  }
  return mesh;
}

}  // namespace collision
