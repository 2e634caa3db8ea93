#pragma once
/// @file world.hpp
/// A static collision world: a triangle mesh and its BVH over the solid triangles.
///
/// Build once (O(n log n): about 4 ms for oa_dm1's 7,434 triangles here), then query from any
/// number of threads: every query is const and allocation-free except the overlap queries'
/// output vectors. An empty mesh is a valid world that nothing ever hits.
///
/// Input domain (collision/domain.hpp): make_mesh() keeps only triangles whose corners lie
/// within +-2^40, so a World built from it holds nothing a query's float arithmetic could
/// overflow on. A hand-built TriangleMesh with larger (finite) coordinates still builds a
/// well-formed BVH, but queries against it are outside the domain and their answers unspecified.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "collision/aabb.hpp"
#include "collision/bvh.hpp"
#include "collision/mesh.hpp"

// PRISM_RECORDING (CMake option, on by default): the recorder's hook in every World and every
// query (collision/recording.hpp). It changes World's layout, so the CMake target makes it a
// public definition; a build without it is a build with it on.
#ifndef PRISM_RECORDING
#define PRISM_RECORDING 1
#endif

namespace collision {

class World;

namespace detail {
std::uint64_t next_world_id();  // 1, 2, 3, ...: thread-safe

struct WidePrism;  // the offset-prism method's (collision/src/classic/classic_methods.hpp)
const std::vector<WidePrism>& wide_prisms(const World& world);

/// A number no other World of this process has: a copy shares it (the same content), a move
/// takes it along and leaves the source a new one.
struct WorldId {
  std::uint64_t value = next_world_id();
  WorldId() = default;
  WorldId(const WorldId&) = default;
  WorldId& operator=(const WorldId&) = default;
  WorldId(WorldId&& o) noexcept : value(o.value) { o.value = next_world_id(); }
  WorldId& operator=(WorldId&& o) noexcept {
    value = o.value;
    o.value = next_world_id();
    return *this;
  }
};
class RecorderHook;  // collision/src/recording/record_call.hpp

/// The recorder attached to a World. A copy or a move of the World is not attached.
struct RecorderSlot {
  mutable std::atomic<RecorderHook*> hook{nullptr};
  RecorderSlot() = default;
  RecorderSlot(const RecorderSlot&) noexcept {}
  RecorderSlot& operator=(const RecorderSlot&) noexcept { return *this; }
};
}  // namespace detail

/// What a World holds, by part, in bytes (each array's allocated capacity). A copy of a World
/// keeps its own mesh and shares the tree: it reports the same tree parts, which it does not
/// hold alone. The tree keeps one node width (nodes4 or nodes8 is 0) and each triangle once
/// (triangles is 0): on oa_dm1 221.3 bytes a triangle with the 8-wide nodes (mesh 38.7, nodes8
/// 47.4, packets 131.4, start grid and occupancy 2.6, wide prisms 1.1), 302.7 before both.
struct WorldMemory {
  std::size_t mesh = 0;        ///< the source mesh the World keeps (positions, indices, normals, flags)
  /// The 4-wide nodes (the tree's and the start grid's), where built (BvhBuildOptions::wide).
  std::size_t nodes4 = 0;
  std::size_t nodes8 = 0;      ///< the 8-wide nodes (the same), where built instead
  /// A second copy of the leaf triangles, in BVH order: 0 since 2026-11-29 (it was 64 bytes a
  /// triangle; the tree keeps them once, in its packets). Kept so that the parts keep their names.
  std::size_t triangles = 0;
  std::size_t packets = 0;     ///< the leaf triangles four to a packet, with their planes and edge planes
  std::size_t start_grid = 0;  ///< the start grid's cells
  std::size_t occupancy = 0;   ///< the occupancy bits
  std::size_t wide_prisms = 0; ///< the offset prism method's list of sliver triangles
  std::size_t total() const {
    return mesh + nodes4 + nodes8 + triangles + packets + start_grid + occupancy + wide_prisms;
  }
};

class World {
 public:
  /// Takes the mesh (see make_mesh for its invariants) and builds the BVH.
  explicit World(TriangleMesh mesh, const BvhBuildOptions& options = {});
  /// A copy shares the (immutable) tree. A moved-from World is an empty world.
  World(const World&) = default;
  World& operator=(const World&) = default;
  World(World&& o) noexcept;
  World& operator=(World&& o) noexcept;
  ~World() = default;

  const TriangleMesh& mesh() const { return mesh_; }
  /// The tree (its layout is internal: see collision/bvh.hpp).
  const Bvh& bvh() const { return *bvh_; }
  /// The box of the triangles the queries can hit (empty when there are none).
  Aabb bounds() const;
  /// How many triangles the queries can hit: the mesh's solid ones, less any that have become
  /// degenerate since make_mesh.
  std::size_t solid_triangle_count() const;
  /// Identifies this world's content among the process's worlds (never 0): part of what a
  /// CharacterState's contacts_key digests.
  std::uint64_t id() const { return id_.value; }
  /// What this World holds in memory, by part (bytes a triangle: memory().total() /
  /// solid_triangle_count()).
  WorldMemory memory() const;
#if PRISM_RECORDING
  /// The recorder attached to this world, or null: every recorded query loads it (one atomic
  /// load; acquire, a plain load on x86).
  detail::RecorderHook* recorder_hook() const { return recorder_.hook.load(std::memory_order_acquire); }
  const detail::RecorderSlot& recorder_slot() const { return recorder_; }
#endif

 private:
  friend const std::vector<detail::WidePrism>& detail::wide_prisms(const World& world);
  detail::WorldId id_;
  TriangleMesh mesh_;
  std::shared_ptr<const Bvh> bvh_;
  std::shared_ptr<const std::vector<detail::WidePrism>> wide_prisms_;
#if PRISM_RECORDING
  detail::RecorderSlot recorder_;
#endif
};

}  // namespace collision
