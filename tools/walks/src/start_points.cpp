#include "prism_walks/start_points.hpp"

#include <stdexcept>
#include <string>

#include <glm/geometric.hpp>

#include "collision/queries.hpp"
#include "prism_walks/walk_script.hpp"

namespace prism_walks {

namespace {

collision::SweepHit overlap_at(const collision::World& world, const collision::Body& body,
                               const glm::vec3& p) {
  return collision::sweep(world, body, p, glm::vec3(0.0f));
}

}  // namespace

glm::vec3 random_free_point(const collision::World& world, const collision::Body& body,
                            const glm::vec3& up, std::uint32_t seed, std::uint32_t index,
                            int tries) {
  const collision::Aabb box = world.bvh().bounds;
  if (box.empty()) throw std::runtime_error("random walk start: the mesh has no solid triangles");
  const glm::vec3 u = glm::normalize(up);
  const float height = 2.0f * body.extent_along(u);
  // A stream apart from the walks' own (walk_rng(seed, walk) uses the walk index).
  std::mt19937 rng = walk_rng(seed ^ 0xA5A5A5A5u, index);
  for (int i = 0; i < tries; ++i) {
    const glm::vec3 p =
        box.min + glm::vec3(uniform01(rng), uniform01(rng), uniform01(rng)) * box.extent();
    if (overlap_at(world, body, p).hit) continue;
    const collision::RayHit floor = collision::raycast(world, p, -u * (4.0f * height));
    if (floor.hit) return p;
  }
  throw std::runtime_error("random walk start: no free point with a floor below found in " +
                           std::to_string(tries) + " samples");
}

std::vector<glm::vec3> start_points(const collision::io::Level& level,
                                    const collision::World& world, const collision::Body& body,
                                    const glm::vec3& up, std::size_t count, std::uint32_t seed) {
  std::vector<glm::vec3> out;
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    out.push_back(level.spawns.empty()
                      ? random_free_point(world, body, up, seed, static_cast<std::uint32_t>(i))
                      : level.spawns[i % level.spawns.size()].origin);
  }
  return out;
}

}  // namespace prism_walks
