#pragma once
/// @file bvh.hpp
/// A bounding volume hierarchy over a TriangleMesh's solid triangles.
///
/// Build: top-down binned SAH (Wald 2007, "On fast construction of SAH-based bounding volume
/// hierarchies"), 32 bins per axis, into a binary tree that is then collapsed into 4-wide nodes
/// or, where the CPU has AVX2, into 8-wide nodes instead (as Embree's BVH8; chosen at run time,
/// see bvh_uses_avx2() and BvhBuildOptions::wide). A tree keeps one node width, the one its
/// queries traverse; both widths hold the same leaves, and every query gives the same result on
/// either. Each leaf triangle is kept once, in packets of four. Small queries start below the root, at a cell of a uniform grid over the level
/// (the entry point search of Reshetov et al. 2005, "Multi-level ray tracing algorithm"), and
/// end at once where fine occupancy bits say no triangle is near.
///
/// A World builds and keeps its tree (collision/world.hpp); the tree's layout is internal to
/// the core. What a user calls: the build options, build_bvh and sah_cost (to compare builds),
/// and which SIMD path the queries take.

#include <memory>

#include "collision/mesh.hpp"

namespace collision {

/// A built tree. Its layout is internal to the core: a user holds it (build_bvh, World::bvh)
/// and passes it to sah_cost.
struct Bvh;

enum class BvhSplit {
  kSah,     ///< binned SAH (default)
  kMedian,  ///< object median on the longest axis: a simple reference for tests
};

struct BvhBuildOptions {
  BvhSplit split = BvhSplit::kSah;
  int max_leaf_size = 8;  ///< 1..15 (two SSE packets by default)
  /// SAH cost of testing one triangle, in node visits. Leaf triangles are tested four at a time,
  /// so 0.5 (measured on oa_dm1: 15-20% faster rays and sweeps than 1.0). A value that is not
  /// positive (or NaN) means the default; values above 100 are clamped.
  float triangle_cost = 0.5f;
  /// The node width: 8-wide nodes, which queries traverse with AVX2, or 4-wide ones, traversed
  /// with SSE. The tree keeps only the width it is built with (since 2026-11-29: the 4-wide
  /// nodes are no longer kept beside the 8-wide ones). kAuto: 8-wide when bvh_uses_avx2(), so
  /// `PRISM_SIMD=sse` in the environment at the process's start makes every default World
  /// 4-wide and SSE; kAlways: 8-wide whenever the CPU has AVX2 (tests build one World of each
  /// width in one process); kNever: 4-wide, SSE, on any CPU (chosen per World at run time).
  enum class Wide { kAuto, kAlways, kNever } wide = Wide::kAuto;
  /// Also build the start grid for the tree the queries traverse, and the occupancy bits in
  /// front of it. Without them every query starts at the root: the same results, slower small
  /// queries, a smaller and quicker build.
  bool start_grid = true;
};

/// Whether this process's queries use the 8-wide nodes and AVX2: the CPU has AVX2 and the
/// environment variable PRISM_SIMD is not "sse" (read once, at the first call). The default
/// build runs on any x86-64; `PRISM_SIMD=sse` forces the SSE path (CI runs the tests both ways).
bool bvh_uses_avx2();

/// The CPU has AVX2 and FMA, which the 8-wide traversal uses (whatever PRISM_SIMD says).
bool cpu_has_avx2();

/// Builds the BVH over the solid triangles of `mesh` (non-solid ones are left out, and so is a
/// triangle that has become degenerate since make_mesh). Each leaf triangle's plane is computed
/// from its corners; `mesh.normals` is not read. Never null; the tree is immutable.
std::shared_ptr<const Bvh> build_bvh(const TriangleMesh& mesh, const BvhBuildOptions& options = {});

/// The tree's SAH cost: sum over inner nodes of area(node)/area(root) * 1 plus, over leaves,
/// area(leaf)/area(root) * triangle count * 1, over the nodes the tree keeps (8-wide ones cost
/// less than 4-wide ones for the same leaves: compare trees of one width). Lower is better; used
/// by tests to catch builder bugs that leave results right but queries slow.
double sah_cost(const Bvh& bvh);

}  // namespace collision
