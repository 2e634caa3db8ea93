// The round reach test of the traversal (bvh_traverse.hpp, RoundReach8 and RoundReach4): for a
// sphere or capsule whose radius is at least the median leaf's size (Bvh::median_leaf_extent,
// use_round_reach), a child box whose gaps to the box of the core's path, added in squares,
// exceed the reach is passed over. It must never pass over a leaf holding a triangle the exact
// test touches; and on a dense mesh it must pass over many of the leaves the slab test alone
// enters (or it is not worth its cost). Whole sphere sweeps through it are compared with the
// brute force in test_sphere_path_bound.cpp, capsule sweeps here.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <set>
#include <vector>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "bvh/bvh_traverse.hpp"
#include "collision/capsule_queries.hpp"
#include "collision/queries.hpp"
#include "query/narrow_phase.hpp"
#include "same_sweep.hpp"
#include "query/shape_sweep.hpp"
#include "test_worlds.hpp"

using collision::Triangle;
using glm::vec3;

namespace {

float height(float x, float y) { return 6.0f * std::sin(x / 7.0f) * std::cos(y / 9.0f); }

// Small triangles (spacing 1.5) over [0, 60]^2: a dense mesh beside a radius of 4 to 16.
std::vector<Triangle> bumpy_surface(const vec3& offset) { return prism_test::height_field(40, 1.5f, height, offset); }

// A round body: a sphere (half height 0) or a capsule along `axis` (unit).
struct Round {
  float radius, half_height;
  vec3 axis;
};

// The first triangle (in Bvh::triangles) of every leaf the traversal visits for a round body's
// sweep, with t_max kept at 1 (no hit lowers it): every leaf whose box the query's tests let
// through. The box as sweep_sphere and sweep_capsule set it up, but for the capsule's core, the
// exact half height times |axis| here (sweep_capsule takes a bound a little above it).
template <bool kRound>
std::set<std::uint32_t> leaves_visited(const collision::Bvh& bvh, const vec3& c, const Round& body, const vec3& d) {
  const float allowance = collision::detail::rounding_allowance(bvh, c, d);
  const float m = collision::detail::traversal_allowance(allowance);
  const vec3 core = body.half_height * glm::abs(body.axis);
  const vec3 extent = vec3(body.radius) + core;
  const collision::detail::SegmentBox box{c, d, extent + vec3(m), core, body.radius + m};
  std::set<std::uint32_t> firsts;
  float t_max = 1.0f;
  collision::detail::with_node_width(bvh, [&](auto width) {
    collision::detail::traverse_segment<kRound>(width, bvh, box, t_max,
                                                [&](std::uint32_t first, std::uint32_t, std::uint32_t, float&) {
                                                  firsts.insert(first);
                                                });
  });
  return firsts;
}

// Whether the exact test of the body touches the leaf triangle.
bool touches(const collision::BvhTriangle& t, const vec3& c, const Round& body, const vec3& d) {
  if (body.half_height == 0.0f) {
    return collision::detail::sweep_sphere_triangle_d(glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c),
                                                      glm::dvec3(t.n), glm::dvec3(c), body.radius, glm::dvec3(d),
                                                      /*one_sided=*/false, 1.0)
        .hit;
  }
  return collision::sweep_capsule_triangle(Triangle{t.a, t.b, t.c}, c, body.radius, body.half_height, body.axis, d)
      .hit;
}

void never_passes_over_a_touched_triangle(const vec3& offset) {
  const auto world = prism_test::world_of(bumpy_surface(offset));
  const collision::Bvh& bvh = world.bvh();
  ASSERT_TRUE(collision::detail::use_round_reach(bvh, 4.0f)) << "median leaf " << bvh.median_leaf_extent;

  // Each slot's leaf (its first slot), from the leaves the whole tree holds (a traversal from a box covering
  // everything visits all of them).
  std::vector<std::uint32_t> leaf_first(bvh.slot_count(), 0);
  {
    const vec3 lo = bvh.bounds.min - vec3(1.0f), hi = bvh.bounds.max + vec3(1.0f);
    const collision::detail::SegmentBox all{0.5f * (lo + hi), vec3(0.0f), 0.5f * (hi - lo)};
    float t_max = 1.0f;
    collision::detail::with_node_width(bvh, [&](auto width) {
      collision::detail::traverse_segment(width, bvh, all, t_max,
                                          [&](std::uint32_t first, std::uint32_t count, std::uint32_t, float&) {
                                            for (std::uint32_t k = first; k < first + count; ++k) leaf_first[k] = first;
                                          });
    });
  }

  std::mt19937 rng(23);
  std::uniform_real_distribution<float> at(4.0f, 56.0f), up(-2.0f, 8.0f), dir(-1.0f, 1.0f), len(0.0f, 24.0f),
      rad(4.0f, 16.0f), half(0.0f, 8.0f);
  std::size_t touched = 0, round_leaves[2] = {0, 0}, box_leaves[2] = {0, 0};  // spheres, capsules
  for (int q = 0; q < 400; ++q) {
    // Spheres and capsules in turn (a capsule tilted at random).
    const Round body = q % 2 == 0 ? Round{rad(rng), 0.0f, vec3(0.0f, 0.0f, 1.0f)}
                                  : Round{rad(rng), half(rng), glm::normalize(vec3(dir(rng), dir(rng), 1.0f))};
    const float x = at(rng), y = at(rng);
    const float lift = body.radius + body.half_height * std::fabs(body.axis.z) + up(rng);
    const vec3 c = offset + vec3(x, y, height(x, y) + lift);
    const vec3 d = glm::normalize(vec3(dir(rng), dir(rng), 0.3f * dir(rng))) * len(rng);
    const auto with_round = leaves_visited<true>(bvh, c, body, d);
    const auto without = leaves_visited<false>(bvh, c, body, d);
    round_leaves[q % 2] += with_round.size();
    box_leaves[q % 2] += without.size();
    for (std::uint32_t i = 0; i < bvh.slot_count(); ++i) {
      const collision::BvhTriangle t = bvh.triangle(i);
      if (t.index == collision::BvhPacket4::kEmptyLane || !touches(t, c, body, d)) continue;
      ++touched;
      ASSERT_TRUE(with_round.count(leaf_first[i]) == 1)
          << "query " << q << ": triangle slot " << i << " touched, in a leaf passed over";
      ASSERT_TRUE(without.count(leaf_first[i]) == 1) << "query " << q << ": the slab test passed it over";
    }
  }
  EXPECT_GT(touched, 4000u) << touched;  // the check above was exercised
  std::printf("touched %zu; leaves with the round test and without: spheres %zu, %zu; capsules %zu, %zu\n", touched,
              round_leaves[0], box_leaves[0], round_leaves[1], box_leaves[1]);
  // On this mesh, the slab test alone enters the leaves under the corners of the grown box too
  // (fewer for a capsule, whose core's path box is longer).
  EXPECT_LT(static_cast<double>(round_leaves[0]), 0.7 * static_cast<double>(box_leaves[0]));
  EXPECT_LT(static_cast<double>(round_leaves[1]), 0.85 * static_cast<double>(box_leaves[1]));
}

}  // namespace

TEST(RoundReach, NeverPassesOverALeafATouchedTriangleIsIn) { never_passes_over_a_touched_triangle(vec3(0.0f)); }

TEST(RoundReach, NeverPassesOverALeafATouchedTriangleIsInFarFromTheOrigin) {
  never_passes_over_a_touched_triangle(vec3(3000.0f, -2500.0f, 1200.0f));
}

// The median leaf's size decides: a radius-16 sphere over small triangles uses the test, over
// a level of large faces (64-unit quads) it does not.
TEST(RoundReach, MedianLeafExtentIsTheLeavesSize) {
  const auto dense = prism_test::world_of(bumpy_surface(vec3(0.0f)));
  EXPECT_GE(dense.bvh().median_leaf_extent, 1.5f);
  EXPECT_LT(dense.bvh().median_leaf_extent, 8.0f);
  EXPECT_TRUE(collision::detail::use_round_reach(dense.bvh(), 16.0f));

  std::vector<Triangle> floor;
  for (int i = 0; i < 16; ++i) {
    for (int j = 0; j < 16; ++j) {
      const vec3 a(64.0f * static_cast<float>(i), 64.0f * static_cast<float>(j), 0.0f);
      floor.push_back({a, a + vec3(64, 0, 0), a + vec3(64, 64, 0)});
      floor.push_back({a, a + vec3(64, 64, 0), a + vec3(0, 64, 0)});
    }
  }
  const auto level = prism_test::world_of(floor);
  EXPECT_GE(level.bvh().median_leaf_extent, 64.0f);
  EXPECT_FALSE(collision::detail::use_round_reach(level.bvh(), 16.0f));

  const collision::Bvh none;
  EXPECT_FALSE(collision::detail::use_round_reach(none, 1e30f));
}

// Whole capsule sweeps over the dense surface, through the round reach test and the start
// overlap's shrinking reach: what the brute force returns.
TEST(RoundReach, CapsuleSweepsOverADenseSurfaceMatchBruteForce) {
  for (const vec3 offset : {vec3(0.0f), vec3(3000.0f, -2500.0f, 1200.0f)}) {
    const auto world = prism_test::world_of(bumpy_surface(offset));
    ASSERT_TRUE(collision::detail::use_round_reach(world.bvh(), 3.0f));
    std::mt19937 rng(29);
    std::uniform_real_distribution<float> at(8.0f, 52.0f), up(-1.0f, 3.0f), dir(-1.0f, 1.0f), len(0.0f, 20.0f),
        rad(3.0f, 12.0f), half(0.0f, 10.0f);
    int hits = 0, overlaps = 0, misses = 0;
    for (int q = 0; q < 1000; ++q) {
      const float r = rad(rng), h = half(rng), x = at(rng), y = at(rng);
      const vec3 axis = glm::normalize(vec3(0.5f * dir(rng), 0.5f * dir(rng), 1.0f));
      const vec3 c = offset + vec3(x, y, height(x, y) + r + h * axis.z + up(rng));
      const vec3 d = glm::normalize(vec3(dir(rng), dir(rng), 0.4f * dir(rng))) * len(rng);
      const auto bvh = collision::sweep_capsule(world, c, r, h, axis, d);
      const auto brute = collision::sweep_capsule_brute_force(world, c, r, h, axis, d);
      prism_test::expect_same_sweep(bvh, brute, q);
      if (::testing::Test::HasFailure()) return;
      hits += bvh.hit && !bvh.start_overlap;
      overlaps += bvh.start_overlap;
      misses += !bvh.hit;
    }
    EXPECT_GT(hits, 150);
    EXPECT_GT(overlaps, 150);
    EXPECT_GT(misses, 50);
  }
}
