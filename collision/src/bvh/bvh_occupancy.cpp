// The occupancy bits of a BVH (BvhOccupancy, bvh.hpp): a fine grid over the solid triangles,
// one bit per cell, set where a triangle meets the cell. A triangle whose box is thin on some
// axis or small (most of a level: floors, walls, ramps, detail) sets its box's cells, nearly the
// ones it meets; a large one slanted across all three axes (terrain, a sky's side) is clipped to
// the slab of each layer of cells it crosses (z), then to each row of that layer (y), in
// double, and the part left spans an interval of cells along x, whose bits are set.
#include "bvh/bvh_occupancy.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <glm/vec3.hpp>

namespace collision::detail {

namespace {

// A quarter of a start cell on a side (64 fine cells to a start cell, about 8 to a triangle,
// one to two bytes a triangle). Measured (callgrind, radius-16 sphere sweeps of the uniform set
// on islandctf, cbctf1, czest2ctf, oa_dm1, aggressor, hydronex; the build timed on q3dm6ish,
// oa_bases3cl, oa_dm1, islandctf): a fifth, a sixth or an eighth cleared up to 5% more of the
// sweeps' instructions on the open maps (and lost as much on the closed ones, to more rows
// read) but took two to three times the quarter's build.
constexpr double kFineCellsPerStartCell = 4.0;

// Marking is skipped (no bits) when the triangles' boxes cross more rows than this many per
// triangle plus this many per row of the grid: a mesh of large triangles each crossing much of
// the level, where the bits would cost more to build than the tree and cull little.
constexpr double kRowsPerTriangle = 48.0, kRowsPerGridRow = 4.0;

// A convex polygon: a triangle clipped by up to four planes has at most seven corners.
struct Polygon {
  glm::dvec3 v[8];
  int n = 0;
};

// The part of `in` with lo <= p[axis] <= hi (Sutherland-Hodgman, one plane at a time).
Polygon clip_slab(const Polygon& in, int axis, double lo, double hi) {
  Polygon mid;
  for (int i = 0; i < in.n; ++i) {
    const glm::dvec3& a = in.v[i];
    const glm::dvec3& b = in.v[(i + 1) % in.n];
    const bool a_in = a[axis] >= lo, b_in = b[axis] >= lo;
    if (a_in) mid.v[mid.n++] = a;
    if (a_in != b_in) mid.v[mid.n++] = a + (b - a) * ((lo - a[axis]) / (b[axis] - a[axis]));
  }
  Polygon out;
  for (int i = 0; i < mid.n; ++i) {
    const glm::dvec3& a = mid.v[i];
    const glm::dvec3& b = mid.v[(i + 1) % mid.n];
    const bool a_in = a[axis] <= hi, b_in = b[axis] <= hi;
    if (a_in) out.v[out.n++] = a;
    if (a_in != b_in) out.v[out.n++] = a + (b - a) * ((hi - a[axis]) / (b[axis] - a[axis]));
  }
  return out;
}

struct Marker {
  BvhOccupancy& occ;
  double origin[3], cell, inv_cell, slack;
  int n[3];
  // As floats for the SSE cell range of a triangle's box: origin + slack, origin - slack,
  // 1 / cell, the last cell's index (lane 3: 0).
  __m128 low_edge, high_edge, inv4, top4;

  Marker(BvhOccupancy& o, const double (&org)[3], double cell_size, double s, const int (&count)[3])
      : occ(o), origin{org[0], org[1], org[2]}, cell(cell_size), inv_cell(1.0 / cell_size), slack(s),
        n{count[0], count[1], count[2]} {
    low_edge = _mm_setr_ps(static_cast<float>(org[0] + s), static_cast<float>(org[1] + s), static_cast<float>(org[2] + s), 0.0f);
    high_edge = _mm_setr_ps(static_cast<float>(org[0] - s), static_cast<float>(org[1] - s), static_cast<float>(org[2] - s), 0.0f);
    inv4 = _mm_setr_ps(static_cast<float>(inv_cell), static_cast<float>(inv_cell), static_cast<float>(inv_cell), 0.0f);
    top4 = _mm_setr_ps(static_cast<float>(n[0] - 1), static_cast<float>(n[1] - 1), static_cast<float>(n[2] - 1), 0.0f);
  }

  // The cells whose slabs (grown by the slack) hold [lo, hi] on an axis, clamped to the grid.
  // (Clamped before the conversion, which then truncates a value >= 0: its floor.)
  void cells(int axis, double lo, double hi, int& first, int& last) const {
    const double top = n[axis] - 1;
    first = static_cast<int>(std::clamp((lo - slack - origin[axis]) * inv_cell, 0.0, top));
    last = static_cast<int>(std::clamp((hi + slack - origin[axis]) * inv_cell, 0.0, top));
  }
  double slab_lo(int axis, int k) const { return origin[axis] + k * cell - slack; }
  double slab_hi(int axis, int k) const { return origin[axis] + (k + 1) * cell + slack; }

  // Sets cells first..last of row (y, z): whole aligned words (a row is a whole number of
  // them), so that no write overlaps part of another's bytes (which would stall the next read).
  void set_cells(int y, int z, int first, int last) {
    std::uint8_t* row = occ.bits.data() + (static_cast<std::size_t>(z) * occ.ny + y) * occ.row_bytes;
    for (int w = first >> 6; w <= last >> 6; ++w) {
      const int lo = std::max(first - 64 * w, 0), hi = std::min(last - 64 * w, 63);
      const std::uint64_t mask = (~std::uint64_t{0} >> (63 - hi)) & (~std::uint64_t{0} << lo);
      std::uint64_t word;
      std::memcpy(&word, row + 8 * w, sizeof word);
      word |= mask;
      std::memcpy(row + 8 * w, &word, sizeof word);
    }
  }

  // Sets the cells of a box of cells: where its x range lies in one or two words, the same
  // one or two masks in every row.
  void mark_box(const int c0[3], const int c1[3]) {
    const int w0 = c0[0] >> 6, w1 = c1[0] >> 6;
    if (w1 - w0 > 1) {
      for (int z = c0[2]; z <= c1[2]; ++z) {
        for (int y = c0[1]; y <= c1[1]; ++y) set_cells(y, z, c0[0], c1[0]);
      }
      return;
    }
    const std::uint64_t ones = ~std::uint64_t{0};
    const std::uint64_t first_mask = (ones << (c0[0] & 63)) & (w0 == w1 ? ones >> (63 - (c1[0] & 63)) : ones);
    const std::uint64_t second_mask = w0 == w1 ? 0 : ones >> (63 - (c1[0] & 63));
    const std::size_t layer = static_cast<std::size_t>(occ.ny) * occ.row_bytes;
    std::uint8_t* plane = occ.bits.data() + c0[2] * layer + static_cast<std::size_t>(c0[1]) * occ.row_bytes + 8 * w0;
    const auto set = [](std::uint8_t* p, std::uint64_t mask) {
      std::uint64_t word;
      std::memcpy(&word, p, sizeof word);
      word |= mask;
      std::memcpy(p, &word, sizeof word);
    };
    for (int z = c0[2]; z <= c1[2]; ++z, plane += layer) {
      std::uint8_t* row = plane;
      for (int y = c0[1]; y <= c1[1]; ++y, row += occ.row_bytes) {
        set(row, first_mask);
        if (second_mask != 0) set(row + 8, second_mask);
      }
    }
  }

  static void extent(const Polygon& p, int axis, double& lo, double& hi) {
    lo = hi = p.v[0][axis];
    for (int i = 1; i < p.n; ++i) {
      lo = std::min(lo, p.v[i][axis]);
      hi = std::max(hi, p.v[i][axis]);
    }
  }

  // Every row of layer z that the polygon (already clipped to the layer) meets.
  void mark_layer(const Polygon& layer, int z) {
    double lo, hi;
    extent(layer, 1, lo, hi);
    int y0, y1;
    cells(1, lo, hi, y0, y1);
    for (int y = y0; y <= y1; ++y) {
      const Polygon row = y0 == y1 ? layer : clip_slab(layer, 1, slab_lo(1, y), slab_hi(1, y));
      if (row.n == 0) continue;
      extent(row, 0, lo, hi);
      int x0, x1;
      cells(0, lo, hi, x0, x1);
      set_cells(y, z, x0, x1);
    }
  }

  // Returns the rows it looked at. A triangle whose box spans at most two cells on some axis (a
  // floor, a wall, a ramp rising along one axis: most of a level) or at most eight cells in
  // all has its box's cells set: they are nearly the cells it meets. A larger one, slanted
  // across all three axes, is clipped to each layer and row.
  int mark(const BvhTriangle& t) {
    // The box's cells in float SSE: its rounding (2^-24 of the coordinates' scale) is far inside
    // the slack.
    const __m128 a = _mm_setr_ps(t.a.x, t.a.y, t.a.z, 0.0f), b = _mm_setr_ps(t.b.x, t.b.y, t.b.z, 0.0f),
                 c = _mm_setr_ps(t.c.x, t.c.y, t.c.z, 0.0f);
    const __m128 lo = _mm_min_ps(a, _mm_min_ps(b, c)), hi = _mm_max_ps(a, _mm_max_ps(b, c));
    const __m128 zero = _mm_setzero_ps();
    alignas(16) std::int32_t c0[4], c1[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(c0),
                    _mm_cvttps_epi32(_mm_min_ps(_mm_max_ps(_mm_mul_ps(_mm_sub_ps(lo, low_edge), inv4), zero), top4)));
    _mm_store_si128(reinterpret_cast<__m128i*>(c1),
                    _mm_cvttps_epi32(_mm_min_ps(_mm_max_ps(_mm_mul_ps(_mm_sub_ps(hi, high_edge), inv4), zero), top4)));
    const int span[3] = {c1[0] - c0[0] + 1, c1[1] - c0[1] + 1, c1[2] - c0[2] + 1};
    if (std::min({span[0], span[1], span[2]}) <= 2 || span[0] * span[1] * span[2] <= 8) {
      mark_box(c0, c1);
      return span[1] * span[2];
    }
    Polygon tri;
    tri.v[0] = glm::dvec3(t.a);
    tri.v[1] = glm::dvec3(t.b);
    tri.v[2] = glm::dvec3(t.c);
    tri.n = 3;
    for (int z = c0[2]; z <= c1[2]; ++z) {
      const Polygon layer = clip_slab(tri, 2, slab_lo(2, z), slab_hi(2, z));
      if (layer.n != 0) mark_layer(layer, z);
    }
    return span[1] * span[2];
  }
};

}  // namespace

void build_occupancy(Bvh& bvh) {
  BvhOccupancy& occ = bvh.occupancy;
  occ = BvhOccupancy{};
  const BvhStartGrid& grid = bvh.grid;
  if (bvh.triangle_count == 0 || !(grid.cell > 0.0f)) return;
  const double lo[3] = {bvh.bounds.min.x, bvh.bounds.min.y, bvh.bounds.min.z};
  const double hi[3] = {bvh.bounds.max.x, bvh.bounds.max.y, bvh.bounds.max.z};
  double largest = 0.0;
  for (int a = 0; a < 3; ++a) largest = std::max(largest, hi[a] - lo[a]);
  // A query's box is seen by the test with at most about 4 x 2^-24 of its coordinates' scale
  // of rounding (its corners c -+ h, their cell coordinates (x - origin) * inverse cell); a box
  // the test does not give up on reaches at most a few times the level's size past it. The
  // slack (bits set for triangles within it of a cell) covers that more than ten times over.
  const double slack = 4e-6 * (std::max(1.0, static_cast<double>(bvh.max_abs_coordinate)) + largest);
  const float cell_f = static_cast<float>(grid.cell / kFineCellsPerStartCell);
  const float inv_f = 1.0f / cell_f;
  // As the queries read them: the origin and the cell size implied by the float inverse.
  const double cell = 1.0 / static_cast<double>(inv_f);
  int n[3];
  double origin[3];
  double cells_total = 1.0;
  for (int a = 0; a < 3; ++a) {
    origin[a] = static_cast<double>(static_cast<float>(lo[a] - 2.0 * slack));
    const double count = std::floor((hi[a] + 2.0 * slack - origin[a]) / cell) + 1.0;
    if (!(count >= 1.0 && count <= 8192.0)) return;
    n[a] = static_cast<int>(count);
    cells_total *= count;
  }
  if (cells_total > static_cast<double>(1u << 27)) return;  // 16 MB of bits: not for a level
  occ.nx = n[0];
  occ.ny = n[1];
  occ.nz = n[2];
  occ.cell = cell_f;
  occ.row_bytes = static_cast<std::uint32_t>((n[0] + 63) / 64 * 8);
  for (int a = 0; a < 3; ++a) {
    occ.origin[a] = static_cast<float>(origin[a]);
    occ.inv_cell[a] = inv_f;
    occ.cells[a] = static_cast<float>(n[a]);
  }
  occ.bits.assign(static_cast<std::size_t>(occ.row_bytes) * n[1] * n[2] + 8, 0);
  Marker marker(occ, origin, cell, slack, n);
  const double budget = kRowsPerTriangle * static_cast<double>(bvh.triangle_count) + kRowsPerGridRow * n[1] * n[2];
  double rows = 0.0;
  for (std::uint32_t slot = 0; slot < bvh.slot_count(); ++slot) {
    const BvhTriangle t = bvh.triangle(slot);
    if (t.index == BvhPacket4::kEmptyLane) continue;
    rows += marker.mark(t);
    if (rows > budget) {
      occ = BvhOccupancy{};
      return;
    }
  }
}

}  // namespace collision::detail
