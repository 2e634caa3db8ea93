// The 2D core's input domain (collision/2d/domain_2d.hpp, issue 38): outside it every entry
// point refuses with std::invalid_argument instead of answering a kind computed from overflowed
// or underflowed products; inside it, up to its bounds, the kinds stay exact.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

#include "collision/2d/doom_move.hpp"
#include "collision/2d/domain_2d.hpp"
#include "collision/2d/polygon.hpp"
#include "collision/2d/segment.hpp"

using namespace collision::planar;

namespace {

// The two diagonals of the square [-k, k]^2: they cross at the origin, s = t = 1/2.
SegmentIntersection diagonals(double k) {
  return intersect_segments({-k, -k}, {k, k}, {-k, k}, {k, -k});
}

std::string what_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(no exception)";
}

// A square room 256 units across: one sector, four one-sided lines.
SectorMap square_room(double corner = 128.0) {
  SectorMap m;
  m.vertices = {{-corner, -corner}, {corner, -corner}, {corner, corner}, {-corner, corner}};
  for (std::uint32_t i = 0; i < 4; ++i) {
    // Front (right of v1 -> v2) inside: walk the corners clockwise.
    m.lines.push_back({(4 - i) % 4, (3 - i) % 4, 0, kNoSector, 0, 0});
  }
  m.sectors = {{0.0, 128.0}};
  return m;
}

}  // namespace

TEST(Domain2d, CrossingAt1e150IsAnErrorNotANaNPoint) {
  // Was: point,-nan,-nan,0.5,0.5 (Cramer's point, a coordinate times the determinant, inf/inf).
  const std::string why = what_of([] { diagonals(1e150); });
  EXPECT_NE(why.find("intersect_segments: a: -1e+150 is beyond +-2^200"),
            std::string::npos) << why;
}

TEST(Domain2d, CrossingAt1e154And1e200And1e308IsAnErrorNotNone) {
  // Was: none (the filter's products overflowed to infinity).
  for (const double k : {1e154, 1e200, 1e308}) {
    EXPECT_THROW(diagonals(k), std::invalid_argument) << k;
  }
}

TEST(Domain2d, PerpendicularCrossingAt1eMinus200IsAnErrorNotOverlap) {
  // Was: overlap (every product underflowed to zero: the segments looked collinear).
  const std::string why = what_of([] { intersect_segments({0, 0}, {1e-200, 1e-200}, {0, 1e-200}, {1e-200, 0}); });
  EXPECT_NE(why.find("intersect_segments: b: 1e-200 is nonzero and below 2^-200"), std::string::npos) << why;
}

TEST(Domain2d, NonFiniteEndPointIsAnError) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(intersect_segments({0, 0}, {1, 1}, {0, nan}, {1, 0}), std::invalid_argument);
  EXPECT_THROW(intersect_segments({0, 0}, {1, 1}, {0, 1}, {HUGE_VAL, 0}), std::invalid_argument);
}

TEST(Domain2d, CrossingsAtBothBoundsOfTheDomainAreExact) {
  // The largest square: the point is the origin, s = t = 1/2 exactly.
  SegmentIntersection x = diagonals(kMaxMagnitude2d);
  ASSERT_EQ(x.kind, IntersectionKind::kPoint);
  EXPECT_EQ(x.ends[0].point, Vec2(0.0, 0.0));
  EXPECT_EQ(x.ends[0].s, 0.5);
  EXPECT_EQ(x.ends[0].t, 0.5);
  // The smallest: perpendicular segments of 2^-200 cross at (2^-201, 2^-201).
  const double e = kMinMagnitude2d;
  x = intersect_segments({0, 0}, {e, e}, {0, e}, {e, 0});
  ASSERT_EQ(x.kind, IntersectionKind::kPoint);
  EXPECT_EQ(x.ends[0].point, Vec2(e / 2, e / 2));
  EXPECT_EQ(x.ends[0].s, 0.5);
  EXPECT_EQ(x.ends[0].t, 0.5);
}

TEST(Domain2d, OrientationAtTheSmallestScaleAgreesWithTheLargest) {
  // Scaling by a power of two is exact and keeps the true sign: nearly collinear triples near
  // 2^-200 (products near the underflow the domain keeps clear of) and the same triples scaled
  // by 2^400 (near 2^200, products near the overflow) answer the same, with all three signs.
  std::mt19937_64 rng(38);
  std::uniform_real_distribution<double> unit(1.0, 2.0);
  int signs[3] = {0, 0, 0};
  for (int i = 0; i < 20000; ++i) {
    const double s = kMinMagnitude2d;
    const Vec2 a{unit(rng) * s, unit(rng) * s}, b{unit(rng) * s * 3, unit(rng) * s * 3};
    const double t = unit(rng) - 1.0;
    Vec2 c = a + t * (b - a);  // rounded: on, left or right of a-b by an ulp or so
    c.x = std::nextafter(c.x, (i % 3 == 0) ? 0.0 : 1.0);
    const int small = orient2d(a, b, c);
    const double up = 0x1p400;
    EXPECT_EQ(small, orient2d(a * up, b * up, c * up)) << i;
    EXPECT_EQ(dot_sign(a, b, c), dot_sign(a * up, b * up, c * up)) << i;
    ++signs[small + 1];
  }
  EXPECT_GT(signs[0], 0);
  EXPECT_GT(signs[2], 0);
}

TEST(Domain2d, PolygonVertexBeyondTheDomainIsAnError) {
  EXPECT_THROW(make_polygon({{0, 0}, {1e300, 0}, {0, 1}}), PolygonError);
  EXPECT_THROW(make_polygon({{0, 0}, {1e-300, 0}, {0, 1}}), PolygonError);
  EXPECT_NO_THROW(make_polygon({{0, 0}, {kMaxMagnitude2d, 0}, {0, kMinMagnitude2d}}));
}

TEST(Domain2d, MapVertexBeyondTheDomainIsAnErrorNamingTheLine) {
  SectorMap m = square_room();
  m.vertices[3].x = 1e300;  // line 0 runs from vertex 0 to vertex 3
  const std::string why = what_of([&] { (void)build_sector_boundaries(m); });
  EXPECT_NE(why.find("line 0: a vertex: 1e+300 is beyond"), std::string::npos) << why;
  m = square_room();
  m.sectors[0].floor_height = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW((void)build_sector_boundaries(m), std::invalid_argument);
}

TEST(Domain2d, LocatingAPointOutsideTheDomainIsAnErrorNotNoSector) {
  const SectorMap m = square_room();
  const SectorWorld world(m);
  EXPECT_EQ(world.locate({0.0, 0.0}).sector, 0);
  EXPECT_EQ(world.locate({1e60, 0.0}).sector, kNoSector);  // inside the domain, outside the map
  EXPECT_THROW(world.locate({1e61, 0.0}), std::invalid_argument);
  EXPECT_THROW(world.locate({std::nan(""), 0.0}), std::invalid_argument);
  EXPECT_THROW(locate_sector_brute_force(m, world.boundaries(), {0.0, 1e-250}), std::invalid_argument);
}

TEST(Domain2d, BodyWithNaNRadiusHeightOrSpeedIsAnErrorNotAFrozenBody) {
  // Was: a NaN radius or displacement left the body where it stood, a NaN height made it a
  // body of no height, and nothing said so.
  const SectorMap m = square_room();
  const SectorWorld world(m);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  DoomBody body;
  const DoomMove ok = move_body(world, body, {0, 0}, {8, 0});
  EXPECT_EQ(ok.position, Vec2(8, 0));
  EXPECT_THROW(move_body(world, body, {0, 0}, {nan, 0}), std::invalid_argument);
  body.radius = nan;
  EXPECT_NE(what_of([&] { move_body(world, body, {0, 0}, {8, 0}); }).find("move_body: the body's radius"),
            std::string::npos);
  body = DoomBody{};
  body.height = nan;
  EXPECT_THROW(move_body(world, body, {0, 0}, {8, 0}), std::invalid_argument);
  body = DoomBody{};
  body.radius = -1.0;
  EXPECT_THROW(move_body(world, body, {0, 0}, {8, 0}), std::invalid_argument);
  body = DoomBody{};
  EXPECT_THROW(move_body(world, body, {0, 0}, {1e61, 0}), std::invalid_argument);  // beyond 2^200
}

TEST(Domain2d, SweepingACircleOutsideTheDomainIsAnErrorNotNoHit) {
  // Was: "no hit" for a NaN radius or centre, and products of four lengths overflowing past
  // about 1e77 (the discriminant) answered whatever they made.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const CircleHit ok = sweep_circle_segment({0, 0}, 1.0, {10, 0}, {5, -5}, {5, 5});
  ASSERT_TRUE(ok.hit);
  EXPECT_DOUBLE_EQ(ok.toi, 0.4);
  EXPECT_THROW(sweep_circle_segment({0, 0}, nan, {10, 0}, {5, -5}, {5, 5}), std::invalid_argument);
  EXPECT_THROW(sweep_circle_segment({nan, 0}, 1.0, {10, 0}, {5, -5}, {5, 5}), std::invalid_argument);
  EXPECT_THROW(sweep_circle_segment({0, 0}, -1.0, {10, 0}, {5, -5}, {5, 5}), std::invalid_argument);
  EXPECT_THROW(sweep_circle_segment({0, 0}, 1.0, {1e300, 0}, {5, -5}, {5, 5}), std::invalid_argument);
  const Segment walls[] = {{{5, -5}, {5, 5}}};
  EXPECT_THROW(sweep_circle({0, 0}, 1.0, {nan, 0}, walls), std::invalid_argument);
}

TEST(Domain2d, MoveInsideTheDomainIsNotRefusedWhereItEndsBelowItsSmallestMagnitude) {
  // Inputs inside the domain whose end, 1.5 2^-200 - 2^-200 = 2^-201, is below 2^-200: the
  // core flushes such computed coordinates to 0 rather than refuse its own intermediate.
  const double e = kMinMagnitude2d;
  const SectorMap m = square_room(0x1p-190);
  const SectorWorld world(m);
  DoomBody body;
  body.radius = 0x1p-198;
  const DoomMove moved = move_body(world, body, {1.5 * e, 0.0}, {-e, 0.0});
  EXPECT_EQ(moved.position, Vec2(0.0, 0.0));
  EXPECT_EQ(moved.sector, 0);
  EXPECT_FALSE(moved.refused);
}
