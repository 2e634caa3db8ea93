// The start grid of a BVH (BvhStartGrid, bvh.hpp): cubic cells over the solid triangles'
// bounds, each keeping the node where a query near it starts: a node whose children hold every
// triangle near the cell, made for the cell when the tree has none small enough.
#include "bvh/bvh_grid.hpp"

#include <immintrin.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace collision::detail {

namespace {

// About one cell per eight solid triangles, and a reach of 0.35 cells. Measured (callgrind,
// radius-16 sphere sweeps on oa_dm1, ctf_inyard, islanddm, oa_pvomit, uniform and walking sets)
// against the grid's build cost: 1/2 a triangle gained up to 10% more on the sweeps but tripled
// the grid's build; a reach of 1/4 to 1 cell moved the sweeps by +-10% in both directions
// (a small reach serves fewer queries, a large one keeps more of the tree in every cell).
constexpr double kCellsPerTriangle = 0.125, kReachInCells = 0.35;
constexpr double kMinCells = 64.0, kMaxCells = 1 << 16;
constexpr double kMaxCellsOverTarget = 8.0;

// A block of cells, inclusive ranges per axis.
struct Block {
  int lo[3], hi[3];
  bool single() const { return lo[0] == hi[0] && lo[1] == hi[1] && lo[2] == hi[2]; }
};

// A box as floats: a subtree's, a triangle's, or a block's cells grown by reach (rounded
// outward, so that a test against it keeps everything the exact one would).
struct Box {
  float min[3], max[3];
  bool meets(const Box& o) const {
    return min[0] <= o.max[0] && o.min[0] <= max[0] && min[1] <= o.max[1] && o.min[1] <= max[1] &&
           min[2] <= o.max[2] && o.min[2] <= max[2];
  }
  double volume() const {
    return (static_cast<double>(max[0]) - min[0]) * (static_cast<double>(max[1]) - min[1]) *
           (static_cast<double>(max[2]) - min[2]);
  }
};

// A hash of a list's references (FNV-1a over the words).
template <int W>
struct ListHash {
  std::size_t operator()(const std::array<std::uint32_t, W>& refs) const {
    std::uint64_t h = 1469598103934665603ull;
    for (std::uint32_t r : refs) h = (h ^ r) * 1099511628211ull;
    return static_cast<std::size_t>(h);
  }
};

// The set bits of a lane mask (up to 8 lanes; without the POPCNT instruction, which the default
// build does not assume).
inline int bit_count(unsigned mask) {
  int n = 0;
  for (; mask != 0; mask &= mask - 1) ++n;
  return n;
}

// A start being refined: a node or leaf reference, its first packet (leaf) and its box.
struct Entry {
  std::uint32_t ref, packet;
  Box box;
};

// Fills the cells of one tree, top-down over blocks of cells. A block carries a list of at
// most W (the node width) subtrees that hold every triangle within reach of its cells. The
// block refines it: an inner node is replaced by the children whose boxes come within reach of
// the block when one or none does, or when they fit in the list (the largest node first); at a
// single cell, a leaf none of whose triangles' boxes comes within reach is dropped. Then the
// block is split in two along its longest axis and each half refines the list again, down to
// single cells, which keep what is left: nothing, a single inner node as it is, or a node made
// of the list (one per distinct list). A block whose list empties keeps nothing at once.
template <class Node, int W>
struct Filler {
  const std::vector<Box>& triangle_boxes;  // of the triangles, by slot (Bvh::triangle)
  std::vector<Node>& nodes;
  std::vector<std::uint32_t>& cells;
  double origin[3], cell, reach;  // reach: the query reach plus the slack
  int nx, ny;
  std::unordered_map<std::array<std::uint32_t, W>, std::uint32_t, ListHash<W>> made{};  // sorted refs -> node

  Box region(const Block& b) const {
    Box r;
    for (int a = 0; a < 3; ++a) {
      // Rounded outward by more than the float rounding (2^-24 relative): 1e-6 of the value.
      const double lo = origin[a] + b.lo[a] * cell - reach, hi = origin[a] + (b.hi[a] + 1) * cell + reach;
      r.min[a] = static_cast<float>(lo - 1e-6 * std::fabs(lo));
      r.max[a] = static_cast<float>(hi + 1e-6 * std::fabs(hi));
    }
    return r;
  }

  bool leaf_meets(const Entry& e, const Box& r) const {
    const std::uint32_t first = BvhNode4::leaf_first(e.ref), count = BvhNode4::leaf_count(e.ref);
    for (std::uint32_t i = first; i < first + count; ++i) {
      if (triangle_boxes[i].meets(r)) return true;
    }
    return false;
  }

  // The children of inner entry e whose boxes meet the region, as a lane mask (four lanes at a
  // time; an empty lane's box meets nothing).
  unsigned children(const Entry& e, const Box& r) const {
    const float* base = nodes[e.ref].min_x;
    const __m128 rmin[3] = {_mm_set1_ps(r.min[0]), _mm_set1_ps(r.min[1]), _mm_set1_ps(r.min[2])};
    const __m128 rmax[3] = {_mm_set1_ps(r.max[0]), _mm_set1_ps(r.max[1]), _mm_set1_ps(r.max[2])};
    unsigned mask = 0;
    for (int q = 0; q < W; q += 4) {
      __m128 ok = _mm_cmple_ps(_mm_load_ps(base + q), rmax[0]);
      ok = _mm_and_ps(ok, _mm_cmple_ps(rmin[0], _mm_load_ps(base + 3 * W + q)));
      for (int a = 1; a < 3; ++a) {
        ok = _mm_and_ps(ok, _mm_cmple_ps(_mm_load_ps(base + a * W + q), rmax[a]));
        ok = _mm_and_ps(ok, _mm_cmple_ps(rmin[a], _mm_load_ps(base + (3 + a) * W + q)));
      }
      mask |= static_cast<unsigned>(_mm_movemask_ps(ok)) << q;
    }
    return mask;
  }

  Entry child(std::uint32_t index, int lane) const {
    const Node& n = nodes[index];
    return Entry{n.child[lane], n.packet[lane],
                 Box{{n.min_x[lane], n.min_y[lane], n.min_z[lane]}, {n.max_x[lane], n.max_y[lane], n.max_z[lane]}}};
  }

  // Refines `list` (count n) for the region; returns the new count.
  int refine(Entry* list, int n, const Box& r, bool single) const {
    unsigned kids[W];  // of a settled inner entry: the children that meet the region (two or more)
    bool settled[W] = {};
    const auto remove = [&](int i) {
      --n;
      list[i] = list[n];
      kids[i] = kids[n];
      settled[i] = settled[n];
    };
    for (;;) {
      // Each entry not looked at yet: dropped, replaced by its only child (then looked at
      // again), or kept with the children that meet the region.
      for (int i = 0; i < n;) {
        Entry& e = list[i];
        if (settled[i]) {
          ++i;
        } else if (BvhNode4::is_leaf(e.ref)) {
          if (single && !leaf_meets(e, r)) {
            remove(i);
          } else {
            kids[i] = 0;
            settled[i] = true;
            ++i;
          }
        } else {
          const unsigned mask = children(e, r);
          if (mask == 0) {
            remove(i);
          } else if ((mask & (mask - 1)) == 0) {
            e = child(e.ref, __builtin_ctz(mask));
          } else {
            kids[i] = mask;
            settled[i] = true;
            ++i;
          }
        }
      }
      // Then the largest node whose children fit in the list is replaced by them.
      int best = -1;
      double best_volume = -1.0;
      for (int i = 0; i < n; ++i) {
        const int count = bit_count(kids[i]);
        if (count >= 2 && n - 1 + count <= W && list[i].box.volume() > best_volume) {
          best = i;
          best_volume = list[i].box.volume();
        }
      }
      if (best < 0) return n;
      const std::uint32_t parent = list[best].ref;
      unsigned mask = kids[best];
      list[best] = child(parent, __builtin_ctz(mask));
      settled[best] = false;
      for (mask &= mask - 1; mask != 0; mask &= mask - 1) {
        list[n] = child(parent, __builtin_ctz(mask));
        settled[n++] = false;
      }
    }
  }

  // The start node of a list: none, its one inner node, or a node made of it.
  std::uint32_t start_of(const Entry* list, int n) {
    if (n == 0) return BvhNode4::kEmpty;
    if (n == 1 && !BvhNode4::is_leaf(list[0].ref)) return list[0].ref;
    std::array<std::uint32_t, W> key;
    key.fill(BvhNode4::kEmpty);
    for (int i = 0; i < n; ++i) key[i] = list[i].ref;
    std::sort(key.begin(), key.end());
    const auto found = made.find(key);
    if (found != made.end()) return found->second;
    Node node;
    const float inf = std::numeric_limits<float>::infinity();
    for (int i = 0; i < W; ++i) {
      const bool used = i < n;
      node.child[i] = used ? list[i].ref : BvhNode4::kEmpty;
      node.packet[i] = used ? list[i].packet : 0u;
      node.min_x[i] = used ? list[i].box.min[0] : inf;
      node.min_y[i] = used ? list[i].box.min[1] : inf;
      node.min_z[i] = used ? list[i].box.min[2] : inf;
      node.max_x[i] = used ? list[i].box.max[0] : -inf;
      node.max_y[i] = used ? list[i].box.max[1] : -inf;
      node.max_z[i] = used ? list[i].box.max[2] : -inf;
    }
    const auto index = static_cast<std::uint32_t>(nodes.size());
    nodes.push_back(node);
    made.emplace(key, index);
    return index;
  }

  void fill(const Block& b, const Entry* list, int n) {
    const std::uint32_t start = start_of(list, n);
    for (int z = b.lo[2]; z <= b.hi[2]; ++z) {
      for (int y = b.lo[1]; y <= b.hi[1]; ++y) {
        std::uint32_t* row = &cells[static_cast<std::size_t>((z * ny + y) * nx)];
        std::fill(row + b.lo[0], row + b.hi[0] + 1, start);
      }
    }
  }

  void block(const Block& b, const Entry* parent_list, int parent_count) {
    Entry list[W];
    std::copy(parent_list, parent_list + parent_count, list);
    const bool single = b.single();
    const int n = refine(list, parent_count, region(b), single);
    if (n == 0 || single) {
      fill(b, list, n);
      return;
    }
    int axis = 0;
    for (int a = 1; a < 3; ++a) {
      if (b.hi[a] - b.lo[a] > b.hi[axis] - b.lo[axis]) axis = a;
    }
    Block first = b, second = b;
    const int mid = (b.lo[axis] + b.hi[axis]) / 2;
    first.hi[axis] = mid;
    second.lo[axis] = mid + 1;
    block(first, list, n);
    block(second, list, n);
  }
};

template <class Node, int W>
void fill_tree(const Bvh& bvh, const std::vector<Box>& triangle_boxes, std::vector<Node>& nodes,
               std::uint32_t root, const double origin[3], double cell, double reach, std::vector<std::uint32_t>& cells) {
  const BvhStartGrid& g = bvh.grid;
  cells.assign(static_cast<std::size_t>(g.nx) * g.ny * g.nz, BvhNode4::kEmpty);
  nodes.reserve(nodes.size() * 2);
  Filler<Node, W> f{triangle_boxes, nodes, cells, {origin[0], origin[1], origin[2]}, cell, reach, g.nx, g.ny};
  const Entry top{root, 0, Box{{bvh.bounds.min.x, bvh.bounds.min.y, bvh.bounds.min.z},
                              {bvh.bounds.max.x, bvh.bounds.max.y, bvh.bounds.max.z}}};
  f.block(Block{{0, 0, 0}, {g.nx - 1, g.ny - 1, g.nz - 1}}, &top, 1);
}

}  // namespace

void build_start_grid(Bvh& bvh) {
  BvhStartGrid& g = bvh.grid;
  if (bvh.empty() || BvhNode4::is_leaf(bvh.root)) return;
  const double lo[3] = {bvh.bounds.min.x, bvh.bounds.min.y, bvh.bounds.min.z};
  const double hi[3] = {bvh.bounds.max.x, bvh.bounds.max.y, bvh.bounds.max.z};
  double extent[3], largest = 0.0;
  for (int a = 0; a < 3; ++a) {
    extent[a] = hi[a] - lo[a];
    largest = std::max(largest, extent[a]);
  }
  if (!(largest > 0.0) || !std::isfinite(largest)) return;
  // The cell size for about kCellsPerTriangle cells per triangle (a flat level's thin axis
  // counted as 1/64 of the largest, so that it gets one layer of cells rather than none).
  const double target = std::clamp(kCellsPerTriangle * static_cast<double>(bvh.triangle_count), kMinCells, kMaxCells);
  double volume = 1.0;
  for (int a = 0; a < 3; ++a) volume *= std::max(extent[a], largest / 64.0);
  const double cell = std::cbrt(volume / target);
  const double reach = cell * kReachInCells;
  // The float rounding of a query's centre (o + d / 2), of its cell coordinate ((c - origin) *
  // inverse cell, with the inverse rounded too) and of its half extent moves where it is seen by
  // at most about 9 x 2^-24 of the scale below (for a centre inside the grid): under a quarter
  // of this slack. Cells are filled with the reach plus the slack, queries compared with the
  // reach less it, and the cells cover the bounds grown by the reach plus twice it.
  const double slack = 2e-6 * (std::max(1.0, static_cast<double>(bvh.max_abs_coordinate)) + largest + 4.0 * reach);
  const double grow = reach + 2.0 * slack;  // the cells cover the bounds grown by this
  int n[3];
  double origin[3], total = 1.0;
  for (int a = 0; a < 3; ++a) {
    // At most about 650 (the thin-axis rule and kMaxCells bound the ratio); a cell count
    // that could not cover the grown bounds would turn near queries away: no grid then.
    const double count = std::max(1.0, std::ceil((extent[a] + 2.0 * grow) / cell));
    if (!(count <= 1024.0)) return;
    n[a] = static_cast<int>(count);
    origin[a] = lo[a] - grow;
    total *= count;
  }
  // The grown bounds hold 1.2-2 times the target on levels (about 3.4 at the fewest cells).
  // Far more means the slack dwarfs the cells (a small mesh far from the origin: slack is
  // relative to the largest coordinate): every cell would reach nearly all of the mesh, and
  // filling tens of millions of them takes seconds. No grid then; queries start at the root.
  if (total > kMaxCellsOverTarget * target) return;
  // The origin and cell size as the queries read them (floats): the cells cover at least the
  // grown bounds with them too (the slack covers the rounding of both).
  g.nx = n[0];
  g.ny = n[1];
  g.nz = n[2];
  g.cell = static_cast<float>(cell);
  g.reach = static_cast<float>(reach);
  for (int a = 0; a < 3; ++a) {
    g.origin[a] = static_cast<float>(origin[a]);
    g.inv_cell[a] = static_cast<float>(1.0 / cell);
    g.cells[a] = static_cast<float>(n[a]);
    g.query_reach[a] = static_cast<float>(reach - slack);
  }
  g.query_reach[3] = std::numeric_limits<float>::infinity();
  const double origin_f[3] = {g.origin[0], g.origin[1], g.origin[2]};
  std::vector<Box> boxes(bvh.slot_count());  // by slot (an unused lane's is never read)
  for (std::uint32_t i = 0; i < bvh.slot_count(); ++i) {
    const BvhTriangle t = bvh.triangle(i);
    boxes[i] = Box{{std::min({t.a.x, t.b.x, t.c.x}), std::min({t.a.y, t.b.y, t.c.y}), std::min({t.a.z, t.b.z, t.c.z})},
                           {std::max({t.a.x, t.b.x, t.c.x}), std::max({t.a.y, t.b.y, t.c.y}), std::max({t.a.z, t.b.z, t.c.z})}};
  }
  // Queries traverse the 8-wide tree where it was built (with_node_width), else the 4-wide one.
  if (bvh.has_nodes8()) {
    fill_tree<BvhNode8, 8>(bvh, boxes, bvh.nodes8, bvh.root8, origin_f, cell, reach + slack, g.start8);
  } else {
    fill_tree<BvhNode4, 4>(bvh, boxes, bvh.nodes, bvh.root, origin_f, cell, reach + slack, g.start4);
  }
}

}  // namespace collision::detail
