#include "collision/world.hpp"

#include <atomic>
#include <utility>

#include "bvh/bvh_layout.hpp"
#include "classic/classic_methods.hpp"

namespace collision {

namespace {

// What a moved-from World holds: no tree, no wide prisms (shared, made once).
const std::shared_ptr<const Bvh>& empty_tree() {
  static const std::shared_ptr<const Bvh> tree = std::make_shared<const Bvh>();
  return tree;
}
const std::shared_ptr<const std::vector<detail::WidePrism>>& no_wide_prisms() {
  static const std::shared_ptr<const std::vector<detail::WidePrism>> none =
      std::make_shared<const std::vector<detail::WidePrism>>();
  return none;
}

// The slivers' wide prisms: the solid triangles whose offset prisms reach farther than
// detail::kPrismReachInMargins beyond them, in ascending order.
std::vector<detail::WidePrism> find_wide_prisms(const TriangleMesh& mesh) {
  std::vector<detail::WidePrism> wide;
  for (std::uint32_t i = 0; i < mesh.triangle_count(); ++i) {
    if (!mesh.solid(i)) continue;
    const Triangle t = mesh.triangle(i);
    const double reach = detail::offset_prism_reach(glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c));
    if (reach > detail::kPrismReachInMargins) wide.push_back({i, static_cast<float>(reach)});
  }
  return wide;
}

}  // namespace

std::uint64_t detail::next_world_id() {
  static std::atomic<std::uint64_t> last{0};
  return last.fetch_add(1, std::memory_order_relaxed) + 1;
}

const std::vector<detail::WidePrism>& detail::wide_prisms(const World& world) { return *world.wide_prisms_; }

World::World(TriangleMesh mesh, const BvhBuildOptions& options)
    : mesh_(std::move(mesh)),
      bvh_(std::make_shared<const Bvh>(detail::build_tree(mesh_, options))),
      wide_prisms_(std::make_shared<const std::vector<detail::WidePrism>>(find_wide_prisms(mesh_))) {}

World::World(World&& o) noexcept
    : id_(std::move(o.id_)),
      mesh_(std::move(o.mesh_)),
      bvh_(std::exchange(o.bvh_, empty_tree())),
      wide_prisms_(std::exchange(o.wide_prisms_, no_wide_prisms())) {
  o.mesh_ = TriangleMesh{};
}

World& World::operator=(World&& o) noexcept {
  if (this == &o) return *this;
  id_ = std::move(o.id_);
  mesh_ = std::move(o.mesh_);
  o.mesh_ = TriangleMesh{};
  bvh_ = std::exchange(o.bvh_, empty_tree());
  wide_prisms_ = std::exchange(o.wide_prisms_, no_wide_prisms());
  return *this;
}

Aabb World::bounds() const { return bvh_->bounds; }

std::size_t World::solid_triangle_count() const { return bvh_->triangle_count; }

namespace {
template <class T>
std::size_t bytes(const std::vector<T>& v) {
  return v.capacity() * sizeof(T);
}
}  // namespace

WorldMemory World::memory() const {
  WorldMemory m;
  m.mesh = bytes(mesh_.positions) + bytes(mesh_.indices) + bytes(mesh_.normals) + bytes(mesh_.flags);
  m.nodes4 = bytes(bvh_->nodes);
  m.nodes8 = bytes(bvh_->nodes8);
  m.triangles = 0;  // kept once, in the packets (WorldMemory::triangles)
  m.packets = bytes(bvh_->packets);
  m.start_grid = bytes(bvh_->grid.start4) + bytes(bvh_->grid.start8);
  m.occupancy = bytes(bvh_->occupancy.bits);
  m.wide_prisms = bytes(*wide_prisms_);
  return m;
}

}  // namespace collision
