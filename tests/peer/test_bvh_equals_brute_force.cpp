// The BVH must return exactly what a loop over every triangle returns: same hit, same toi to the
// bit, same triangle, same start_overlap. Anything else is a traversal bug (a culled node, a
// wrong early-out, a tie broken differently), however close the numbers.

#include <cstdio>

#include <gtest/gtest.h>

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

TEST_P(RayBvhEqualsBruteForce, OnShortAndLongRays) {
  const collision::World& world = *lvl().world;
  EXPECT_EQ(ray_mismatches(world, first(queries().uniform, kSubset), "uniform", GetParam()), 0u);
  EXPECT_EQ(ray_mismatches(world, queries().long_rays, "long", GetParam()), 0u);
}

PRISM_PEER_INSTANTIATE(SweepBvhEqualsBruteForce);
PRISM_PEER_INSTANTIATE(RayBvhEqualsBruteForce);

}  // namespace
}  // namespace prism::peer
