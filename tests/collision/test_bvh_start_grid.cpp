// The BVH's start grid (BvhStartGrid, collision/bvh.hpp): each cell's start node holds every
// triangle that comes within reach of the cell, and small queries, which start there, give bit
// for bit what they give from the root (a World built without the grid) and what the brute
// force gives: at cell borders and corners, at the reach's limit, outside the grid, in empty
// cells, far from the origin, on both node widths.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "bvh/bvh_layout.hpp"
#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "collision/contacts.hpp"
#include "collision/queries.hpp"
#include "same_sweep.hpp"
#include "grid_levels.hpp"
#include "test_worlds.hpp"
#include "leaf_triangles.hpp"

using collision::Bvh;
using collision::BvhNode4;
using collision::Triangle;
using glm::vec3;

namespace {

// The triangles (by slot: Bvh::triangle) under a node or leaf reference of the given tree.
template <class Node>
void mark_under(const Bvh& bvh, const std::vector<Node>& nodes, std::uint32_t ref, std::vector<char>& under) {
  if (ref == BvhNode4::kEmpty) return;
  if (BvhNode4::is_leaf(ref)) {
    for (std::uint32_t i = 0; i < BvhNode4::leaf_count(ref); ++i) under[BvhNode4::leaf_first(ref) + i] = 1;
    return;
  }
  for (std::uint32_t c : nodes[ref].child) mark_under(bvh, nodes, c, under);
}

// Every cell: each triangle whose box comes within reach of it lies under its start node (none
// when the cell keeps none), and a node made for cells has only the tree's nodes and leaves as
// children, each inside its lane's box. Returns the number of empty cells.
template <class Node>
int check_cells(const Bvh& bvh, const std::vector<Node>& nodes, const std::vector<std::uint32_t>& starts,
                std::uint32_t tree_nodes) {
  const collision::BvhStartGrid& g = bvh.grid;
  EXPECT_EQ(starts.size(), static_cast<std::size_t>(g.nx) * g.ny * g.nz);
  int empty = 0;
  std::vector<char> under(bvh.slot_count());
  for (int z = 0; z < g.nz; ++z) {
    for (int y = 0; y < g.ny; ++y) {
      for (int x = 0; x < g.nx; ++x) {
        const std::uint32_t start = starts[static_cast<std::size_t>((z * g.ny + y) * g.nx + x)];
        std::fill(under.begin(), under.end(), 0);
        if (start == BvhNode4::kEmpty) {
          ++empty;
        } else {
          EXPECT_FALSE(BvhNode4::is_leaf(start));
          EXPECT_LT(start, nodes.size());
          mark_under(bvh, nodes, start, under);
        }
        const int cell[3] = {x, y, z};
        double lo[3], hi[3];
        for (int a = 0; a < 3; ++a) {
          lo[a] = static_cast<double>(g.origin[a]) + cell[a] * static_cast<double>(g.cell) - g.reach;
          hi[a] = static_cast<double>(g.origin[a]) + (cell[a] + 1) * static_cast<double>(g.cell) + g.reach;
        }
        for (std::uint32_t i = 0; i < bvh.slot_count(); ++i) {
          const collision::BvhTriangle t = bvh.triangle(i);
          if (t.index == collision::BvhPacket4::kEmptyLane) continue;
          bool near = true;
          for (int a = 0; a < 3; ++a) {
            near = near && std::min({t.a[a], t.b[a], t.c[a]}) <= hi[a] && lo[a] <= std::max({t.a[a], t.b[a], t.c[a]});
          }
          if (near && !under[i]) {
            ADD_FAILURE() << "cell " << x << " " << y << " " << z << " leaves out leaf triangle " << i;
            return empty;
          }
        }
      }
    }
  }
  for (std::uint32_t n = tree_nodes; n < nodes.size(); ++n) {
    const Node& node = nodes[n];
    for (std::size_t lane = 0; lane < std::size(node.child); ++lane) {
      const std::uint32_t c = node.child[lane];
      if (c == BvhNode4::kEmpty) continue;
      EXPECT_TRUE(BvhNode4::is_leaf(c) || c < tree_nodes) << "a made node's child is a made node";
      std::fill(under.begin(), under.end(), 0);
      mark_under(bvh, nodes, c, under);
      for (std::size_t i = 0; i < under.size(); ++i) {
        if (!under[i]) continue;
        const collision::BvhTriangle t = bvh.triangle(static_cast<std::uint32_t>(i));
        for (const vec3& p : {t.a, t.b, t.c}) {
          EXPECT_TRUE(p.x >= node.min_x[lane] && p.x <= node.max_x[lane] && p.y >= node.min_y[lane] &&
                      p.y <= node.max_y[lane] && p.z >= node.min_z[lane] && p.z <= node.max_z[lane]);
        }
      }
    }
  }
  return empty;
}

void expect_cells_hold_what_is_near(const std::vector<Triangle>& tris, vec3 offset, int width) {
  const collision::World world = prism_test::world_of(tris, offset, prism_test::grid_options(width, true));
  const Bvh& bvh = world.bvh();
  ASSERT_GT(bvh.grid.nx * bvh.grid.ny * bvh.grid.nz, 1);
  const int empty = width == 8 ? check_cells(bvh, bvh.nodes8, bvh.grid.start8, bvh.grid.tree_nodes8)
                               : check_cells(bvh, bvh.nodes, bvh.grid.start4, bvh.grid.tree_nodes4);
  EXPECT_TRUE((width == 8 ? bvh.grid.start4 : bvh.grid.start8).empty());  // only the traversed tree's
  std::printf("grid %d x %d x %d, cell %.2f, reach %.2f: %d cells empty\n", bvh.grid.nx, bvh.grid.ny, bvh.grid.nz,
              bvh.grid.cell, bvh.grid.reach, empty);
  EXPECT_GT(empty, 0);  // the level has open space: some cell must be near nothing
}


// Small queries placed on cell borders and corners (a few ulps either side), with half extents
// at the reach's limit (just under, at, just over), in empty cells, outside the grid: every
// result the same as a World without the grid, and the sweeps as the brute force.
void expect_small_queries_unchanged(const std::vector<Triangle>& tris, vec3 offset, int width) {
  const collision::World with = prism_test::world_of(tris, offset, prism_test::grid_options(width, true));
  const std::vector<collision::BvhTriangle> leaf_tris = prism_test::leaf_triangles(with.bvh());
  const collision::World without = prism_test::world_of(tris, offset, prism_test::grid_options(width, false));
  const collision::BvhStartGrid& g = with.bvh().grid;
  ASSERT_GT(g.query_reach[0], 0.0f);
  EXPECT_TRUE(without.bvh().grid.start4.empty() && without.bvh().grid.start8.empty());
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> cx(-1, g.nx + 1), cy(-1, g.ny + 1), cz(-1, g.nz + 1), pick(0, 5);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f), sign(-1.0f, 1.0f);
  // Within the reach, at it, just over it (still served on an axis the move leaves short),
  // and well over it (served by the root).
  const float limits[] = {0.999999f, 1.0f, 1.000001f, 0.5f, 0.1f, 0.9f, 1.5f, 3.0f};
  int served = 0, hits = 0;
  std::vector<std::uint32_t> a, b;
  std::vector<collision::Contact> ca, cb;
  for (int q = 0; q < 4000; ++q) {
    // A corner, an edge or a face of a cell, nudged by 0, 1 or 2 ulps or by a small random move.
    // Every other query near a triangle, one axis snapped to the nearest cell border: such a
    // query reaches the triangle only at the edge of its box, where a cell that kept too little
    // would show.
    const auto at = [&](int axis, int k) { return g.origin[axis] + static_cast<float>(k) * g.cell; };
    vec3 center(at(0, cx(rng)), at(1, cy(rng)), at(2, cz(rng)));
    if (q % 2 == 1) {
      const collision::BvhTriangle& t =
          leaf_tris[static_cast<std::size_t>(unit(rng) * 0.999f * static_cast<float>(leaf_tris.size()))];
      const vec3 away = glm::normalize(vec3(sign(rng), sign(rng), sign(rng)) + vec3(1e-3f));
      center = t.a + away * (g.query_reach[0] * (0.8f + 0.6f * unit(rng)));
      const int axis = q % 3;
      center[axis] = at(axis, static_cast<int>(std::lround((center[axis] - g.origin[axis]) / g.cell)));
    }
    for (int k = 0; k < 3; ++k) {
      switch (pick(rng)) {
        case 0: break;
        case 1: center[k] = std::nextafter(center[k], INFINITY); break;
        case 2: center[k] = std::nextafter(std::nextafter(center[k], -INFINITY), -INFINITY); break;
        default: center[k] += g.cell * unit(rng); break;
      }
    }
    const float half = g.query_reach[0] * limits[q % 8];  // (the reach less the rounding slack)
    // Half extent `half` on the largest axis: a radius, the rest of it as the move.
    const float radius = half * (0.2f + 0.8f * unit(rng));
    const vec3 dir = glm::normalize(vec3(sign(rng), sign(rng), sign(rng)) + vec3(1e-3f));
    const vec3 delta = dir * (2.0f * (half - radius));
    const vec3 start = center - 0.5f * delta;
    bool within = true;
    for (int k = 0; k < 3; ++k) within = within && 0.5f * std::fabs(delta[k]) + radius <= g.query_reach[k];
    served += within;
    const auto s1 = collision::sweep_sphere(with, start, radius, delta);
    prism_test::expect_same_sweep(s1, collision::sweep_sphere(without, start, radius, delta), q);
    prism_test::expect_same_sweep(s1, collision::sweep_sphere_brute_force(with, start, radius, delta), q);
    hits += s1.hit;
    const vec3 half_box(radius, 0.5f * radius, 0.75f * radius);
    prism_test::expect_same_sweep(collision::sweep_box(with, start, half_box, delta),
                                  collision::sweep_box(without, start, half_box, delta), q);
    prism_test::expect_same_sweep(collision::sweep_capsule(with, start, 0.5f * radius, 0.4f * radius, dir, delta),
                                  collision::sweep_capsule(without, start, 0.5f * radius, 0.4f * radius, dir, delta), q);
    prism_test::expect_same_sweep(collision::sweep_ellipsoid(with, start, half_box, delta),
                                  collision::sweep_ellipsoid(without, start, half_box, delta), q);
    prism_test::expect_same_ray(collision::raycast(with, start, delta), collision::raycast(without, start, delta), q);
    collision::overlap_sphere(with, center, radius, a);
    collision::overlap_sphere(without, center, radius, b);
    ASSERT_EQ(a, b) << q;
    collision::Aabb box;
    box.min = center - half_box;
    box.max = center + half_box;
    collision::overlap_aabb(with, box, a);
    collision::overlap_aabb(without, box, b);
    ASSERT_EQ(a, b) << q;
    const collision::Body body = collision::Body::sphere(0.5f * radius);
    collision::find_contacts(with, body, center, 0.25f * radius, ca);
    collision::find_contacts(without, body, center, 0.25f * radius, cb);
    ASSERT_EQ(ca.size(), cb.size()) << q;
    for (std::size_t i = 0; i < ca.size(); ++i) {
      ASSERT_EQ(ca[i].triangle, cb[i].triangle) << q;
      ASSERT_EQ(ca[i].distance, cb[i].distance) << q;
      ASSERT_EQ(ca[i].normal, cb[i].normal) << q;
    }
  }
  std::printf("%d of 4000 small queries within the grid's reach, %d sphere hits\n", served, hits);
  EXPECT_GT(served, 2000);  // most queries must use the grid, or this test proves nothing
  EXPECT_LT(served, 3800);  // and some the root
  EXPECT_GT(hits, 80);
}

}  // namespace

TEST(BvhStartGrid, EveryCellHoldsEveryTriangleWithinReach) {
  for (int width : prism_test::node_widths()) {
    SCOPED_TRACE(width);
    expect_cells_hold_what_is_near(prism_test::grid_level(1), vec3(0.0f), width);
  }
}

TEST(BvhStartGrid, EveryCellHoldsEveryTriangleWithinReachOnAFlatLevelFarFromTheOrigin) {
  for (int width : prism_test::node_widths()) {
    SCOPED_TRACE(width);
    expect_cells_hold_what_is_near(prism_test::flat_grid_level(2), vec3(3.0e6f, -7.0e5f, 1.0e6f), width);
  }
}

TEST(BvhStartGrid, SmallQueriesAtCellBordersGiveWhatTheyGiveFromTheRoot) {
  for (int width : prism_test::node_widths()) {
    SCOPED_TRACE(width);
    expect_small_queries_unchanged(prism_test::grid_level(3), vec3(0.0f), width);
  }
}

TEST(BvhStartGrid, SmallQueriesFarFromTheOriginGiveWhatTheyGiveFromTheRoot) {
  for (int width : prism_test::node_widths()) {
    SCOPED_TRACE(width);
    expect_small_queries_unchanged(prism_test::grid_level(4), vec3(-2.5e6f, 4.0e6f, 1.5e5f), width);
    expect_small_queries_unchanged(prism_test::flat_grid_level(5), vec3(1.0e5f, 1.0e5f, -3.0e5f), width);
  }
}

TEST(BvhStartGrid, NoGridForATinyMeshOrWhenTurnedOff) {
  const collision::World tiny = prism_test::world_of(prism_test::floor_quad(10.0f));
  EXPECT_TRUE(tiny.bvh().grid.start4.empty() && tiny.bvh().grid.start8.empty());  // the root is a leaf
  collision::BvhBuildOptions off;
  off.start_grid = false;
  const collision::World world = prism_test::world_of(prism_test::grid_level(6), off);
  EXPECT_TRUE(world.bvh().grid.start4.empty() && world.bvh().grid.start8.empty());
  EXPECT_EQ(world.bvh().grid.tree_nodes4, world.bvh().nodes.size());
  EXPECT_EQ(world.bvh().grid.tree_nodes8, world.bvh().nodes8.size());
}

// A mesh a few float steps across, far from the origin (as the fuzzer made from a map: corners
// on the 8-unit lattice of floats near 1e8). The grid's rounding slack grows with the largest
// coordinate (here 200 units) while its cells shrink with the mesh (a unit or so): it used to
// cover the slack with 205^3 cells (405^3 for a smaller mesh), each within reach of the whole
// mesh, and spent seconds filling them (a fuzzer timeout). No grid now; the queries start at
// the root and still give what the brute force does.
TEST(BvhStartGrid, NoGridWhenTheRoundingSlackDwarfsTheCells) {
  std::mt19937 rng(12);
  std::uniform_int_distribution<int> step(0, 2);
  const auto corner = [&] {
    return vec3(1.0e8f) + 8.0f * vec3(static_cast<float>(step(rng)), static_cast<float>(step(rng)), static_cast<float>(step(rng)));
  };
  std::vector<Triangle> tris;
  while (tris.size() < 200) {
    const Triangle t{corner(), corner(), corner()};
    if (!collision::is_degenerate(t)) tris.push_back(t);
  }
  for (int width : prism_test::node_widths()) {
    SCOPED_TRACE(width);
    const collision::World world = prism_test::world_of(tris, vec3(0.0f), prism_test::grid_options(width, true));
    const collision::BvhStartGrid& g = world.bvh().grid;
    EXPECT_FALSE(BvhNode4::is_leaf(world.bvh().root));  // a tree, so a grid was considered
    EXPECT_EQ(static_cast<long long>(g.nx) * g.ny * g.nz, 0);
    EXPECT_TRUE(g.start4.empty() && g.start8.empty());
    std::uniform_real_distribution<float> around(-8.0f, 24.0f), move(-20.0f, 20.0f);
    int hits = 0;
    for (int q = 0; q < 300; ++q) {
      const vec3 start = vec3(1.0e8f) + vec3(around(rng), around(rng), around(rng));
      const vec3 delta(move(rng), move(rng), move(rng));
      const auto s = collision::sweep_sphere(world, start, 4.0f, delta);
      prism_test::expect_same_sweep(s, collision::sweep_sphere_brute_force(world, start, 4.0f, delta), q);
      hits += s.hit;
    }
    EXPECT_GT(hits, 30);
  }
}
