// Swept capsules and the exact capsule-triangle distance.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision/capsule_queries.hpp"
#include "collision/domain.hpp"
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
const vec3 kZ(0, 0, 1);

double point_segment_distance(const glm::dvec3& x, const glm::dvec3& p, const glm::dvec3& q) {
  const glm::dvec3 d = q - p;
  const double len2 = glm::dot(d, d);
  const double s = len2 > 0.0 ? std::clamp(glm::dot(x - p, d) / len2, 0.0, 1.0) : 0.0;
  return glm::length(x - (p + s * d));
}

// min over a barycentric grid of the triangle of the point-capsule distance.
double sampled_distance(const Triangle& t, const vec3& c, float r, float h, const vec3& u, int n,
                        double& spacing) {
  const glm::dvec3 a(t.a), b(t.b), cc(t.c);
  const glm::dvec3 axis = glm::normalize(glm::dvec3(u));  // as the core normalizes it
  const glm::dvec3 p = glm::dvec3(c) + double(h) * axis, q = glm::dvec3(c) - double(h) * axis;
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i <= n; ++i) {
    for (int j = 0; i + j <= n; ++j) {
      const glm::dvec3 x = a + (b - a) * (double(i) / n) + (cc - a) * (double(j) / n);
      best = std::min(best, point_segment_distance(x, p, q) - r);
    }
  }
  spacing = std::max({glm::length(b - a), glm::length(cc - a), glm::length(cc - b)}) / n;
  return best;
}

vec3 random_axis(std::mt19937& rng) {
  std::normal_distribution<float> g;
  for (;;) {
    const vec3 v(g(rng), g(rng), g(rng));
    if (glm::length(v) > 0.1f) return glm::normalize(v);
  }
}

}  // namespace

TEST(SweepCapsule, StandingCapsuleLandsOnFloor) {
  const auto world = world_of(floor_quad(10));
  const SweepHit h = collision::sweep_capsule(world, {1, 2, 5}, 0.5f, 1.0f, kZ, {0, 0, -10});
  ASSERT_TRUE(h.hit);
  EXPECT_FALSE(h.start_overlap);
  EXPECT_FLOAT_EQ(h.toi, 0.35f);  // (5 - 1 - 0.5) / 10
  EXPECT_EQ(h.feature, Feature::kFace);
  EXPECT_NEAR(glm::distance(h.point, vec3(1, 2, 0)), 0.0f, 1e-5f);
  EXPECT_NEAR(h.normal.z, 1.0f, 1e-6f);
}

TEST(SweepCapsule, LyingCapsuleLandsFlatOnTheFaceAtTheMiddleOfItsShadow) {
  // Axis along x, shadow x in [-1, 3] at y = 2; the triangle keeps x in [0, 3].
  const SweepHit h = collision::sweep_capsule_triangle(kTri, {1, 2, 5}, 0.5f, 2.0f, {1, 0, 0}, {0, 0, -10});
  ASSERT_TRUE(h.hit);
  EXPECT_FLOAT_EQ(h.toi, 0.45f);
  EXPECT_EQ(h.feature, Feature::kFace);
  EXPECT_NEAR(glm::distance(h.point, vec3(1.5f, 2, 0)), 0.0f, 1e-5f);
  EXPECT_EQ(h.normal, vec3(0, 0, 1));
}

TEST(SweepCapsule, SideMeetsEdge) {
  // Standing capsule moving along +y into the edge y = 0 of the triangle (which it straddles).
  const SweepHit h = collision::sweep_capsule_triangle(kTri, {3, -5, 0}, 0.5f, 2.0f, kZ, {0, 10, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_FLOAT_EQ(h.toi, 0.45f);
  EXPECT_EQ(h.feature, Feature::kEdge);
  EXPECT_NEAR(glm::distance(h.point, vec3(3, 0, 0)), 0.0f, 1e-5f);
  EXPECT_NEAR(h.normal.y, -1.0f, 1e-6f);
}

TEST(SweepCapsule, TiltedSideMeetsEdgeAtHandComputedToi) {
  // Axis (1, 0, 1)/sqrt2 through the plane z = 0, moving along +x to the triangle's edge x = 0:
  // the lines' distance is (5 - 10 t)/sqrt2, equal to r = 0.5 at t = (5 - 0.5 sqrt2) / 10, where
  // the closest point of the axis is 0.5 from the centre (inside h = 1).
  const Triangle t{{0, -5, 0}, {0, 10, 0}, {5, 2, 0}};
  const vec3 u = glm::normalize(vec3(1, 0, 1));
  const SweepHit h = collision::sweep_capsule_triangle(t, {-5, 2, 0}, 0.5f, 1.0f, u, {10, 0, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.toi, (5.0 - 0.5 * std::sqrt(2.0)) / 10.0, 1e-6);
  EXPECT_EQ(h.feature, Feature::kEdge);
  EXPECT_NEAR(glm::distance(h.point, vec3(0, 2, 0)), 0.0f, 1e-5f);
  EXPECT_NEAR(h.normal.x, -std::sqrt(0.5f), 1e-6f);
  EXPECT_NEAR(h.normal.z, std::sqrt(0.5f), 1e-6f);
}

TEST(SweepCapsule, SideMeetsCorner) {
  // The corner (0, 0, 0) points at the standing capsule, which passes 0.3 beside its line:
  // contact when x^2 + 0.3^2 = 0.5^2, x = -0.4.
  const Triangle t{{0, 0, 0}, {5, -3, 0}, {5, 3, 0}};
  const SweepHit h = collision::sweep_capsule_triangle(t, {-5, 0.3f, 0.2f}, 0.5f, 1.0f, kZ, {10, 0, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.toi, 0.46f, 1e-6f);
  EXPECT_EQ(h.feature, Feature::kVertex);
  EXPECT_EQ(h.point, vec3(0, 0, 0));
  EXPECT_NEAR(h.normal.x, -0.8f, 1e-5f);
  EXPECT_NEAR(h.normal.y, 0.6f, 1e-5f);
}

TEST(SweepCapsule, EndCapMeetsCornerFromAbove) {
  // A spike: the lower end sphere lands on its tip.
  const Triangle spike{{0, 0, 0}, {-3, -3, -10}, {3, -3, -10}};
  const SweepHit h = collision::sweep_capsule_triangle(spike, {0, 0, 5}, 0.5f, 1.0f, kZ, {0, 0, -10});
  ASSERT_TRUE(h.hit);
  EXPECT_FLOAT_EQ(h.toi, 0.35f);
  EXPECT_EQ(h.feature, Feature::kVertex);
}

TEST(SweepCapsule, TriangleBeyondAnEndMeetsOnlyThatEndSphere) {
  // Triangles wholly below the bottom end's centre (or above the top end's) over the whole
  // move can only be touched by that end sphere: the capsule's sweep is the sphere's, with the
  // same time, point and feature, and the other end's sphere is never the one reported.
  std::mt19937 rng(21);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  int hits = 0, edge_or_vertex = 0;
  for (int i = 0; i < 20000; ++i) {
    const float r = 0.5f + std::fabs(unit(rng)), h = 0.5f + 2.0f * std::fabs(unit(rng));
    const vec3 c(0.0f), d(6.0f * unit(rng), 6.0f * unit(rng), -3.0f * std::fabs(unit(rng)));
    const float below = -h + std::min(0.0f, d.z);  // the bottom end's height, lowest over the move
    const auto corner = [&] { return vec3(5.0f * unit(rng), 5.0f * unit(rng), below - 3.0f * std::fabs(unit(rng))); };
    const Triangle t{corner(), corner(), corner()};
    const SweepHit k = collision::sweep_capsule_triangle(t, c, r, h, kZ, d);
    const SweepHit s = collision::sweep_sphere_triangle(t, c - vec3(0, 0, h), r, d);
    ASSERT_EQ(k.hit, s.hit) << i;
    if (!k.hit) continue;
    ++hits;
    edge_or_vertex += k.feature != Feature::kFace;
    EXPECT_FLOAT_EQ(k.toi, s.toi) << i;
    EXPECT_EQ(k.feature, s.feature) << i;
    EXPECT_LT(glm::length(k.point - s.point), 1e-4f) << i;
    // Mirrored: the same triangle above the top end, moved upwards.
    const auto up = [&](const vec3& x) { return vec3(x.x, x.y, -x.z); };
    const SweepHit m = collision::sweep_capsule_triangle({up(t.a), up(t.c), up(t.b)}, c, r, h, kZ, up(d));
    ASSERT_TRUE(m.hit) << i;
    EXPECT_FLOAT_EQ(m.toi, k.toi) << i;
  }
  EXPECT_GT(hits, 1000);           // the set exercises the case
  EXPECT_GT(edge_or_vertex, 600);  // and the end sphere's edges and corners, not only faces
}

TEST(SweepCapsule, StartOverlapDepths) {
  const auto world = world_of(floor_quad(10));
  // The lower end is 0.2 above the floor: 0.3 deep.
  SweepHit h = collision::sweep_capsule(world, {1, 2, 1.2f}, 0.5f, 1.0f, kZ, {1, 0, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_TRUE(h.start_overlap);
  EXPECT_NEAR(h.penetration, 0.3f, 1e-6f);
  EXPECT_EQ(h.normal, vec3(0, 0, 1));
  // The segment crosses the floor, its lower end 0.5 below: r + 0.5 along the normal.
  h = collision::sweep_capsule(world, {1, 2, 0.5f}, 0.5f, 1.0f, kZ, {1, 0, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_TRUE(h.start_overlap);
  EXPECT_NEAR(h.penetration, 1.0f, 1e-6f);
  EXPECT_EQ(h.normal, vec3(0, 0, 1));
  EXPECT_EQ(h.feature, Feature::kFace);
  // Resting on the floor: sliding is free, pressing is a hit at toi 0.
  EXPECT_FALSE(collision::sweep_capsule(world, {1, 2, 1.5f}, 0.5f, 1.0f, kZ, {3, 0, 0}).hit);
  h = collision::sweep_capsule(world, {1, 2, 1.5f}, 0.5f, 1.0f, kZ, {1, 0, -1});
  ASSERT_TRUE(h.hit);
  EXPECT_FALSE(h.start_overlap);
  EXPECT_EQ(h.toi, 0.0f);
}

TEST(SweepCapsule, ZeroHalfHeightIsTheSphere) {
  std::mt19937 rng(3);
  const auto tris = random_soup(rng, 50, 5, 3);
  std::uniform_real_distribution<float> pos(-7, 7), mv(-10, 10);
  for (int i = 0; i < 500; ++i) {
    const vec3 c(pos(rng), pos(rng), pos(rng)), d(mv(rng), mv(rng), mv(rng));
    for (const Triangle& t : tris) {
      const SweepHit s = collision::sweep_sphere_triangle(t, c, 0.7f, d);
      const SweepHit k = collision::sweep_capsule_triangle(t, c, 0.7f, 0.0f, kZ, d);
      ASSERT_EQ(s.hit, k.hit);
      if (!s.hit) continue;
      EXPECT_EQ(s.start_overlap, k.start_overlap);
      EXPECT_NEAR(s.toi, k.toi, 1e-6f);
      EXPECT_NEAR(s.penetration, k.penetration, 1e-5f);
    }
  }
}

TEST(SweepCapsule, OneSidedIgnoresBackFaces) {
  collision::SweepOptions one;
  one.one_sided = true;
  EXPECT_TRUE(collision::sweep_capsule_triangle(kTri, {1, 1, -5}, 0.5f, 1, kZ, {0, 0, 10}).hit);
  EXPECT_FALSE(collision::sweep_capsule_triangle(kTri, {1, 1, -5}, 0.5f, 1, kZ, {0, 0, 10}, one).hit);
  EXPECT_TRUE(collision::sweep_capsule_triangle(kTri, {1, 1, 5}, 0.5f, 1, kZ, {0, 0, -10}, one).hit);
}

TEST(SweepCapsule, NaNAndBadShapeAreInvalidInputNotHits) {
  const auto world = world_of(floor_quad(10));
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(collision::sweep_capsule(world, {nan, 0, 3}, 0.5f, 1, kZ, {0, 0, -2}).invalid_input);
  EXPECT_TRUE(collision::sweep_capsule(world, {0, 0, 3}, 0.0f, 1, kZ, {0, 0, -2}).invalid_input);
  EXPECT_TRUE(collision::sweep_capsule(world, {0, 0, 3}, 0.5f, -1, kZ, {0, 0, -2}).invalid_input);
  EXPECT_TRUE(collision::sweep_capsule(world, {0, 0, 3}, 0.5f, nan, kZ, {0, 0, -2}).invalid_input);
  EXPECT_TRUE(collision::sweep_capsule(world, {0, 0, 3}, 0.5f, 1, {0, 0, 0}, {0, 0, -2}).invalid_input);
  EXPECT_TRUE(collision::sweep_capsule(world, {0, 0, 3}, 0.5f, 1, {0, 0, 2}, {0, 0, -2}).invalid_input);
  EXPECT_TRUE(collision::sweep_capsule(world, {0, 0, 3}, 0.5f, 1, kZ, {0, 0, 1e13f}).invalid_input);
  EXPECT_TRUE(collision::sweep_capsule_brute_force(world, {0, 0, 3}, 0.5f, 1, kZ, {nan, 0, 0}).invalid_input);
  const Triangle huge{{0, 0, 0}, {1e13f, 0, 0}, {0, 1, 0}};
  EXPECT_TRUE(collision::sweep_capsule_triangle(huge, {0, 0, 3}, 0.5f, 1, kZ, {0, 0, -2}).invalid_input);
  EXPECT_TRUE(collision::capsule_triangle_distance({0, 0, 3}, 0.5f, 1, kZ, huge).invalid_input);
}

// sweep_capsule decides the common case in one SSE pass and the rest one check at a time: the
// two must draw the same line. Every combination of values on both sides of each limit (the
// fast pass's own 2^38 and [-2, 2] included) against the rule written out from domain.hpp.
TEST(SweepCapsule, ValidityIsTheDomainRuleOnBothSidesOfEveryLimit) {
  const auto world = world_of(floor_quad(10));
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  const float p38 = std::ldexp(1.0f, 38), p39 = std::ldexp(1.0f, 39), p40 = std::ldexp(1.0f, 40);
  const std::vector<vec3> centers{{0, 0, 3}, {p39, 0, 3}, {0, -p38, 3}, {0, 0, 2 * p40}, {nan, 0, 0}};
  const std::vector<vec3> moves{{0, 0, -4}, {1.5f * p38, 0, 0}, {0, 0, 3 * p39}, {0, inf, 0}};
  const std::vector<float> radii{std::ldexp(1.0f, -41), collision::kMinBodyRadius, 0.5f, p40, 2 * p40, nan};
  const std::vector<float> halves{-1.0f, -0.0f, 0.0f, 1.0f, p40, 2 * p40, inf, nan};
  const std::vector<vec3> axes{kZ,           {0, 0, 1.0009f}, {0, 0, 1.0011f}, {0, 0, 2},      {0, 0, -2.5f},
                               {0.6f, 0.8f, 0}, {0, 0, 0},     {inf, 0, 0},     {0, nan, 1}, {0, 1, 0}};
  int valid = 0, invalid = 0;
  for (const vec3& c : centers) {
    for (const vec3& d : moves) {
      for (float r : radii) {
        for (float h : halves) {
          for (const vec3& a : axes) {
            const bool axis_ok = std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.z) &&
                                 std::fabs(glm::length(glm::dvec3(a)) - 1.0) <= 1e-3;
            const bool expected = collision::point_domain_error(c) == nullptr && collision::in_domain_radius(r) &&
                                  std::isfinite(h) && h >= 0.0f && h <= collision::kMaxBodyRadius && axis_ok &&
                                  collision::move_domain_error(c, d) == nullptr;
            const collision::SweepHit got = collision::sweep_capsule(world, c, r, h, a, d);
            ASSERT_EQ(got.invalid_input, !expected) << "centre (" << c.x << ", " << c.y << ", " << c.z << "), move ("
                                                    << d.x << ", " << d.y << ", " << d.z << "), r " << r << ", h " << h
                                                    << ", axis (" << a.x << ", " << a.y << ", " << a.z << ")";
            (expected ? valid : invalid) += 1;
          }
        }
      }
    }
  }
  EXPECT_GT(valid, 100);  // both sides of the line are really exercised
  EXPECT_GT(invalid, 100);
}

TEST(CapsuleTriangleDistance, MatchesDenseSamplingOfTheTriangle) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(-3, 3), size(0.1f, 1.5f);
  int separate = 0;
  for (int i = 0; i < 300; ++i) {
    const Triangle t{{u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)}};
    const vec3 c(u(rng), u(rng), u(rng)), axis = random_axis(rng);
    const float r = size(rng), h = size(rng);
    const collision::TriangleDistance d = collision::capsule_triangle_distance(c, r, h, axis, t);
    ASSERT_FALSE(d.invalid_input);
    double spacing = 0.0;
    const double sampled = sampled_distance(t, c, r, h, axis, 200, spacing);
    if (d.distance > -r) {  // the segment does not cross the triangle: distance is exact
      separate += d.distance > 0.0;
      EXPECT_LE(d.distance, sampled + 1e-9) << i;
      EXPECT_GE(d.distance, sampled - spacing) << i;
      const glm::dvec3 axis_point = d.point + d.normal * (d.distance + r);
      const glm::dvec3 ud = glm::normalize(glm::dvec3(axis));
      const glm::dvec3 p = glm::dvec3(c) + double(h) * ud, q = glm::dvec3(c) - double(h) * ud;
      EXPECT_LT(point_segment_distance(axis_point, p, q), 1e-9) << i;
    } else {
      EXPECT_LE(sampled, -r + spacing) << i;  // the segment passes through the triangle
    }
  }
  EXPECT_GT(separate, 100);
}

// A capsule of random radius and half height in [0.05, size], random axis, from a random point.
prism_test::RandomSweep random_capsule_sweep(std::mt19937& rng, float extent, float move, float size) {
  std::uniform_real_distribution<float> length(0.05f, size);
  prism_test::RandomSweep s;
  s.start = prism_test::random_position(rng, extent);
  s.move = prism_test::random_position(rng, move);
  const vec3 c = s.start, d = s.move, u = random_axis(rng);
  const float r = length(rng), h = length(rng);
  s.sweep = [=](const collision::World& w) { return collision::sweep_capsule(w, c, r, h, u, d); };
  s.brute_force = [=](const collision::World& w) {
    return collision::sweep_capsule_brute_force(w, c, r, h, u, d);
  };
  s.distance = [=](const vec3& at, const Triangle& t) {
    return collision::capsule_triangle_distance(at, r, h, u, t).distance;
  };
  return s;
}

TEST(SweepCapsule, BvhEqualsBruteForceOnRandomSoup) {
  std::mt19937 rng(12);
  const auto world = world_of(random_soup(rng, 400, 20, 3));
  prism_test::expect_bvh_equals_brute_force(world, 3000, [&] { return random_capsule_sweep(rng, 22, 15, 2); });
}

TEST(SweepCapsule, NeverTunnelsOnRandomSoup) {
  std::mt19937 rng(13);
  const auto world = world_of(random_soup(rng, 300, 15, 3));
  prism_test::expect_no_tunnelling(world, 1500, [&] { return random_capsule_sweep(rng, 17, 30, 1.5f); });
}

// With denormals-are-zero and flush-to-zero on, as a game may run (random_sweeps.hpp).
TEST(SweepCapsule, BvhEqualsBruteForceWithDenormalsAreZero) {
  std::mt19937 rng(14);
  const auto world = world_of(random_soup(rng, 400, 20, 3));
  prism_test::with_denormals_are_zero([&] {
    prism_test::expect_bvh_equals_brute_force(world, 3000, [&] { return random_capsule_sweep(rng, 22, 15, 2); });
  });
}

// The axis may be off unit length by up to 1e-3 (the input domain); the exact test normalizes
// it, and so must the traversal's box: a capsule of half height 100 whose axis is 0.9995 long
// reaches 0.05 further along it than its unnormalized axis says. It starts 0.02 into a floor
// below its lower end, and moving along it or away from it, the BVH sweep must find what the
// brute force finds: the start overlap.
TEST(SweepCapsule, NearlyUnitAxisReachesAsFarAsTheNormalizedOne) {
  std::vector<Triangle> tris;
  for (int i = 0; i < 8; ++i) {
    for (int j = 0; j < 8; ++j) {
      const vec3 at(50.0f * static_cast<float>(i), 50.0f * static_cast<float>(j), 0.0f);
      const auto quad = floor_quad(25.0f, 0.0f, at);
      tris.insert(tris.end(), quad.begin(), quad.end());
    }
  }
  const auto world = world_of(tris);
  for (const vec3 axis : {vec3(0.0f, 0.0f, 0.9995f), vec3(0.0f, 0.0f, -1.0009f)}) {
    for (const vec3 move : {vec3(10.0f, 0.0f, 0.0f), vec3(0.0f, 0.0f, 5.0f), vec3(0.0f)}) {
      const vec3 c(200.0f, 200.0f, 101.0f - 0.02f);
      const SweepHit bvh = collision::sweep_capsule(world, c, 1.0f, 100.0f, axis, move);
      const SweepHit brute = collision::sweep_capsule_brute_force(world, c, 1.0f, 100.0f, axis, move);
      EXPECT_TRUE(brute.hit && brute.start_overlap);
      EXPECT_NEAR(brute.penetration, 0.02f, 1e-3f);
      EXPECT_EQ(bvh.hit, brute.hit) << "axis length " << glm::length(axis);
      EXPECT_EQ(bvh.start_overlap, brute.start_overlap);
      EXPECT_EQ(bvh.penetration, brute.penetration);
      EXPECT_EQ(bvh.triangle, brute.triangle);
    }
  }
}
