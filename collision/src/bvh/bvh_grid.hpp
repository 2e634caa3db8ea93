#pragma once
// Internal: the start grid of a BVH (BvhStartGrid, bvh.hpp): its build, and the lookup that a
// traversal makes before it starts. Not a public header.
#include <immintrin.h>

#include <cstdint>
#include <vector>

#include "bvh/bvh_layout.hpp"

namespace collision::detail {

/// Fills bvh.grid for the tree the queries traverse (start8 for Bvh::nodes8 where it was built,
/// else start4 for Bvh::nodes), and appends the nodes made for cells to that tree. Called by
/// build_bvh on a new tree, after it has set the grid's tree_nodes4 and tree_nodes8. Leaves the
/// cells empty when the root is a leaf or the tree is empty.
void build_start_grid(Bvh& bvh);

/// Where the traversal of a query whose box has centre `center` and half extents `half` (lane 3
/// ignored) starts in the tree of width W. Returns false when the query can meet no triangle
/// (its centre lies in a cell near none, or in no cell); else sets `ref` to the cell's start
/// node, or leaves it (the root) when the box is too large for the grid or there is no grid.
template <int W>
inline bool grid_start(const Bvh& bvh, __m128 center, __m128 half, std::uint32_t& ref) {
  const BvhStartGrid& grid = bvh.grid;
  const std::vector<std::uint32_t>& starts = W == 8 ? grid.start8 : grid.start4;
  if (starts.empty()) return true;
  // Lane 3 passes both tests (reach +inf, cells 1, origin and scale 0).
  if (_mm_movemask_ps(_mm_cmple_ps(half, _mm_load_ps(grid.query_reach))) != 15) return true;
  const __m128 rel = _mm_mul_ps(_mm_sub_ps(center, _mm_load_ps(grid.origin)), _mm_load_ps(grid.inv_cell));
  const __m128 inside = _mm_and_ps(_mm_cmpge_ps(rel, _mm_setzero_ps()), _mm_cmplt_ps(rel, _mm_load_ps(grid.cells)));
  if (_mm_movemask_ps(inside) != 15) return false;  // (a NaN centre too: the callers' inputs are finite)
  alignas(16) std::int32_t cell[4];
  _mm_store_si128(reinterpret_cast<__m128i*>(cell), _mm_cvttps_epi32(rel));
  const std::uint32_t s = starts[static_cast<std::size_t>((cell[2] * grid.ny + cell[1]) * grid.nx + cell[0])];
  if (s == BvhNode4::kEmpty) return false;
  ref = s;
  return true;
}

/// grid_start for a segment from `origin` by `delta` whose box is grown by `margin`.
template <int W>
inline bool grid_start_segment(const Bvh& bvh, const glm::vec3& origin, const glm::vec3& delta,
                               const glm::vec3& margin, std::uint32_t& ref) {
  const __m128 d = _mm_setr_ps(delta.x, delta.y, delta.z, 0.0f);
  const __m128 h = _mm_set1_ps(0.5f);
  const __m128 center = _mm_add_ps(_mm_setr_ps(origin.x, origin.y, origin.z, 0.0f), _mm_mul_ps(d, h));
  const __m128 abs_d = _mm_andnot_ps(_mm_set1_ps(-0.0f), d);
  const __m128 half = _mm_add_ps(_mm_mul_ps(abs_d, h), _mm_setr_ps(margin.x, margin.y, margin.z, 0.0f));
  return grid_start<W>(bvh, center, half, ref);
}

}  // namespace collision::detail
