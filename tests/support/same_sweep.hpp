#pragma once
// One sweep's (or ray's) result against another's (a BVH query against its brute-force loop, or
// one node width against the other): every field, the floats bit for bit.
#include <gtest/gtest.h>

#include "collision/queries.hpp"

namespace prism_test {

/// Asserts that every field of `a` equals `b`'s; `at` (the query's number) names a failure.
inline void expect_same_sweep(const collision::SweepHit& a, const collision::SweepHit& b, int at) {
  ASSERT_EQ(a.hit, b.hit) << at;
  ASSERT_EQ(a.start_overlap, b.start_overlap) << at;
  ASSERT_EQ(a.toi, b.toi) << at;
  ASSERT_EQ(a.penetration, b.penetration) << at;
  ASSERT_EQ(a.triangle, b.triangle) << at;
  ASSERT_EQ(a.feature, b.feature) << at;
  ASSERT_EQ(a.normal, b.normal) << at;
  ASSERT_EQ(a.point, b.point) << at;
}

/// The same for two rays' results.
inline void expect_same_ray(const collision::RayHit& a, const collision::RayHit& b, int at) {
  ASSERT_EQ(a.hit, b.hit) << at;
  ASSERT_EQ(a.t, b.t) << at;
  ASSERT_EQ(a.point, b.point) << at;
  ASSERT_EQ(a.normal, b.normal) << at;
  ASSERT_EQ(a.triangle, b.triangle) << at;
}

}  // namespace prism_test
