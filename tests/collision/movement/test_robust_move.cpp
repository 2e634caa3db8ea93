// The robust collide-and-slide, one test per known failure case.
#include <gtest/gtest.h>

#include "collision/move.hpp"
#include "movement_scenes.hpp"

using collision::Body;
using collision::MoveParams;
using movement_test::clearance;
using movement_test::SceneBuilder;
using glm::vec3;

namespace {
constexpr float kR = 16.0f;
const Body kSphere = Body::sphere(kR);
const float kSkin = MoveParams{}.resolved_skin(kSphere);  // 0.16
}  // namespace

TEST(RobustMove, SlidesAlongFloorWhenPushedDiagonallyIntoIt) {
  SceneBuilder s;
  s.floor(-500, -500, 500, 500, 0);
  const auto w = s.world();
  const auto r = collision::move(w, kSphere, {0, 0, 20}, {100, 0, -50}, MoveParams{});
  EXPECT_NEAR(r.position.x, 100.0f, 0.5f);  // the blocked part is projected onto the floor
  EXPECT_NEAR(r.position.z, kR + kSkin, 0.05f);
  EXPECT_GE(clearance(w, r.position), kR);
}

TEST(RobustMove, CreaseBetweenTwoWallsSlidesAlongTheCrease) {
  SceneBuilder s;
  s.quad({0, 0, -500}, {0, 500, -500}, {0, 500, 500}, {0, 0, 500});  // wall x = 0
  s.quad({0, 0, -500}, {0, 0, 500}, {500, 0, 500}, {500, 0, -500});  // wall y = 0
  const auto w = s.world();
  const auto r = collision::move(w, kSphere, {50, 50, 0}, {-100, -100, 100}, MoveParams{});
  EXPECT_NEAR(r.position.x, kR + kSkin, 0.2f);
  EXPECT_NEAR(r.position.y, kR + kSkin, 0.2f);
  EXPECT_NEAR(r.position.z, 100.0f, 1.0f);  // all of the move along the crease survives
  EXPECT_GE(clearance(w, r.position), kR);
}

TEST(RobustMove, BoxCornerOfThreePlanesStops) {
  SceneBuilder s;
  s.quad({0, 0, 0}, {0, 500, 0}, {0, 500, 500}, {0, 0, 500});
  s.quad({0, 0, 0}, {0, 0, 500}, {500, 0, 500}, {500, 0, 0});
  s.floor(0, 0, 500, 500, 0);
  const auto w = s.world();
  const auto r = collision::move(w, kSphere, {60, 60, 60}, {-200, -200, -200}, MoveParams{});
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(r.position[k], kR + kSkin, 0.3f);
  EXPECT_GE(clearance(w, r.position), kR);
}

TEST(RobustMove, AcuteWedgeCornerOf20DegreesNeitherPassesNorJitters) {
  // Two walls meeting at 20 degrees along the z axis; push straight into the apex.
  SceneBuilder s;
  const float half = 10.0f * 3.14159265f / 180.0f;
  const vec3 d1(std::cos(half), std::sin(half), 0), d2(std::cos(half), -std::sin(half), 0);
  s.quad({0, 0, -500}, vec3(0, 0, -500) + 800.0f * d1, vec3(0, 0, 500) + 800.0f * d1, {0, 0, 500});
  s.quad({0, 0, 500}, vec3(0, 0, 500) + 800.0f * d2, vec3(0, 0, -500) + 800.0f * d2, {0, 0, -500});
  const auto w = s.world();
  vec3 p(300, 0, 0);
  vec3 last = p;
  for (int frame = 0; frame < 60; ++frame) {
    p = collision::move(w, kSphere, p, {-20, 0, 0}, MoveParams{}).position;
    EXPECT_GE(clearance(w, p), kR - kSkin) << "frame " << frame;
    EXPECT_LE(p.x, last.x + 1e-3f) << "moved backwards at frame " << frame;
    last = p;
  }
  // The apex holds the sphere at r / sin(10 degrees) from the wedge's edge.
  EXPECT_NEAR(p.x, kR / std::sin(half), 2.0f);
  EXPECT_NEAR(p.y, 0.0f, 0.5f);
  // Resting there: further pushes do not move it (no jitter).
  const vec3 rest = p;
  for (int frame = 0; frame < 10; ++frame) {
    p = collision::move(w, kSphere, p, {-20, 0, 0}, MoveParams{}).position;
  }
  EXPECT_LT(glm::length(p - rest), 0.05f);
}

TEST(RobustMove, HighSpeedIntoThinWallDoesNotTunnel) {
  SceneBuilder s;
  s.box({100, -500, -500}, {101, 500, 500});  // a wall 1 unit thick
  const auto w = s.world();
  const auto r = collision::move(w, kSphere, {0, 0, 0}, {100000, 3, 0}, MoveParams{});
  EXPECT_LT(r.position.x, 100.0f - kR + 1e-3f);
  EXPECT_GE(clearance(w, r.position), kR);
}

TEST(RobustMove, SeamOfCoplanarTrianglesAtSpeedHasNoGhostBump) {
  SceneBuilder s;
  s.floor(-2000, -2000, 2000, 2000, 0, 64);  // 8192 triangles, seams every 62.5 units
  const auto w = s.world();
  vec3 p(-1900, -1700, kR + kSkin);
  for (int frame = 0; frame < 100; ++frame) {
    const auto r = collision::move(w, kSphere, p, {35, 31, -1}, MoveParams{});
    // Pressed into the floor and moved along it: the height stays flat.
    EXPECT_NEAR(r.position.z, kR + kSkin, 1e-3f) << "frame " << frame;
    if (r.hit) {
      EXPECT_GT(r.last_normal.z, 0.9999f) << "ghost normal at frame " << frame;
    }
    p = r.position;
  }
  EXPECT_NEAR(p.x, -1900.0f + 3500.0f, 1.0f);
}

TEST(RobustMove, StartInsideGeometryIsPushedOutNotThrough) {
  SceneBuilder s;
  s.floor(-500, -500, 500, 500, 0);
  const auto w = s.world();
  collision::Trace trace;
  const auto r = collision::move(w, kSphere, {0, 0, 6}, {10, 0, 0}, MoveParams{}, &trace);
  EXPECT_TRUE(r.start_overlap);
  EXPECT_GT(r.position.z, 6.0f);  // out along the normal, not pushed down through the floor
  EXPECT_GE(clearance(w, r.position), kR);
  ASSERT_FALSE(trace.iterations.empty());
  EXPECT_TRUE(trace.iterations.front().start_overlap);
}

TEST(RobustMove, FarFromOriginBehavesTheSame) {
  const vec3 far(1e5f, 1e5f, 0);
  SceneBuilder s;
  s.floor(-500, -500, 500, 500, 0);
  s.quad({200, -500, -100}, {200, 500, -100}, {200, 500, 500}, {200, -500, 500});
  const auto near_world = s.world();
  const auto far_world = s.world(far);
  const auto a = collision::move(near_world, kSphere, {0, 0, 17}, {400, 50, -10}, MoveParams{});
  const auto b = collision::move(far_world, kSphere, far + vec3(0, 0, 17), {400, 50, -10}, MoveParams{});
  EXPECT_LT(glm::length((b.position - far) - a.position), 0.05f);
  EXPECT_NEAR(a.position.x, 200.0f - kR - kSkin, 0.2f);
}

TEST(RobustMove, TraceRecordsIterationsCandidatesAndCrease) {
  SceneBuilder s;
  s.quad({0, 0, -500}, {0, 500, -500}, {0, 500, 500}, {0, 0, 500});
  s.quad({0, 0, -500}, {0, 0, 500}, {500, 0, 500}, {500, 0, -500});
  const auto w = s.world();
  collision::Trace trace;
  collision::move(w, kSphere, {50, 50, 0}, {-100, -100, 100}, MoveParams{}, &trace);
  ASSERT_GE(trace.iterations.size(), 2u);
  const auto& first = trace.iterations[0];
  EXPECT_TRUE(first.hit);
  EXPECT_FALSE(first.tests.empty());
  int hits = 0;
  for (const auto& t : first.tests) hits += t.verdict == collision::Verdict::kHit;
  EXPECT_EQ(hits, 1);
  bool crease = false;
  for (const auto& it : trace.iterations) crease |= it.crease.size() == 2;
  EXPECT_TRUE(crease);
  EXPECT_EQ(trace.end, collision::move(w, kSphere, {50, 50, 0}, {-100, -100, 100}, MoveParams{}).position);
}

TEST(RobustMove, InvalidInputIsAClearError) {
  SceneBuilder s;
  s.floor(-500, -500, 500, 500, 0);
  const auto w = s.world();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_THROW(collision::move(w, Body::sphere(-1), {0, 0, 20}, {1, 0, 0}, MoveParams{}), std::invalid_argument);
  EXPECT_THROW(collision::move(w, kSphere, {0, 0, 20}, {nan, 0, 0}, MoveParams{}), std::invalid_argument);
  MoveParams zero;
  zero.max_iterations = 0;
  EXPECT_THROW(collision::move(w, kSphere, {0, 0, 20}, {1, 0, 0}, zero), std::invalid_argument);
}

TEST(RobustMove, EllipsoidSlidesAlongWallKeepingItsRadiusAlongTheNormal) {
  SceneBuilder s;
  s.quad({0, -500, -500}, {0, 500, -500}, {0, 500, 500}, {0, -500, 500});  // wall x = 0
  const auto w = s.world();
  const Body e = Body::ellipsoid({10, 20, 30});
  const auto r = collision::move(w, e, {50, 0, 0}, {-100, 80, 0}, MoveParams{});
  EXPECT_NEAR(r.position.x, 10.0f + MoveParams{}.resolved_skin(e), 0.2f);
  EXPECT_NEAR(r.position.y, 80.0f, 1.0f);
}
