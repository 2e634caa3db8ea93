// The 8-wide AVX2 traversal (Bvh::nodes8) and the 4-wide SSE one must give the same result, field
// by field, for every kind of query: two Worlds of the same map, each built with one tree. (Which
// one a default World uses is bvh_uses_avx2(); CI runs the other suites both ways.)

#include <cstdio>

#include <gtest/gtest.h>

#include "bvh/bvh_layout.hpp"
#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "collision/queries.hpp"
#include "peer_fixture.hpp"
#include "same_sweep.hpp"

namespace prism::peer {
namespace {

using NodeWidthsAgree = PeerMap;

collision::World world_with(const collision::World& source, collision::BvhBuildOptions::Wide wide) {
  collision::BvhBuildOptions options;
  options.wide = wide;
  return collision::World(source.mesh(), options);
}

TEST_P(NodeWidthsAgree, EveryQueryKindGivesTheSameResultOnBothTrees) {
  if (!collision::cpu_has_avx2()) GTEST_SKIP() << "this CPU has no AVX2: only the 4-wide tree is built";
  const collision::World narrow = world_with(*lvl().world, collision::BvhBuildOptions::Wide::kNever);
  const collision::World wide = world_with(*lvl().world, collision::BvhBuildOptions::Wide::kAlways);
  ASSERT_FALSE(narrow.bvh().has_nodes8());
  ASSERT_TRUE(wide.bvh().has_nodes8());
  ASSERT_GT(wide.bvh().nodes8.size(), 0u);
  const glm::vec3 up = lvl().level.up;
  const glm::vec3 radii = glm::vec3(16.0f) + 12.0f * glm::abs(up);  // taller than wide
  const auto& q = queries();
  const std::vector<Query> walking_raised = raised(q.walking, up, kCapsuleRadius + kCapsuleHalf);
  std::size_t hits = 0, count = 0;
  for (const std::vector<Query>* set : {&q.uniform, &q.walking, &walking_raised, &q.long_rays}) {
    const std::vector<Query> subset = first(*set, kSubset);
    for (std::size_t i = 0; i < subset.size(); ++i) {
      const Query& s = subset[i];
      const int at = static_cast<int>(i);
      const collision::RayHit ray = collision::raycast(wide, s.start, s.move);
      prism_test::expect_same_ray(ray, collision::raycast(narrow, s.start, s.move), at);
      const collision::SweepHit sphere = collision::sweep_sphere(wide, s.start, kSweepRadius, s.move);
      prism_test::expect_same_sweep(sphere, collision::sweep_sphere(narrow, s.start, kSweepRadius, s.move), at);
      prism_test::expect_same_sweep(collision::sweep_box(wide, s.start, kBoxHalf, s.move),
                                    collision::sweep_box(narrow, s.start, kBoxHalf, s.move), at);
      prism_test::expect_same_sweep(
          collision::sweep_capsule(wide, s.start, kCapsuleRadius, kCapsuleHalf, up, s.move),
          collision::sweep_capsule(narrow, s.start, kCapsuleRadius, kCapsuleHalf, up, s.move), at);
      prism_test::expect_same_sweep(collision::sweep_ellipsoid(wide, s.start, radii, s.move),
                                    collision::sweep_ellipsoid(narrow, s.start, radii, s.move), at);
      if (HasFatalFailure()) return;
      hits += ray.hit + sphere.hit;
      ++count;
    }
  }
  std::printf("[peer] %s: %zu queries of five kinds on the 4- and 8-wide trees, %zu ray and sphere hits, "
              "all identical\n", GetParam().c_str(), count, hits);
  EXPECT_GT(hits, count / 10);  // the sets do hit things
}

}  // namespace

PRISM_PEER_INSTANTIATE(NodeWidthsAgree);

}  // namespace prism::peer
