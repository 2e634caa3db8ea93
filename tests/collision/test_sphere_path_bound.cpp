// The path-distance bound in front of the sphere's exact test (packet_tests.hpp,
// sphere_path_candidates): on a dense curved surface, where a gliding sphere keeps several
// triangles of each packet under its path, the BVH sweep (which applies the bound) must return
// exactly what the brute-force reference (which does not) returns; and a sphere gliding 1/32
// over a ridge must miss it, and touch it at the expected time once it sinks.
#include <cmath>
#include <random>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision/queries.hpp"
#include "same_sweep.hpp"
#include "test_worlds.hpp"

using collision::Triangle;
using glm::vec3;

namespace {

constexpr float kSkin = 1.0f / 32.0f;

// A height field z = h(x, y) of small triangles (spacing 1.5) over [0, 60]^2, shifted by
// `offset` (far from the origin: the float rounding the bound allows for).
float height(float x, float y) { return 6.0f * std::sin(x / 7.0f) * std::cos(y / 9.0f); }

std::vector<Triangle> bumpy_surface(const vec3& offset) { return prism_test::height_field(40, 1.5f, height, offset); }

void sweeps_match_brute_force(const vec3& offset) {
  const auto world = prism_test::world_of(bumpy_surface(offset));
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> at(8.0f, 52.0f), lift(0.0f, 0.2f), dir(-1.0f, 1.0f), len(4.0f, 20.0f),
      rad(4.0f, 16.0f);
  int hits = 0, overlaps = 0, misses = 0;
  for (int q = 0; q < 1500; ++q) {
    const float r = rad(rng), x = at(rng), y = at(rng);
    // Off the surface point along its normal by the radius, a skin and a little more (where
    // the surface curves up within the radius, some start in overlap), moving along the
    // tangent plane, a little towards or away from the surface.
    const vec3 n = glm::normalize(vec3(-6.0f / 7.0f * std::cos(x / 7.0f) * std::cos(y / 9.0f),
                                       6.0f / 9.0f * std::sin(x / 7.0f) * std::sin(y / 9.0f), 1.0f));
    const vec3 c = offset + vec3(x, y, height(x, y)) + n * (r + kSkin + lift(rng));
    vec3 d(dir(rng), dir(rng), dir(rng));
    d -= n * glm::dot(n, d);
    d = glm::normalize(d + n * (0.1f * dir(rng))) * len(rng);
    const auto bvh = collision::sweep_sphere(world, c, r, d);
    const auto brute = collision::sweep_sphere_brute_force(world, c, r, d);
    prism_test::expect_same_sweep(bvh, brute, q);
    if (::testing::Test::HasFatalFailure()) return;
    hits += bvh.hit && !bvh.start_overlap;
    overlaps += bvh.start_overlap;
    misses += !bvh.hit;
  }
  // Every kind of outcome occurs, or the comparison proves little.
  EXPECT_GT(hits, 200);
  EXPECT_GT(overlaps, 100);
  EXPECT_GT(misses, 100);
}

}  // namespace

TEST(SpherePathBound, GlidingOverADenseCurvedSurfaceMatchesBruteForce) { sweeps_match_brute_force(vec3(0.0f)); }

TEST(SpherePathBound, GlidingFarFromTheOriginMatchesBruteForce) {
  sweeps_match_brute_force(vec3(3000.0f, -2500.0f, 1200.0f));
}

// A roof: two slopes meeting at a ridge along x (z = 10 at y = 0, falling 1 in 2 to each
// side), cut in small triangles so that a packet holds several under the sphere.
TEST(SpherePathBound, GlidesOverARidgeOneSkinAboveAndTouchesItWhenSinking) {
  std::vector<Triangle> tris;
  for (int i = 0; i < 20; ++i) {
    const float x0 = static_cast<float>(i), x1 = x0 + 1.0f;
    for (const float side : {1.0f, -1.0f}) {
      const vec3 a(x0, 0.0f, 10.0f), b(x1, 0.0f, 10.0f), c(x1, side * 4.0f, 8.0f), d(x0, side * 4.0f, 8.0f);
      tris.push_back({a, b, c});
      tris.push_back({a, c, d});
    }
  }
  const auto world = prism_test::world_of(tris);
  const float r = 2.0f;
  // Along the ridge, one skin above its line: the nearest points are on the ridge, r + skin away.
  const vec3 start(2.0f, 0.0f, 10.0f + r + kSkin);
  EXPECT_FALSE(collision::sweep_sphere(world, start, r, vec3(15.0f, 0.0f, 0.0f)).hit);
  EXPECT_FALSE(collision::sweep_sphere_brute_force(world, start, r, vec3(15.0f, 0.0f, 0.0f)).hit);
  // Sinking by two skins over the move: touches the ridge half way.
  const auto sink = collision::sweep_sphere(world, start, r, vec3(16.0f, 0.0f, -2.0f * kSkin));
  ASSERT_TRUE(sink.hit);
  EXPECT_FALSE(sink.start_overlap);
  EXPECT_NEAR(sink.toi, 0.5f, 1e-4f);
  EXPECT_NEAR(sink.point.z, 10.0f, 1e-4f);
  EXPECT_NEAR(sink.point.y, 0.0f, 1e-4f);
  EXPECT_NEAR(sink.normal.z, 1.0f, 1e-4f);
}
