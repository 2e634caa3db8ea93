#pragma once
/// @file peer_fixture.hpp
/// What every peer test shares: the maps, the query counts (scaled down under sanitizers) and
/// the seeded query sets, built once per process.

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "levels.hpp"
#include "query_sets.hpp"

// The sanitizer build divides every count by this (ASan + UBSan run the core ~5-10x slower).
#ifndef PRISM_PEER_DIVISOR
#define PRISM_PEER_DIVISOR 1
#endif

namespace prism::peer {

/// 100,000 sweeps a map; 10,000 of them (the first) also against brute force and the reference.
inline constexpr std::size_t kQueries = 100000 / PRISM_PEER_DIVISOR;
inline constexpr std::size_t kSubset = 10000 / PRISM_PEER_DIVISOR;
/// Grazing band and distance tolerance of the issue, in units.
inline constexpr double kBand = 1e-3;

/// The query sets of one map, built once per process.
struct MapQueries {
  std::vector<Query> uniform;  ///< kQueries sweeps (also used as ray segments)
  std::vector<Query> walking;  ///< kSubset walking-character sweeps
  std::vector<Query> long_rays;  ///< kSubset segments up to the level's diagonal
};

inline const MapQueries& map_queries(const std::string& map) {
  static std::map<std::string, MapQueries> cache;
  auto it = cache.find(map);
  if (it != cache.end()) return it->second;
  const LoadedLevel& lvl = level(map);
  const collision::Aabb bounds = solid_bounds(*lvl.world);
  MapQueries q;
  q.uniform = uniform_queries(bounds, kQueries, seed_for(map + "/uniform"));
  q.walking = walking_queries(*lvl.world, lvl.level.spawns, lvl.level.up, kSweepRadius, kSubset,
                              seed_for(map + "/walking"));
  q.long_rays = long_rays(bounds, kSubset, seed_for(map + "/long_rays"));
  return cache.emplace(map, std::move(q)).first->second;
}

/// Subset: the first n queries of a set.
inline std::vector<Query> first(const std::vector<Query>& set, std::size_t n) {
  return {set.begin(), set.begin() + static_cast<std::ptrdiff_t>(std::min(n, set.size()))};
}

class PeerMap : public testing::TestWithParam<std::string> {
 protected:
  const LoadedLevel& lvl() const { return level(GetParam()); }
  const MapQueries& queries() const { return map_queries(GetParam()); }
};

/// The real maps of the issue: a small one and a large one with Bezier patches.
#define PRISM_PEER_INSTANTIATE(suite)                                                  \
  INSTANTIATE_TEST_SUITE_P(RealMaps, suite, testing::Values("oa_dm1", "ctf_inyard"), \
                           [](const testing::TestParamInfo<std::string>& param_info) { return param_info.param; })

/// Large open maps whose coordinates pass 7,800 units (czest2ctf: 9,600; islandctf: 5,600 for
/// the sloped terrain), where the rounding allowance (4e-6 of the scale) passes the 1/32-unit
/// skin a resting character keeps: the float tests' tighter bounds show there first.
#define PRISM_PEER_INSTANTIATE_LARGE(suite)                                                    \
  INSTANTIATE_TEST_SUITE_P(LargeMaps, suite, testing::Values("czest2ctf", "islandctf"),      \
                           [](const testing::TestParamInfo<std::string>& param_info) { return param_info.param; })

inline std::string describe(const Query& q) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "start (%.9g, %.9g, %.9g) move (%.9g, %.9g, %.9g)", q.start.x,
                q.start.y, q.start.z, q.move.x, q.move.y, q.move.z);
  return buf;
}

}  // namespace prism::peer
