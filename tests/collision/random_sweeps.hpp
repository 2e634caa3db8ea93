#pragma once
// Random sweeps of any body shape on a triangle soup: the BVH against brute force, and the
// no-tunnelling check. A shape's test draws one body and move per call of `draw`.
#include <algorithm>
#include <functional>
#include <random>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision/queries.hpp"
#include "collision/world.hpp"
#include "denormals_are_zero.hpp"

namespace prism_test {

/// One random body and move: its sweeps and its signed distance to a triangle (<= 0: overlap).
struct RandomSweep {
  glm::vec3 start{0.0f}, move{0.0f};
  std::function<collision::SweepHit(const collision::World&)> sweep, brute_force;
  std::function<double(const glm::vec3& at, const collision::Triangle&)> distance;
};

inline glm::vec3 random_position(std::mt19937& rng, float extent) {
  std::uniform_real_distribution<float> u(-extent, extent);
  return {u(rng), u(rng), u(rng)};
}

/// `count` draws: the BVH query returns exactly what the brute-force loop returns.
template <class Draw>
void expect_bvh_equals_brute_force(const collision::World& world, int count, Draw&& draw) {
  int hits = 0, overlaps = 0;
  for (int i = 0; i < count; ++i) {
    const RandomSweep s = draw();
    const collision::SweepHit b = s.sweep(world), f = s.brute_force(world);
    ASSERT_EQ(b.hit, f.hit) << i;
    ASSERT_EQ(b.toi, f.toi) << i;
    ASSERT_EQ(b.triangle, f.triangle) << i;
    ASSERT_EQ(b.start_overlap, f.start_overlap) << i;
    hits += b.hit;
    overlaps += b.start_overlap;
  }
  EXPECT_GT(hits, count / 6);
  EXPECT_GT(overlaps, count / 60);
}

/// `count` draws: at its time of impact the body touches the triangle it reports (not early),
/// and moved to 1e-4 units before it (or to the end of a free move) it overlaps no triangle
/// (not late: no tunnelling).
template <class Draw>
void expect_no_tunnelling(const collision::World& world, int count, Draw&& draw) {
  int checked = 0, hits = 0;
  for (int i = 0; i < count; ++i) {
    const RandomSweep s = draw();
    const collision::SweepHit hit = s.sweep(world);
    if (hit.start_overlap) continue;
    if (hit.hit) {
      ++hits;
      EXPECT_NEAR(s.distance(s.start + s.move * hit.toi, world.mesh().triangle(hit.triangle)), 0.0, 1e-4) << i;
    }
    const float len = glm::length(s.move);
    const float t = hit.hit ? std::max(0.0f, hit.toi - 1e-4f / len) : 1.0f;
    const glm::vec3 at = s.start + s.move * t;
    for (std::size_t k = 0; k < world.mesh().triangle_count(); ++k) {
      ASSERT_GE(s.distance(at, world.mesh().triangle(k)), -1e-5)
          << "query " << i << " triangle " << k << " toi " << hit.toi;
    }
    ++checked;
  }
  EXPECT_GT(checked, count * 2 / 3);
  EXPECT_GT(hits, count / 5);
}

}  // namespace prism_test
