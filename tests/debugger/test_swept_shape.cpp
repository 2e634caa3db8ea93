// The box's swept shape: the Minkowski sum of a triangle and a box, checked against the core's
// own box-triangle overlap test at random points.
#include <random>
#include <vector>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "collision/queries.hpp"
#include "collision/world.hpp"
#include "debugger/swept_shape.hpp"

namespace {

bool inside(const std::vector<std::vector<glm::vec3>>& faces, glm::vec3 p, float eps) {
  for (const auto& f : faces) {
    const glm::vec3 n = glm::normalize(glm::cross(f[1] - f[0], f[2] - f[0]));
    if (glm::dot(n, p - f[0]) > eps) return false;
  }
  return true;
}

void check_against_overlap(const collision::Triangle& tri, glm::vec3 half, std::uint32_t seed) {
  const auto faces = debugger::box_minkowski_faces(tri, half);
  ASSERT_GE(faces.size(), 5u);
  for (const auto& f : faces) {
    ASSERT_GE(f.size(), 3u);
    const glm::vec3 n = glm::normalize(glm::cross(f[1] - f[0], f[2] - f[0]));
    // Convex and planar, wound counter-clockwise about the outward normal: every corner of the
    // triangle and the box's centre path's corners lie behind it.
    for (const glm::vec3& q : f) EXPECT_NEAR(glm::dot(n, q - f[0]), 0.0f, 1e-4f);
    for (const glm::vec3& v : {tri.a, tri.b, tri.c}) EXPECT_LE(glm::dot(n, v - f[0]), 1e-4f);
  }
  const collision::World world(collision::make_mesh({tri.a, tri.b, tri.c}, {glm::uvec3(0, 1, 2)}));
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  // Points in the sum's bounding box grown by a fifth on every side.
  const glm::vec3 lo = glm::min(tri.a, glm::min(tri.b, tri.c)) - half, hi = glm::max(tri.a, glm::max(tri.b, tri.c)) + half;
  const glm::vec3 grow = (hi - lo) * 0.2f;
  int in = 0, out = 0;
  for (int i = 0; i < 4000; ++i) {
    const glm::vec3 p = lo - grow + glm::vec3(u(rng), u(rng), u(rng)) * (hi - lo + 2.0f * grow);
    const bool a = inside(faces, p, 1e-3f);
    const bool b = inside(faces, p, -1e-3f);
    if (a != b) continue;  // within 1e-3 of the surface: either answer is right
    std::vector<std::uint32_t> hit;
    collision::overlap_aabb(world, collision::Aabb{p - half, p + half}, hit);
    EXPECT_EQ(a, !hit.empty()) << "at " << p.x << ' ' << p.y << ' ' << p.z;
    (a ? in : out)++;
  }
  EXPECT_GT(in, 100);
  EXPECT_GT(out, 100);
}

TEST(SweptShape, BoxMinkowskiSumIsWhereTheBoxOverlapsTheTriangle) {
  check_against_overlap({{0, 0, 0}, {4, 0, 0}, {0, 3, 0}}, {1, 1, 1}, 1);            // floor-like, axis-aligned
  check_against_overlap({{0, 0, 0}, {3, 1, 2}, {-1, 2, 1}}, {0.5f, 1.5f, 0.8f}, 2);  // skewed
  check_against_overlap({{2, 0, 0}, {0, 5, 0}, {0, 0, 1}}, {15, 15, 28}, 3);         // box bigger than it
}

TEST(SweptShape, FlatFloorTriangleGivesSevenFaces) {
  // A right triangle in the floor plane plus a box: the box's six faces (+-x, +-y, +-z) and one
  // face along the hypotenuse, normal (1, 1, 0) / sqrt 2.
  const auto faces = debugger::box_minkowski_faces({{0, 0, 0}, {4, 0, 0}, {0, 4, 0}}, {1, 1, 1});
  EXPECT_EQ(faces.size(), 7u);
}

}  // namespace
