#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision/queries.hpp"
#include "test_worlds.hpp"

using collision::Feature;
using collision::SweepHit;
using collision::Triangle;
using glm::vec3;
using prism_test::floor_quad;
using prism_test::world_of;

namespace {
const Triangle kTri{{0, 0, 0}, {10, 0, 0}, {0, 10, 0}};  // in z = 0, normal +z
}

TEST(SweepSphere, FaceHitFallingOntoFloor) {
  const auto world = world_of(floor_quad(10));
  const SweepHit h = collision::sweep_sphere(world, {1, 2, 5}, 1.0f, {0, 0, -10});
  ASSERT_TRUE(h.hit);
  EXPECT_FALSE(h.start_overlap);
  EXPECT_NEAR(h.toi, 0.4f, 1e-6f);
  EXPECT_EQ(h.feature, Feature::kFace);
  EXPECT_NEAR(glm::distance(h.point, vec3(1, 2, 0)), 0.0f, 1e-5f);
  EXPECT_NEAR(h.normal.z, 1.0f, 1e-6f);
}

TEST(SweepSphere, EdgeHitMovingInPlane) {
  const SweepHit h = collision::sweep_sphere_triangle(kTri, {3, -5, 0}, 1.0f, {0, 10, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.feature, Feature::kEdge);
  EXPECT_NEAR(h.toi, 0.4f, 1e-6f);
  EXPECT_NEAR(glm::distance(h.point, vec3(3, 0, 0)), 0.0f, 1e-5f);
  EXPECT_NEAR(h.normal.y, -1.0f, 1e-6f);
}

TEST(SweepSphere, EdgeHitFromAboveAtAngle) {
  // Falling beside the triangle's edge y = 0: the rim is touched, not the face.
  const SweepHit h = collision::sweep_sphere_triangle(kTri, {3, -0.6f, 5}, 1.0f, {0, 0, -10});
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.feature, Feature::kEdge);
  const float expected_z = std::sqrt(1.0f - 0.36f);  // centre height when |(0.6, z)| = 1
  EXPECT_NEAR(5.0f - 10.0f * h.toi, expected_z, 1e-5f);
}

TEST(SweepSphere, VertexHitAlongDiagonal) {
  const SweepHit h = collision::sweep_sphere_triangle(kTri, {-5, -5, 0}, 1.0f, {10, 10, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.feature, Feature::kVertex);
  EXPECT_NEAR(h.toi, 0.5f - 1.0f / (10.0f * std::sqrt(2.0f)), 1e-6f);
  EXPECT_NEAR(glm::length(h.point), 0.0f, 1e-6f);
}

TEST(SweepSphere, GrazingEdgeAtExactlyTheRadiusDoesNotHit) {
  EXPECT_FALSE(collision::sweep_sphere_triangle(kTri, {-5, -1, 0}, 1.0f, {20, 0, 0}).hit);
  EXPECT_FALSE(collision::sweep_sphere_triangle(kTri, {-5, -1.001f, 0}, 1.0f, {20, 0, 0}).hit);
  const SweepHit inside = collision::sweep_sphere_triangle(kTri, {-5, -0.999f, 0}, 1.0f, {20, 0, 0});
  ASSERT_TRUE(inside.hit);
  EXPECT_FALSE(inside.start_overlap);
  EXPECT_GT(inside.toi, 0.0f);
}

TEST(SweepSphere, ParallelMoveAbovePlaneDoesNotHit) {
  const auto world = world_of(floor_quad(10));
  EXPECT_FALSE(collision::sweep_sphere(world, {-5, 0, 1.5f}, 1.0f, {10, 0, 0}).hit);
  // Resting exactly on the floor and sliding along it is not a hit either.
  EXPECT_FALSE(collision::sweep_sphere(world, {-5, 0, 1.0f}, 1.0f, {10, 0, 0}).hit);
}

TEST(SweepSphere, ZeroLengthMove) {
  const auto world = world_of(floor_quad(10));
  EXPECT_FALSE(collision::sweep_sphere(world, {0, 0, 2}, 1.0f, {0, 0, 0}).hit);
  const SweepHit h = collision::sweep_sphere(world, {0, 0, 0.5f}, 1.0f, {0, 0, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_TRUE(h.start_overlap);
  EXPECT_NEAR(h.penetration, 0.5f, 1e-6f);
}

TEST(SweepSphere, StartInContactMovingInIsToiZeroMovingOutIsFree) {
  const auto world = world_of(floor_quad(10));
  const SweepHit in = collision::sweep_sphere(world, {0, 0, 1}, 1.0f, {0, 0, -1});
  ASSERT_TRUE(in.hit);
  EXPECT_EQ(in.toi, 0.0f);
  EXPECT_FALSE(in.start_overlap);
  EXPECT_FALSE(collision::sweep_sphere(world, {0, 0, 1}, 1.0f, {0, 0, 1}).hit);
}

TEST(SweepSphere, StartOverlapReportsDeepestTriangle) {
  auto tris = floor_quad(10);
  tris.push_back({{-10, 2, -10}, {10, 2, -10}, {0, 2, 10}});  // a wall at y = 2
  const auto world = world_of(tris);
  const SweepHit h = collision::sweep_sphere(world, {0, 1.5f, 0.8f}, 1.0f, {1, 0, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_TRUE(h.start_overlap);
  EXPECT_EQ(h.toi, 0.0f);
  EXPECT_EQ(h.triangle, 2u);  // 0.5 into the wall beats 0.2 into the floor
  EXPECT_NEAR(h.penetration, 0.5f, 1e-5f);
  EXPECT_NEAR(h.normal.y, -1.0f, 1e-5f);
}

// Once a sweep's best is a start overlap, the narrow phase looks only for a deeper one (or an
// equal one of a lower index). Checked against each triangle swept alone by the public
// one-triangle query, ranked as queries.hpp documents (deepest, then lowest index): 400 soups of
// 24 triangles crowded around a body at the origin, with moves that also reach triangles the
// start does not overlap. `alone(tri, delta, index)` sweeps one triangle; `swept(world, delta)`
// gives the sweeps under test.
namespace {
template <class Alone, class Swept>
void expect_deepest_start_overlap(std::uint32_t seed, Alone&& alone, Swept&& swept) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> move(-3.0f, 3.0f);
  int overlaps = 0, several = 0;
  for (int round = 0; round < 400; ++round) {
    const auto tris = prism_test::random_soup(rng, 24, 2.0f, 1.5f);
    const auto world = world_of(tris);
    const vec3 delta(move(rng), move(rng), move(rng));
    SweepHit expected;
    int overlapping = 0;
    for (std::uint32_t i = 0; i < tris.size(); ++i) {
      const SweepHit h = alone(tris[i], delta, i);
      if (!h.hit || !h.start_overlap) continue;
      ++overlapping;
      if (!expected.start_overlap || h.penetration > expected.penetration) expected = h;
    }
    if (overlapping == 0) continue;
    ++overlaps;
    several += overlapping > 1;
    for (const SweepHit& got : swept(world, delta)) {
      ASSERT_TRUE(got.hit && got.start_overlap) << "round " << round;
      EXPECT_EQ(got.toi, 0.0f);
      EXPECT_EQ(got.triangle, expected.triangle) << "round " << round;
      EXPECT_EQ(got.penetration, expected.penetration) << "round " << round;
      EXPECT_EQ(got.normal, expected.normal) << "round " << round;
    }
  }
  EXPECT_GT(overlaps, 300);  // the soups crowd the body: most rounds start in overlap
  EXPECT_GT(several, 200);   // and most of those overlap several triangles
}
}  // namespace

TEST(SweepSphere, StartOverlapIsTheDeepestOfEachTriangleAlone) {
  const vec3 center(0.0f);
  const float radius = 1.0f;
  expect_deepest_start_overlap(
      20261128,
      [&](const Triangle& tri, const vec3& delta, std::uint32_t i) {
        return collision::sweep_sphere_triangle(tri, center, radius, delta, {}, i);
      },
      [&](const collision::World& world, const vec3& delta) {
        return std::vector<SweepHit>{collision::sweep_sphere(world, center, radius, delta),
                                     collision::sweep_sphere_brute_force(world, center, radius, delta)};
      });
}

// The same for the ellipsoid sweep, whose leaf loop takes the same shortcut.
TEST(SweepEllipsoid, StartOverlapIsTheDeepestOfEachTriangleAlone) {
  const vec3 center(0.0f), radii(1.2f, 0.8f, 1.0f);
  expect_deepest_start_overlap(
      1128,
      [&](const Triangle& tri, const vec3& delta, std::uint32_t i) {
        return collision::sweep_ellipsoid_triangle(tri, center, radii, delta, {}, i);
      },
      [&](const collision::World& world, const vec3& delta) {
        return std::vector<SweepHit>{collision::sweep_ellipsoid(world, center, radii, delta)};
      });
}

TEST(SweepSphere, DegenerateTriangleIsDroppedFromMeshButCollidesAsEdgeAlone) {
  const Triangle sliver{{0, 0, 0}, {5, 0, 0}, {10, 0, 0}};
  const auto world = world_of({sliver, kTri});
  EXPECT_EQ(world.mesh().degenerate_count, 1u);
  EXPECT_EQ(world.mesh().triangle_count(), 1u);
  const SweepHit h = collision::sweep_sphere_triangle(sliver, {5, 0, 5}, 1.0f, {0, 0, -10});
  ASSERT_TRUE(h.hit);
  EXPECT_NE(h.feature, Feature::kFace);
  EXPECT_NEAR(h.toi, 0.4f, 1e-6f);
}

TEST(SweepSphere, HighSpeedThroughThinWallDoesNotTunnel) {
  const auto world = world_of({{{0, -10, -10}, {0, 10, -10}, {0, 0, 10}}});
  const SweepHit h = collision::sweep_sphere(world, {-5, 0, 0}, 0.25f, {100000, 0, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.toi * 100000.0f, 4.75f, 1e-2f);
}

TEST(SweepSphere, CoordinatesNear1e5KeepMillimetrePrecision) {
  const vec3 far(1e5f, -1e5f, 1e5f);
  const auto world = world_of(floor_quad(50, 0, far));
  const vec3 start = far + vec3(3.25f, -7.5f, 20.0f);
  const SweepHit h = collision::sweep_sphere(world, start, 16.0f, {30, 10, -40});
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.feature, Feature::kFace);
  // Centre height above the floor at contact must equal the radius.
  const double z = static_cast<double>(start.z) - 40.0 * static_cast<double>(h.toi);
  EXPECT_NEAR(z - static_cast<double>(far.z), 16.0, 1e-3);
}

TEST(SweepSphere, OneSidedIgnoresBackFaces) {
  const auto world = world_of({kTri});
  collision::SweepOptions one_sided;
  one_sided.one_sided = true;
  EXPECT_TRUE(collision::sweep_sphere(world, {2, 2, -5}, 1.0f, {0, 0, 10}).hit);
  EXPECT_FALSE(collision::sweep_sphere(world, {2, 2, -5}, 1.0f, {0, 0, 10}, one_sided).hit);
  EXPECT_TRUE(collision::sweep_sphere(world, {2, 2, 5}, 1.0f, {0, 0, -10}, one_sided).hit);
}

TEST(SweepSphere, NaNAndBadRadiusAreInvalidInputNotHits) {
  const auto world = world_of(floor_quad(10));
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (const SweepHit& h : {collision::sweep_sphere(world, {nan, 0, 5}, 1.0f, {0, 0, -10}),
                            collision::sweep_sphere(world, {0, 0, 5}, 1.0f, {0, nan, -10}),
                            collision::sweep_sphere(world, {0, 0, 5}, -1.0f, {0, 0, -10}),
                            collision::sweep_sphere(world, {0, 0, 5}, nan, {0, 0, -10})}) {
    EXPECT_TRUE(h.invalid_input);
    EXPECT_FALSE(h.hit);
  }
}

TEST(SweepSphere, EmptyWorldNeverHits) {
  const auto world = world_of({});
  EXPECT_FALSE(collision::sweep_sphere(world, {0, 0, 0}, 1.0f, {1, 0, 0}).hit);
  EXPECT_FALSE(collision::raycast(world, {0, 0, 0}, {1, 0, 0}).hit);
}

TEST(SweepEllipsoid, TallEllipsoidLandsOnItsLongRadius) {
  const auto world = world_of(floor_quad(10));
  const SweepHit h = collision::sweep_ellipsoid(world, {0, 0, 5}, {1, 1, 2}, {0, 0, -10});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.toi, 0.3f, 1e-6f);
  EXPECT_NEAR(h.normal.z, 1.0f, 1e-6f);
  EXPECT_NEAR(h.point.z, 0.0f, 1e-5f);
}

TEST(SweepEllipsoid, WideEllipsoidTouchesWallEarlier) {
  const auto world = world_of({{{5, -10, -10}, {5, 10, -10}, {5, 0, 10}}});  // wall x = 5
  const SweepHit h = collision::sweep_ellipsoid(world, {0, 0, 0}, {3, 1, 1}, {10, 0, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.toi, 0.2f, 1e-6f);
  EXPECT_NEAR(std::fabs(h.normal.x), 1.0f, 1e-6f);
}
