#include "prism_walks/start_points.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "collision/queries.hpp"
#include "collision/scene.hpp"
#include "prism_walks/random_input.hpp"

namespace prism_walks {

namespace {

collision::SweepHit overlap_at(const collision::World& world, const collision::Body& body,
                               const glm::vec3& p) {
  return collision::sweep(world, body, p, glm::vec3(0.0f));
}

// Free point `index` in `box`: `overlaps(p)` false and `floor(p, d)` true (a ray from p along d
// meets a floor).
template <class Overlaps, class Floor>
glm::vec3 free_point(const collision::Aabb& box, const collision::Body& body, const glm::vec3& up,
                     std::uint32_t seed, std::uint32_t index, int tries, const Overlaps& overlaps,
                     const Floor& floor) {
  const glm::vec3 u = glm::normalize(up);
  const float height = 2.0f * body.extent_along(u);
  // A stream apart from the walks' own (walk_rng(seed, walk) uses the walk index).
  std::mt19937 rng = walk_rng(seed ^ 0xA5A5A5A5u, index);
  // The floor is looked for within 4 body heights, but at least 1% of the level's extent along
  // up: a sample lands within reach of a floor with a chance of about reach / level height, so
  // a body of 1e-6 in a level 5 units high (a reach of 8e-6) found none in 100000 samples.
  const float level_height = std::fabs(glm::dot(box.extent(), glm::abs(u)));
  const float reach = std::max(4.0f * height, 0.01f * level_height);
  for (int i = 0; i < tries; ++i) {
    const glm::vec3 p =
        box.min + glm::vec3(uniform01(rng), uniform01(rng), uniform01(rng)) * box.extent();
    if (overlaps(p)) continue;
    if (floor(p, -u * reach)) return p;
  }
  throw std::runtime_error("random walk start: no free point with a floor within " + std::to_string(reach) +
                           " units below found in " + std::to_string(tries) + " samples");
}

}  // namespace

glm::vec3 random_free_point(const collision::World& world, const collision::Body& body,
                            const glm::vec3& up, std::uint32_t seed, std::uint32_t index,
                            int tries) {
  const collision::Aabb box = world.bounds();
  if (box.empty()) throw std::runtime_error("random walk start: the mesh has no solid triangles");
  return free_point(
      box, body, up, seed, index, tries, [&](const glm::vec3& p) { return overlap_at(world, body, p).hit; },
      [&](const glm::vec3& p, const glm::vec3& d) { return collision::raycast(world, p, d).hit; });
}

glm::vec3 random_free_point(const collision::Scene& scene, const collision::Body& body,
                            const glm::vec3& up, std::uint32_t seed, std::uint32_t index,
                            int tries) {
  collision::Aabb box = scene.level().bounds();
  for (const collision::SceneInstance& instance : scene.instances()) {
    if (instance.alive && !instance.world_bounds.empty()) box.grow(instance.world_bounds);
  }
  if (box.empty()) throw std::runtime_error("random walk start: the scene has no solid triangles");
  std::vector<collision::Contact> contacts;
  return free_point(
      box, body, up, seed, index, tries,
      [&](const glm::vec3& p) {
        collision::find_contacts(scene, body, p, 0.0f, contacts);
        return !contacts.empty();
      },
      [&](const glm::vec3& p, const glm::vec3& d) { return collision::raycast(scene, p, d).hit; });
}

namespace {

// `count` starts: spawn i % spawns.size(), or random point i (`random_point(i)`).
template <class RandomPoint>
std::vector<glm::vec3> starts(const collision::io::Level& level, std::size_t count, const RandomPoint& random_point) {
  std::vector<glm::vec3> out;
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    out.push_back(level.spawns.empty() ? random_point(static_cast<std::uint32_t>(i))
                                       : level.spawns[i % level.spawns.size()].origin);
  }
  return out;
}

}  // namespace

std::vector<glm::vec3> start_points(const collision::io::Level& level,
                                    const collision::World& world, const collision::Body& body,
                                    const glm::vec3& up, std::size_t count, std::uint32_t seed) {
  return starts(level, count, [&](std::uint32_t i) { return random_free_point(world, body, up, seed, i); });
}

std::vector<glm::vec3> start_points(const collision::io::Level& level,
                                    const collision::Scene& scene, const collision::Body& body,
                                    const glm::vec3& up, std::size_t count, std::uint32_t seed) {
  return starts(level, count, [&](std::uint32_t i) { return random_free_point(scene, body, up, seed, i); });
}

}  // namespace prism_walks
