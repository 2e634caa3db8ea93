// Seed 004: the box's 12 edges cast as segments at the new position, per-edge response. These
// tests document what it catches and what it misses (docs/architecture.md, "The seed methods": a triangle that pokes
// through a face without crossing an edge); box_triangle_sat is the exact reference.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "collision/box_queries.hpp"
#include "collision/move.hpp"
#include "collision/trace.hpp"
#include "test_worlds.hpp"

using collision::Body;
using collision::Method;
using collision::MoveParams;
using collision::Trace;
using collision::Triangle;
using glm::vec3;
using prism_test::floor_quad;
using prism_test::world_of;

namespace {

MoveParams box_edges() {
  MoveParams p;
  p.method = Method::kBoxEdges;
  return p;
}

int edge_hits(const Trace& t) {
  int n = 0;
  for (const auto& it : t.iterations) {
    for (const auto& e : it.edge_casts) n += e.hit;
  }
  return n;
}

}  // namespace

TEST(BoxEdges, ParsesAndNamesTheMethod) {
  Method m = Method::kRobust;
  ASSERT_TRUE(collision::parse_method("box-edges", m));
  EXPECT_EQ(m, Method::kBoxEdges);
  EXPECT_STREQ(collision::to_string(Method::kBoxEdges), "box-edges");
}

TEST(BoxEdges, FallingIntoAFloorCancelsTheDownwardMotion) {
  const auto world = world_of(floor_quad(10));
  const Body box = Body::box(vec3(1, 1, 0.5f));
  Trace trace;
  // The box would end 0.3 below the floor: its four vertical edges cross it.
  const auto r = collision::move(world, box, {0, 0, 0.7f}, {2, 0, -1}, box_edges(), &trace);
  EXPECT_TRUE(r.hit);
  EXPECT_FALSE(r.blocked);
  EXPECT_EQ(r.position, vec3(2, 0, 0.7f));  // the sideways part stands, the fall is cancelled
  ASSERT_EQ(trace.iterations.size(), 2u);
  ASSERT_EQ(trace.iterations[0].edge_casts.size(), 12u);
  EXPECT_EQ(edge_hits(trace), 4);
  EXPECT_EQ(trace.iterations[0].normal, vec3(0, 0, 1));
  EXPECT_EQ(trace.iterations[0].slide, vec3(2, 0, 0));
}

TEST(BoxEdges, SlidingOnTheFloorIsAContactNotACollision) {
  const auto world = world_of(floor_quad(10));
  const auto r = collision::move(world, Body::box(vec3(1, 1, 0.5f)), {0, 0, 0.5f}, {3, 1, 0}, box_edges());
  EXPECT_EQ(r.position, vec3(3, 1, 0.5f));
  EXPECT_TRUE(r.hit);  // the vertical edges start on the floor
  EXPECT_FALSE(r.blocked);
}

TEST(BoxEdges, TriangleCornerPokingIntoAFaceWithoutCrossingAnEdgeIsMissed) {
  // A spike whose tip ends 0.2 inside the box's bottom face, 0.06 wide there: no edge of the
  // box crosses it, so the seed's method lets the box sink onto it; the exact test does not.
  const Triangle spike{{0, 0, 0}, {-3, -3, -10}, {3, -3, -10}};
  const auto world = world_of({spike});
  const Body box = Body::box(vec3(1, 1, 1));
  Trace trace;
  const auto r = collision::move(world, box, {0, 0, 5}, {0, 0, -4.2f}, box_edges(), &trace);
  EXPECT_FALSE(r.hit);
  EXPECT_EQ(edge_hits(trace), 0);
  EXPECT_NEAR(r.position.z, 0.8f, 1e-6f);
  const auto sat = collision::box_triangle_sat(r.position, box.radii, spike);
  EXPECT_TRUE(sat.overlap);
  EXPECT_NEAR(sat.distance, -0.2f, 1e-5f);
  // The exact swept box stops on the tip.
  EXPECT_TRUE(collision::sweep_box(world, {0, 0, 5}, box.radii, {0, 0, -4.2f}).hit);
}

TEST(BoxEdges, FastMovePassesThroughAThinWall) {
  const Triangle wall{{0, -5, -5}, {0, 5, -5}, {0, 0, 5}};
  const auto world = world_of({wall});
  const auto r = collision::move(world, Body::box(vec3(0.5f)), {-2, 0, 0}, {4, 0, 0}, box_edges());
  EXPECT_FALSE(r.hit);
  EXPECT_EQ(r.position, vec3(2, 0, 0));
}

TEST(BoxEdges, StillHittingAfterTheLastCorrectionMovesBack) {
  // With one iteration, the corrected move is never tested: the box moves back to its start.
  const auto world = world_of(floor_quad(10));
  MoveParams p = box_edges();
  p.max_iterations = 1;
  const auto r = collision::move(world, Body::box(vec3(1, 1, 0.5f)), {0, 0, 0.7f}, {2, 0, -1}, p);
  EXPECT_TRUE(r.hit);
  EXPECT_TRUE(r.blocked);
  EXPECT_EQ(r.position, vec3(0, 0, 0.7f));
}
