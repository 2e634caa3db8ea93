#include "query_sets.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>

#include <glm/geometric.hpp>

#include "collision/queries.hpp"
#include "rng.hpp"

namespace prism::peer {

namespace {

glm::vec3 uniform_point(Rng& rng, const collision::Aabb& b) {
  return {static_cast<float>(rng.uniform(b.min.x, b.max.x)),
          static_cast<float>(rng.uniform(b.min.y, b.max.y)),
          static_cast<float>(rng.uniform(b.min.z, b.max.z))};
}

glm::dvec3 uniform_direction(Rng& rng) {
  const double z = rng.uniform(-1.0, 1.0);
  const double phi = rng.uniform(0.0, 2.0 * std::numbers::pi);
  const double s = std::sqrt(std::max(0.0, 1.0 - z * z));
  return {s * std::cos(phi), s * std::sin(phi), z};
}

}  // namespace

std::uint64_t seed_for(const std::string& name) {
  std::uint64_t h = 14695981039346656037ull;
  for (const char c : name) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

collision::Aabb solid_bounds(const collision::World& world) {
  collision::Aabb box;
  const auto& mesh = world.mesh();
  for (std::size_t i = 0; i < mesh.triangle_count(); ++i) {
    if (!mesh.solid(i)) continue;
    const collision::Triangle t = mesh.triangle(i);
    box.grow(t.a);
    box.grow(t.b);
    box.grow(t.c);
  }
  return box;
}

std::vector<Query> uniform_queries(const collision::Aabb& bounds, std::size_t count,
                                   std::uint64_t seed, float max_length) {
  Rng rng(seed);
  std::vector<Query> out(count);
  for (Query& q : out) {
    q.start = uniform_point(rng, bounds);
    q.move = glm::vec3(uniform_direction(rng) * rng.uniform(0.0, max_length));
  }
  return out;
}

std::vector<Query> long_rays(const collision::Aabb& bounds, std::size_t count, std::uint64_t seed) {
  Rng rng(seed);
  const double diagonal = glm::length(glm::dvec3(bounds.extent()));
  std::vector<Query> out(count);
  for (Query& q : out) {
    q.start = uniform_point(rng, bounds);
    q.move = glm::vec3(uniform_direction(rng) * rng.uniform(0.0, diagonal));
  }
  return out;
}

std::vector<Query> walking_queries(const collision::World& world,
                                   const std::vector<collision::io::SpawnPoint>& spawns,
                                   const glm::vec3& up_in, float radius, std::size_t count,
                                   std::uint64_t seed) {
  if (spawns.empty()) throw std::invalid_argument("walking_queries: the level has no spawn points");
  constexpr float kSkin = 1.0f / 32.0f;     // Quake 3's DIST_EPSILON
  constexpr float kMinWalkNormal = 0.7f;    // Quake 3's MIN_WALK_NORMAL
  constexpr double kReach = 384.0;          // how far from a spawn point a start may lie
  const glm::vec3 up = glm::normalize(up_in);
  // An orthonormal basis of the horizontal plane.
  const glm::vec3 helper = std::abs(up.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
  const glm::vec3 side1 = glm::normalize(glm::cross(up, helper));
  const glm::vec3 side2 = glm::cross(up, side1);
  const collision::Aabb bounds = solid_bounds(world);
  const float drop = glm::length(bounds.extent());

  Rng rng(seed);
  std::vector<Query> out;
  out.reserve(count);
  std::vector<std::uint32_t> touching;
  std::size_t attempts = 0;
  while (out.size() < count) {
    if (++attempts > 1000 * count + 100000) {
      throw std::runtime_error("walking_queries: cannot find walkable start points");
    }
    const auto& spawn = spawns[rng.below(spawns.size())];
    glm::vec3 from = spawn.origin;
    if (rng.uniform() < 0.75) {
      // A point in the same room: in line of sight of the spawn point.
      const double angle = rng.uniform(0.0, 2.0 * std::numbers::pi);
      const double dist = kReach * std::sqrt(rng.uniform());
      const glm::vec3 offset = static_cast<float>(dist * std::cos(angle)) * side1 +
                               static_cast<float>(dist * std::sin(angle)) * side2 +
                               static_cast<float>(rng.uniform(0.0, 64.0)) * up;
      if (collision::raycast(world, spawn.origin, offset).hit) continue;
      from = spawn.origin + offset;
    }
    const collision::RayHit floor = collision::raycast(world, from, -drop * up);
    if (!floor.hit || glm::dot(floor.normal, up) < kMinWalkNormal) continue;
    const glm::vec3 center = floor.point + (radius + kSkin) * up;
    collision::overlap_sphere(world, center, radius, touching);
    if (!touching.empty()) continue;
    for (int k = 0; k < 4 && out.size() < count; ++k) {
      Query q;
      q.start = center;
      if (k < 3) {
        const double angle = rng.uniform(0.0, 2.0 * std::numbers::pi);
        const double length = rng.uniform(4.0, 20.0);
        q.move = static_cast<float>(length * std::cos(angle)) * side1 +
                 static_cast<float>(length * std::sin(angle)) * side2;
      } else {
        q.move = -static_cast<float>(rng.uniform(0.25, 2.0)) * up;
      }
      out.push_back(q);
    }
  }
  return out;
}

}  // namespace prism::peer
