#pragma once
// Internal: the occupancy bits of a BVH (BvhOccupancy, bvh.hpp): their build, and the test a
// traversal makes before it starts. Not a public header.
#include <immintrin.h>

#include <cmath>
#include <cstdint>
#include <cstring>

#include "bvh/bvh_layout.hpp"

namespace collision::detail {

/// Fills bvh.occupancy over the leaf triangles (bvh.packets), its fine cells a quarter of the start grid's cell.
/// Called by build_bvh after build_start_grid; leaves it empty when there is no start grid, or
/// when marking the cells would cost far more than the tree's build (a mesh of many triangles
/// each crossing much of the level).
void build_occupancy(Bvh& bvh);

/// The most rows (y, z pairs) of fine cells a query's box may cross and still be tested, and the
/// most cells along a row (one unaligned 64-bit read, shifted by up to 7 bits).
inline constexpr int kOccupancyMaxRows = 16;
inline constexpr int kOccupancyMaxRowCells = 57;

/// Whether a box (centre and half extents; lane 3 ignored) may meet a triangle: false only when
/// every fine cell it meets is clear, or it lies outside the cells. True when there are no bits,
/// or the box crosses more cells than the test looks at. `kMayBeLong`: the query is often longer
/// than that (rays), and such a box is told at once from its size (a few instructions more for
/// the others: the sweeps, small boxes, go without).
template <bool kMayBeLong = false>
inline bool occupancy_may_meet(const BvhOccupancy& occ, __m128 center, __m128 half) {
  if (occ.bits.empty()) return true;
  const __m128 origin = _mm_load_ps(occ.origin), inv = _mm_load_ps(occ.inv_cell), cells = _mm_load_ps(occ.cells);
  const __m128 lo = _mm_mul_ps(_mm_sub_ps(_mm_sub_ps(center, half), origin), inv);
  const __m128 hi = _mm_mul_ps(_mm_sub_ps(_mm_add_ps(center, half), origin), inv);
  // A box wholly past the cells on an axis meets no triangle; one reaching past them meets
  // the outer cells' bits only (there are no triangles beyond), so it is clamped to them. (A
  // NaN fails both comparisons, and max/min then return the clamp: never an index outside.)
  const __m128 outside = _mm_or_ps(_mm_cmpge_ps(lo, cells), _mm_cmplt_ps(hi, _mm_setzero_ps()));
  if (_mm_movemask_ps(outside) != 0) return false;
  const __m128 first = _mm_max_ps(lo, _mm_setzero_ps());
  const __m128 last = _mm_min_ps(hi, _mm_sub_ps(cells, _mm_set1_ps(0.5f)));
  // A box 58 cells long on x or 17 on y or z (clamped) crosses more than the test reads (a span
  // of 57 or more on x, or 17 or more on y or z: more than 16 rows), whatever the roundings
  // below: no decision, known before the spans are worked out (most long rays).
  if constexpr (kMayBeLong) {
    if (_mm_movemask_ps(_mm_cmpge_ps(_mm_sub_ps(last, first), _mm_setr_ps(58.0f, 17.0f, 17.0f, INFINITY))) != 0) {
      return true;
    }
  }
  alignas(16) std::int32_t i0[4], i1[4];
  _mm_store_si128(reinterpret_cast<__m128i*>(i0), _mm_cvttps_epi32(first));
  _mm_store_si128(reinterpret_cast<__m128i*>(i1), _mm_cvttps_epi32(last));
  const int span_x = i1[0] - i0[0], span_y = i1[1] - i0[1], span_z = i1[2] - i0[2];
  // (A span below 0, from a box with a negative half extent, which no query makes: no decision.)
  if (span_x >= kOccupancyMaxRowCells || (span_x | span_y | span_z) < 0) return true;
  const std::uint64_t mask = (std::uint64_t{2} << span_x) - 1;
  const int shift = i0[0] & 7;
  const std::size_t row = occ.row_bytes, layer = static_cast<std::size_t>(occ.ny) * occ.row_bytes;
  const std::uint8_t* first_row = occ.bits.data() + (i0[0] >> 3) + i0[2] * layer + i0[1] * row;
  // Little-endian: bit k of a row is bit k of the 64-bit word read at its byte k / 8.
  const auto read = [](const std::uint8_t* p) {
    std::uint64_t word;
    std::memcpy(&word, p, sizeof word);
    return word;
  };
  if ((span_y | span_z) <= 1) {
    // The common case, without a branch: up to 2 x 2 rows, all four read (one twice where a
    // span is 0).
    const std::size_t dy = span_y * row, dz = span_z * layer;
    const std::uint64_t word = read(first_row) | read(first_row + dy) | read(first_row + dz) | read(first_row + dy + dz);
    return ((word >> shift) & mask) != 0;
  }
  if ((span_y + 1) * (span_z + 1) > kOccupancyMaxRows) return true;
  for (int z = 0; z <= span_z; ++z) {
    for (int y = 0; y <= span_y; ++y) {
      if (((read(first_row + z * layer + y * row) >> shift) & mask) != 0) return true;
    }
  }
  return false;
}

}  // namespace collision::detail
