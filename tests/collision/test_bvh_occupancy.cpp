// The BVH's occupancy bits (BvhOccupancy, collision/bvh.hpp): a fine cell's bit is set wherever a
// triangle meets the cell, the test clears boxes in open space, and queries whose boxes end on
// fine-cell borders (a few ulps either side), span one to many rows, or reach past the cells
// give bit for bit what a World without the bits gives, and what the brute force gives: near
// the origin and far from it, on both node widths.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "bvh/bvh_occupancy.hpp"
#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "collision/queries.hpp"
#include "same_sweep.hpp"
#include "grid_levels.hpp"
#include "test_worlds.hpp"
#include "leaf_triangles.hpp"

using collision::BvhOccupancy;
using collision::Triangle;
using glm::vec3;

namespace {

bool bit(const BvhOccupancy& occ, int x, int y, int z) {
  const std::uint8_t* row = occ.bits.data() + (static_cast<std::size_t>(z) * occ.ny + y) * occ.row_bytes;
  return ((row[x >> 3] >> (x & 7)) & 1) != 0;
}

// The cell holding a point, as the queries compute it (float), or false outside the cells.
bool cell_of(const BvhOccupancy& occ, const vec3& p, int c[3]) {
  for (int a = 0; a < 3; ++a) {
    c[a] = static_cast<int>(std::floor((p[a] - occ.origin[a]) * occ.inv_cell[a]));
    if (c[a] < 0 || c[a] >= (a == 0 ? occ.nx : a == 1 ? occ.ny : occ.nz)) return false;
  }
  return true;
}

bool may_meet(const BvhOccupancy& occ, const vec3& center, const vec3& half) {
  return collision::detail::occupancy_may_meet(occ, _mm_setr_ps(center.x, center.y, center.z, 0.0f),
                                              _mm_setr_ps(half.x, half.y, half.z, 0.0f));
}

// Every point of every triangle (corners, edge points, interior points on a barycentric grid)
// lies in a set cell; and a box in the open space above the walls is cleared.
void expect_triangles_marked(const std::vector<Triangle>& tris, vec3 offset) {
  const collision::World world = prism_test::world_of(tris, offset);
  const BvhOccupancy& occ = world.bvh().occupancy;
  ASSERT_FALSE(occ.bits.empty());
  int set = 0;
  for (int z = 0; z < occ.nz; ++z) {
    for (int y = 0; y < occ.ny; ++y) {
      for (int x = 0; x < occ.nx; ++x) set += bit(occ, x, y, z);
    }
  }
  std::printf("occupancy %d x %d x %d, cell %.3f: %d of %d cells set\n", occ.nx, occ.ny, occ.nz, occ.cell, set,
              occ.nx * occ.ny * occ.nz);
  EXPECT_LT(set, occ.nx * occ.ny * occ.nz / 3);  // open space stays clear
  constexpr int kSteps = 24;
  for (const collision::BvhTriangle& t : prism_test::leaf_triangles(world.bvh())) {
    for (int i = 0; i <= kSteps; ++i) {
      for (int j = 0; i + j <= kSteps; ++j) {
        const float u = static_cast<float>(i) / kSteps, v = static_cast<float>(j) / kSteps;
        const vec3 p = t.a + u * (t.b - t.a) + v * (t.c - t.a);
        int c[3];
        ASSERT_TRUE(cell_of(occ, p, c)) << "a triangle point outside the cells";
        ASSERT_TRUE(bit(occ, c[0], c[1], c[2])) << "triangle " << t.index << " point " << p.x << " " << p.y << " " << p.z;
      }
    }
  }
  // A small box in the open: above the walls and the loose triangles, beside the slope.
  EXPECT_FALSE(may_meet(occ, offset + vec3(150.0f, 150.0f, 250.0f), vec3(10.0f)));
  // The same box on the floor, at a wall's top, at the slope's centroid: not cleared.
  EXPECT_TRUE(may_meet(occ, offset + vec3(150.0f, 150.0f, -5.0f), vec3(10.0f)));
  EXPECT_TRUE(may_meet(occ, offset + vec3(256.0f, 150.0f, 135.0f), vec3(10.0f)));
  EXPECT_TRUE(may_meet(occ, offset + vec3(-150.0f, -100.0f, 240.0f), vec3(10.0f)));
  // Wholly outside the cells: cleared; one reaching in from outside onto the floor: not.
  EXPECT_FALSE(may_meet(occ, offset + vec3(150.0f, 150.0f, -500.0f), vec3(10.0f)));
  EXPECT_TRUE(may_meet(occ, offset + vec3(150.0f, 150.0f, -500.0f), vec3(10.0f, 10.0f, 510.0f)));
  // A box with a negative half extent (no query makes one): no decision, and no read outside.
  EXPECT_TRUE(may_meet(occ, offset + vec3(150.0f, 150.0f, 250.0f), vec3(10.0f, -30.0f, 10.0f)));
  // Too many rows to look at: passed to the traversal.
  EXPECT_TRUE(may_meet(occ, offset + vec3(150.0f, 150.0f, 250.0f), vec3(occ.cell * 3.0f)));
}

// Queries whose boxes end on fine-cell borders (0 to 2 ulps either side) near triangles and in
// the open, spanning 1 x 1 to 4 x 4 rows (and more, which the test passes on), along x up to
// beyond a row read's reach: every result the same as a World without the bits, and the
// sweeps as the brute force.
void expect_queries_unchanged(const std::vector<Triangle>& tris, vec3 offset, int width) {
  const collision::World with = prism_test::world_of(tris, offset, prism_test::grid_options(width, true));
  const collision::World without = prism_test::world_of(tris, offset, prism_test::grid_options(width, false));
  const BvhOccupancy& occ = with.bvh().occupancy;
  ASSERT_FALSE(occ.bits.empty());
  EXPECT_TRUE(without.bvh().occupancy.bits.empty());
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f), sign(-1.0f, 1.0f);
  std::uniform_int_distribution<int> pick(0, 4), cells(0, 4);
  const auto border = [&](int axis, float x) {  // the nearest fine-cell border
    const float k = std::round((x - occ.origin[axis]) * occ.inv_cell[axis]);
    return occ.origin[axis] + k / occ.inv_cell[axis];
  };
  const auto nudge = [&](float x) {
    switch (pick(rng)) {
      case 1: return std::nextafter(x, INFINITY);
      case 2: return std::nextafter(std::nextafter(x, INFINITY), INFINITY);
      case 3: return std::nextafter(x, -INFINITY);
      case 4: return std::nextafter(std::nextafter(x, -INFINITY), -INFINITY);
      default: return x;
    }
  };
  int cleared = 0, hits = 0;
  std::vector<std::uint32_t> a, b;
  const std::vector<collision::BvhTriangle> leaf_tris = prism_test::leaf_triangles(with.bvh());
  for (int q = 0; q < 3000; ++q) {
    const collision::BvhTriangle& t =
        leaf_tris[static_cast<std::size_t>(unit(rng) * 0.999f * static_cast<float>(leaf_tris.size()))];
    // Half extents of 0.1 to 2.4 cells (1 to 6 rows a side: the branch-free read, the loop and
    // boxes passed on), and now and then a long one on x (up to 80 cells).
    vec3 half;
    for (int k = 0; k < 3; ++k) half[k] = occ.cell * (0.1f + 0.5f * static_cast<float>(cells(rng)) + 0.3f * unit(rng));
    if (q % 10 == 0) half.x = occ.cell * 40.0f * unit(rng);
    // A box beside the triangle's corner: one face on a cell border, just past the corner (so
    // that only the border's rounding decides), or anywhere in the level.
    vec3 lo;
    const vec3 away(sign(rng), sign(rng), sign(rng));
    for (int k = 0; k < 3; ++k) {
      const float corner = t.a[k] + (away[k] > 0.0f ? 1.0f : -1.0f) * 0.02f * occ.cell;
      lo[k] = away[k] > 0.0f ? corner : corner - 2.0f * half[k];
    }
    if (q % 3 == 0) lo = offset + vec3(sign(rng), sign(rng), 0.5f + 0.5f * sign(rng)) * vec3(280.0f, 280.0f, 420.0f);
    const int axis = q % 3;
    lo[axis] = nudge(border(axis, lo[axis]));
    vec3 hi = lo + 2.0f * half;
    const int other = (axis + 1) % 3;
    hi[other] = std::max(lo[other], nudge(border(other, hi[other])));
    const vec3 center = 0.5f * (lo + hi), box_half = 0.5f * (hi - lo);
    cleared += !may_meet(occ, center, box_half);
    // A sphere sweep, box, capsule and ellipsoid sweeps and a ray whose boxes are about this one.
    const float radius = std::max(0.05f * occ.cell, std::min({box_half.x, box_half.y, box_half.z}) * (0.3f + 0.7f * unit(rng)));
    const vec3 delta = 2.0f * (box_half - vec3(radius)) * vec3(sign(rng) > 0 ? 1.0f : -1.0f, sign(rng) > 0 ? 1.0f : -1.0f,
                                                               sign(rng) > 0 ? 1.0f : -1.0f);
    const vec3 start = center - 0.5f * delta;
    const auto s = collision::sweep_sphere(with, start, radius, delta);
    prism_test::expect_same_sweep(s, collision::sweep_sphere(without, start, radius, delta), q);
    prism_test::expect_same_sweep(s, collision::sweep_sphere_brute_force(with, start, radius, delta), q);
    hits += s.hit;
    const vec3 body(radius, 0.6f * radius, 0.8f * radius);
    prism_test::expect_same_sweep(collision::sweep_box(with, start, body, delta),
                                  collision::sweep_box(without, start, body, delta), q);
    const vec3 up(0.0f, 0.0f, 1.0f);
    prism_test::expect_same_sweep(collision::sweep_capsule(with, start, 0.5f * radius, 0.4f * radius, up, delta),
                                  collision::sweep_capsule(without, start, 0.5f * radius, 0.4f * radius, up, delta), q);
    prism_test::expect_same_sweep(collision::sweep_ellipsoid(with, start, body, delta),
                                  collision::sweep_ellipsoid(without, start, body, delta), q);
    prism_test::expect_same_ray(collision::raycast(with, start, delta), collision::raycast(without, start, delta), q);
    collision::Aabb box;
    box.min = lo;
    box.max = hi;
    collision::overlap_aabb(with, box, a);
    collision::overlap_aabb(without, box, b);
    ASSERT_EQ(a, b) << q;
    collision::overlap_sphere(with, center, radius, a);
    collision::overlap_sphere(without, center, radius, b);
    ASSERT_EQ(a, b) << q;
  }
  std::printf("%d of 3000 query boxes cleared by the bits, %d sphere hits\n", cleared, hits);
  EXPECT_GT(cleared, 300);  // the bits must clear some, or this test proves nothing
  EXPECT_GT(hits, 300);     // and many must reach a triangle
}

}  // namespace

TEST(BvhOccupancy, EveryPointOfEveryTriangleLiesInASetCell) {
  expect_triangles_marked(prism_test::grid_level(1), vec3(0.0f));
}

TEST(BvhOccupancy, EveryPointOfEveryTriangleLiesInASetCellFarFromTheOrigin) {
  expect_triangles_marked(prism_test::grid_level(2), vec3(3.0e6f, -7.0e5f, 1.0e6f));
}

TEST(BvhOccupancy, QueriesEndingOnFineCellBordersGiveWhatTheyGiveWithoutTheBits) {
  for (int width : prism_test::node_widths()) {
    SCOPED_TRACE(width);
    expect_queries_unchanged(prism_test::grid_level(3), vec3(0.0f), width);
  }
}

TEST(BvhOccupancy, QueriesFarFromTheOriginGiveWhatTheyGiveWithoutTheBits) {
  for (int width : prism_test::node_widths()) {
    SCOPED_TRACE(width);
    expect_queries_unchanged(prism_test::grid_level(4), vec3(-2.5e6f, 4.0e6f, 1.5e5f), width);
  }
}

TEST(BvhOccupancy, NoBitsForATinyMeshOrWhenTurnedOff) {
  EXPECT_TRUE(prism_test::world_of(prism_test::floor_quad(10.0f)).bvh().occupancy.bits.empty());
  collision::BvhBuildOptions off;
  off.start_grid = false;
  EXPECT_TRUE(prism_test::world_of(prism_test::grid_level(6), off).bvh().occupancy.bits.empty());
}
