// The combined plane / edge-plane bound of the sphere's and capsule's packet tests
// (packet_tests.cpp): a body landing on a tiled floor no longer sends the tiles beside its
// landing point to the exact test, because its least distance to their plane and its least
// distance beyond their edge planes add in squares. It must never drop a tile the exact test
// would report, least of all one that ties: landing exactly on a shared edge or corner, every
// tile there is touched at the same time and the lowest triangle index wins. So bodies are
// dropped and slid onto tile edges, corners and interiors, near and far from the origin, and
// the BVH sweep (which applies the bound) must return, bit for bit, what the brute-force
// reference (which applies no packet test) returns, and the expected time and triangle.
#include <cmath>
#include <random>
#include <vector>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision/capsule_queries.hpp"
#include "collision/queries.hpp"
#include "same_sweep.hpp"
#include "test_worlds.hpp"

using collision::SweepHit;
using collision::Triangle;
using glm::vec3;

namespace {

constexpr float kSkin = 1.0f / 32.0f;
constexpr float kTile = 4.0f;
constexpr int kTiles = 12;

// kTiles x kTiles squares of side kTile in the plane z = 0 (shifted by `offset`), each split
// into two triangles along its diagonal; triangle 2 (i kTiles + j) and the next hold tile (i, j).
std::vector<Triangle> tiled_floor(const vec3& offset) {
  return prism_test::height_field(kTiles, kTile, [](float, float) { return 0.0f; }, offset);
}

// Landing points on tile corners, edges and interiors (a quarter tile apart), the body one skin
// above the floor, falling by 0.25 to 2 units, with a sideways drift of up to a tile.
void landings_match_brute_force(const vec3& offset) {
  const auto world = prism_test::world_of(tiled_floor(offset));
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> grid(8, 4 * kTiles - 8);  // quarter tiles, away from the rim
  std::uniform_real_distribution<float> fall(0.25f, 2.0f), drift(-kTile, kTile), unit(0.0f, 1.0f);
  int hits = 0, shared = 0;
  for (int q = 0; q < 1200; ++q) {
    const vec3 foot = offset + vec3(static_cast<float>(grid(rng)), static_cast<float>(grid(rng)), 0.0f) * (kTile / 4.0f);
    const bool straight = unit(rng) < 0.5f;
    const vec3 move(straight ? 0.0f : drift(rng), straight ? 0.0f : drift(rng), -fall(rng));
    SweepHit bvh, brute;
    double gap = 0.0;  // the lowest point's height over the floor, from the float inputs
    if (q % 2 == 0) {  // a sphere of radius 1 to 16
      const float r = 1.0f + 15.0f * unit(rng);
      const vec3 centre = foot + vec3(0.0f, 0.0f, r + kSkin);
      bvh = collision::sweep_sphere(world, centre, r, move);
      brute = collision::sweep_sphere_brute_force(world, centre, r, move);
      gap = double(centre.z) - double(r) - double(offset.z);
    } else {  // a capsule standing on z, or tilted
      const float r = 1.0f + 14.0f * unit(rng), h = 9.0f * unit(rng);
      const vec3 axis = q % 4 == 1 ? vec3(0.0f, 0.0f, 1.0f) : glm::normalize(vec3(0.6f, 0.0f, 0.8f));
      const vec3 centre = foot + vec3(0.0f, 0.0f, r + h * axis.z + kSkin);
      bvh = collision::sweep_capsule(world, centre, r, h, axis, move);
      brute = collision::sweep_capsule_brute_force(world, centre, r, h, axis, move);
      gap = double(centre.z) - double(h) * double(glm::normalize(glm::dvec3(axis)).z) - double(r) - double(offset.z);
    }
    prism_test::expect_same_sweep(bvh, brute, q);
    if (::testing::Test::HasFatalFailure()) return;
    ASSERT_TRUE(bvh.hit) << q;  // every body falls farther than its skin onto the floor
    ASSERT_FALSE(bvh.start_overlap) << q;
    EXPECT_NEAR(bvh.toi, gap / -double(move.z), 1e-6) << q;
    EXPECT_NEAR(gap, kSkin, 2e-4) << q;  // one skin, up to the float rounding of the centre
    EXPECT_NEAR(bvh.normal.z, 1.0f, 1e-5f) << q;
    ++hits;
    shared += straight && static_cast<int>(std::lround((foot.x - offset.x) / (kTile / 4.0f))) % 4 == 0;
  }
  EXPECT_EQ(hits, 1200);
  EXPECT_GT(shared, 100);  // many land straight down on a tile edge or corner, where tiles tie
}

}  // namespace

TEST(LandingBound, BodiesLandingOnTileEdgesAndCornersMatchBruteForce) { landings_match_brute_force(vec3(0.0f)); }

TEST(LandingBound, FarFromTheOriginMatchesBruteForce) { landings_match_brute_force(vec3(3000.0f, -2500.0f, 1200.0f)); }

// Straight down onto the corner shared by four tiles (eight triangles meet there or on the
// diagonals): every one is touched at the same time, and the lowest index wins.
TEST(LandingBound, TiesAtASharedCornerGoToTheLowestTriangle) {
  const auto world = prism_test::world_of(tiled_floor(vec3(0.0f)));
  const vec3 corner(5.0f * kTile, 5.0f * kTile, 0.0f);  // tiles (4, 4), (4, 5), (5, 4), (5, 5)
  const float r = 8.0f;
  const SweepHit s = collision::sweep_sphere(world, corner + vec3(0.0f, 0.0f, r + kSkin), r, vec3(0.0f, 0.0f, -1.0f));
  ASSERT_TRUE(s.hit);
  EXPECT_NEAR(s.toi, kSkin, 1e-6f);
  // Tile (4, 4)'s first triangle (a b c) holds the corner c: index 2 (4 kTiles + 4) = 104.
  EXPECT_EQ(s.triangle, 2u * (4u * kTiles + 4u));
  const SweepHit c =
      collision::sweep_capsule(world, corner + vec3(0.0f, 0.0f, 15.0f + 9.0f + kSkin), 15.0f, 9.0f,
                               vec3(0.0f, 0.0f, 1.0f), vec3(0.0f, 0.0f, -1.0f));
  ASSERT_TRUE(c.hit);
  EXPECT_NEAR(c.toi, kSkin, 1e-6f);
  EXPECT_EQ(c.triangle, 2u * (4u * kTiles + 4u));
}

// Long thin capsules lying along a tilted floor (axis in its plane, or tilted out of it by
// 1e-7, where the float normal and axis can make a zero support one of about 1e-7 of the half
// height): the bound's slack must cover that too.
TEST(LandingBound, LongCapsulesLyingOnATiltedFloorMatchBruteForce) {
  const auto slope = [](float x, float y) { return 0.3f * x + 0.2f * y; };
  const auto world = prism_test::world_of(prism_test::height_field(kTiles, kTile, slope));
  const glm::dvec3 n = glm::normalize(glm::dvec3(-0.3, -0.2, 1.0));
  std::mt19937 rng(9);
  std::uniform_real_distribution<float> at(8.0f, 40.0f), unit(0.0f, 1.0f), drift(-kTile, kTile);
  int hits = 0;
  for (int q = 0; q < 400; ++q) {
    const float h = q % 2 == 0 ? 1e4f : 300.0f, r = 0.05f + unit(rng);
    // A direction in the plane, tilted out of it by 0 or +-1e-7.
    const glm::dvec3 along = glm::normalize(glm::cross(n, glm::dvec3(std::cos(6.0 * unit(rng)), std::sin(6.0 * unit(rng)), 0.0)));
    const double tilt = (q % 4 < 2 ? 0.0 : 1e-7) * (unit(rng) < 0.5f ? 1.0 : -1.0);
    const vec3 axis(glm::normalize(along + tilt * n));
    const float x = at(rng), y = at(rng);
    const vec3 centre(glm::dvec3(x, y, slope(x, y)) + n * (double(r) + 2.0 * kSkin * unit(rng)));
    const vec3 move(vec3(glm::dvec3(drift(rng), drift(rng), 0.0) - n * (0.5 * unit(rng))));
    const SweepHit bvh = collision::sweep_capsule(world, centre, r, h, axis, move);
    const SweepHit brute = collision::sweep_capsule_brute_force(world, centre, r, h, axis, move);
    prism_test::expect_same_sweep(bvh, brute, q);
    if (::testing::Test::HasFatalFailure()) return;
    hits += bvh.hit;
  }
  EXPECT_GT(hits, 100);
}
