#pragma once
/// @file query_sets.hpp
/// Seeded query sets shared by the peer tests and the benchmark, so that both run the very same
/// moves. A query is a start point and a displacement (a sweep's move or a ray's segment).

#include <cstdint>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/aabb.hpp"
#include "collision/world.hpp"
#include "collision_io/level.hpp"

namespace prism::peer {

struct Query {
  glm::vec3 start{0.0f};
  glm::vec3 move{0.0f};
};

/// Sphere radius of every peer sweep (a Quake player is 30 units wide).
inline constexpr float kSweepRadius = 16.0f;
/// Longest move of the uniform set.
inline constexpr float kMaxMove = 64.0f;

/// A Quake 3 player's box (30 x 30 x 48 units) and a capsule as wide (radius 15) and as tall
/// (2 x 9 + 2 x 15 = 48), standing along the maps' up axis z.
inline const glm::vec3 kBoxHalf(15.0f, 15.0f, 24.0f);
inline constexpr float kCapsuleRadius = 15.0f, kCapsuleHalf = 9.0f;

/// The walking set rests a radius-16 sphere 1/32 above the floor: raised along `up` so that a
/// body reaching `below` under its centre rests there too.
inline std::vector<Query> raised(const std::vector<Query>& set, const glm::vec3& up, float below) {
  std::vector<Query> out = set;
  for (Query& q : out) q.start += up * (below - kSweepRadius);
  return out;
}

/// Start points uniform in `bounds`, directions uniform on the sphere, lengths uniform in
/// [0, max_length]. Most of these miss: a level's bounding box is mostly empty or solid.
std::vector<Query> uniform_queries(const collision::Aabb& bounds, std::size_t count,
                                   std::uint64_t seed, float max_length = kMaxMove);

/// Segments with uniform start points and directions whose length is uniform in
/// [0, diagonal of `bounds`]: rays that cross rooms and mostly hit.
std::vector<Query> long_rays(const collision::Aabb& bounds, std::size_t count, std::uint64_t seed);

/// The moves a walking character makes. Start points: spawn points and points in line of sight
/// of a spawn point (up to 384 units away), dropped onto a walkable floor (normal . up >= 0.7)
/// with a downward ray, then raised to `radius` + 1/32 above it (Quake 3's DIST_EPSILON skin),
/// rejected where the sphere would touch anything. From each start: three horizontal moves of 4
/// to 20 units in uniform directions, and one ground probe straight down of 0.25 to 2 units.
/// Needs the World's raycast and overlap_sphere.
std::vector<Query> walking_queries(const collision::World& world,
                                   const std::vector<collision::io::SpawnPoint>& spawns,
                                   const glm::vec3& up, float radius, std::size_t count,
                                   std::uint64_t seed);

/// A seed derived from a name (FNV-1a), so each map and set gets its own stream.
std::uint64_t seed_for(const std::string& name);

/// The bounding box of the World's solid triangles.
collision::Aabb solid_bounds(const collision::World& world);

}  // namespace prism::peer
