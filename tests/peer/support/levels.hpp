#pragma once
/// @file levels.hpp
/// The real levels the peer tests and the benchmark run on, loaded once per process.

#include <memory>
#include <string>

#include "collision/world.hpp"
#include "collision_io/level.hpp"

namespace prism::peer {

/// Patch tessellation used everywhere in the peer comparisons (the "level 5").
inline constexpr int kPatchLevel = 5;

struct LoadedLevel {
  std::string name;
  collision::io::Level level;  ///< the loaded level (mesh moved into `world`; spawns, up kept)
  std::unique_ptr<collision::World> world;
  std::size_t solid_triangles = 0;
  double load_ms = 0.0;
};

/// Mean edge length, in units, a dense mesh is scaled to: a radius-16 sphere (the peer sweeps')
/// then covers hundreds of its triangles, as on a scanned statue, rubble or terrain.
inline constexpr double kDenseMeanEdge = 1.5;

/// Loads a map by name (for example "oa_dm1") with patches at kPatchLevel and builds its World.
/// `dense:PATH` loads the mesh file PATH (a scanned model: tools/bench_data.sh fetches one)
/// scaled about its centre to a mean edge of kDenseMeanEdge, with one spawn point above the top
/// of its bounds (for the walking query set). The result is cached: later calls with the same
/// name return the same object. Errors: collision::io's (std::runtime_error naming the file).
const LoadedLevel& level(const std::string& name);

}  // namespace prism::peer
