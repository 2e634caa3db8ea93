// World::memory(): what a World holds, by part. Each part is the bytes of the arrays the tree
// really keeps (a part left out of the build reports 0; the leaf triangles and packets are as
// many as the solid triangles need), the parts add up to the total, a copy shares the tree and
// reports it beside its own copy of the mesh, and a moved-from World holds nothing. (The figures a triangle are in
// docs/benchmarks.md: bench_queries --only build, and prism-query --stats.)
#include <gtest/gtest.h>

#include "bvh/bvh_layout.hpp"
#include "collision/world.hpp"
#include "grid_levels.hpp"
#include "test_worlds.hpp"

namespace {

using collision::WorldMemory;

std::size_t parts(const WorldMemory& m) {
  return m.mesh + m.nodes4 + m.nodes8 + m.triangles + m.packets + m.start_grid + m.occupancy + m.wide_prisms;
}

TEST(WorldMemory, EveryPartIsTheBytesOfWhatTheTreeKeepsAndThePartsAddUpToTheTotal) {
  const std::vector<collision::Triangle> tris = prism_test::grid_level(7);
  for (const int width : prism_test::node_widths()) {
    for (const bool grid : {false, true}) {
      const collision::World world = prism_test::world_of(tris, prism_test::grid_options(width, grid));
      const WorldMemory m = world.memory();
      const std::size_t n = world.solid_triangle_count();
      ASSERT_GT(n, 100u);
      EXPECT_EQ(m.total(), parts(m));
      // The mesh: three vertices, one index triple, a normal and a flag byte a triangle here.
      const collision::TriangleMesh& mesh = world.mesh();
      EXPECT_GE(m.mesh, mesh.positions.size() * 12 + mesh.indices.size() * 12 + mesh.normals.size() * 12 + mesh.flags.size());
      EXPECT_EQ(m.triangles, 0u);  // kept once, in the packets
      EXPECT_GE(m.packets, (n + 3) / 4 * sizeof(collision::BvhPacket4));  // at least a quarter packet a triangle
      // One node width: the one the queries traverse.
      EXPECT_EQ(m.nodes4 > 0, width == 4);
      EXPECT_EQ(m.nodes8 > 0, width == 8);
      if (grid) EXPECT_GT(m.start_grid, 0u);
      else EXPECT_EQ(m.start_grid + m.occupancy, 0u) << "no start grid built, yet bytes reported for it";
    }
  }
}

TEST(WorldMemory, ACopySharesTheTreeAndAMovedFromWorldHoldsNothing) {
  collision::World world = prism_test::world_of(prism_test::grid_level(3));
  const WorldMemory before = world.memory();
  const collision::World copy = world;  // NOLINT(performance-unnecessary-copy-initialization)
  EXPECT_EQ(copy.memory().total() - copy.memory().mesh, before.total() - before.mesh);  // the same tree
  EXPECT_GT(copy.memory().mesh, 0u);  // and a mesh of its own
  const collision::World moved = std::move(world);
  EXPECT_EQ(moved.memory().total(), before.total());
  const WorldMemory empty = world.memory();  // NOLINT(bugprone-use-after-move): documented as empty
  EXPECT_EQ(empty.mesh + empty.triangles + empty.packets + empty.nodes8 + empty.start_grid + empty.occupancy, 0u);
}

}  // namespace

// The tree keeps its triangles once (in the packets: until 2026-11-29 also as 64-byte
// BvhTriangles in BVH order) and its nodes in one width (the 4-wide ones were kept beside the
// 8-wide ones, unread). On this level (2,022 triangles, many of them loose, in 998 packets),
// measured: the tree 258.5 bytes a triangle with the 8-wide nodes, 232.5 with the 4-wide ones;
// at least 64 more before (the copy), and the 4-wide nodes besides with the 8-wide.
TEST(WorldMemory, NoSecondCopyOfTheTrianglesNorAnUntraversedNodeWidthIsKept) {
  const std::vector<collision::Triangle> tris = prism_test::grid_level(7);
  for (const int width : prism_test::node_widths()) {
    const collision::World world = prism_test::world_of(tris, prism_test::grid_options(width, true));
    const WorldMemory m = world.memory();
    const collision::Bvh& bvh = world.bvh();
    const double n = static_cast<double>(world.solid_triangle_count());
    EXPECT_EQ(m.triangles, 0u) << "a second copy of the leaf triangles";
    EXPECT_EQ(width == 8 ? m.nodes4 : m.nodes8, 0u) << "the nodes of the width not traversed";
    EXPECT_EQ(m.packets, bvh.packets.size() * sizeof(collision::BvhPacket4));
    const double tree = static_cast<double>(m.total() - m.mesh - m.wide_prisms) / n;
    std::printf("width %d: %.0f triangles, %zu packets, tree %.1f bytes a triangle\n", width, n, bvh.packets.size(), tree);
    EXPECT_LT(tree, width == 8 ? 265.0 : 240.0);
  }
}
