#pragma once
/// @file start_points.hpp
/// Where random walks begin: a map's spawn points, or random free points of a plain mesh.

#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/move.hpp"
#include "collision/scene.hpp"
#include "collision/world.hpp"
#include "collision_io/level.hpp"

namespace prism_walks {

/// `count` start positions (body centres). With spawns, spawn i % spawns.size(): the body's
/// centre is put at the spawn origin (the Quake player box centre, 24 units above the box
/// bottom), so a sphere of radius 16 starts 8 units up and falls onto the floor. Without spawns,
/// random points inside the world's bounds (seeded by `seed`) where the body does not overlap
/// anything and a ray straight down finds a floor within four body heights, or 1% of the
/// level's extent along up when that is further (a tiny body's four heights are a sliver a
/// random sample almost never lands in).
/// @throws std::runtime_error when a plain mesh has no such point (after many tries).
std::vector<glm::vec3> start_points(const collision::io::Level& level,
                                    const collision::World& world, const collision::Body& body,
                                    const glm::vec3& up, std::size_t count, std::uint32_t seed);

/// Free point number `index` of the run seeded with `seed` (as above; its own random stream).
/// @throws std::runtime_error after `tries` rejected samples.
glm::vec3 random_free_point(const collision::World& world, const collision::Body& body,
                            const glm::vec3& up, std::uint32_t seed, std::uint32_t index,
                            int tries = 100000);

/// The same in a scene (prism-query walk on a scene file): a random point is free of the level,
/// the instances where they stand and the characters, and its floor may be an instance's; the
/// box sampled is the level's and the instances' together.
std::vector<glm::vec3> start_points(const collision::io::Level& level,
                                    const collision::Scene& scene, const collision::Body& body,
                                    const glm::vec3& up, std::size_t count, std::uint32_t seed);
glm::vec3 random_free_point(const collision::Scene& scene, const collision::Body& body,
                            const glm::vec3& up, std::uint32_t seed, std::uint32_t index,
                            int tries = 100000);

}  // namespace prism_walks
