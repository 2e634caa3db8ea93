#include "levels.hpp"

#include <chrono>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string_view>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "collision/aabb.hpp"

namespace prism::peer {
namespace {

constexpr std::string_view kDensePrefix = "dense:";

// Scales the level's mesh about its bounds' centre to a mean edge of kDenseMeanEdge (its normals
// computed again from the scaled corners) and puts one spawn point a little above the top of
// the scaled bounds.
void make_dense(collision::io::Level& level) {
  collision::TriangleMesh& mesh = level.mesh;
  double edge_sum = 0.0;
  for (const glm::uvec3& t : mesh.indices) {
    for (int k = 0; k < 3; ++k) {
      edge_sum += glm::distance(glm::dvec3(mesh.positions[t[k]]), glm::dvec3(mesh.positions[t[(k + 1) % 3]]));
    }
  }
  collision::Aabb bounds;
  for (const glm::vec3& p : mesh.positions) bounds.grow(p);
  if (mesh.indices.empty() || !(edge_sum > 0.0)) throw std::runtime_error("dense mesh: no triangles");
  const double scale = kDenseMeanEdge / (edge_sum / (3.0 * static_cast<double>(mesh.indices.size())));
  const glm::dvec3 centre = 0.5 * (glm::dvec3(bounds.min) + glm::dvec3(bounds.max));
  for (glm::vec3& p : mesh.positions) p = glm::vec3((glm::dvec3(p) - centre) * scale);
  // Normals again from the scaled corners (make_mesh's invariant: the World trusts them).
  mesh = collision::make_mesh(std::move(mesh.positions), mesh.indices, mesh.flags);
  const glm::vec3 up = glm::normalize(level.up);
  const float top = static_cast<float>(0.5 * glm::dot(glm::dvec3(bounds.extent()), glm::abs(glm::dvec3(up))) * scale);
  level.spawns.clear();
  level.spawns.push_back({"dense_top", (top + 32.0f) * up, 0.0f});
}

}  // namespace

const LoadedLevel& level(const std::string& name) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<LoadedLevel>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto& slot = cache[name];
  if (!slot) {
    auto loaded = std::make_unique<LoadedLevel>();
    loaded->name = name;
    collision::io::LoadOptions options;
    options.patch_level = kPatchLevel;
    const auto t0 = std::chrono::steady_clock::now();
    const bool dense = name.starts_with(kDensePrefix);
    loaded->level = collision::io::load_level(dense ? name.substr(kDensePrefix.size()) : name, options);
    if (dense) make_dense(loaded->level);
    loaded->load_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    collision::TriangleMesh mesh = std::move(loaded->level.mesh);
    loaded->level.mesh = {};
    for (std::size_t i = 0; i < mesh.triangle_count(); ++i) {
      if (mesh.solid(i)) ++loaded->solid_triangles;
    }
    loaded->world = std::make_unique<collision::World>(std::move(mesh));
    slot = std::move(loaded);
  }
  return *slot;
}

}  // namespace prism::peer
