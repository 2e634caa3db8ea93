// Segment-segment intersection (seed 003): the named cases, an exhaustive check of every pair of
// segments with integer end points in [-2, 2]^2 against exact rationals, seed 003's 0.001 clamp
// and where it is wrong, and closest points (seed 002).
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>

#include "collision/2d/segment.hpp"

using namespace collision::planar;

TEST(Segments, ProperCrossing) {
  const auto x = intersect_segments({0, 0}, {2, 2}, {0, 2}, {2, 0});
  ASSERT_EQ(x.kind, IntersectionKind::kPoint);
  EXPECT_EQ(x.ends[0].point, Vec2(1, 1));
  EXPECT_EQ(x.ends[0].s, 0.5);
  EXPECT_EQ(x.ends[0].t, 0.5);
}

TEST(Segments, EndPointOnTheOtherSegmentIsAVertexHit) {
  const auto x = intersect_segments({0, 0}, {4, 0}, {1, 0}, {1, 5});
  ASSERT_EQ(x.kind, IntersectionKind::kPoint);
  EXPECT_EQ(x.ends[0].point, Vec2(1, 0));
  EXPECT_EQ(x.ends[0].s, 0.25);
  EXPECT_EQ(x.ends[0].t, 0.0);
}

TEST(Segments, TouchingAtAnEndIsOnePoint) {
  auto x = intersect_segments({0, 0}, {1, 1}, {1, 1}, {2, 0});
  ASSERT_EQ(x.kind, IntersectionKind::kPoint);
  EXPECT_EQ(x.ends[0].s, 1.0);
  EXPECT_EQ(x.ends[0].t, 0.0);
  // Collinear, end to end.
  x = intersect_segments({0, 0}, {1, 0}, {1, 0}, {3, 0});
  ASSERT_EQ(x.kind, IntersectionKind::kPoint);
  EXPECT_EQ(x.ends[0].point, Vec2(1, 0));
  EXPECT_EQ(x.ends[0].s, 1.0);
  EXPECT_EQ(x.ends[0].t, 0.0);
}

TEST(Segments, CollinearOverlapIsASubSegmentOrderedByS) {
  const auto x = intersect_segments({0, 0}, {4, 0}, {6, 0}, {1, 0});
  ASSERT_EQ(x.kind, IntersectionKind::kOverlap);
  EXPECT_EQ(x.ends[0].point, Vec2(1, 0));
  EXPECT_EQ(x.ends[0].s, 0.25);
  EXPECT_EQ(x.ends[0].t, 1.0);
  EXPECT_EQ(x.ends[1].point, Vec2(4, 0));
  EXPECT_EQ(x.ends[1].s, 1.0);
  EXPECT_EQ(x.ends[1].t, 0.4);
  // Reversed A: still ordered by s.
  const auto y = intersect_segments({4, 0}, {0, 0}, {6, 0}, {1, 0});
  ASSERT_EQ(y.kind, IntersectionKind::kOverlap);
  EXPECT_EQ(y.ends[0].s, 0.0);
  EXPECT_EQ(y.ends[1].s, 0.75);
}

TEST(Segments, ParallelDisjointAndCollinearDisjointAreNone) {
  EXPECT_EQ(intersect_segments({0, 0}, {4, 0}, {0, 1}, {4, 1}).kind, IntersectionKind::kNone);
  EXPECT_EQ(intersect_segments({0, 0}, {4, 0}, {5, 0}, {9, 0}).kind, IntersectionKind::kNone);
  EXPECT_EQ(intersect_segments({0, 0}, {1, 1}, {2, 2.0000001}, {3, 3}).kind, IntersectionKind::kNone);
}

TEST(Segments, ZeroLengthSegmentsArePoints) {
  auto x = intersect_segments({1, 1}, {1, 1}, {0, 0}, {2, 2});
  ASSERT_EQ(x.kind, IntersectionKind::kPoint);
  EXPECT_EQ(x.ends[0].s, 0.0);
  EXPECT_EQ(x.ends[0].t, 0.5);
  x = intersect_segments({0, 0}, {2, 2}, {1, 1}, {1, 1});
  ASSERT_EQ(x.kind, IntersectionKind::kPoint);
  EXPECT_EQ(x.ends[0].s, 0.5);
  EXPECT_EQ(x.ends[0].t, 0.0);
  EXPECT_EQ(intersect_segments({1, 1}, {1, 1}, {1, 1}, {1, 1}).kind, IntersectionKind::kPoint);
  EXPECT_EQ(intersect_segments({1, 1}, {1, 1}, {1, 2}, {1, 2}).kind, IntersectionKind::kNone);
  EXPECT_EQ(intersect_segments({1, 1.5}, {1, 1.5}, {0, 0}, {2, 2}).kind, IntersectionKind::kNone);
}

namespace {

struct Fraction {
  std::int64_t num, den;  // den > 0
  double value() const { return static_cast<double>(num) / static_cast<double>(den); }
  bool operator<(const Fraction& o) const { return num * o.den < o.num * den; }
  bool operator==(const Fraction& o) const { return num * o.den == o.num * den; }
};
Fraction frac(std::int64_t n, std::int64_t d) { return d < 0 ? Fraction{-n, -d} : Fraction{n, d}; }

struct RefEnd {
  Fraction s, t;
};
struct Reference {
  IntersectionKind kind = IntersectionKind::kNone;
  RefEnd ends[2];
};

std::int64_t cr(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by) {
  return ax * by - ay * bx;
}

// Exact rational answer for integer segments, written independently of the library.
Reference reference(const std::int64_t* q) {
  const std::int64_t ax = q[0], ay = q[1], bx = q[2], by = q[3], cx = q[4], cy = q[5], dx = q[6], dy = q[7];
  const std::int64_t ux = bx - ax, uy = by - ay, vx = dx - cx, vy = dy - cy, wx = cx - ax, wy = cy - ay;
  Reference r;
  const bool a_pt = ux == 0 && uy == 0, c_pt = vx == 0 && vy == 0;
  auto on = [](std::int64_t px, std::int64_t py, std::int64_t sx, std::int64_t sy, std::int64_t ex,
               std::int64_t ey, Fraction& param) {
    const std::int64_t lx = ex - sx, ly = ey - sy;
    if (cr(lx, ly, px - sx, py - sy) != 0) return false;
    const std::int64_t dot = lx * (px - sx) + ly * (py - sy), len2 = lx * lx + ly * ly;
    if (dot < 0 || dot > len2) return false;
    param = frac(dot, len2);
    return true;
  };
  if (a_pt && c_pt) {
    if (ax == cx && ay == cy) r.kind = IntersectionKind::kPoint, r.ends[0] = {{0, 1}, {0, 1}};
    return r;
  }
  if (a_pt) {
    Fraction t{};
    if (on(ax, ay, cx, cy, dx, dy, t)) r.kind = IntersectionKind::kPoint, r.ends[0] = {{0, 1}, t};
    return r;
  }
  if (c_pt) {
    Fraction s{};
    if (on(cx, cy, ax, ay, bx, by, s)) r.kind = IntersectionKind::kPoint, r.ends[0] = {s, {0, 1}};
    return r;
  }
  const std::int64_t den = cr(ux, uy, vx, vy);
  if (den != 0) {
    const Fraction s = frac(cr(wx, wy, vx, vy), den), t = frac(cr(wx, wy, ux, uy), den);
    if (s.num < 0 || s.num > s.den || t.num < 0 || t.num > t.den) return r;
    r.kind = IntersectionKind::kPoint;
    r.ends[0] = {s, t};
    return r;
  }
  if (cr(ux, uy, wx, wy) != 0) return r;  // parallel, apart
  const std::int64_t uu = ux * ux + uy * uy;
  Fraction sc = frac(ux * wx + uy * wy, uu);
  Fraction sd = frac(ux * (dx - ax) + uy * (dy - ay), uu);
  Fraction lo = sc < sd ? sc : sd, hi = sc < sd ? sd : sc;
  if (lo < Fraction{0, 1}) lo = {0, 1};
  if (Fraction{1, 1} < hi) hi = {1, 1};
  if (hi < lo) return r;
  // t of the point a + s u on c + t v: t = ((a - c).v uu + s_num u.v) / (s_den vv uu)... exact:
  const std::int64_t vv = vx * vx + vy * vy, uv = ux * vx + uy * vy, acv = -(wx * vx + wy * vy);
  auto t_of = [&](const Fraction& s) { return frac(acv * s.den + s.num * uv, s.den * vv); };
  if (lo == hi) {
    r.kind = IntersectionKind::kPoint;
    r.ends[0] = {lo, t_of(lo)};
  } else {
    r.kind = IntersectionKind::kOverlap;
    r.ends[0] = {lo, t_of(lo)};
    r.ends[1] = {hi, t_of(hi)};
  }
  return r;
}

}  // namespace

TEST(Segments, EveryPairOfIntegerSegmentsInTheFiveByFiveGridIsExact) {
  // 25 points, 625 segments (zero-length included), 390,625 ordered pairs.
  long pairs = 0, points = 0, overlaps = 0;
  std::int64_t q[8];
  for (int i = 0; i < 625 * 625; ++i) {
    int k = i;
    for (int j = 0; j < 4; ++j) {
      const int point = k % 25;
      k /= 25;
      q[2 * j] = point % 5 - 2;
      q[2 * j + 1] = point / 5 - 2;
    }
    const Reference ref = reference(q);
    const Vec2 a(q[0], q[1]), b(q[2], q[3]), c(q[4], q[5]), d(q[6], q[7]);
    const SegmentIntersection x = intersect_segments(a, b, c, d);
    ++pairs;
    ASSERT_EQ(x.kind, ref.kind) << "pair " << i;
    const int ends = ref.kind == IntersectionKind::kOverlap ? 2 : ref.kind == IntersectionKind::kPoint ? 1 : 0;
    points += ends == 1;
    overlaps += ends == 2;
    for (int e = 0; e < ends; ++e) {
      const Fraction& s = ref.ends[e].s;
      ASSERT_EQ(x.ends[e].s, s.value()) << "pair " << i << " end " << e;
      ASSERT_EQ(x.ends[e].t, ref.ends[e].t.value()) << "pair " << i << " end " << e;
      // The point a + s (b - a), correctly rounded from the exact rational.
      const double px = static_cast<double>(q[0] * s.den + s.num * (q[2] - q[0])) / static_cast<double>(s.den);
      const double py = static_cast<double>(q[1] * s.den + s.num * (q[3] - q[1])) / static_cast<double>(s.den);
      ASSERT_EQ(x.ends[e].point.x, px) << "pair " << i;
      ASSERT_EQ(x.ends[e].point.y, py) << "pair " << i;
    }
  }
  EXPECT_EQ(pairs, 390625);
  EXPECT_GT(points, 0);
  EXPECT_GT(overlaps, 0);
  std::printf("pairs %ld: point %ld, overlap %ld, none %ld\n", pairs, points, overlaps, pairs - points - overlaps);
}

TEST(SeedSegments, AgreesWithTheExactTestOnOrdinaryCrossings) {
  const auto seed = intersect_segments_cramer({0, 0}, {4, 4}, {0, 4}, {4, 0});
  EXPECT_TRUE(seed.hit);
  EXPECT_DOUBLE_EQ(seed.s, 0.5);
  EXPECT_DOUBLE_EQ(seed.t, 0.5);
  // Seed 003's own example: s = 1.1, no hit.
  EXPECT_FALSE(intersect_segments_cramer({0, 0}, {4, 1}, {5, 2}, {7, 5}).hit);
}

TEST(SeedSegments, TheDeterminantClampIsWrongForParallelAndNearlyParallelSegments) {
  // Parallel segments 1e-4 apart: D = 0 is forced to 0.001 and the seed reports a hit.
  const auto parallel = intersect_segments_cramer({0, 0}, {1, 0}, {0, 1e-4}, {1, 1e-4});
  EXPECT_TRUE(parallel.hit) << "seed 003 reports parallel segments as crossing";
  EXPECT_EQ(intersect_segments({0, 0}, {1, 0}, {0, 1e-4}, {1, 1e-4}).kind, IntersectionKind::kNone);
  // Collinear and disjoint: D1 = D2 = 0, so s = t = 0 and the seed reports a hit at a.
  const auto collinear = intersect_segments_cramer({0, 0}, {10, 0}, {20, 0}, {30, 0});
  EXPECT_TRUE(collinear.hit);
  EXPECT_EQ(intersect_segments({0, 0}, {10, 0}, {20, 0}, {30, 0}).kind, IntersectionKind::kNone);
  // Short segments that really cross (D = -1e-4): the clamp to +0.001 flips D's sign and
  // shrinks it tenfold, so s = -0.05 and the seed misses the crossing.
  const Vec2 a{0, 0}, b{0.01, 0}, c{0.005, -0.005}, d{0.005, 0.005};
  const auto exact = intersect_segments(a, b, c, d);
  ASSERT_EQ(exact.kind, IntersectionKind::kPoint);
  EXPECT_DOUBLE_EQ(exact.ends[0].s, 0.5);
  const auto seed = intersect_segments_cramer(a, b, c, d);
  EXPECT_NEAR(seed.s, -0.05, 1e-12) << "seed's s is off by the clamp";
  EXPECT_FALSE(seed.hit) << "seed 003 misses a real crossing of short segments";
  EXPECT_NE(seed.s, exact.ends[0].s);
}

TEST(ClosestPoint, InteriorFootAndEndPoints) {
  ClosestPoint c = closest_point_on_segment({0, 0}, {10, 0}, {3, 4});
  EXPECT_EQ(c.point, Vec2(3, 0));
  EXPECT_DOUBLE_EQ(c.u, 0.3);
  c = closest_point_on_segment({0, 0}, {10, 0}, {-3, 4});
  EXPECT_EQ(c.point, Vec2(0, 0));
  c = closest_point_on_segment({0, 0}, {10, 0}, {13, -4});
  EXPECT_EQ(c.point, Vec2(10, 0));
  EXPECT_DOUBLE_EQ(distance_to_segment({0, 0}, {10, 0}, {13, -4}), 5.0);
  c = closest_point_on_segment({2, 2}, {2, 2}, {5, 6});
  EXPECT_EQ(c.point, Vec2(2, 2));
  EXPECT_DOUBLE_EQ(distance_to_segment({2, 2}, {2, 2}, {5, 6}), 5.0);
}

TEST(ClosestPoint, DistanceToAPolygonsEdges) {
  const Polygon sq = make_polygon({{0, 0}, {10, 0}, {10, 10}, {0, 10}});
  EdgeDistance e = distance_to_edges(sq, {3, 1});
  EXPECT_DOUBLE_EQ(e.distance, 1.0);
  EXPECT_EQ(e.edge, 0u);
  e = distance_to_edges(sq, {13, 14});
  EXPECT_DOUBLE_EQ(e.distance, 5.0);
  EXPECT_EQ(e.point, Vec2(10, 10));
  EXPECT_EQ(distance_to_edges(sq, {10, 4}).distance, 0.0);
}
