// The sphere's exact test against a BVH leaf triangle (narrow_phase.hpp, with the leaf's float
// normal) must not depend on the time limit it is given, beyond refusing contacts after it: a
// contact at time T found with the limit 1 is found again, at T, with the limit T. Otherwise a
// sweep's answer depends on the order in which it meets the triangles: two triangles touched at
// the same time (a shared edge) must go to the lower index whichever comes first, and the
// brute-force reference (which meets them in another order than the BVH) must agree.
#include <cmath>
#include <random>
#include <vector>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "bvh/bvh_layout.hpp"
#include "collision/queries.hpp"
#include "query/narrow_phase.hpp"
#include "same_sweep.hpp"
#include "test_worlds.hpp"
#include "leaf_triangles.hpp"

using collision::Triangle;
using glm::vec3;

namespace {

// Two triangles of a scanned mesh sharing the edge (-59.82, 54.71, 25.00)-(-61.89, 54.74, 24.64),
// and a sphere of radius 16 moving along -y that touches that edge first, at the time the first
// one's plane is reached. (Found on the scaled bunny of bench_queries, whose normals had been
// left from before the scaling, 4e-7 off: the plane then came a little after the edge contact.)
const std::vector<Triangle> kSharedEdge = {
    {{-61.3052254f, 54.6683502f, 27.7850876f}, {-59.8167114f, 54.7077713f, 25.0034714f}, {-61.8860855f, 54.7429276f, 24.6418896f}},
    {{-59.8167114f, 54.7077713f, 25.0034714f}, {-61.5822411f, 54.7020302f, 22.563633f}, {-61.8860855f, 54.7429276f, 24.6418896f}},
};
const vec3 kCenter(-60.6063538f, 70.746109f, 25.1630669f), kMove(-0.0f, -1.90167916f, -0.0f);

// The exact test of every leaf triangle of `world` for one sweep, at limit 1 and then at the
// float time it found; counts the contacts checked. `tilt`: the float normal turned by that
// many radians about a fixed axis (a leaf's float normal is off by up to 2^-23 radians).
int expect_limit_keeps_contact(const collision::World& world, const vec3& c, float r, const vec3& d,
                               double tilt = 0.0) {
  int checked = 0;
  for (const collision::BvhTriangle& t : prism_test::leaf_triangles(world.bvh())) {
    const glm::dvec3 n = glm::normalize(glm::dvec3(t.n) + tilt * glm::normalize(glm::cross(glm::dvec3(t.n), {0.6, 0.0, 0.8})));
    const auto at = [&](double limit) {
      return collision::detail::sweep_sphere_triangle_d(glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c), n,
                                                        glm::dvec3(c), r, glm::dvec3(d), false, limit);
    };
    const collision::detail::SphereContact first = at(1.0);
    if (!first.hit || first.start_overlap) continue;
    const collision::detail::SphereContact again = at(static_cast<float>(first.toi));
    EXPECT_TRUE(again.hit) << "triangle " << t.index << " toi " << first.toi;
    EXPECT_EQ(static_cast<float>(again.toi), static_cast<float>(first.toi)) << "triangle " << t.index;
    ++checked;
  }
  return checked;
}

TEST(NarrowLimit, ContactAtTheLimitIsKeptOnASharedEdge) {
  const auto world = prism_test::world_of(kSharedEdge);
  for (const double tilt : {0.0, 1.2e-7, -1.2e-7}) EXPECT_EQ(expect_limit_keeps_contact(world, kCenter, 16.0f, kMove, tilt), 2);
  // Both touch the edge at the same float time: the lower index wins, as brute force says.
  const auto hit = collision::sweep_sphere(world, kCenter, 16.0f, kMove);
  ASSERT_TRUE(hit.hit);
  EXPECT_EQ(hit.feature, collision::Feature::kEdge);
  EXPECT_EQ(hit.triangle, 0u);
  EXPECT_NEAR(hit.toi, 0.01379f, 1e-5f);
  prism_test::expect_same_sweep(hit, collision::sweep_sphere_brute_force(world, kCenter, 16.0f, kMove), 0);
  // With the triangles the other way round, the other one wins (the lower index again).
  const auto swapped = prism_test::world_of(std::vector<Triangle>{kSharedEdge[1], kSharedEdge[0]});
  const auto hit2 = collision::sweep_sphere(swapped, kCenter, 16.0f, kMove);
  ASSERT_TRUE(hit2.hit);
  EXPECT_EQ(hit2.triangle, 0u);
  EXPECT_EQ(hit2.toi, hit.toi);
  prism_test::expect_same_sweep(hit2, collision::sweep_sphere_brute_force(swapped, kCenter, 16.0f, kMove), 0);
}

// The same on a bumpy surface of small triangles, spheres gliding along it on the world axes
// (as walking queries do), and far from the origin.
TEST(NarrowLimit, ContactAtTheLimitIsKeptOnABumpySurface) {
  for (const vec3 offset : {vec3(0.0f), vec3(3000.0f, -2000.0f, 500.0f)}) {
    const auto height = [](float x, float y) { return 6.0f * std::sin(x / 7.0f) * std::cos(y / 9.0f); };
    const auto world = prism_test::world_of(prism_test::height_field(40, 1.5f, height, offset));
    std::mt19937 rng(23);
    std::uniform_real_distribution<float> at(8.0f, 52.0f), len(0.5f, 6.0f), rad(4.0f, 16.0f);
    int checked = 0;
    for (int q = 0; q < 150; ++q) {
      const float r = rad(rng), x = at(rng), y = at(rng);
      const vec3 c = offset + vec3(x, y, height(x, y) + r + 0.5f);
      vec3 d(0.0f);
      d[q % 2] = (q % 4 < 2 ? 1.0f : -1.0f) * len(rng);
      checked += expect_limit_keeps_contact(world, c, r, d, (q % 3 - 1) * 1.2e-7);
      if (::testing::Test::HasFailure()) return;
    }
    EXPECT_GT(checked, 300);
  }
}

}  // namespace
