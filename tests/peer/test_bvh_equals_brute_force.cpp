// The BVH must return exactly what a loop over every triangle returns: same hit, same toi to the
// bit, same triangle, same start_overlap. Anything else is a traversal bug (a culled node, a
// wrong early-out, a tie broken differently), however close the numbers.

#include <cstdio>

#include <gtest/gtest.h>

#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "collision/queries.hpp"
#include "peer_fixture.hpp"

namespace prism::peer {
namespace {

using SweepBvhEqualsBruteForce = PeerMap;
using RayBvhEqualsBruteForce = PeerMap;

std::size_t sweep_mismatches(const collision::World& world, const std::vector<Query>& set,
                             const char* set_name, const std::string& map) {
  std::size_t mismatches = 0, hits = 0, overlaps = 0;
  for (const Query& q : set) {
    const collision::SweepHit bvh = collision::sweep_sphere(world, q.start, kSweepRadius, q.move);
    const collision::SweepHit brute =
        collision::sweep_sphere_brute_force(world, q.start, kSweepRadius, q.move);
    hits += bvh.hit;
    overlaps += bvh.start_overlap;
    const bool same = bvh.hit == brute.hit && bvh.toi == brute.toi &&
                      bvh.triangle == brute.triangle && bvh.start_overlap == brute.start_overlap;
    if (!same && ++mismatches <= 5) {
      ADD_FAILURE() << map << " " << set_name << ": " << describe(q) << "\n  bvh:   hit "
                    << bvh.hit << " toi " << bvh.toi << " triangle " << bvh.triangle
                    << " start_overlap " << bvh.start_overlap << "\n  brute: hit " << brute.hit
                    << " toi " << brute.toi << " triangle " << brute.triangle
                    << " start_overlap " << brute.start_overlap;
    }
  }
  std::printf("[peer] %s %s: %zu sweeps (r=%g), %zu hits, %zu start overlaps, %zu BVH != brute force\n",
              map.c_str(), set_name, set.size(), static_cast<double>(kSweepRadius), hits, overlaps,
              mismatches);
  return mismatches;
}

/// Brute force over every triangle costs thousands of BVH queries (about 5 ms a query on
/// ctf_inyard): the first 1,000 of each set, 2,000 a map and shape.
constexpr std::size_t kShapeSubset = 1000 / PRISM_PEER_DIVISOR;

template <class Sweep, class Brute>
std::size_t shape_mismatches(const std::vector<Query>& set, const char* shape, const char* set_name,
                             const std::string& map, Sweep&& sweep, Brute&& brute_force) {
  std::size_t mismatches = 0, hits = 0, overlaps = 0;
  for (const Query& q : set) {
    const collision::SweepHit bvh = sweep(q);
    const collision::SweepHit brute = brute_force(q);
    hits += bvh.hit;
    overlaps += bvh.start_overlap;
    const bool same = bvh.hit == brute.hit && bvh.toi == brute.toi &&
                      bvh.triangle == brute.triangle && bvh.start_overlap == brute.start_overlap;
    if (!same && ++mismatches <= 5) {
      ADD_FAILURE() << map << " " << shape << " " << set_name << ": " << describe(q)
                    << "\n  bvh:   hit " << bvh.hit << " toi " << bvh.toi << " triangle "
                    << bvh.triangle << "\n  brute: hit " << brute.hit << " toi " << brute.toi
                    << " triangle " << brute.triangle;
    }
  }
  std::printf("[peer] %s %s %s: %zu sweeps, %zu hits, %zu start overlaps, %zu BVH != brute force\n",
              map.c_str(), shape, set_name, set.size(), hits, overlaps, mismatches);
  return mismatches;
}

std::size_t ray_mismatches(const collision::World& world, const std::vector<Query>& set,
                           const char* set_name, const std::string& map) {
  std::size_t mismatches = 0, hits = 0;
  for (const Query& q : set) {
    const collision::RayHit bvh = collision::raycast(world, q.start, q.move);
    const collision::RayHit brute = collision::raycast_brute_force(world, q.start, q.move);
    hits += bvh.hit;
    const bool same = bvh.hit == brute.hit && bvh.t == brute.t && bvh.triangle == brute.triangle;
    if (!same && ++mismatches <= 5) {
      ADD_FAILURE() << map << " " << set_name << ": " << describe(q) << "\n  bvh:   hit "
                    << bvh.hit << " t " << bvh.t << " triangle " << bvh.triangle
                    << "\n  brute: hit " << brute.hit << " t " << brute.t << " triangle "
                    << brute.triangle;
    }
  }
  std::printf("[peer] %s %s: %zu rays, %zu hits, %zu BVH != brute force\n", map.c_str(), set_name,
              set.size(), hits, mismatches);
  return mismatches;
}

TEST_P(SweepBvhEqualsBruteForce, OnUniformAndWalkingSweeps) {
  const collision::World& world = *lvl().world;
  EXPECT_EQ(sweep_mismatches(world, first(queries().uniform, kSubset), "uniform", GetParam()), 0u);
  EXPECT_EQ(sweep_mismatches(world, queries().walking, "walking", GetParam()), 0u);
}

using BoxBvhEqualsBruteForce = PeerMap;
using CapsuleBvhEqualsBruteForce = PeerMap;

TEST_P(BoxBvhEqualsBruteForce, OnUniformAndWalkingSweeps) {
  const collision::World& world = *lvl().world;
  const auto sweep = [&](const Query& q) { return collision::sweep_box(world, q.start, kBoxHalf, q.move); };
  const auto brute = [&](const Query& q) {
    return collision::sweep_box_brute_force(world, q.start, kBoxHalf, q.move);
  };
  EXPECT_EQ(shape_mismatches(first(queries().uniform, kShapeSubset), "box", "uniform", GetParam(), sweep, brute), 0u);
  const auto walking = raised(first(queries().walking, kShapeSubset), lvl().level.up, kBoxHalf.z);
  EXPECT_EQ(shape_mismatches(walking, "box", "walking", GetParam(), sweep, brute), 0u);
}

TEST_P(CapsuleBvhEqualsBruteForce, OnUniformAndWalkingSweeps) {
  const collision::World& world = *lvl().world;
  const glm::vec3 up = lvl().level.up;
  const auto sweep = [&](const Query& q) {
    return collision::sweep_capsule(world, q.start, kCapsuleRadius, kCapsuleHalf, up, q.move);
  };
  const auto brute = [&](const Query& q) {
    return collision::sweep_capsule_brute_force(world, q.start, kCapsuleRadius, kCapsuleHalf, up, q.move);
  };
  EXPECT_EQ(shape_mismatches(first(queries().uniform, kShapeSubset), "capsule", "uniform", GetParam(), sweep, brute), 0u);
  const auto walking = raised(first(queries().walking, kShapeSubset), up, kCapsuleRadius + kCapsuleHalf);
  EXPECT_EQ(shape_mismatches(walking, "capsule", "walking", GetParam(), sweep, brute), 0u);
}

TEST_P(RayBvhEqualsBruteForce, OnShortAndLongRays) {
  const collision::World& world = *lvl().world;
  EXPECT_EQ(ray_mismatches(world, first(queries().uniform, kSubset), "uniform", GetParam()), 0u);
  EXPECT_EQ(ray_mismatches(world, queries().long_rays, "long", GetParam()), 0u);
}

PRISM_PEER_INSTANTIATE(SweepBvhEqualsBruteForce);
PRISM_PEER_INSTANTIATE_LARGE(SweepBvhEqualsBruteForce);
PRISM_PEER_INSTANTIATE(RayBvhEqualsBruteForce);
PRISM_PEER_INSTANTIATE(BoxBvhEqualsBruteForce);
PRISM_PEER_INSTANTIATE(CapsuleBvhEqualsBruteForce);

}  // namespace
}  // namespace prism::peer
