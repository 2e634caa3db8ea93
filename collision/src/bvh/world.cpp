#include "collision/world.hpp"

#include <atomic>

#include "classic/classic_methods.hpp"

namespace collision {

std::uint64_t detail::next_world_id() {
  static std::atomic<std::uint64_t> last{0};
  return last.fetch_add(1, std::memory_order_relaxed) + 1;
}

World::World(TriangleMesh mesh, const BvhBuildOptions& options)
    : mesh_(std::move(mesh)), bvh_(build_bvh(mesh_, options)) {
  for (std::uint32_t i = 0; i < mesh_.triangle_count(); ++i) {
    if (!mesh_.solid(i)) continue;
    const Triangle t = mesh_.triangle(i);
    const double reach = detail::offset_prism_reach(glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c));
    if (reach > detail::kPrismReachInMargins) wide_prisms_.push_back({i, static_cast<float>(reach)});
  }
}

}  // namespace collision
