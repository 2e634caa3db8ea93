// Default spawn point and body size for mesh files (spawn.hpp).
#include "debugger/spawn.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <unordered_map>
#include <vector>

#include <glm/geometric.hpp>

#include "collision/queries.hpp"

namespace debugger {
namespace {

struct Bounds {
  glm::vec3 lo{INFINITY}, hi{-INFINITY};
};

Bounds bounds_of(const collision::TriangleMesh& mesh) {
  // The triangles kept, not every vertex: a vertex whose triangles make_mesh() dropped
  // (non-finite, degenerate) must not move the spawn to NaN.
  Bounds b;
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
    const collision::Triangle tri = mesh.triangle(t);
    for (const glm::vec3& p : {tri.a, tri.b, tri.c}) {
      b.lo = glm::min(b.lo, p);
      b.hi = glm::max(b.hi, p);
    }
  }
  return b;
}

std::uint32_t find(std::vector<std::uint32_t>& parent, std::uint32_t i) {
  while (parent[i] != i) i = parent[i] = parent[parent[i]];
  return i;
}

}  // namespace

glm::vec3 spawn_above_largest_floor(const collision::World& world, glm::vec3 up, float size,
                                    float max_slope_degrees) {
  const collision::TriangleMesh& mesh = world.mesh();
  up = glm::normalize(up);
  const float walkable = std::cos(max_slope_degrees * 3.14159265f / 180.0f);
  // Corners are joined by position (files often repeat a vertex per face).
  std::unordered_map<std::uint64_t, std::uint32_t> corner_id;
  std::vector<std::uint32_t> parent;
  std::vector<std::uint32_t> floor_of_triangle(mesh.triangle_count(), ~0u);
  auto corner = [&](glm::vec3 p) {
    std::uint32_t bits[3];
    std::memcpy(bits, &p, sizeof bits);
    const std::uint64_t key = (std::uint64_t(bits[0]) * 0x9E3779B97F4A7C15ull) ^
                              (std::uint64_t(bits[1]) * 0xC2B2AE3D27D4EB4Full) ^ (std::uint64_t(bits[2]) << 1);
    const auto [it, added] = corner_id.emplace(key, static_cast<std::uint32_t>(parent.size()));
    if (added) parent.push_back(static_cast<std::uint32_t>(parent.size()));
    return it->second;
  };
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
    if (!mesh.solid(t) || std::fabs(glm::dot(mesh.normals[t], up)) < walkable) continue;
    const collision::Triangle tri = mesh.triangle(t);
    const std::uint32_t a = corner(tri.a), b = corner(tri.b), c = corner(tri.c);
    parent[find(parent, b)] = find(parent, a);
    parent[find(parent, c)] = find(parent, a);
    floor_of_triangle[t] = a;
  }
  std::unordered_map<std::uint32_t, double> area;
  std::unordered_map<std::uint32_t, glm::dvec3> weighted;
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
    if (floor_of_triangle[t] == ~0u) continue;
    const std::uint32_t f = floor_of_triangle[t] = find(parent, floor_of_triangle[t]);
    const collision::Triangle tri = mesh.triangle(t);
    const double a = 0.5 * glm::length(glm::cross(glm::dvec3(tri.b - tri.a), glm::dvec3(tri.c - tri.a)));
    area[f] += a;
    weighted[f] += a * glm::dvec3(tri.a + tri.b + tri.c) / 3.0;
  }
  if (area.empty()) {
    const Bounds b = bounds_of(mesh);
    const glm::vec3 mid = (b.lo + b.hi) * 0.5f;
    return mid + up * (glm::dot(b.hi - mid, up) * 0.5f);
  }
  // Largest floor; ties to the lower id, so the choice does not depend on hash order.
  std::uint32_t best = 0;
  double best_area = -1.0;
  for (const auto& [f, a] : area)
    if (a > best_area || (a == best_area && f < best)) {
      best = f;
      best_area = a;
    }
  const glm::vec3 centre = glm::vec3(weighted[best] / best_area);
  std::size_t pick = 0;
  float pick_distance = INFINITY;
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
    if (floor_of_triangle[t] != best) continue;
    const collision::Triangle tri = mesh.triangle(t);
    const float d = glm::length((tri.a + tri.b + tri.c) / 3.0f - centre);
    if (d < pick_distance) {
      pick_distance = d;
      pick = t;
    }
  }
  const collision::Triangle tri = mesh.triangle(pick);
  const glm::vec3 foot = (tri.a + tri.b + tri.c) / 3.0f;
  const float reach = 4.0f * size;
  const collision::RayHit ceiling = collision::raycast(world, foot + up * (1e-3f * size), up * reach);
  const float height = ceiling.hit ? std::max(0.5f * ceiling.t * reach, 1.05f * size) : 2.0f * size;
  return foot + up * height;
}

collision::Body default_mesh_body(const collision::TriangleMesh& mesh) {
  const Bounds b = bounds_of(mesh);
  const float diagonal = mesh.triangle_count() > 0 ? glm::length(b.hi - b.lo) : 0.0f;
  return collision::Body::sphere(std::max(0.4f, 0.01f * diagonal));
}

float body_size(const collision::Body& body) {
  return std::max({body.radii.x, body.radii.y, body.radii.z});
}

}  // namespace debugger
