// The BVH's quality, which no result-based test sees: a builder bug (one bad bin merge, a wrong
// bin index, leaves never split) leaves every answer right and makes queries several times
// slower. So the tree's SAH cost is bounded from both sides:
//  - no worse than the object-median build (BvhSplit::kMedian) over the same triangles;
//  - within 15% of a full-sweep SAH tree built here (every split position on all three axes,
//    the exact greedy top-down SAH, collapsed to 4-wide by opening the largest child). A binned
//    build with 32 bins loses a few percent against the full sweep (Wald 2007, "On fast
//    construction of SAH-based bounding volume hierarchies": within 1-3% on typical scenes);
//    a bad bin merge costs 2-3x. 15% leaves room for another collapse order and leaf policy;
//  - above the lower bound 1 + sum of the triangles' box areas / root area (the root is visited,
//    and each triangle is tested in a leaf whose box holds its own box), which catches a cost
//    function that undercounts.
// It also checks the tree itself (every solid triangle in exactly one leaf, boxes nested) and
// recomputes sah_cost from the nodes.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numeric>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "bvh/bvh_layout.hpp"
#include "peer_fixture.hpp"
#include "leaf_triangles.hpp"

namespace prism::peer {
namespace {

using BvhSahCost = PeerMap;
using BvhStructure = PeerMap;

/// A full-sweep SAH binary tree, collapsed to 4-wide and costed like collision::sah_cost.
class FullSweepSah {
 public:
  FullSweepSah(const collision::TriangleMesh& mesh, int max_leaf) : max_leaf_(max_leaf) {
    for (std::size_t i = 0; i < mesh.triangle_count(); ++i) {
      if (!mesh.solid(i)) continue;
      const collision::Triangle t = mesh.triangle(i);
      collision::Aabb box;
      box.grow(t.a);
      box.grow(t.b);
      box.grow(t.c);
      boxes_.push_back(box);
    }
    order_.resize(boxes_.size());
    std::iota(order_.begin(), order_.end(), 0u);
    scratch_left_.resize(boxes_.size() + 1);
    if (!boxes_.empty()) build(0, boxes_.size());
  }

  /// The cost of the collapsed 4-wide tree: sum over inner nodes of area / root area, plus
  /// sum over leaves of area * count / root area.
  double cost() const {
    if (nodes_.empty()) return 0.0;
    return collapse_cost(0) / nodes_[0].box.half_area();
  }

  /// 1 + sum of triangle box areas / root area.
  double lower_bound() const {
    double sum = 0.0;
    for (const auto& b : boxes_) sum += b.half_area();
    return 1.0 + sum / nodes_[0].box.half_area();
  }

 private:
  struct Node {
    collision::Aabb box;
    int left = -1, right = -1;
    std::size_t count = 0;
  };

  int build(std::size_t begin, std::size_t end) {
    const int id = static_cast<int>(nodes_.size());
    nodes_.emplace_back();
    collision::Aabb box;
    for (std::size_t i = begin; i < end; ++i) box.grow(boxes_[order_[i]]);
    nodes_[id].box = box;
    const std::size_t n = end - begin;
    nodes_[id].count = n;
    if (n == 1) return id;
    // Best split over every position on every axis (sorted by box centre).
    double best = std::numeric_limits<double>::infinity();
    int best_axis = -1;
    std::size_t best_split = 0;
    for (int axis = 0; axis < 3; ++axis) {
      sort_axis(begin, end, axis);
      collision::Aabb acc;
      for (std::size_t i = 1; i < n; ++i) {
        acc.grow(boxes_[order_[begin + i - 1]]);
        scratch_left_[i] = acc.half_area();
      }
      acc = {};
      for (std::size_t i = n - 1; i >= 1; --i) {
        acc.grow(boxes_[order_[begin + i]]);
        const double c = static_cast<double>(scratch_left_[i]) * static_cast<double>(i) +
                         static_cast<double>(acc.half_area()) * static_cast<double>(n - i);
        if (c < best) {
          best = c;
          best_axis = axis;
          best_split = i;
        }
      }
    }
    const double area = box.half_area();
    const double split_cost = 1.0 + best / area;
    if (n <= static_cast<std::size_t>(max_leaf_) && static_cast<double>(n) <= split_cost) return id;
    sort_axis(begin, end, best_axis);
    const int left = build(begin, begin + best_split);
    const int right = build(begin + best_split, end);
    nodes_[id].left = left;
    nodes_[id].right = right;
    return id;
  }

  void sort_axis(std::size_t begin, std::size_t end, int axis) {
    std::sort(order_.begin() + static_cast<std::ptrdiff_t>(begin),
              order_.begin() + static_cast<std::ptrdiff_t>(end), [&](std::uint32_t a, std::uint32_t b) {
                const float ca = boxes_[a].min[axis] + boxes_[a].max[axis];
                const float cb = boxes_[b].min[axis] + boxes_[b].max[axis];
                return ca < cb || (ca == cb && a < b);
              });
  }

  bool inner(int id) const { return nodes_[id].left >= 0; }

  double collapse_cost(int id) const {
    const Node& node = nodes_[id];
    if (!inner(id)) return node.box.half_area() * static_cast<double>(node.count);
    std::vector<int> children = {node.left, node.right};
    while (children.size() < 4) {
      int pick = -1;
      for (int k = 0; k < static_cast<int>(children.size()); ++k) {
        if (inner(children[k]) &&
            (pick < 0 || nodes_[children[k]].box.half_area() > nodes_[children[pick]].box.half_area())) {
          pick = k;
        }
      }
      if (pick < 0) break;
      const int open = children[pick];
      children[pick] = nodes_[open].left;
      children.push_back(nodes_[open].right);
    }
    double cost = node.box.half_area();
    for (const int c : children) cost += collapse_cost(c);
    return cost;
  }

  int max_leaf_;
  std::vector<collision::Aabb> boxes_;
  std::vector<std::uint32_t> order_;
  std::vector<float> scratch_left_;
  std::vector<Node> nodes_;
};

collision::Aabb child_box(const collision::BvhNode4& node, int k) {
  collision::Aabb b;
  b.min = {node.min_x[k], node.min_y[k], node.min_z[k]};
  b.max = {node.max_x[k], node.max_y[k], node.max_z[k]};
  return b;
}

bool contains(const collision::Aabb& outer, const collision::Aabb& inner) {
  return outer.min.x <= inner.min.x && outer.min.y <= inner.min.y && outer.min.z <= inner.min.z &&
         inner.max.x <= outer.max.x && inner.max.y <= outer.max.y && inner.max.z <= outer.max.z;
}

/// The 4-wide tree of `mesh` (a World keeps the 8-wide one where the CPU has AVX2): the one the
/// full-sweep reference is costed as.
std::shared_ptr<const collision::Bvh> narrow_tree(const collision::TriangleMesh& mesh) {
  collision::BvhBuildOptions options;
  options.wide = collision::BvhBuildOptions::Wide::kNever;
  return collision::build_bvh(mesh, options);
}

/// Walks the tree: checks nesting and leaves, counts each triangle, and sums the SAH cost
/// (as areas, divided by the root's at the end).
struct TreeWalk {
  const collision::Bvh& bvh;
  int max_leaf;
  std::vector<int> seen;  ///< per BVH triangle slot
  double area_sum = 0.0;
  std::size_t bad_nesting = 0, bad_leaf = 0, inner_nodes = 0, leaves = 0;

  void visit(std::uint32_t ref, const collision::Aabb& box, int depth) {
    ASSERT_LT(depth, 200) << "cycle or degenerate tree";
    if (collision::BvhNode4::is_leaf(ref)) {
      ++leaves;
      const std::uint32_t first = collision::BvhNode4::leaf_first(ref);
      const std::uint32_t count = collision::BvhNode4::leaf_count(ref);
      if (count == 0 || count > static_cast<std::uint32_t>(max_leaf) ||
          first + count > bvh.slot_count()) {
        ++bad_leaf;
        return;
      }
      area_sum += static_cast<double>(box.half_area()) * count;
      for (std::uint32_t i = first; i < first + count; ++i) {
        ++seen[i];
        collision::Aabb tb;
        const collision::BvhTriangle t = bvh.triangle(i);
        tb.grow(t.a);
        tb.grow(t.b);
        tb.grow(t.c);
        if (!contains(box, tb)) ++bad_nesting;
      }
      return;
    }
    ASSERT_LT(ref, bvh.nodes.size());
    ++inner_nodes;
    area_sum += box.half_area();
    const collision::BvhNode4& node = bvh.nodes[ref];
    for (int k = 0; k < 4; ++k) {
      if (node.child[k] == collision::BvhNode4::kEmpty) continue;
      const collision::Aabb cb = child_box(node, k);
      if (!contains(box, cb)) ++bad_nesting;
      visit(node.child[k], cb, depth + 1);
    }
  }
};

TEST_P(BvhStructure, EverySolidTriangleInExactlyOneLeafInsideNestedBoxes) {
  const collision::World& world = *lvl().world;
  const std::shared_ptr<const collision::Bvh> narrow = narrow_tree(world.mesh());
  const collision::Bvh& bvh = *narrow;
  const auto& mesh = world.mesh();
  ASSERT_FALSE(bvh.empty());
  ASSERT_EQ(bvh.triangle_count, lvl().solid_triangles);
  TreeWalk walk{bvh, collision::BvhBuildOptions{}.max_leaf_size, std::vector<int>(bvh.slot_count(), 0)};
  walk.visit(bvh.root, bvh.bounds, 0);
  EXPECT_EQ(walk.bad_leaf, 0u);
  EXPECT_EQ(walk.bad_nesting, 0u);
  // (by slot: a packet's unused lanes are in no leaf)
  EXPECT_EQ(std::count(walk.seen.begin(), walk.seen.end(), 1), static_cast<std::ptrdiff_t>(bvh.triangle_count))
      << "a leaf triangle is missing from the tree or reached twice";
  // Leaf triangles are the mesh's solid triangles, each once, with exact corners and its plane.
  std::vector<int> used(mesh.triangle_count(), 0);
  std::size_t bad_triangle = 0;
  for (const collision::BvhTriangle& t : prism_test::leaf_triangles(bvh)) {
    if (t.index >= mesh.triangle_count() || !mesh.solid(t.index) || used[t.index]++) {
      ++bad_triangle;
      continue;
    }
    const collision::Triangle m = mesh.triangle(t.index);
    const float plane_error = std::abs(glm::dot(t.n, t.a) - t.d);
    if (t.a != m.a || t.b != m.b || t.c != m.c || glm::length(t.n - mesh.normals[t.index]) > 1e-5f ||
        plane_error > 1e-5f * (1.0f + glm::length(t.a))) {
      ++bad_triangle;
    }
  }
  EXPECT_EQ(bad_triangle, 0u);
  const double walked = walk.area_sum / bvh.bounds.half_area();
  const double reported = collision::sah_cost(bvh);
  std::printf("[peer] %s BVH: %zu triangles, %zu inner nodes, %zu leaves; SAH cost %.4f, "
              "recomputed from the nodes %.4f\n",
              GetParam().c_str(), static_cast<std::size_t>(bvh.triangle_count), walk.inner_nodes, walk.leaves, reported,
              walked);
  EXPECT_NEAR(reported, walked, 1e-3 * walked) << "sah_cost disagrees with the tree";
}

TEST_P(BvhSahCost, NoWorseThanMedianSplitAndNearFullSweepSah) {
  const collision::World& world = *lvl().world;
  const double sah = collision::sah_cost(*narrow_tree(world.mesh()));
  collision::BvhBuildOptions median_options;
  median_options.split = collision::BvhSplit::kMedian;
  median_options.wide = collision::BvhBuildOptions::Wide::kNever;
  const double median = collision::sah_cost(*collision::build_bvh(world.mesh(), median_options));
  const FullSweepSah reference(world.mesh(), collision::BvhBuildOptions{}.max_leaf_size);
  const double full = reference.cost();
  const double lower = reference.lower_bound();
  std::printf("[peer] %s SAH cost: binned SAH build %.2f, median build %.2f (%.2fx), full-sweep "
              "SAH reference %.2f (binned/full %.3f), lower bound %.2f\n",
              GetParam().c_str(), sah, median, median / sah, full, sah / full, lower);
  EXPECT_LE(sah, median);
  EXPECT_LE(sah, 1.15 * full);
  EXPECT_GE(sah, lower * (1.0 - 1e-6));
}

using WorldMemoryOnMaps = PeerMap;

// A World of a real map in each node width holds no second copy of its triangles (the 64-byte
// BvhTriangles kept until 2026-11-29 beside the packets) and no nodes of the width it does not
// traverse (the 4-wide nodes were kept beside the 8-wide ones). Measured on 2026-11-29 (a World
// of a copy of the map's mesh): oa_dm1 221.1 bytes a triangle 8-wide, 201.6 4-wide (302.7
// before, 8-wide); ctf_inyard 213.0 and 199.0.
TEST_P(WorldMemoryOnMaps, NoSecondCopyOfTheTrianglesNorAnUntraversedNodeWidth) {
  std::vector<collision::BvhBuildOptions::Wide> widths{collision::BvhBuildOptions::Wide::kNever};
  if (collision::cpu_has_avx2()) widths.push_back(collision::BvhBuildOptions::Wide::kAlways);
  for (const collision::BvhBuildOptions::Wide wide : widths) {
    collision::BvhBuildOptions options;
    options.wide = wide;
    const collision::World world(lvl().world->mesh(), options);
    const collision::WorldMemory m = world.memory();
    const double n = static_cast<double>(world.solid_triangle_count());
    const bool eight = wide == collision::BvhBuildOptions::Wide::kAlways;
    std::printf("[peer] %s %d-wide: %.1f bytes a triangle (mesh %.1f, nodes %.1f, packets %.1f)\n", GetParam().c_str(),
                eight ? 8 : 4, static_cast<double>(m.total()) / n, static_cast<double>(m.mesh) / n,
                static_cast<double>(m.nodes4 + m.nodes8) / n, static_cast<double>(m.packets) / n);
    EXPECT_EQ(m.triangles, 0u);
    EXPECT_EQ(eight ? m.nodes4 : m.nodes8, 0u);
    EXPECT_GT(eight ? m.nodes8 : m.nodes4, 0u);
    // Four lanes of 96 bytes, leaves of 1-8 triangles filling about three of them.
    EXPECT_GE(static_cast<double>(m.packets) / n, 96.0);
    EXPECT_LT(static_cast<double>(m.packets) / n, 140.0);
    EXPECT_LT(static_cast<double>(m.total()) / n, 240.0);
  }
}

PRISM_PEER_INSTANTIATE(BvhStructure);
PRISM_PEER_INSTANTIATE(BvhSahCost);
PRISM_PEER_INSTANTIATE(WorldMemoryOnMaps);

}  // namespace
}  // namespace prism::peer
