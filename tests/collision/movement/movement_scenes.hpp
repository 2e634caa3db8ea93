#pragma once
// Hand-made scenes for the movement tests: Z up, Quake scale (a 16-unit sphere).
#include <cmath>
#include <vector>

#include <glm/geometric.hpp>

#include "collision/world.hpp"
#include "test_worlds.hpp"

namespace movement_test {

using collision::Triangle;
using glm::vec3;

struct SceneBuilder {
  std::vector<Triangle> tris;

  void quad(vec3 a, vec3 b, vec3 c, vec3 d) {  // counter-clockwise seen from the front
    tris.push_back({a, b, c});
    tris.push_back({a, c, d});
  }
  // A closed axis-aligned box with outward normals.
  void box(vec3 lo, vec3 hi) {
    const vec3 p[8] = {{lo.x, lo.y, lo.z}, {hi.x, lo.y, lo.z}, {hi.x, hi.y, lo.z}, {lo.x, hi.y, lo.z},
                       {lo.x, lo.y, hi.z}, {hi.x, lo.y, hi.z}, {hi.x, hi.y, hi.z}, {lo.x, hi.y, hi.z}};
    quad(p[0], p[3], p[2], p[1]);  // bottom
    quad(p[4], p[5], p[6], p[7]);  // top
    quad(p[0], p[1], p[5], p[4]);  // -y
    quad(p[2], p[3], p[7], p[6]);  // +y
    quad(p[1], p[2], p[6], p[5]);  // +x
    quad(p[3], p[0], p[4], p[7]);  // -x
  }
  // A floor [x0,x1] x [y0,y1] at height z tiled with n x n cells (2 triangles each).
  void floor(float x0, float y0, float x1, float y1, float z, int n = 1) {
    const float dx = (x1 - x0) / static_cast<float>(n), dy = (y1 - y0) / static_cast<float>(n);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        const float ax = x0 + dx * static_cast<float>(i), ay = y0 + dy * static_cast<float>(j);
        quad({ax, ay, z}, {ax + dx, ay, z}, {ax + dx, ay + dy, z}, {ax, ay + dy, z});
      }
    }
  }
  // A ramp rising along +x from (x0, z0) at `degrees`, `length` long horizontally, y in [y0, y1].
  void ramp(float x0, float z0, float length, float degrees, float y0, float y1) {
    const float h = length * std::tan(degrees * 3.14159265f / 180.0f);
    quad({x0, y0, z0}, {x0 + length, y0, z0 + h}, {x0 + length, y1, z0 + h}, {x0, y1, z0});
  }
  collision::World world(vec3 offset = vec3(0.0f)) const { return prism_test::world_of(tris, offset); }
};

// Closest distance from p to any solid triangle of the world.
inline float clearance(const collision::World& w, vec3 p) {
  double best = 1e30;
  for (std::size_t i = 0; i < w.mesh().triangle_count(); ++i) {
    const Triangle t = w.mesh().triangle(i);
    const glm::dvec3 q = collision::closest_point_on_triangle(glm::dvec3(p), glm::dvec3(t.a),
                                                              glm::dvec3(t.b), glm::dvec3(t.c));
    best = std::min(best, glm::length(glm::dvec3(p) - q));
  }
  return static_cast<float>(best);
}

}  // namespace movement_test
