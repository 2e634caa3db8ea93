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

#include <cstdint>
#include <utility>
#include <vector>

#include "collision/bvh.hpp"
#include "collision/mesh.hpp"

namespace collision {

/// A solid triangle whose seed-000 offset prism reaches farther than 4 edge margins beyond it
/// (a sliver: the clip planes of two nearly parallel edges meet far along its length).
struct WidePrism {
  std::uint32_t triangle;
  float reach;  ///< how far the prism reaches beyond the triangle, in edge margins L
};

namespace detail {
std::uint64_t next_world_id();  // 1, 2, 3, ...: thread-safe

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
}  // namespace detail

class World {
 public:
  /// Takes the mesh (see make_mesh for its invariants) and builds the BVH.
  explicit World(TriangleMesh mesh, const BvhBuildOptions& options = {});

  const TriangleMesh& mesh() const { return mesh_; }
  const Bvh& bvh() const { return bvh_; }
  /// The slivers' wide prisms (ascending triangle index): the seed-000 method tests them
  /// wherever they are, besides the BVH's candidates near the move, as the seed's loop over
  /// every triangle would.
  const std::vector<WidePrism>& wide_prisms() const { return wide_prisms_; }
  /// Identifies this world's content among the process's worlds (never 0): part of what a
  /// CharacterState's contacts_key digests.
  std::uint64_t id() const { return id_.value; }

 private:
  detail::WorldId id_;
  TriangleMesh mesh_;
  Bvh bvh_;
  std::vector<WidePrism> wide_prisms_;
};

}  // namespace collision
