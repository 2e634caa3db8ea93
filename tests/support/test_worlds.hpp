#pragma once
// Worlds made of hand-written triangles, for the collision and movement tests.
#include <random>
#include <vector>

#include "collision/world.hpp"

namespace prism_test {

/// The mesh (make_mesh's) of the given triangles, each its own three vertices, moved by `offset`.
inline collision::TriangleMesh mesh_of(const std::vector<collision::Triangle>& tris,
                                       glm::vec3 offset = glm::vec3(0.0f)) {
  std::vector<glm::vec3> positions;
  std::vector<glm::uvec3> indices;
  for (const auto& t : tris) {
    const auto base = static_cast<unsigned>(positions.size());
    positions.insert(positions.end(), {t.a + offset, t.b + offset, t.c + offset});
    indices.emplace_back(base, base + 1, base + 2);
  }
  return collision::make_mesh(std::move(positions), indices);
}

/// A world made of the given triangles (mesh_of), moved by `offset`, its BVH built with `options`.
inline collision::World world_of(const std::vector<collision::Triangle>& tris,
                                 glm::vec3 offset = glm::vec3(0.0f),
                                 const collision::BvhBuildOptions& options = {}) {
  return collision::World(mesh_of(tris, offset), options);
}

inline collision::World world_of(const std::vector<collision::Triangle>& tris,
                                 const collision::BvhBuildOptions& options) {
  return world_of(tris, glm::vec3(0.0f), options);
}

/// The square [-s, s]^2 in the plane z = h as two triangles facing +z, shifted by `offset`.
inline std::vector<collision::Triangle> floor_quad(float s, float h = 0.0f,
                                                   glm::vec3 offset = glm::vec3(0.0f)) {
  const glm::vec3 a = offset + glm::vec3(-s, -s, h), b = offset + glm::vec3(s, -s, h),
                  c = offset + glm::vec3(s, s, h), d = offset + glm::vec3(-s, s, h);
  return {{a, b, c}, {a, c, d}};
}

/// count x count squares of side `step` from the origin along x and y, lifted to z = height(x, y)
/// at their corners and shifted by `offset`; each square split along its diagonal into two
/// triangles (a b c, a c d), square (i, j)'s first at index 2 (i count + j).
template <class Height>
std::vector<collision::Triangle> height_field(int count, float step, Height&& height,
                                              glm::vec3 offset = glm::vec3(0.0f)) {
  std::vector<collision::Triangle> tris;
  for (int i = 0; i < count; ++i) {
    for (int j = 0; j < count; ++j) {
      const float x0 = static_cast<float>(i) * step, y0 = static_cast<float>(j) * step, x1 = x0 + step,
                  y1 = y0 + step;
      const glm::vec3 a(x0, y0, height(x0, y0)), b(x1, y0, height(x1, y0)), c(x1, y1, height(x1, y1)),
          d(x0, y1, height(x0, y1));
      tris.push_back({a + offset, b + offset, c + offset});
      tris.push_back({a + offset, c + offset, d + offset});
    }
  }
  return tris;
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
