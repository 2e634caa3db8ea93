// Binned SAH build (Wald 2007) into a binary tree, collapsed into 4-wide nodes (and 8-wide ones
// where queries use AVX2).
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <numeric>

#include <immintrin.h>

#include <glm/ext/vector_double3.hpp>
#include <glm/geometric.hpp>

#include "bvh/bvh_layout.hpp"
#include "bvh/bvh_grid.hpp"
#include "bvh/bvh_occupancy.hpp"
#include "geometry/triangle_normal.hpp"

namespace collision {

namespace {

constexpr int kBins = 32;
// sah_cost() reports the tree in the textbook unit (one node visit = one triangle test = 1).
constexpr float kTraversalCost = 1.0f;
constexpr float kIntersectionCost = 1.0f;
constexpr int kMaxSahDepth = 48;

// A triangle as the build sorts it: its box and centroid as SSE-loadable rows (lane 3 of the
// box rows 0; lane 3 of the centroid row holds the triangle index, masked off as it is loaded:
// as a float it is a denormal, which would cost a microcode assist in every arithmetic
// instruction on some CPUs).
struct alignas(16) Primitive {
  float min[4], max[4];
  float centroid[3];
  std::uint32_t triangle;
  __m128 min4() const { return _mm_load_ps(min); }
  __m128 max4() const { return _mm_load_ps(max); }
  __m128 centroid4() const {
    return _mm_and_ps(_mm_load_ps(centroid), _mm_castsi128_ps(_mm_setr_epi32(-1, -1, -1, 0)));
  }
};

// A bin's box in SSE registers (x, y, z, unused): growing it is two instructions.
struct BinBox {
  __m128 min = _mm_set1_ps(std::numeric_limits<float>::infinity());
  __m128 max = _mm_set1_ps(-std::numeric_limits<float>::infinity());
  void grow(__m128 lo, __m128 hi) {
    min = _mm_min_ps(min, lo);
    max = _mm_max_ps(max, hi);
  }
  Aabb aabb() const {
    alignas(16) float lo[4], hi[4];
    _mm_store_ps(lo, min);
    _mm_store_ps(hi, max);
    Aabb b;
    b.min = glm::vec3(lo[0], lo[1], lo[2]);
    b.max = glm::vec3(hi[0], hi[1], hi[2]);
    return b;
  }
  float half_area() const {
    if (!(_mm_cvtss_f32(max) >= _mm_cvtss_f32(min))) return 0.0f;  // empty
    return filled_half_area();
  }
  /// half_area of a box known not to be empty, in SSE: (e0 e1 + e1 e2) + e2 e0 as the scalar
  /// expression rounds it (the sweeps call it where their counts say the box is filled).
  float filled_half_area() const {
    const __m128 e = _mm_sub_ps(max, min);
    const __m128 p = _mm_mul_ps(e, _mm_shuffle_ps(e, e, _MM_SHUFFLE(3, 0, 2, 1)));
    return _mm_cvtss_f32(_mm_add_ss(_mm_add_ss(p, _mm_shuffle_ps(p, p, 1)), _mm_movehl_ps(p, p)));
  }
};

struct BinaryNode {
  Aabb box;
  std::int32_t left = -1, right = -1;  // children, or -1 for a leaf
  std::uint32_t first = 0, count = 0;  // leaf range in the primitive array
  std::uint32_t packet = 0;            // leaf: first BvhPacket4
  bool leaf() const { return left < 0; }
};

// Bins centroids along the three axes at once: bin = (c - lo) * scale, clamped to [0, bins - 1]
// in float before the conversion to int, so that every input lands in range: a centroid
// extent too large for float (an input outside the domain: make_mesh refuses them, but a mesh
// changed afterwards is built as it is) gives an infinite difference, clamped to the last bin,
// and a NaN (max's second operand is returned for it) the first. The scale is computed in
// double and is 0 on an axis whose centroids coincide (or whose extent is not finite): that
// axis does not split.
struct CentroidBinning {
  __m128 lo, scale, last;
  float scales[3];
  CentroidBinning(const Aabb& centroids, int bins) {
    for (int a = 0; a < 3; ++a) {
      const double extent = static_cast<double>(centroids.max[a]) - centroids.min[a];
      const double sc = extent > 0.0 && std::isfinite(extent) ? static_cast<double>(bins) / extent : 0.0;
      scales[a] = std::isfinite(static_cast<float>(sc)) ? static_cast<float>(sc) : 0.0f;
    }
    lo = _mm_setr_ps(centroids.min.x, centroids.min.y, centroids.min.z, 0.0f);
    scale = _mm_setr_ps(scales[0], scales[1], scales[2], 0.0f);
    last = _mm_set1_ps(static_cast<float>(bins - 1));
  }
  bool splits(int axis) const { return scales[axis] > 0.0f; }
  // The three bins of a centroid row (lane 3 ignored).
  __m128i bins(__m128 c) const {
    const __m128 b = _mm_max_ps(_mm_mul_ps(_mm_sub_ps(c, lo), scale), _mm_setzero_ps());
    return _mm_cvttps_epi32(_mm_min_ps(b, last));
  }
};

struct Builder {
  std::vector<Primitive>& prims;
  const BvhBuildOptions& options;
  std::vector<BinaryNode> nodes;

  // Returns the split position (first primitive of the right half) or 0 for "make a leaf".
  std::uint32_t split_sah(std::uint32_t first, std::uint32_t count, const Aabb& box,
                          const Aabb& centroids) {
    // The build weighs a triangle at options.triangle_cost node visits: leaves are tested four
    // triangles to an SSE packet, so a triangle costs less than a node.
    const float tri = options.triangle_cost;
    const float leaf_cost = tri * static_cast<float>(count);
    const bool may_be_leaf = static_cast<int>(count) <= options.max_leaf_size;
    if (may_be_leaf && leaf_cost <= kTraversalCost) return 0;  // no split can cost less
    // Bin all three axes in one pass over the primitives; small nodes use fewer bins (half as
    // many as primitives), which costs nothing in quality and most of the time at the bottom
    // (measured: the SAH cost of oa_dm1, q3dm6ish, islandctf and ctf_inyard within 0.3% of one
    // bin per primitive, the build 7% quicker; a quarter cost up to 0.7%).
    const int bins = std::min(kBins, std::max(4, static_cast<int>(count) / 2));
    const CentroidBinning binning(centroids, bins);
    // Only the first `bins` of each axis are used: only they are cleared.
    __m128 bin_min[3][kBins], bin_max[3][kBins];
    std::uint32_t bin_count[3][kBins];
    const __m128 empty_min = _mm_set1_ps(std::numeric_limits<float>::infinity());
    const __m128 empty_max = _mm_set1_ps(-std::numeric_limits<float>::infinity());
    for (int axis = 0; axis < 3; ++axis) {
      for (int b = 0; b < bins; ++b) {
        bin_min[axis][b] = empty_min;
        bin_max[axis][b] = empty_max;
        bin_count[axis][b] = 0;
      }
    }
    for (std::uint32_t i = first; i < first + count; ++i) {
      const Primitive& p = prims[i];
      alignas(16) std::int32_t b[4];
      _mm_store_si128(reinterpret_cast<__m128i*>(b), binning.bins(p.centroid4()));
      const __m128 lo = p.min4(), hi = p.max4();
      for (int axis = 0; axis < 3; ++axis) {
        bin_min[axis][b[axis]] = _mm_min_ps(bin_min[axis][b[axis]], lo);
        bin_max[axis][b[axis]] = _mm_max_ps(bin_max[axis][b[axis]], hi);
        ++bin_count[axis][b[axis]];
      }
    }
    float best_cost = std::numeric_limits<float>::infinity();
    int best_axis = -1, best_bin = -1;
    for (int axis = 0; axis < 3; ++axis) {
      if (!binning.splits(axis)) continue;
      // Sweep from the right to get the right-side areas, then from the left.
      std::array<float, kBins> right_area{};
      std::array<std::uint32_t, kBins> right_count{};
      BinBox acc;
      std::uint32_t n = 0;
      for (int b = bins - 1; b > 0; --b) {
        acc.grow(bin_min[axis][b], bin_max[axis][b]);
        n += bin_count[axis][b];
        right_area[b] = n != 0 ? acc.filled_half_area() : 0.0f;
        right_count[b] = n;
      }
      acc = BinBox{};
      n = 0;
      for (int b = 0; b < bins - 1; ++b) {
        acc.grow(bin_min[axis][b], bin_max[axis][b]);
        n += bin_count[axis][b];
        const std::uint32_t nr = right_count[b + 1];
        if (n == 0 || nr == 0) continue;
        const float cost = acc.filled_half_area() * static_cast<float>(n) + right_area[b + 1] * static_cast<float>(nr);
        if (cost < best_cost) {
          best_cost = cost;
          best_axis = axis;
          best_bin = b;
        }
      }
    }
    const float area = box.half_area();
    const float split_cost = area > 0.0f ? kTraversalCost + tri * best_cost / area : leaf_cost;
    if (best_axis < 0) return split_median(first, count);  // all centroids coincide
    if (may_be_leaf && split_cost >= leaf_cost) return 0;
    const auto mid = std::partition(
        prims.begin() + first, prims.begin() + first + count, [&](const Primitive& p) {
          alignas(16) std::int32_t b[4];
          _mm_store_si128(reinterpret_cast<__m128i*>(b), binning.bins(p.centroid4()));
          return b[best_axis] <= best_bin;
        });
    const auto pos = static_cast<std::uint32_t>(mid - prims.begin());
    if (pos == first || pos == first + count) return split_median(first, count);
    return pos;
  }

  std::uint32_t split_median(std::uint32_t first, std::uint32_t count) {
    if (static_cast<int>(count) <= options.max_leaf_size) return 0;
    Aabb centroids;
    for (std::uint32_t i = first; i < first + count; ++i) {
      centroids.grow(glm::vec3(prims[i].centroid[0], prims[i].centroid[1], prims[i].centroid[2]));
    }
    const glm::vec3 e = centroids.extent();
    const int axis = (e.x >= e.y && e.x >= e.z) ? 0 : (e.y >= e.z ? 1 : 2);
    const std::uint32_t mid = first + count / 2;
    std::nth_element(prims.begin() + first, prims.begin() + mid, prims.begin() + first + count,
                     [axis](const Primitive& p, const Primitive& q) {
                       if (p.centroid[axis] != q.centroid[axis]) return p.centroid[axis] < q.centroid[axis];
                       return p.triangle < q.triangle;
                     });
    return mid;
  }

  std::int32_t build(std::uint32_t first, std::uint32_t count, int depth) {
    const auto index = static_cast<std::int32_t>(nodes.size());
    nodes.emplace_back();
    BinBox bounds, centroid_bounds;
    for (std::uint32_t i = first; i < first + count; ++i) {
      bounds.grow(prims[i].min4(), prims[i].max4());
      const __m128 c = prims[i].centroid4();
      centroid_bounds.grow(c, c);
    }
    const Aabb box = bounds.aabb(), centroids = centroid_bounds.aabb();
    nodes[index].box = box;
    // Past kMaxSahDepth the median split bounds the depth (and the recursion) on any input.
    const bool sah = options.split == BvhSplit::kSah && depth < kMaxSahDepth;
    const std::uint32_t split =
        sah ? split_sah(first, count, box, centroids) : split_median(first, count);
    if (split == 0) {
      nodes[index].first = first;
      nodes[index].count = count;
      return index;
    }
    const std::int32_t left = build(first, split - first, depth + 1);
    const std::int32_t right = build(split, first + count - split, depth + 1);
    nodes[index].left = left;
    nodes[index].right = right;
    return index;
  }
};

// A leaf's triangles are slots (Bvh::triangle) from its first packet's lane 0 on.
std::uint32_t leaf_reference(const BinaryNode& n) {
  return BvhNode4::kLeafBit | ((n.packet * 4) << 4) | n.count;
}

// Collapses binary subtree `b` into a W-wide node (BvhNode4 or BvhNode8); returns its index in
// `out`. Opens the largest inner child until W children are gathered (or only leaves are left).
template <int W, class Node>
std::uint32_t collapse(const std::vector<BinaryNode>& bin, std::int32_t b, std::vector<Node>& out) {
  std::array<std::int32_t, W> kids{};
  kids[0] = bin[b].left;
  kids[1] = bin[b].right;
  int n = 2;
  while (n < W) {
    int pick = -1;
    float pick_area = -1.0f;
    for (int i = 0; i < n; ++i) {
      if (!bin[kids[i]].leaf() && bin[kids[i]].box.half_area() > pick_area) {
        pick = i;
        pick_area = bin[kids[i]].box.half_area();
      }
    }
    if (pick < 0) break;
    const BinaryNode& opened = bin[kids[pick]];
    kids[pick] = opened.left;
    kids[n++] = opened.right;
  }
  const auto index = static_cast<std::uint32_t>(out.size());
  out.emplace_back();
  std::array<std::uint32_t, W> refs;
  refs.fill(BvhNode4::kEmpty);
  for (int i = 0; i < n; ++i) {
    const BinaryNode& k = bin[kids[i]];
    refs[i] = k.leaf() ? leaf_reference(k) : collapse<W>(bin, kids[i], out);
  }
  Node& node = out[index];  // out may have grown: index again
  const float inf = std::numeric_limits<float>::infinity();
  for (int i = 0; i < W; ++i) {
    node.child[i] = refs[i];
    node.packet[i] = (i < n && bin[kids[i]].leaf()) ? bin[kids[i]].packet : 0;
    const Aabb box = i < n ? bin[kids[i]].box : Aabb{};
    node.min_x[i] = i < n ? box.min.x : inf;
    node.min_y[i] = i < n ? box.min.y : inf;
    node.min_z[i] = i < n ? box.min.z : inf;
    node.max_x[i] = i < n ? box.max.x : -inf;
    node.max_y[i] = i < n ? box.max.y : -inf;
    node.max_z[i] = i < n ? box.max.z : -inf;
  }
  return index;
}

void set_lane(BvhPacket4& p, int lane, const BvhTriangle& t, std::uint32_t slot) {
  p.ax[lane] = t.a.x, p.ay[lane] = t.a.y, p.az[lane] = t.a.z;
  p.bx[lane] = t.b.x, p.by[lane] = t.b.y, p.bz[lane] = t.b.z;
  p.cx[lane] = t.c.x, p.cy[lane] = t.c.y, p.cz[lane] = t.c.z;
  p.nx[lane] = t.n.x, p.ny[lane] = t.n.y, p.nz[lane] = t.n.z;
  p.d[lane] = t.d;
  p.slot[lane] = slot;
  p.index[lane] = t.index;
  const glm::dvec3 corner[3] = {glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c)};
  const glm::dvec3 cr = glm::cross(corner[1] - corner[0], corner[2] - corner[0]);
  for (int i = 0; i < 3; ++i) {
    // e x (the unnormalized normal) points the same way as e x n; zero in an empty lane.
    glm::dvec3 o = glm::cross(corner[(i + 1) % 3] - corner[i], cr);
    const double o2 = glm::dot(o, o);
    o *= o2 > 0.0 ? 1.0 / std::sqrt(o2) : 0.0;
    p.edge_nx[i][lane] = static_cast<float>(o.x), p.edge_ny[i][lane] = static_cast<float>(o.y);
    p.edge_nz[i][lane] = static_cast<float>(o.z);
  }
}

void clear_lane(BvhPacket4& p, int lane) {
  BvhTriangle empty{};
  empty.d = BvhPacket4::kEmptyLaneOffset;
  empty.index = BvhPacket4::kEmptyLane;
  set_lane(p, lane, empty, BvhPacket4::kEmptyLane);
}

// Triangle `ti` of `mesh` as a leaf keeps it.
BvhTriangle leaf_triangle(const TriangleMesh& mesh, std::uint32_t ti) {
  const Triangle t = mesh.triangle(ti);
  BvhTriangle bt;
  bt.a = t.a;
  bt.b = t.b;
  bt.c = t.c;
  // From the corners, as make_mesh computes it, rather than read from mesh.normals: a mesh
  // whose positions were changed after make_mesh (scaled, moved) keeps a BVH whose planes
  // agree with its corners, as the exact tests assume.
  bt.n = detail::unit_normal(detail::triangle_cross(t.a, t.b, t.c));
  bt.d = glm::dot(bt.n, t.a);
  bt.index = ti;
  bt.pad = bt.pad2 = 0.0f;
  return bt;
}

// Each leaf's triangles, four to a packet, in leaf order (the order build() left them in).
void fill_packets(const std::vector<BinaryNode>& bin, const std::vector<Primitive>& prims, const TriangleMesh& mesh,
                  Bvh& bvh, std::uint32_t packet_count) {
  bvh.packets.assign(packet_count, BvhPacket4{});
  for (const BinaryNode& node : bin) {
    if (!node.leaf()) continue;
    for (std::uint32_t k = 0; k < (node.count + 3) / 4 * 4; ++k) {
      BvhPacket4& p = bvh.packets[node.packet + k / 4];
      const int lane = static_cast<int>(k % 4);
      if (k < node.count) set_lane(p, lane, leaf_triangle(mesh, prims[node.first + k].triangle), node.packet * 4 + k);
      else clear_lane(p, lane);
    }
  }
}

}  // namespace

Bvh detail::build_tree(const TriangleMesh& mesh, const BvhBuildOptions& in_options) {
  BvhBuildOptions options = in_options;
  options.max_leaf_size = std::clamp(options.max_leaf_size, 1, Bvh::kMaxLeafSize);
  if (!(options.triangle_cost > 0.0f)) options.triangle_cost = BvhBuildOptions{}.triangle_cost;
  options.triangle_cost = std::min(options.triangle_cost, 100.0f);
  std::vector<Primitive> prims;
  prims.reserve(mesh.triangle_count());
  for (std::uint32_t i = 0; i < mesh.triangle_count(); ++i) {
    const Triangle t = mesh.triangle(i);
    if (!mesh.solid(i) || is_degenerate(t)) continue;  // (degenerate: only in a mesh changed after make_mesh)
    Primitive p;
    const glm::vec3 lo = glm::min(t.a, glm::min(t.b, t.c)), hi = glm::max(t.a, glm::max(t.b, t.c));
    for (int a = 0; a < 3; ++a) {
      p.min[a] = lo[a];
      p.max[a] = hi[a];
      // In double: (min + max) of a box spanning more than FLT_MAX overflows in float.
      p.centroid[a] = static_cast<float>((static_cast<double>(lo[a]) + hi[a]) * 0.5);
    }
    p.min[3] = p.max[3] = 0.0f;
    p.triangle = i;
    prims.push_back(p);
  }
  Bvh bvh;
  if (prims.empty()) return bvh;

  Builder builder{prims, options, {}};
  builder.nodes.reserve(2 * prims.size() / static_cast<std::size_t>(options.max_leaf_size) + 1);
  builder.build(0, static_cast<std::uint32_t>(prims.size()), 0);
  std::uint32_t packet_count = 0;
  for (BinaryNode& node : builder.nodes) {
    if (!node.leaf()) continue;
    node.packet = packet_count;
    packet_count += (node.count + 3) / 4;
  }
  const auto& bin = builder.nodes;
  bvh.bounds = bin[0].box;
  // The median leaf's largest side (Bvh::median_leaf_extent: which bodies get the round reach test).
  std::vector<float> leaf_extents;
  for (const BinaryNode& node : bin) {
    if (!node.leaf()) continue;
    const glm::vec3 e = node.box.extent();
    leaf_extents.push_back(std::max({e.x, e.y, e.z}));
  }
  const auto median = leaf_extents.begin() + static_cast<std::ptrdiff_t>(leaf_extents.size() / 2);
  std::nth_element(leaf_extents.begin(), median, leaf_extents.end());
  bvh.median_leaf_extent = *median;
  for (int a = 0; a < 3; ++a) {
    bvh.max_abs_coordinate = std::max({bvh.max_abs_coordinate, std::fabs(bvh.bounds.min[a]),
                                       std::fabs(bvh.bounds.max[a])});
  }
  // One node width: the one the queries traverse (until 2026-11-29 the 4-wide nodes were kept
  // beside the 8-wide ones, unread: 17.4 bytes a triangle on oa_dm1). A root that is a leaf is
  // the same reference in either.
  const bool wide = options.wide == BvhBuildOptions::Wide::kAlways ? cpu_has_avx2()
                    : options.wide == BvhBuildOptions::Wide::kAuto ? bvh_uses_avx2()
                                                                    : false;
  if (bin[0].leaf()) {
    bvh.root = leaf_reference(bin[0]);
    if (wide) bvh.root8 = bvh.root;
  } else if (wide) {
    bvh.root8 = collapse<8>(bin, 0, bvh.nodes8);
  } else {
    bvh.root = collapse<4>(bin, 0, bvh.nodes);
  }

  fill_packets(bin, prims, mesh, bvh, packet_count);
  bvh.triangle_count = static_cast<std::uint32_t>(prims.size());
  bvh.grid.tree_nodes4 = static_cast<std::uint32_t>(bvh.nodes.size());
  bvh.grid.tree_nodes8 = static_cast<std::uint32_t>(bvh.nodes8.size());
  if (options.start_grid) {
    detail::build_start_grid(bvh);
    detail::build_occupancy(bvh);
  }
  // The arrays hold what the tree needs and no more: the builders reserve ahead (the start grid
  // doubles the node arrays before appending its cells' nodes), which left the 8-wide nodes at
  // up to four times their size (oa_dm1: 88.7 bytes a triangle, 47.4 after; the World 344 -> 302).
  bvh.nodes.shrink_to_fit();
  bvh.nodes8.shrink_to_fit();
  bvh.packets.shrink_to_fit();
  return bvh;
}

std::shared_ptr<const Bvh> build_bvh(const TriangleMesh& mesh, const BvhBuildOptions& options) {
  return std::make_shared<const Bvh>(detail::build_tree(mesh, options));
}

namespace {

// sah_cost over one node width's tree from its inner root.
template <class Node>
double sah_cost_of(const std::vector<Node>& nodes, std::uint32_t root, double root_area) {
  double cost = 0.0;
  std::vector<std::pair<std::uint32_t, double>> stack{{root, root_area}};
  while (!stack.empty()) {
    const auto [index, area] = stack.back();
    stack.pop_back();
    cost += kTraversalCost * area / root_area;
    const Node& node = nodes[index];
    for (std::size_t i = 0; i < std::size(node.child); ++i) {
      if (node.child[i] == BvhNode4::kEmpty) continue;
      Aabb box;
      box.min = {node.min_x[i], node.min_y[i], node.min_z[i]};
      box.max = {node.max_x[i], node.max_y[i], node.max_z[i]};
      const double child_area = box.half_area();
      if (BvhNode4::is_leaf(node.child[i])) {
        cost += kIntersectionCost * static_cast<double>(BvhNode4::leaf_count(node.child[i])) * child_area / root_area;
      } else {
        stack.emplace_back(node.child[i], child_area);
      }
    }
  }
  return cost;
}

}  // namespace

double sah_cost(const Bvh& bvh) {
  if (bvh.empty()) return 0.0;
  const double root_area = bvh.bounds.half_area();
  if (root_area <= 0.0) return 0.0;
  if (BvhNode4::is_leaf(bvh.root)) return static_cast<double>(BvhNode4::leaf_count(bvh.root)) * kIntersectionCost;
  return bvh.has_nodes8() ? sah_cost_of(bvh.nodes8, bvh.root8, root_area) : sah_cost_of(bvh.nodes, bvh.root, root_area);
}

}  // namespace collision
