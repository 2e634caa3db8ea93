#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "bvh/bvh_layout.hpp"
#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "collision/queries.hpp"
#include "grid_levels.hpp"
#include "random_sweeps.hpp"
#include "same_sweep.hpp"
#include "test_worlds.hpp"

using collision::Triangle;
using glm::vec3;

namespace {

// A random triangle soup in a 100-unit cube: small triangles, some large, some slivers.
std::vector<Triangle> soup(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> pos(-50.0f, 50.0f), off(-4.0f, 4.0f), big(-30.0f, 30.0f);
  std::vector<Triangle> tris;
  for (int i = 0; i < n; ++i) {
    const vec3 a(pos(rng), pos(rng), pos(rng));
    auto& o = (i % 17 == 0) ? big : off;
    tris.push_back({a, a + vec3(o(rng), o(rng), o(rng)), a + vec3(o(rng), o(rng), o(rng))});
  }
  return tris;
}

void expect_sphere_sweeps_match_brute_force() {
  const auto world = prism_test::world_of(soup(3000, 1));
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> pos(-60.0f, 60.0f), mv(-20.0f, 20.0f), rad(0.1f, 5.0f);
  int hits = 0;
  for (int q = 0; q < 3000; ++q) {
    const vec3 c(pos(rng), pos(rng), pos(rng)), d(mv(rng), mv(rng), mv(rng));
    const float r = rad(rng);
    const auto bvh = collision::sweep_sphere(world, c, r, d);
    const auto brute = collision::sweep_sphere_brute_force(world, c, r, d);
    prism_test::expect_same_sweep(bvh, brute, q);
    hits += bvh.hit;
  }
  EXPECT_GT(hits, 300);  // the soup must actually be hit, or this test proves nothing
}

void expect_rays_match_brute_force() {
  const auto world = prism_test::world_of(soup(3000, 2));
  std::mt19937 rng(8);
  std::uniform_real_distribution<float> pos(-60.0f, 60.0f), mv(-80.0f, 80.0f);
  int hits = 0;
  for (int q = 0; q < 5000; ++q) {
    const vec3 o(pos(rng), pos(rng), pos(rng)), d(mv(rng), mv(rng), mv(rng));
    const auto a = collision::raycast(world, o, d);
    prism_test::expect_same_ray(a, collision::raycast_brute_force(world, o, d), q);
    hits += a.hit;
  }
  EXPECT_GT(hits, 500);
}

}  // namespace

TEST(Bvh, SweepsMatchBruteForceExactlyOnRandomSoup) { expect_sphere_sweeps_match_brute_force(); }

// Far from the origin (coordinates near 5e9) with moves along one or two axes only (the others
// 0, -0 or below 1e-26): the traversal's slab test then multiplies coordinates by the finite
// inverse of a zero component, and the 8-wide path's fused form (plane * inv - origin * inv)
// needs that product finite. Every query must still give what the brute force gives, on both
// node widths, for rays, spheres, boxes and capsules.
TEST(Bvh, AxisAlignedMovesFarFromTheOriginMatchBruteForce) {
  std::vector<Triangle> tris = soup(2000, 11);
  for (Triangle& t : tris) {
    t.a *= 1e8f;
    t.b *= 1e8f;
    t.c *= 1e8f;
  }
  collision::BvhBuildOptions wide, narrow;
  wide.wide = collision::BvhBuildOptions::Wide::kAlways;
  narrow.wide = collision::BvhBuildOptions::Wide::kNever;
  const auto wide_world = prism_test::world_of(tris, wide), narrow_world = prism_test::world_of(tris, narrow);
  std::mt19937 rng(12);
  std::uniform_real_distribution<float> pos(-6e9f, 6e9f), mv(-2e9f, 2e9f), rad(1e7f, 4e8f);
  const float still[] = {0.0f, -0.0f, 1e-27f, -1e-30f};
  int hits = 0;
  for (int q = 0; q < 1500; ++q) {
    const vec3 c(pos(rng), pos(rng), pos(rng));
    vec3 d(mv(rng), mv(rng), mv(rng));
    const int moving = q % 3;  // the axis that moves; a second one too on every other query
    for (int a = 0; a < 3; ++a) {
      if (a != moving && (q % 2 == 0 || a != (moving + 1) % 3)) d[a] = still[(q + a) % 4];
    }
    const float r = rad(rng);
    for (const collision::World* w : {&wide_world, &narrow_world}) {
      prism_test::expect_same_ray(collision::raycast(*w, c, d), collision::raycast_brute_force(*w, c, d), q);
      prism_test::expect_same_sweep(collision::sweep_sphere(*w, c, r, d),
                                    collision::sweep_sphere_brute_force(*w, c, r, d), q);
      const vec3 half(r, 0.5f * r, 2.0f * r), up(0.0f, 0.0f, 1.0f);
      prism_test::expect_same_sweep(collision::sweep_box(*w, c, half, d),
                                    collision::sweep_box_brute_force(*w, c, half, d), q);
      prism_test::expect_same_sweep(collision::sweep_capsule(*w, c, r, r, up, d),
                                    collision::sweep_capsule_brute_force(*w, c, r, r, up, d), q);
      hits += collision::sweep_sphere(*w, c, r, d).hit;
    }
  }
  EXPECT_GT(hits, 300);  // the soup must actually be hit, or this test proves nothing
  EXPECT_EQ(wide_world.bvh().has_nodes8(), collision::cpu_has_avx2());
}

TEST(Bvh, SweepsMatchBruteForceExactlyWithDenormalsAreZero) {
  prism_test::with_denormals_are_zero(expect_sphere_sweeps_match_brute_force);
}

TEST(Bvh, RaysMatchBruteForceExactlyOnRandomSoup) { expect_rays_match_brute_force(); }

TEST(Bvh, RaysMatchBruteForceExactlyWithDenormalsAreZero) {
  prism_test::with_denormals_are_zero(expect_rays_match_brute_force);
}

// Counts leaf `c`'s triangles in `seen` (by mesh index) and checks that their corners lie in the
// box of lane `i` of `node` (a BvhNode4 or a BvhNode8).
template <class Node>
void count_leaf_inside_box(const collision::Bvh& bvh, std::uint32_t c, const Node& node, int i, std::vector<int>& seen) {
  const auto first = collision::BvhNode4::leaf_first(c);
  for (std::uint32_t k = first; k < first + collision::BvhNode4::leaf_count(c); ++k) {
    const auto t = bvh.triangle(k);
    ++seen[t.index];
    for (const vec3& p : {t.a, t.b, t.c}) {
      EXPECT_GE(p.x, node.min_x[i]);
      EXPECT_LE(p.x, node.max_x[i]);
      EXPECT_GE(p.y, node.min_y[i]);
      EXPECT_LE(p.y, node.max_y[i]);
      EXPECT_GE(p.z, node.min_z[i]);
      EXPECT_LE(p.z, node.max_z[i]);
    }
  }
}

// Every leaf of the tree (of either width, from its inner root) once: counts its triangles in
// `seen` and checks them against their box (count_leaf_inside_box). Returns the inner nodes
// reached, and adds to `children` the lanes in use and to `leaves` the leaf references.
template <class Node>
std::size_t walk_leaves(const collision::Bvh& bvh, const std::vector<Node>& nodes, std::uint32_t root,
                        std::vector<int>& seen, std::size_t& children, std::vector<std::uint32_t>& leaves) {
  std::size_t inner = 0;
  std::vector<std::uint32_t> stack{root};
  while (!stack.empty()) {
    const auto& node = nodes[stack.back()];
    stack.pop_back();
    ++inner;
    for (std::size_t i = 0; i < std::size(node.child); ++i) {
      const std::uint32_t c = node.child[i];
      if (c == collision::BvhNode4::kEmpty) {
        EXPECT_GT(node.min_x[i], node.max_x[i]);  // an empty lane's box is never entered
        continue;
      }
      ++children;
      if (!collision::BvhNode4::is_leaf(c)) {
        EXPECT_LT(c, nodes.size());
        if (c < nodes.size()) stack.push_back(c);
        continue;
      }
      leaves.push_back(c);
      count_leaf_inside_box(bvh, c, node, static_cast<int>(i), seen);
    }
  }
  return inner;
}

TEST(Bvh, EveryTriangleIsInExactlyOneLeafAndInsideItsBox) {
  for (const int width : prism_test::node_widths()) {
    collision::BvhBuildOptions options;
    options.wide = width == 8 ? collision::BvhBuildOptions::Wide::kAlways : collision::BvhBuildOptions::Wide::kNever;
    const auto world = prism_test::world_of(soup(2000, 3), options);
    const auto& bvh = world.bvh();
    std::vector<int> seen(world.mesh().triangle_count(), 0);
    std::size_t children = 0;
    std::vector<std::uint32_t> leaves;
    if (width == 8) walk_leaves(bvh, bvh.nodes8, bvh.root8, seen, children, leaves);
    else walk_leaves(bvh, bvh.nodes, bvh.root, seen, children, leaves);
    for (int s : seen) EXPECT_EQ(s, 1);
  }
}

// Each packet lane's edge planes: unit normals square to the face and to their edge, facing
// away from the opposite corner; zero in an unused lane.
TEST(Bvh, PacketEdgePlanesAreUnitOutwardNormalsSquareToTheFace) {
  const auto world = prism_test::world_of(soup(2000, 7));
  int lanes = 0, empty = 0;
  for (const collision::BvhPacket4& p : world.bvh().packets) {
    for (int lane = 0; lane < 4; ++lane) {
      const glm::dvec3 o[3] = {{p.edge_nx[0][lane], p.edge_ny[0][lane], p.edge_nz[0][lane]},
                               {p.edge_nx[1][lane], p.edge_ny[1][lane], p.edge_nz[1][lane]},
                               {p.edge_nx[2][lane], p.edge_ny[2][lane], p.edge_nz[2][lane]}};
      if (p.slot[lane] == collision::BvhPacket4::kEmptyLane) {
        ++empty;
        for (const glm::dvec3& e : o) EXPECT_EQ(glm::dot(e, e), 0.0);
        continue;
      }
      ++lanes;
      const collision::BvhTriangle t = p.triangle(lane);
      const glm::dvec3 corner[3] = {glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c)};
      for (int i = 0; i < 3; ++i) {
        const glm::dvec3 edge = corner[(i + 1) % 3] - corner[i];
        const glm::dvec3 to_opposite = corner[(i + 2) % 3] - corner[i];
        EXPECT_NEAR(glm::length(o[i]), 1.0, 1e-6);
        EXPECT_NEAR(glm::dot(o[i], glm::dvec3(t.n)), 0.0, 1e-5);
        EXPECT_NEAR(glm::dot(o[i], edge) / glm::length(edge), 0.0, 1e-5);
        EXPECT_LT(glm::dot(o[i], to_opposite), 0.0);
      }
    }
  }
  EXPECT_EQ(lanes, 2000);
  EXPECT_GT(empty, 0);
}

// The 8-wide tree (built where the CPU has AVX2) holds the same leaves as the 4-wide one of the
// same mesh: every triangle in exactly one leaf, inside the box its node keeps for it. A World
// keeps one width: the one its queries traverse.
TEST(Bvh, WideTreeHoldsEveryLeafOfTheNarrowOneOnceInsideItsBox) {
  if (!collision::cpu_has_avx2()) GTEST_SKIP() << "this CPU has no AVX2: no 8-wide tree is built";
  collision::BvhBuildOptions options;
  options.wide = collision::BvhBuildOptions::Wide::kAlways;
  const auto world = prism_test::world_of(soup(3000, 5), options);
  options.wide = collision::BvhBuildOptions::Wide::kNever;
  const auto narrow_world = prism_test::world_of(soup(3000, 5), options);
  const auto& bvh = world.bvh();
  const auto& narrow = narrow_world.bvh();
  ASSERT_TRUE(bvh.has_nodes8());
  EXPECT_TRUE(bvh.nodes.empty()) << "the 4-wide nodes kept beside the 8-wide ones";
  ASSERT_FALSE(narrow.has_nodes8());
  std::vector<int> narrow_seen(narrow_world.mesh().triangle_count(), 0), seen(world.mesh().triangle_count(), 0);
  std::size_t narrow_children = 0, children = 0;
  std::vector<std::uint32_t> narrow_leaves, wide_leaves;
  const std::size_t narrow_inner = walk_leaves(narrow, narrow.nodes, narrow.root, narrow_seen, narrow_children, narrow_leaves);
  const std::size_t inner = walk_leaves(bvh, bvh.nodes8, bvh.root8, seen, children, wide_leaves);
  for (int s : seen) EXPECT_EQ(s, 1);
  std::sort(narrow_leaves.begin(), narrow_leaves.end());
  std::sort(wide_leaves.begin(), wide_leaves.end());
  EXPECT_EQ(narrow_leaves, wide_leaves);
  EXPECT_EQ(inner, bvh.grid.tree_nodes8);  // every node of the tree reached once (the rest start cells)
  EXPECT_EQ(narrow_inner, narrow.grid.tree_nodes4);
  // Fuller nodes, and fewer of them (not half as many: a binary subtree of fewer than eight
  // leaves makes a part-full node in either tree; on this soup 3.05 and 4.34 children a node).
  const double narrow_fill = static_cast<double>(narrow_children) / static_cast<double>(narrow_inner);
  const double wide_fill = static_cast<double>(children) / static_cast<double>(inner);
  std::printf("children per node: 4-wide %.2f (%zu nodes), 8-wide %.2f (%zu nodes)\n", narrow_fill, narrow_inner,
              wide_fill, inner);
  EXPECT_GT(wide_fill, 1.3 * narrow_fill);
  EXPECT_LT(static_cast<double>(inner), 0.7 * static_cast<double>(narrow_inner));
}

// PRISM_SIMD=sse forces the 4-wide SSE path (CI runs the core's suites once with it); otherwise
// the path is AVX2 exactly where the CPU has it, and a default World builds its tree to match.
TEST(Bvh, TraversalPathFollowsTheCpuAndPrismSimd) {
  const char* choice = std::getenv("PRISM_SIMD");
  const bool forced_sse = choice != nullptr && std::string(choice) == "sse";
  EXPECT_EQ(collision::bvh_uses_avx2(), collision::cpu_has_avx2() && !forced_sse);
  const auto world = prism_test::world_of(soup(500, 6));
  EXPECT_EQ(world.bvh().has_nodes8(), collision::bvh_uses_avx2());
  collision::BvhBuildOptions never;
  never.wide = collision::BvhBuildOptions::Wide::kNever;
  EXPECT_FALSE(prism_test::world_of(soup(500, 6), never).bvh().has_nodes8());
  std::printf("[path] %s (CPU AVX2: %s, PRISM_SIMD=%s)\n", collision::bvh_uses_avx2() ? "8-wide AVX2" : "4-wide SSE",
              collision::cpu_has_avx2() ? "yes" : "no", choice != nullptr ? choice : "(unset)");
}

TEST(Bvh, SahBuildCostsLessThanMedianSplit) {
  // A builder bug (a bad bin merge) keeps results right but makes the tree worse than a plain
  // median split; this catches it.
  auto tris = soup(4000, 4);
  for (float x = -50; x < 50; x += 5) {  // plus a tiled floor, as levels have
    for (float y = -50; y < 50; y += 5) {
      tris.push_back({{x, y, -55}, {x + 5, y, -55}, {x + 5, y + 5, -55}});
      tris.push_back({{x, y, -55}, {x + 5, y + 5, -55}, {x, y + 5, -55}});
    }
  }
  const auto world = prism_test::world_of(tris);
  collision::BvhBuildOptions median;
  median.split = collision::BvhSplit::kMedian;
  const auto median_bvh = collision::build_bvh(world.mesh(), median);
  const double sah = collision::sah_cost(world.bvh());
  const double med = collision::sah_cost(*median_bvh);
  std::printf("SAH cost: binned SAH %.2f, median split %.2f\n", sah, med);
  EXPECT_LT(sah, 0.9 * med);
}

TEST(Bvh, NonSolidTrianglesAreLeftOut) {
  std::vector<glm::vec3> p{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {0, 1, 1}};
  const auto mesh = collision::make_mesh(p, {{0, 1, 2}, {3, 4, 5}},
                                         {0, collision::kTriangleNonSolid});
  const collision::World world(mesh);
  EXPECT_EQ(world.bvh().triangle_count, 1u);
  const auto h = collision::raycast(world, {0.2f, 0.2f, 2}, {0, 0, -4});
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.triangle, 0u);  // passed through the non-solid one at z = 1
}

// A mesh changed after make_mesh (its positions scaled, one triangle collapsed): the BVH takes
// its planes from the corners, not from the stale normals, and leaves the collapsed triangle
// out; sweeps then answer exactly as on the mesh made again from the same positions.
TEST(Bvh, MeshChangedAfterMakeMeshGetsPlanesFromItsCorners) {
  collision::TriangleMesh changed = prism_test::mesh_of(soup(800, 8));
  for (glm::vec3& p : changed.positions) p = p * 1.37f + vec3(0.3f, -0.2f, 0.1f);
  changed.indices[5] = glm::uvec3(changed.indices[5].x, changed.indices[5].x, changed.indices[5].y);
  std::vector<glm::uvec3> remade_indices = changed.indices;
  remade_indices.erase(remade_indices.begin() + 5);
  const collision::World stale(changed);
  const collision::World remade(collision::make_mesh(changed.positions, remade_indices));
  ASSERT_EQ(stale.bvh().triangle_count, 799u);
  std::mt19937 rng(9);
  std::uniform_real_distribution<float> pos(-70.0f, 70.0f), dir(-40.0f, 40.0f), rad(0.5f, 6.0f);
  int hits = 0;
  for (int q = 0; q < 2000; ++q) {
    const vec3 c(pos(rng), pos(rng), pos(rng)), d(dir(rng), dir(rng), dir(rng));
    const float r = rad(rng);
    collision::SweepHit a = collision::sweep_sphere(stale, c, r, d);
    const collision::SweepHit b = collision::sweep_sphere(remade, c, r, d);
    if (a.hit && a.triangle > 5) --a.triangle;  // the remade mesh has no triangle 5
    prism_test::expect_same_sweep(a, b, q);
    if (::testing::Test::HasFatalFailure()) return;
    hits += a.hit;
  }
  EXPECT_GT(hits, 300);
}

TEST(Mesh, OutOfRangeIndexIsAnError) {
  EXPECT_THROW(collision::make_mesh({{0, 0, 0}}, {{0, 1, 2}}), std::invalid_argument);
}

TEST(Mesh, NonFiniteCornersAreDegenerate) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const auto mesh = collision::make_mesh({{0, 0, 0}, {1, 0, 0}, {nan, 1, 0}, {0, 1, 0}},
                                         {{0, 1, 2}, {0, 1, 3}});
  EXPECT_EQ(mesh.degenerate_count, 1u);
  EXPECT_EQ(mesh.triangle_count(), 1u);
  EXPECT_NEAR(mesh.normals[0].z, 1.0f, 1e-6f);
}

// A World moved from used to keep a tree whose vectors had gone with the move but whose root
// still named a node: a query on it read freed or empty storage. It is now an empty world.
TEST(World, MovedFromWorldIsAnEmptyWorldNotADanglingTree) {
  auto world = prism_test::world_of(soup(200, 3));
  const std::size_t solid = world.solid_triangle_count();
  ASSERT_GT(solid, 0u);
  const collision::World moved(std::move(world));
  EXPECT_EQ(moved.solid_triangle_count(), solid);
  EXPECT_EQ(world.solid_triangle_count(), 0u);  // NOLINT(bugprone-use-after-move): the point
  EXPECT_EQ(world.mesh().triangle_count(), 0u);
  EXPECT_TRUE(world.bvh().empty());
  EXPECT_FALSE(collision::raycast(world, glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, 1.0f)).hit);
  const collision::World copy = moved;  // a copy shares the tree and the id
  EXPECT_EQ(&copy.bvh(), &moved.bvh());
  EXPECT_EQ(copy.id(), moved.id());
  EXPECT_NE(world.id(), moved.id());
}
