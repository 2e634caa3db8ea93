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
      EXPECT_GE(m.triangles, n * sizeof(collision::BvhTriangle));
      EXPECT_LT(m.triangles, 2 * n * sizeof(collision::BvhTriangle));
      EXPECT_GE(m.packets, (n + 3) / 4 * sizeof(collision::BvhPacket4));  // at least a quarter packet a triangle
      EXPECT_GT(m.nodes4, 0u);  // the 4-wide tree is built on every CPU
      if (width == 8) EXPECT_GT(m.nodes8, 0u) << "8-wide nodes built and not reported";
      else EXPECT_EQ(m.nodes8, 0u);
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
