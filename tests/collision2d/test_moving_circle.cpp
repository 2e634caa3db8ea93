// Moving circle against segments (time of impact on the face and at the end points), slide and
// bounce, and seed 003's particle bouncing inside a polygon: a million bounces, none escapes.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <random>

#include "collision/2d/moving_circle.hpp"
#include "collision/2d/segment.hpp"

using namespace collision::planar;

TEST(MovingCircle, FaceHitStopsAtArmsLength) {
  const CircleHit h = sweep_circle_segment({0, 5}, 1.0, {0, -10}, {-10, 0}, {10, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_FALSE(h.start_overlap);
  EXPECT_DOUBLE_EQ(h.toi, 0.4);
  EXPECT_EQ(h.feature, SegmentFeature::kFace);
  EXPECT_EQ(h.normal, Vec2(0, 1));
  EXPECT_EQ(h.point, Vec2(0, 0));
}

TEST(MovingCircle, EndPointHitIsEarlierThanTheLine) {
  // Moving down past the segment's right end: only the end point is touched.
  const CircleHit h = sweep_circle_segment({10.6, 5}, 1.0, {0, -10}, {-10, 0}, {10, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.feature, SegmentFeature::kEnd);
  EXPECT_EQ(h.point, Vec2(10, 0));
  EXPECT_NEAR(h.toi, (5.0 - 0.8) / 10.0, 1e-12);  // |(0.6, y)| = 1 at y = 0.8
  EXPECT_NEAR(glm::length(h.normal), 1.0, 1e-12);
  EXPECT_NEAR(h.normal.x, 0.6, 1e-12);
}

TEST(MovingCircle, MissesAndGrazes) {
  EXPECT_FALSE(sweep_circle_segment({0, 5}, 1.0, {0, -3}, {-10, 0}, {10, 0}).hit);  // too short
  EXPECT_FALSE(sweep_circle_segment({12, 5}, 1.0, {0, -10}, {-10, 0}, {10, 0}).hit);  // beside it
  EXPECT_FALSE(sweep_circle_segment({0, 1}, 1.0, {5, 0}, {-10, 0}, {10, 0}).hit);  // slides along
  EXPECT_FALSE(sweep_circle_segment({0, 5}, 1.0, {0, 3}, {-10, 0}, {10, 0}).hit);  // moves away
}

TEST(MovingCircle, StartingInsideTheBandBlocksOnlyMovesFurtherIn) {
  CircleHit h = sweep_circle_segment({0, 0.5}, 1.0, {0, -1}, {-10, 0}, {10, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_TRUE(h.start_overlap);
  EXPECT_EQ(h.toi, 0.0);
  EXPECT_DOUBLE_EQ(h.penetration, 0.5);
  h = sweep_circle_segment({0, 0.5}, 1.0, {0, 1}, {-10, 0}, {10, 0});
  EXPECT_FALSE(h.hit);
}

TEST(MovingCircle, EarliestOfSeveralSegments) {
  const Segment walls[] = {{{-10, -5}, {10, -5}}, {{-10, 0}, {10, 0}}, {{3, -10}, {3, 10}}};
  const CircleHit h = sweep_circle({0, 5}, 1.0, {0, -20}, walls);
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.segment, 1u);
  EXPECT_DOUBLE_EQ(h.toi, 0.2);
}

TEST(Responses, SlideKeepsTheTangentAndBounceReflects) {
  const Vec2 n{0, 1};
  EXPECT_EQ(slide({3, -4}, n), Vec2(3, 0));
  EXPECT_EQ(slide({3, 4}, n), Vec2(3, 4));
  EXPECT_EQ(bounce({3, -4}, n), Vec2(3, 4));
  EXPECT_EQ(bounce({3, -4}, n, 0.5), Vec2(3, 2));
  EXPECT_EQ(bounce({3, -4}, n, 0.0), Vec2(3, 0));
  EXPECT_EQ(bounce({3, 4}, n), Vec2(3, 4));
}

namespace {

// Seed 003's obstacle polygon with a notch cut into it (concave), and a square.
Polygon seed_polygon_with_notch() {
  return make_polygon({{6, 2}, {2, 6}, {4, 10}, {8, 14}, {14, 12}, {18, 8}, {14, 4}, {11, 8}, {9, 3}});
}

#ifdef PRISM_SLOW_BUILD
constexpr long kBounces = 100000;
#else
constexpr long kBounces = 1000000;
#endif

}  // namespace

TEST(BouncingParticle, AMillionBouncesInsideAConcavePolygonNeverEscape) {
  const Polygon poly = seed_polygon_with_notch();
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> speed(1.0, 4.0);  // seed 003: components in [1, 4]
  std::uniform_real_distribution<double> angle(0.0, 6.283185307179586);
  Vec2 p{10, 8};
  ASSERT_TRUE(contains_crossing(poly, p));
  Vec2 v{speed(rng), speed(rng)};
  long bounces = 0, steps = 0, vertex_bounces = 0;
  const auto t0 = std::chrono::steady_clock::now();
  while (bounces < kBounces) {
    const ParticleStep s = step_particle(poly, p, v, 1.0);
    ++steps;
    ASSERT_TRUE(contains_crossing(poly, s.position))
        << "escaped at step " << steps << " bounce " << bounces << ": " << s.position.x << ","
        << s.position.y;
    bounces += s.bounces;
    vertex_bounces += s.vertex_bounces;
    p = s.position;
    v = s.velocity;
    // Now and then aim exactly at a vertex (the next step ends on it when nothing is in the
    // way, and the one after leaves through both edges at once) or parallel to an edge.
    if (steps % 97 == 0) {
      const Vec2 target = poly.vertices[static_cast<std::size_t>(steps / 97) % poly.vertices.size()];
      if (target != p) v = target - p;
    } else if (steps % 101 == 0) {
      const std::size_t e = static_cast<std::size_t>(steps / 101) % poly.vertices.size();
      v = 0.25 * (poly.vertices[(e + 1) % poly.vertices.size()] - poly.vertices[e]);
    } else if (steps % 89 == 0) {
      const double a = angle(rng);
      v = speed(rng) * Vec2{std::cos(a), std::sin(a)};
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%ld bounces (%ld at vertices) in %ld steps, %.2f s, %.0f bounces/s\n", bounces,
              vertex_bounces, steps, secs, static_cast<double>(bounces) / secs);
  EXPECT_GE(bounces, kBounces);
  EXPECT_GT(vertex_bounces, 100) << "some bounces should be exactly at vertices";
}

TEST(BouncingParticle, ExactlyIntoACornerComesStraightBack) {
  const Polygon sq = make_polygon({{0, 0}, {10, 0}, {10, 10}, {0, 10}});
  Vec2 p{5, 5}, v{1, 1};
  for (int i = 0; i < 1000; ++i) {
    const ParticleStep s = step_particle(sq, p, v, 3.0);
    ASSERT_TRUE(contains_crossing(sq, s.position));
    p = s.position;
    v = s.velocity;
  }
  // It travels the diagonal corner to corner: always on it, never off it.
  EXPECT_EQ(p.x, p.y);
  EXPECT_EQ(std::fabs(v.x), 1.0);
}

TEST(BouncingParticle, AlongAnEdgeItStaysOnTheEdge) {
  const Polygon sq = make_polygon({{0, 0}, {10, 0}, {10, 10}, {0, 10}});
  Vec2 p{0, 5}, v{0, 1.5};
  int bounces = 0;
  for (int i = 0; i < 10000; ++i) {
    const ParticleStep s = step_particle(sq, p, v, 1.0);
    ASSERT_TRUE(on_boundary(sq, s.position));
    ASSERT_EQ(s.position.x, 0.0);
    p = s.position;
    v = s.velocity;
    bounces += s.bounces;
  }
  EXPECT_GT(bounces, 1000);
}

TEST(BouncingParticle, RestitutionTakesEnergyOut) {
  const Polygon sq = make_polygon({{0, 0}, {10, 0}, {10, 10}, {0, 10}});
  const ParticleStep s = step_particle(sq, {5, 5}, {0, -10}, 1.0, 0.5);
  EXPECT_EQ(s.bounces, 1);
  EXPECT_EQ(s.velocity, Vec2(0, 5));
  EXPECT_TRUE(contains_crossing(sq, s.position));
}
