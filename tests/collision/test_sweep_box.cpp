// Swept boxes, the box-triangle separating-axis test and the exact box-triangle distance.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision/box_queries.hpp"
#include "collision/world.hpp"
#include "random_sweeps.hpp"
#include "test_worlds.hpp"

using collision::Feature;
using collision::SweepHit;
using collision::Triangle;
using glm::vec3;
using prism_test::floor_quad;
using prism_test::random_soup;
using prism_test::world_of;

namespace {

const Triangle kTri{{0, 0, 0}, {10, 0, 0}, {0, 10, 0}};  // in z = 0, normal +z

// Distance from a point to the box, exact.
double point_box_distance(const glm::dvec3& x, const glm::dvec3& c, const glm::dvec3& h) {
  const glm::dvec3 q = glm::clamp(x, c - h, c + h);
  return glm::length(x - q);
}

// min over a barycentric grid of the triangle of the point-box distance: an upper bound of the
// exact distance, within the grid's spacing of it.
double sampled_distance(const Triangle& t, const vec3& c, const vec3& h, int n, double& spacing) {
  const glm::dvec3 a(t.a), b(t.b), cc(t.c);
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i <= n; ++i) {
    for (int j = 0; i + j <= n; ++j) {
      const glm::dvec3 x = a + (b - a) * (double(i) / n) + (cc - a) * (double(j) / n);
      best = std::min(best, point_box_distance(x, glm::dvec3(c), glm::dvec3(h)));
    }
  }
  spacing = std::max({glm::length(b - a), glm::length(cc - a), glm::length(cc - b)}) / n;
  return best;
}

}  // namespace

TEST(SweepBox, BoxDroppedOnFloorHitsAtGapOverSpeed) {
  const auto world = world_of({kTri});
  const SweepHit h = collision::sweep_box(world, {2, 3, 5}, {1, 2, 0.5f}, {0, 0, -10});
  ASSERT_TRUE(h.hit);
  EXPECT_FALSE(h.start_overlap);
  EXPECT_FLOAT_EQ(h.toi, 0.45f);  // (5 - 0.5) / 10
  EXPECT_EQ(h.feature, Feature::kFace);
  EXPECT_EQ(h.normal, vec3(0, 0, 1));
  EXPECT_EQ(h.point.z, 0.0f);
  // The middle of the footprint [1, 3] x [1, 5] (wholly inside the triangle).
  EXPECT_NEAR(h.point.x, 2.0f, 1e-5f);
  EXPECT_NEAR(h.point.y, 3.0f, 1e-5f);
}

TEST(SweepBox, BoxEdgeMeetsTriangleEdgeAtSkewedToi) {
  // Triangle in the plane y = 0 whose top edge rises along z = x. The box comes down and
  // sideways: its lower edge along y at x = cx + 1 meets that edge when
  // (10 - 0.5) - 10 t = (0.3 + 1) + 2 t, t = 8.2 / 12.
  const Triangle ridge{{-5, 0, -5}, {5, 0, 5}, {0, 0, -20}};
  const SweepHit h = collision::sweep_box_triangle(ridge, {0.3f, 0.2f, 10}, {1, 2, 0.5f}, {2, 0, -10});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.toi, 8.2 / 12.0, 1e-6);
  EXPECT_EQ(h.feature, Feature::kEdge);
  const float x = 1.3f + 2.0f * h.toi;
  EXPECT_NEAR(h.point.x, x, 1e-5f);
  EXPECT_NEAR(h.point.y, 0.0f, 1e-5f);
  EXPECT_NEAR(h.point.z, x, 1e-5f);
  EXPECT_NEAR(h.normal.x, -std::sqrt(0.5f), 1e-6f);
  EXPECT_NEAR(h.normal.z, std::sqrt(0.5f), 1e-6f);
}

TEST(SweepBox, TriangleCornerPokesIntoBoxFace) {
  // A spike whose tip is the highest point: the box's bottom face lands on the corner.
  const Triangle spike{{0.2f, 0.3f, 0}, {-3, -3, -10}, {3, -3, -10}};
  const SweepHit h = collision::sweep_box_triangle(spike, {0, 0, 5}, {1, 1, 1}, {0, 0, -8});
  ASSERT_TRUE(h.hit);
  EXPECT_FLOAT_EQ(h.toi, 0.5f);
  EXPECT_EQ(h.feature, Feature::kVertex);
  EXPECT_EQ(h.point, vec3(0.2f, 0.3f, 0));
  EXPECT_EQ(h.normal, vec3(0, 0, 1));
}

TEST(SweepBox, StartOverlapReportsLeastPenetration) {
  const auto world = world_of(floor_quad(10));
  const SweepHit h = collision::sweep_box(world, {0, 0, 0.3f}, {1, 1, 0.5f}, {1, 0, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_TRUE(h.start_overlap);
  EXPECT_EQ(h.toi, 0.0f);
  EXPECT_NEAR(h.penetration, 0.2f, 1e-6f);  // the bottom is 0.2 below the floor
  EXPECT_EQ(h.normal, vec3(0, 0, 1));
  EXPECT_EQ(h.triangle, 0u);  // both triangles equally deep: the lower index
}

TEST(SweepBox, RestingOnFloorSlidesFreelyAndPressingIsToiZero) {
  const auto world = world_of(floor_quad(10));
  EXPECT_FALSE(collision::sweep_box(world, {0, 0, 0.5f}, {1, 1, 0.5f}, {3, 1, 0}).hit);
  EXPECT_FALSE(collision::sweep_box(world, {0, 0, 0.5f}, {1, 1, 0.5f}, {0, 0, 1}).hit);
  const SweepHit h = collision::sweep_box(world, {0, 0, 0.5f}, {1, 1, 0.5f}, {1, 0, -1});
  ASSERT_TRUE(h.hit);
  EXPECT_FALSE(h.start_overlap);
  EXPECT_EQ(h.toi, 0.0f);
  EXPECT_EQ(h.normal, vec3(0, 0, 1));
}

TEST(SweepBox, SlidingAlongTheTrianglesPlaneIsNotAHit) {
  // The box's face x = 0 slides through the wall's plane x = 0, touching it all the way: no
  // interior overlap, no hit; the x axis is what rejects it. A hair deeper, it is a hit.
  const Triangle wall{{0, -5, -5}, {0, 5, -5}, {0, 0, 5}};
  vec3 axis(0.0f);
  EXPECT_FALSE(collision::sweep_box_triangle(wall, {-1, -20, 0}, {1, 1, 1}, {0, 40, 0}, {},
                                             collision::kNoTriangle, &axis)
                   .hit);
  EXPECT_EQ(axis, vec3(-1, 0, 0));
  EXPECT_TRUE(collision::sweep_box_triangle(wall, {-0.999f, -20, 0}, {1, 1, 1}, {0, 40, 0}).hit);
}

TEST(SweepBox, MissReportsTheSeparatingAxis) {
  vec3 axis(0.0f);
  // Passing above the triangle: its normal separates for the whole move.
  EXPECT_FALSE(collision::sweep_box_triangle(kTri, {-5, 2, 3}, {1, 1, 1}, {20, 0, 0}, {},
                                             collision::kNoTriangle, &axis)
                   .hit);
  EXPECT_NEAR(glm::length(axis), 1.0f, 1e-6f);
  EXPECT_EQ(axis, vec3(0, 0, 1));
}

TEST(SweepBox, DegenerateTriangleCollidesAsItsEdges) {
  const Triangle line{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
  const SweepHit h = collision::sweep_box_triangle(line, {1, 0.2f, 5}, {0.5f, 0.5f, 0.5f}, {0, 0, -10});
  ASSERT_TRUE(h.hit);
  EXPECT_FLOAT_EQ(h.toi, 0.45f);
  EXPECT_EQ(h.feature, Feature::kEdge);
  EXPECT_NEAR(h.point.x, 1.0f, 1e-5f);  // the part of the segment under the box: [0.5, 1.5]
  EXPECT_EQ(h.normal, vec3(0, 0, 1));
  const Triangle point{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
  const SweepHit p = collision::sweep_box_triangle(point, {1, 1, 5}, {1, 1, 1}, {0, 0, -10});
  ASSERT_TRUE(p.hit);
  EXPECT_FLOAT_EQ(p.toi, 0.3f);
  EXPECT_EQ(p.feature, Feature::kVertex);
}

TEST(SweepBox, OneSidedIgnoresBackFaces) {
  collision::SweepOptions one;
  one.one_sided = true;
  EXPECT_TRUE(collision::sweep_box_triangle(kTri, {1, 1, -5}, {0.5f, 0.5f, 0.5f}, {0, 0, 10}).hit);
  EXPECT_FALSE(collision::sweep_box_triangle(kTri, {1, 1, -5}, {0.5f, 0.5f, 0.5f}, {0, 0, 10}, one).hit);
  EXPECT_TRUE(collision::sweep_box_triangle(kTri, {1, 1, 5}, {0.5f, 0.5f, 0.5f}, {0, 0, -10}, one).hit);
}

TEST(SweepBox, HighSpeedThroughThinWallDoesNotTunnel) {
  const Triangle wall{{0, -5, -5}, {0, 5, -5}, {0, 0, 5}};
  const SweepHit h = collision::sweep_box_triangle(wall, {-100, 0, 0}, {0.25f, 0.25f, 0.25f}, {1e4f, 0, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.toi * 1e4f, 99.75f, 1e-3f);
}

TEST(SweepBox, CoordinatesNear1e5KeepMillimetrePrecision) {
  const vec3 far(1e5f, -1e5f, 1e5f);
  const auto world = world_of({kTri}, far);
  const SweepHit h = collision::sweep_box(world, far + vec3(2, 2, 5), {1, 1, 1}, {0, 0, -8});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.toi * 8.0f, 4.0f, 1e-3f);
}

TEST(SweepBox, NaNAndBadExtentsAreInvalidInputNotHits) {
  const auto world = world_of(floor_quad(10));
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(collision::sweep_box(world, {nan, 0, 1}, {1, 1, 1}, {0, 0, -2}).invalid_input);
  EXPECT_TRUE(collision::sweep_box(world, {0, 0, 1}, {1, -1, 1}, {0, 0, -2}).invalid_input);
  EXPECT_TRUE(collision::sweep_box(world, {0, 0, 1}, {1, 0, 1}, {0, 0, -2}).invalid_input);
  EXPECT_TRUE(collision::sweep_box(world, {0, 0, 1}, {1, 1, 1}, {0, 0, 1e13f}).invalid_input);
  EXPECT_TRUE(collision::sweep_box_brute_force(world, {0, 0, 1}, {1, 1, nan}, {0, 0, -2}).invalid_input);
  const Triangle huge{{0, 0, 0}, {1e13f, 0, 0}, {0, 1, 0}};
  EXPECT_TRUE(collision::sweep_box_triangle(huge, {0, 0, 1}, {1, 1, 1}, {0, 0, -2}).invalid_input);
  EXPECT_TRUE(collision::box_triangle_distance({0, 0, 1}, {1, 1, 1}, huge).invalid_input);
  EXPECT_EQ(collision::box_triangle_sat({0, 0, 1}, {1, 1, 1}, huge).axis_id, -1);
  EXPECT_FALSE(collision::sweep_box(world, {0, 0, 1}, {1, 1, nan}, {0, 0, -2}).hit);
}

TEST(BoxTriangleSat, SeparationAndLeastPenetration) {
  const auto apart = collision::box_triangle_sat({1, 1, 3}, {1, 1, 1}, kTri);
  EXPECT_FALSE(apart.overlap);
  EXPECT_FLOAT_EQ(apart.distance, 2.0f);
  EXPECT_EQ(apart.axis, vec3(0, 0, 1));
  const auto in = collision::box_triangle_sat({1, 1, 0.75f}, {1, 1, 1}, kTri);
  EXPECT_TRUE(in.overlap);
  EXPECT_FLOAT_EQ(in.distance, -0.25f);
  EXPECT_EQ(in.axis, vec3(0, 0, 1));
  // Beyond the hypotenuse x + y = 10: an edge cross product separates.
  const auto diag = collision::box_triangle_sat({7, 7, 0}, {1, 1, 1}, kTri);
  EXPECT_FALSE(diag.overlap);
  EXPECT_GE(diag.axis_id, 4);
  EXPECT_NEAR(diag.distance, (14.0 - 10.0) / std::sqrt(2.0) - std::sqrt(2.0), 1e-5);
  EXPECT_TRUE(collision::aabb_overlap({{0, 0, 0}, {1, 1, 1}}, {{1, 1, 1}, {2, 2, 2}}));
  EXPECT_FALSE(collision::aabb_overlap({{0, 0, 0}, {1, 1, 1}}, {{1.5f, 0, 0}, {2, 2, 2}}));
}

TEST(BoxTriangleDistance, MatchesDenseSamplingOfTheTriangle) {
  std::mt19937 rng(4);
  std::uniform_real_distribution<float> u(-3, 3), size(0.1f, 2);
  int separate = 0;
  for (int i = 0; i < 300; ++i) {
    const Triangle t{{u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)}};
    const vec3 c(u(rng), u(rng), u(rng)), h(size(rng), size(rng), size(rng));
    const collision::TriangleDistance d = collision::box_triangle_distance(c, h, t);
    ASSERT_FALSE(d.invalid_input);
    double spacing = 0.0;
    const double sampled = sampled_distance(t, c, h, 200, spacing);
    const auto sat = collision::box_triangle_sat(c, h, t);
    if (d.distance > 0.0) {
      ++separate;
      EXPECT_FALSE(sat.overlap);
      EXPECT_LE(d.distance, sampled + 1e-9) << i;
      EXPECT_GE(d.distance, sampled - spacing) << i;
      EXPECT_LE(sat.distance, d.distance + 1e-5) << i;  // SAT separation is a lower bound
      // The reported pair: the point is on the triangle, the box lies at `distance` along the
      // normal from it.
      const glm::dvec3 on_box = d.point + d.normal * d.distance;
      EXPECT_LT(point_box_distance(on_box, glm::dvec3(c), glm::dvec3(h)), 1e-9) << i;
      EXPECT_NEAR(glm::length(d.normal), 1.0, 1e-12);
    } else {
      EXPECT_TRUE(sat.overlap);
      EXPECT_LE(sampled, spacing) << i;  // some sample of the triangle is (nearly) in the box
      EXPECT_NEAR(d.distance, sat.distance, 1e-6);
    }
  }
  EXPECT_GT(separate, 100);
}

TEST(BoxTriangleDistance, ContinuousThroughContact) {
  // Lowering a box through a tilted triangle: the signed distance never jumps.
  const Triangle t{{-3, -2, 0}, {3, -1, 1}, {0, 3, -0.5f}};
  double prev = collision::box_triangle_distance({0.1f, 0.2f, 3}, {1, 0.5f, 0.7f}, t).distance;
  for (int i = 1; i <= 600; ++i) {
    const float z = 3.0f - static_cast<float>(i) * 0.01f;
    const double d = collision::box_triangle_distance({0.1f, 0.2f, z}, {1, 0.5f, 0.7f}, t).distance;
    EXPECT_LE(std::fabs(d - prev), 0.0101) << z;
    prev = d;
  }
}

// A box of random half extents in [0.05, size] from a random point, moved up to `move` per axis.
prism_test::RandomSweep random_box_sweep(std::mt19937& rng, float extent, float move, float size) {
  std::uniform_real_distribution<float> half(0.05f, size);
  prism_test::RandomSweep s;
  s.start = prism_test::random_position(rng, extent);
  s.move = prism_test::random_position(rng, move);
  const vec3 c = s.start, d = s.move, h(half(rng), half(rng), half(rng));
  s.sweep = [=](const collision::World& w) { return collision::sweep_box(w, c, h, d); };
  s.brute_force = [=](const collision::World& w) { return collision::sweep_box_brute_force(w, c, h, d); };
  s.distance = [=](const vec3& at, const Triangle& t) { return collision::box_triangle_distance(at, h, t).distance; };
  return s;
}

TEST(SweepBox, BvhEqualsBruteForceOnRandomSoup) {
  std::mt19937 rng(10);
  const auto world = world_of(random_soup(rng, 400, 20, 3));
  prism_test::expect_bvh_equals_brute_force(world, 3000, [&] { return random_box_sweep(rng, 22, 15, 2); });
}

TEST(SweepBox, NeverTunnelsOnRandomSoup) {
  std::mt19937 rng(11);
  const auto world = world_of(random_soup(rng, 300, 15, 3));
  prism_test::expect_no_tunnelling(world, 1500, [&] { return random_box_sweep(rng, 17, 30, 1.5f); });
}

// With denormals-are-zero and flush-to-zero on, as a game may run (random_sweeps.hpp).
TEST(SweepBox, BvhEqualsBruteForceWithDenormalsAreZero) {
  std::mt19937 rng(15);
  const auto world = world_of(random_soup(rng, 400, 20, 3));
  prism_test::with_denormals_are_zero([&] {
    prism_test::expect_bvh_equals_brute_force(world, 3000, [&] { return random_box_sweep(rng, 22, 15, 2); });
  });
}
