#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <unordered_map>

#include <glm/geometric.hpp>

#include "bvh/bvh_layout.hpp"
#include "collision/queries.hpp"
#include "test_worlds.hpp"
#include "leaf_triangles.hpp"

using glm::vec3;
using prism_test::floor_quad;
using prism_test::world_of;

TEST(Raycast, HitsFloorWithNormalFacingOrigin) {
  const auto world = world_of(floor_quad(10));
  const auto down = collision::raycast(world, {1, 1, 4}, {0, 0, -8});
  ASSERT_TRUE(down.hit);
  EXPECT_NEAR(down.t, 0.5f, 1e-6f);
  EXPECT_NEAR(down.normal.z, 1.0f, 1e-6f);
  const auto up = collision::raycast(world, {1, 1, -4}, {0, 0, 8});
  ASSERT_TRUE(up.hit);
  EXPECT_NEAR(up.normal.z, -1.0f, 1e-6f);
}

TEST(Raycast, SegmentStopsAtItsEnd) {
  const auto world = world_of(floor_quad(10));
  EXPECT_FALSE(collision::raycast(world, {1, 1, 4}, {0, 0, -3.9f}).hit);
}

TEST(Raycast, NearestOfTwoFloors) {
  auto tris = floor_quad(10, 0);
  const auto upper = floor_quad(10, 2);
  tris.insert(tris.end(), upper.begin(), upper.end());
  const auto world = world_of(tris);
  const auto h = collision::raycast(world, {1, 1, 4}, {0, 0, -8});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.point.z, 2.0f, 1e-5f);
  EXPECT_GE(h.triangle, 2u);
}

// raycast computes the hit's normal from the winner's corners (the packet's lines the ray test
// loaded) rather than reading the stored one: it must be BvhTriangle::n bit for bit, turned to
// face the origin.
TEST(Raycast, NormalIsTheStoredUnitNormalBitForBit) {
  std::mt19937 rng(7);
  const auto world = world_of(prism_test::random_soup(rng, 2000, 50.0f, 12.0f));
  std::unordered_map<std::uint32_t, vec3> stored;
  for (const collision::BvhTriangle& t : prism_test::leaf_triangles(world.bvh())) stored[t.index] = t.n;
  std::uniform_real_distribution<float> u(-60.0f, 60.0f);
  int hits = 0;
  for (int i = 0; i < 2000; ++i) {
    const vec3 origin(u(rng), u(rng), u(rng)), delta(u(rng), u(rng), u(rng));
    const auto h = collision::raycast(world, origin, delta);
    if (!h.hit) continue;
    ++hits;
    const vec3 n = stored.at(h.triangle);
    const vec3 facing = glm::dot(n, delta) <= 0.0f ? n : -n;
    ASSERT_EQ(std::memcmp(&h.normal, &facing, sizeof(vec3)), 0)
        << "ray " << i << ": normal " << h.normal.x << " " << h.normal.y << " " << h.normal.z << ", stored "
        << facing.x << " " << facing.y << " " << facing.z;
  }
  EXPECT_GT(hits, 500);
}

TEST(OverlapSphere, FindsTouchingTrianglesOnly) {
  auto tris = floor_quad(10, 0);
  tris.push_back({{0, 5, -5}, {0, 5, 5}, {0, 15, 0}});  // a wall piece at x = 0, y in [5, 15]
  const auto world = world_of(tris);
  std::vector<std::uint32_t> out;
  collision::overlap_sphere(world, {-4, 2, 0.5f}, 1.0f, out);
  EXPECT_EQ(out, (std::vector<std::uint32_t>{1}));  // the floor half above the diagonal
  collision::overlap_sphere(world, {0.5f, 6, 3}, 1.0f, out);
  EXPECT_EQ(out, (std::vector<std::uint32_t>{2}));
  collision::overlap_sphere(world, {0, 0, 5}, 1.0f, out);
  EXPECT_TRUE(out.empty());
}

TEST(OverlapAabb, TrianglePokingThroughFaceWithoutCrossingAnEdgeIsFound) {
  // A big triangle slicing through the middle of a small box: the box is crossed by the
  // triangle's face, and no triangle edge touches the box.
  const auto world = world_of({{{-100, -100, 0.5f}, {100, -100, 0.5f}, {0, 100, 0.5f}}});
  std::vector<std::uint32_t> out;
  collision::overlap_aabb(world, {{0, 0, 0}, {1, 1, 1}}, out);
  EXPECT_EQ(out.size(), 1u);
  collision::overlap_aabb(world, {{0, 0, 0.6f}, {1, 1, 1}}, out);
  EXPECT_TRUE(out.empty());
  // A diagonal triangle near a box corner: box axes overlap, the triangle's plane separates.
  const auto diag = world_of({{{2, 0, 0}, {0, 2, 0}, {0, 0, 2}}});
  collision::overlap_aabb(diag, {{-1, -1, -1}, {0.5f, 0.5f, 0.5f}}, out);
  EXPECT_TRUE(out.empty());
  collision::overlap_aabb(diag, {{-1, -1, -1}, {0.7f, 0.7f, 0.7f}}, out);
  EXPECT_EQ(out.size(), 1u);
}
