#pragma once
// Worlds made of hand-written triangles, for the collision and movement tests.
#include <random>
#include <vector>

#include "collision/world.hpp"

namespace prism_test {

/// A world made of the given triangles (each triangle its own three vertices), moved by `offset`.
inline collision::World world_of(const std::vector<collision::Triangle>& tris,
                                 glm::vec3 offset = glm::vec3(0.0f)) {
  std::vector<glm::vec3> positions;
  std::vector<glm::uvec3> indices;
  for (const auto& t : tris) {
    const auto base = static_cast<unsigned>(positions.size());
    positions.insert(positions.end(), {t.a + offset, t.b + offset, t.c + offset});
    indices.emplace_back(base, base + 1, base + 2);
  }
  return collision::World(collision::make_mesh(std::move(positions), indices));
}

/// The square [-s, s]^2 in the plane z = h as two triangles facing +z, shifted by `offset`.
inline std::vector<collision::Triangle> floor_quad(float s, float h = 0.0f,
                                                   glm::vec3 offset = glm::vec3(0.0f)) {
  const glm::vec3 a = offset + glm::vec3(-s, -s, h), b = offset + glm::vec3(s, -s, h),
                  c = offset + glm::vec3(s, s, h), d = offset + glm::vec3(-s, s, h);
  return {{a, b, c}, {a, c, d}};
}

/// `count` non-degenerate triangles of corners within `size` of centres uniform in
/// [-extent, extent]^3: a soup for comparing a BVH query with its brute-force loop.
inline std::vector<collision::Triangle> random_soup(std::mt19937& rng, int count, float extent,
                                                   float size) {
  std::uniform_real_distribution<float> pos(-extent, extent), off(-size, size);
  std::vector<collision::Triangle> tris;
  const auto corner = [&](const glm::vec3& c) { return c + glm::vec3(off(rng), off(rng), off(rng)); };
  while (static_cast<int>(tris.size()) < count) {
    const glm::vec3 c(pos(rng), pos(rng), pos(rng));
    const collision::Triangle t{corner(c), corner(c), corner(c)};
    if (!collision::is_degenerate(t)) tris.push_back(t);
  }
  return tris;
}

}  // namespace prism_test
