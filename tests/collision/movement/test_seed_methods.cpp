// The classic methods from the seeds, reproduced with their flaws, beside the robust method.
// These tests document the flaws (docs/architecture.md, "The seed methods"): a test
// that shows a seed letting a body through is passing when the body goes through.
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "collision/move.hpp"
#include "collision/queries.hpp"
#include "collision/trace.hpp"
#include "classic/classic_methods.hpp"
#include "test_worlds.hpp"

using collision::Body;
using collision::Method;
using collision::MoveParams;
using collision::Trace;
using collision::Triangle;
using collision::TriangleTest;
using collision::Verdict;
using glm::vec3;

namespace {

using prism_test::world_of;

// A quad abcd, counter-clockwise seen from its front.
void quad(std::vector<Triangle>& tris, vec3 a, vec3 b, vec3 c, vec3 d) {
  tris.push_back({a, b, c});
  tris.push_back({a, c, d});
}

// The rectangle [x0, x1] x [y0, y1] at height z, facing +z.
std::vector<Triangle> floor_rect(float x0, float y0, float x1, float y1, float z = 0.0f) {
  std::vector<Triangle> t;
  quad(t, {x0, y0, z}, {x1, y0, z}, {x1, y1, z}, {x0, y1, z});
  return t;
}

// A closed axis-aligned box with outward normals: bottom, top, -y, +y, +x, -x (2 triangles each).
std::vector<Triangle> box(vec3 lo, vec3 hi) {
  const vec3 p[8] = {{lo.x, lo.y, lo.z}, {hi.x, lo.y, lo.z}, {hi.x, hi.y, lo.z},
                     {lo.x, hi.y, lo.z}, {lo.x, lo.y, hi.z}, {hi.x, lo.y, hi.z},
                     {hi.x, hi.y, hi.z}, {lo.x, hi.y, hi.z}};
  std::vector<Triangle> t;
  quad(t, p[0], p[3], p[2], p[1]);
  quad(t, p[4], p[5], p[6], p[7]);
  quad(t, p[0], p[1], p[5], p[4]);
  quad(t, p[2], p[3], p[7], p[6]);
  quad(t, p[1], p[2], p[6], p[5]);
  quad(t, p[3], p[0], p[4], p[7]);
  return t;
}

MoveParams params_for(Method m) {
  MoveParams p;
  p.method = m;
  return p;
}

collision::MoveResult move_with(Method m, const collision::World& w, float radius, vec3 from,
                                vec3 by, Trace* trace = nullptr) {
  return collision::move(w, Body::sphere(radius), from, by, params_for(m), trace);
}

// Closest distance from p to any triangle of the world (how deep a body of radius r overlaps:
// r - clearance).
float clearance(const collision::World& w, vec3 p) {
  double best = 1e30;
  for (std::size_t i = 0; i < w.mesh().triangle_count(); ++i) {
    const Triangle t = w.mesh().triangle(i);
    const glm::dvec3 q = collision::closest_point_on_triangle(
        glm::dvec3(p), glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c));
    best = std::min(best, glm::length(glm::dvec3(p) - q));
  }
  return static_cast<float>(best);
}

std::vector<Verdict> verdicts(const Trace& trace) {
  std::vector<Verdict> v;
  for (const auto& it : trace.iterations) {
    for (const auto& t : it.tests) v.push_back(t.verdict);
  }
  return v;
}

void expect_plane(const collision::Plane& p, vec3 normal, float offset) {
  EXPECT_NEAR(p.normal.x, normal.x, 1e-6f);
  EXPECT_NEAR(p.normal.y, normal.y, 1e-6f);
  EXPECT_NEAR(p.normal.z, normal.z, 1e-6f);
  EXPECT_NEAR(p.offset, offset, 1e-6f);
}

// An isosceles triangle with a 20-degree corner at the origin, opening along +x, facing +z.
Triangle spike_triangle() {
  const float half = 10.0f * std::tan(10.0f * std::numbers::pi_v<float> / 180.0f);
  return {{0, 0, 0}, {10, -half, 0}, {10, half, 0}};
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The offset prism's geometry (docs/trace-format.md, "The offset prism").

TEST(OffsetPrism, PlanesMatchDesignOnARightTriangle) {
  // A = origin, B on +x, C on +y: n = +z. r = 1, L = 0.5.
  TriangleTest t;
  collision::offset_prism({{0, 0, 0}, {4, 0, 0}, {0, 3, 0}}, 1.0f, 0.5f, {1, 1, 2}, t);
  expect_plane(t.offset_plane, {0, 0, 1}, 1.0f);  // n·p = n·A + r
  // AB: m = +y; inside when y >= -0.5; its cap through C: y <= 3.5.
  expect_plane(t.edge_clip[0], {0, 1, 0}, -0.5f);
  expect_plane(t.acute_clip[0], {0, -1, 0}, -3.5f);
  // BC: m = (-0.6, -0.8, 0); m·B = -2.4, so inside when m·p >= -2.9; cap through A: m·p <= 0.5.
  expect_plane(t.edge_clip[1], {-0.6f, -0.8f, 0}, -2.9f);
  expect_plane(t.acute_clip[1], {0.6f, 0.8f, 0}, -0.5f);
  // CA: m = +x; inside when x >= -0.5; cap through B: x <= 4.5.
  expect_plane(t.edge_clip[2], {1, 0, 0}, -0.5f);
  expect_plane(t.acute_clip[2], {-1, 0, 0}, -4.5f);
  // The distances of p = (1, 1, 2): all planes face inwards, so all are positive here.
  EXPECT_NEAR(t.offset_distance, 1.0f, 1e-6f);
  EXPECT_NEAR(t.edge_distance[0], 1.5f, 1e-6f);
  EXPECT_NEAR(t.edge_distance[1], 1.5f, 1e-6f);
  EXPECT_NEAR(t.edge_distance[2], 1.5f, 1e-6f);
  EXPECT_NEAR(t.acute_distance[0], 2.5f, 1e-6f);
  EXPECT_NEAR(t.acute_distance[1], 1.9f, 1e-6f);
  EXPECT_NEAR(t.acute_distance[2], 3.5f, 1e-6f);
  EXPECT_EQ(t.tested_point, vec3(1, 1, 2));
}

TEST(OffsetPrism, DegenerateTriangleGivesZeroPlanesAndNoNaN) {
  TriangleTest t;
  collision::offset_prism({{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}, 1.0f, 1.0f, {5, -3, 2}, t);
  EXPECT_EQ(t.offset_plane.normal, vec3(0.0f));
  EXPECT_EQ(t.offset_distance, 0.0f);
  for (int e = 0; e < 3; ++e) {
    EXPECT_EQ(t.edge_clip[e].normal, vec3(0.0f));
    EXPECT_EQ(t.acute_clip[e].normal, vec3(0.0f));
    EXPECT_EQ(t.edge_distance[e], 0.0f);
    EXPECT_EQ(t.acute_distance[e], 0.0f);
  }
}

TEST(OffsetPrism, AcuteClipPlaneCutsTheSpikeAtA20DegreeVertex) {
  const Triangle tri = spike_triangle();
  const float r = 1.0f, L = 1.0f;
  // Without the caps, the two grown edge planes meet L / sin(10 deg) = 5.76 in front of the
  // sharp corner. (-5, 0) is still inside both of them...
  TriangleTest tip;
  collision::offset_prism(tri, r, L, {-5, 0, r}, tip);
  EXPECT_GE(tip.edge_distance[0], 0.0f);
  EXPECT_GE(tip.edge_distance[2], 0.0f);
  // ...while the cap of the opposite edge BC lets the prism reach only L past the corner.
  EXPECT_LT(tip.acute_distance[1], 0.0f);
  EXPECT_NEAR(tip.acute_distance[1], -(5.0f - L), 1e-5f);
  TriangleTest near_corner;
  collision::offset_prism(tri, r, L, {-0.8f, 0, r}, near_corner);
  for (int e = 0; e < 3; ++e) {
    EXPECT_GE(near_corner.edge_distance[e], 0.0f);
    EXPECT_GE(near_corner.acute_distance[e], 0.0f);
  }

  // The method itself: a point dropping through the spike is rejected by the cap and passes,
  // one dropping within L of the corner is caught on S'.
  const auto world = world_of({tri});
  Trace trace;
  const auto through = move_with(Method::kOffsetPrism, world, r, {-3, 0, 3}, {0, 0, -3}, &trace);
  EXPECT_FALSE(through.hit);
  EXPECT_EQ(through.position, vec3(-3, 0, 0));
  EXPECT_EQ(verdicts(trace), std::vector<Verdict>{Verdict::kOutsideAcuteClip});
  trace.clear();
  const auto caught = move_with(Method::kOffsetPrism, world, r, {-0.8f, 0, 3}, {0, 0, -3}, &trace);
  EXPECT_TRUE(caught.hit);
  EXPECT_NEAR(caught.position.z, r + 0.001f * r, 1e-6f);
  EXPECT_EQ(verdicts(trace), std::vector<Verdict>{Verdict::kHit});
}

// ---------------------------------------------------------------------------------------------
// Seed 000: a point against the offset plane, clipped, put back on the plane.

TEST(SeedMethods, Seed000SlidesAlongAFloor) {
  const auto world = world_of(floor_rect(-10, -10, 10, 10));
  const float r = 0.5f;
  Trace trace;
  const auto m = move_with(Method::kOffsetPrism, world, r, {0, 0, 1}, {2, 0, -1}, &trace);
  // Crosses S' (z = r) at (1, 0, r); put back on S' plus 0.1% of r, the horizontal move kept.
  EXPECT_TRUE(m.hit);
  EXPECT_EQ(m.iterations, 1);
  EXPECT_NEAR(m.position.x, 2.0f, 1e-6f);
  EXPECT_NEAR(m.position.y, 0.0f, 1e-6f);
  EXPECT_NEAR(m.position.z, r + 0.001f * r, 1e-6f);
  EXPECT_EQ(m.last_normal, vec3(0, 0, 1));
  ASSERT_EQ(trace.iterations.size(), 1u);
  const auto& it = trace.iterations[0];
  EXPECT_TRUE(it.hit);
  EXPECT_NEAR(it.toi, 0.5f, 1e-6f);
  EXPECT_NEAR(glm::distance(it.contact_point, vec3(1, 0, 0)), 0.0f, 1e-6f);
  EXPECT_NEAR(glm::distance(it.slide, vec3(1, 0, 0.0005f)), 0.0f, 1e-6f);
  // The first floor triangle (x >= y) caught it; the second then saw no crossing.
  EXPECT_EQ(verdicts(trace), (std::vector<Verdict>{Verdict::kHit, Verdict::kNoCrossing}));
  EXPECT_NEAR(it.tests[0].offset_distance, 0.0f, 1e-6f);  // the crossing point lies on S'
}

TEST(SeedMethods, Seed000SeveralTrianglesCorrectOneMoveInIndexOrder) {
  // A floor, then a wall at x = 5 facing -x: a move down into the corner is corrected by the
  // floor first, and the corrected move is then corrected by the wall.
  auto tris = floor_rect(-10, -5, 10, 5);
  quad(tris, {5, -5, -1}, {5, -5, 10}, {5, 5, 10}, {5, 5, -1});
  const auto world = world_of(tris);
  Trace trace;
  const auto m = move_with(Method::kOffsetPrism, world, 0.5f, {3, 0, 1}, {4, 0, -1}, &trace);
  EXPECT_TRUE(m.hit);
  EXPECT_NEAR(m.position.x, 4.5f - 0.0005f, 1e-5f);
  EXPECT_NEAR(m.position.z, 0.5f + 0.0005f, 1e-5f);
  EXPECT_EQ(m.last_normal, vec3(-1, 0, 0));
  int hits = 0;
  for (Verdict v : verdicts(trace)) hits += v == Verdict::kHit;
  EXPECT_EQ(hits, 2);
  EXPECT_EQ(trace.iterations[0].crease.size(), 2u);
}

TEST(SeedMethods, Seed000MissesCrossingFromBehind) {
  // A body below a floor moving up through it: it starts behind S', so the seed's precheck
  // (old in front, new behind) never fires and the body passes. The robust method stops it.
  const auto world = world_of(floor_rect(-10, -10, 10, 10));
  const float r = 0.5f;
  Trace trace;
  const auto seed = move_with(Method::kOffsetPrism, world, r, {0, 0, -2}, {0, 0, 4}, &trace);
  EXPECT_FALSE(seed.hit);
  EXPECT_EQ(seed.position, vec3(0, 0, 2));  // passed through the floor
  for (Verdict v : verdicts(trace)) EXPECT_EQ(v, Verdict::kNoCrossing);
  EXPECT_EQ(trace.iterations[0].tests.size(), 2u);

  const auto robust = move_with(Method::kRobust, world, r, {0, 0, -2}, {0, 0, 4});
  EXPECT_TRUE(robust.hit);
  EXPECT_LE(robust.position.z, -r + 1e-4f);
  EXPECT_GE(clearance(world, robust.position), r * 0.98f);
}

TEST(SeedMethods, Seed000MissesSphereClippingTheRim) {
  // A floor ledge x in [0, 10]; a sphere moves sideways into its edge with its centre 0.25
  // above the floor (below S', at r = 0.5). The exact swept shape is rounded at the rim and
  // stops it; the seed only tests S' from the front, so the body sinks into the floor.
  const auto world = world_of(floor_rect(0, -5, 10, 5));
  const float r = 0.5f;
  const auto seed = move_with(Method::kOffsetPrism, world, r, {-2, 0, 0.25f}, {4, 0, 0});
  EXPECT_FALSE(seed.hit);
  EXPECT_EQ(seed.position, vec3(2, 0, 0.25f));
  EXPECT_NEAR(clearance(world, seed.position), 0.25f, 1e-6f);  // overlaps by half the radius

  const auto robust = move_with(Method::kRobust, world, r, {-2, 0, 0.25f}, {4, 0, 0});
  EXPECT_TRUE(robust.hit);
  EXPECT_GE(clearance(world, robust.position), r * 0.98f);
}

TEST(SeedMethods, Seed000StopsABodyAboveTheRimThatWouldNotTouch) {
  // The prism's square edge: a sphere dropping 0.45 beyond the ledge's edge (inside the edge
  // clip plane, L = r = 0.5) is held on S' at z = r, although the sphere would first touch the
  // edge at z = sqrt(r^2 - 0.45^2) = 0.218. It hangs in the air, 0.17 clear of the ledge.
  const auto world = world_of(floor_rect(0, -5, 10, 5));
  const float r = 0.5f;
  const auto seed = move_with(Method::kOffsetPrism, world, r, {-0.45f, 0, 2}, {0, 0, -2});
  EXPECT_TRUE(seed.hit);
  EXPECT_NEAR(seed.position.z, r + 0.001f * r, 1e-6f);
  EXPECT_GT(clearance(world, seed.position), r + 0.15f);

  const auto robust = move_with(Method::kRobust, world, r, {-0.45f, 0, 2}, {0, 0, -2});
  EXPECT_LT(robust.position.z, 0.25f);  // got past the rim, at least down to the touch height
  EXPECT_GE(clearance(world, robust.position), r * 0.98f);
}

// ---------------------------------------------------------------------------------------------
// Seed 001: the sphere classified against each plane at its new position, pushed out.

TEST(SeedMethods, Seed001PushesARestingSphereOutToItsRadius) {
  const auto world = world_of(floor_rect(-10, -10, 10, 10));
  const float r = 0.5f;
  Trace trace;
  const auto m = move_with(Method::kSphereClassify, world, r, {0, 0, 0.3f}, {1, 0, 0}, &trace);
  EXPECT_TRUE(m.hit);
  EXPECT_EQ(m.iterations, 1);
  EXPECT_NEAR(m.position.x, 1.0f, 1e-6f);
  EXPECT_NEAR(m.position.z, r, 1e-6f);
  EXPECT_EQ(m.last_normal, vec3(0, 0, 1));
  // (1, 0) is on the quad's diagonal: the first triangle pushes, the second then sees the
  // sphere resting exactly on its plane (distance r counts as front, as in the seed).
  EXPECT_EQ(verdicts(trace), (std::vector<Verdict>{Verdict::kHit, Verdict::kFront}));
  EXPECT_EQ(trace.iterations[0].feature, collision::Feature::kFace);
  EXPECT_NEAR(glm::distance(trace.iterations[0].contact_point, vec3(1, 0, 0)), 0.0f, 1e-6f);
  EXPECT_NEAR(glm::distance(trace.iterations[0].slide, vec3(0, 0, 0.2f)), 0.0f, 1e-6f);
  // The prism planes are recorded for the debugger too.
  EXPECT_EQ(trace.iterations[0].tests[0].offset_plane.normal, vec3(0, 0, 1));
}

TEST(SeedMethods, Seed001FastSphereTunnelsThroughThinWall) {
  // A wall 0.2 thick; a sphere of r = 0.5 moving 5 units ends 2.8 past it. The seed looks
  // only at the end position, where the sphere touches nothing: no contact is reported.
  const auto world = world_of(box({0, -5, -5}, {0.2f, 5, 5}));
  const float r = 0.5f;
  const vec3 start(-2, 0, 0), by(5, 0, 0);  // longer than thickness + 2r = 1.2
  Trace trace;
  const auto seed = move_with(Method::kSphereClassify, world, r, start, by, &trace);
  EXPECT_FALSE(seed.hit);
  EXPECT_EQ(seed.position, vec3(3, 0, 0));  // behind the wall
  EXPECT_TRUE(collision::raycast(world, start, seed.position - start).hit);  // went through it
  for (Verdict v : verdicts(trace)) {
    EXPECT_TRUE(v == Verdict::kFront || v == Verdict::kBehind) << collision::to_string(v);
  }

  const auto robust = move_with(Method::kRobust, world, r, start, by);
  EXPECT_TRUE(robust.hit);
  EXPECT_LE(robust.position.x, -r + 1e-4f);
}

TEST(SeedMethods, Seed001PushesOutOnTheFarSideOnceTheCentrePassesTheWallsMiddle) {
  // The same wall, shorter moves. Ending 0.2 into the near face: pushed back to the near side.
  // Ending with the centre past the wall's middle: pushed out of the far face, through the
  // wall, and this time a contact is reported.
  const auto world = world_of(box({0, -5, -5}, {0.2f, 5, 5}));
  const float r = 0.5f;
  const auto near = move_with(Method::kSphereClassify, world, r, {-2, 0, 0}, {1.8f, 0, 0});
  EXPECT_TRUE(near.hit);
  EXPECT_NEAR(near.position.x, -r, 1e-6f);
  const auto far = move_with(Method::kSphereClassify, world, r, {-2, 0, 0}, {2.4f, 0, 0});
  EXPECT_TRUE(far.hit);
  EXPECT_NEAR(far.position.x, 0.2f + r, 1e-6f);
  EXPECT_EQ(far.last_normal, vec3(1, 0, 0));
}

TEST(SeedMethods, Seed001AngleSumAgreesWithBarycentricInsideAndDisagreesNearEdges) {
  using collision::detail::inside_by_angle_sum;
  using collision::detail::inside_by_edge_signs;
  const glm::dvec3 a(0, 0, 0), b(10, 0, 0), c(0, 10, 0);
  // Inside (at least 0.05 from every edge): both say inside.
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int inside = 0;
  for (int i = 0; i < 2000; ++i) {
    const double s = u(rng), t = u(rng);
    if (s + t > 1.0) continue;
    const glm::dvec3 p = a + s * (b - a) + t * (c - a);
    if (p.x < 0.05 || p.y < 0.05 || p.x + p.y > 10.0 - 0.05 * std::sqrt(2.0)) continue;
    EXPECT_TRUE(inside_by_angle_sum(p, a, b, c)) << p.x << ", " << p.y;
    EXPECT_TRUE(inside_by_edge_signs(p, a, b, c)) << p.x << ", " << p.y;
    ++inside;
  }
  EXPECT_GT(inside, 500);
  // Well outside: both say outside.
  for (const glm::dvec3 p : {glm::dvec3(-1, 5, 0), glm::dvec3(5, -1, 0), glm::dvec3(6, 6, 0),
                             glm::dvec3(-0.01, -0.01, 0), glm::dvec3(12, 0, 0)}) {
    EXPECT_FALSE(inside_by_angle_sum(p, a, b, c)) << p.x << ", " << p.y;
    EXPECT_FALSE(inside_by_edge_signs(p, a, b, c)) << p.x << ", " << p.y;
  }
  // Just outside the middle of an edge of length 10: outside, the angles add up to about
  // 2 pi - 0.8 h / 5, which the 0.99 factor accepts up to h = 10 / 127 = 0.0785.
  EXPECT_TRUE(inside_by_angle_sum({5, -0.07, 0}, a, b, c));
  EXPECT_FALSE(inside_by_edge_signs({5, -0.07, 0}, a, b, c));
  EXPECT_FALSE(inside_by_angle_sum({5, -0.09, 0}, a, b, c));
  // Near the hypotenuse too (length 14.1: up to 0.111 outside).
  const glm::dvec3 out_of_hypotenuse = glm::dvec3(5, 5, 0) + 0.1 * glm::dvec3(1, 1, 0) / std::sqrt(2.0);
  EXPECT_TRUE(inside_by_angle_sum(out_of_hypotenuse, a, b, c));
  EXPECT_FALSE(inside_by_edge_signs(out_of_hypotenuse, a, b, c));
}

TEST(SeedMethods, Seed001AngleSumPushesASphereBesideABigTriangle) {
  // A 200-unit edge along x; a sphere of r = 0.25 whose centre is 0.6 outside it and 0.1 above
  // the plane: it touches nothing (0.61 away), but the contact point is within 200 / 127 of the
  // edge, so the angle sum calls it inside and the sphere is pushed up to z = r. The edge-sign
  // test rejects it; the robust method sees no contact.
  const auto world = world_of({{{-100, 0, 0}, {100, 0, 0}, {0, 100, 0}}});
  const Body body = Body::sphere(0.25f);
  const vec3 start(0, -0.6f, 0.1f), by(0.01f, 0, 0);
  EXPECT_GT(clearance(world, start + by), 0.6f);
  const MoveParams params = params_for(Method::kSphereClassify);
  const auto seed = collision::detail::move_sphere_classify(world, body, start, by, params,
                                                            nullptr, {});
  EXPECT_TRUE(seed.hit);
  EXPECT_NEAR(seed.position.z, 0.25f, 1e-6f);
  collision::detail::ClassicOptions barycentric;
  barycentric.angle_sum_inside = false;
  Trace trace;
  const auto fixed = collision::detail::move_sphere_classify(world, body, start, by, params,
                                                             &trace, barycentric);
  EXPECT_FALSE(fixed.hit);
  EXPECT_EQ(fixed.position, start + by);
  EXPECT_EQ(verdicts(trace), std::vector<Verdict>{Verdict::kOutsideTriangle});
  EXPECT_FALSE(move_with(Method::kRobust, world, 0.25f, start, by).hit);
}

// ---------------------------------------------------------------------------------------------
// Both seeds: the interface, ellipsoids, and the BVH candidates against the seeds' own loop.

TEST(SeedMethods, AllThreeMethodsFillTheSameTrace) {
  const auto world = world_of(floor_rect(-10, -10, 10, 10));
  for (Method m : {Method::kRobust, Method::kOffsetPrism, Method::kSphereClassify}) {
    Trace trace;
    const auto r = move_with(m, world, 0.5f, {0, 0, 0.6f}, {1, 0, -0.3f}, &trace);
    EXPECT_EQ(trace.method, m);
    EXPECT_EQ(trace.end, r.position);
    ASSERT_FALSE(trace.iterations.empty()) << collision::to_string(m);
    EXPECT_FALSE(trace.iterations[0].tests.empty()) << collision::to_string(m);
    EXPECT_TRUE(r.hit) << collision::to_string(m);
    EXPECT_NEAR(r.position.z, 0.5f, 0.01f) << collision::to_string(m);
  }
}

TEST(SeedMethods, EllipsoidIsTreatedAsItsSmallestSphere) {
  const auto world = world_of(floor_rect(-10, -10, 10, 10));
  for (Method m : {Method::kOffsetPrism, Method::kSphereClassify}) {
    const MoveParams p = params_for(m);
    const auto e = collision::move(world, Body::ellipsoid({1, 1, 0.5f}), {0, 0, 0.6f},
                                   {1, 0, -0.3f}, p);
    const auto s = collision::move(world, Body::sphere(0.5f), {0, 0, 0.6f}, {1, 0, -0.3f}, p);
    EXPECT_EQ(e.position, s.position) << collision::to_string(m);
  }
}

namespace {

// Roughly equilateral triangles (no corner sharper than about 45 degrees, no edge longer than
// 5) at random in a 20-unit cube: the scenes where the BVH's candidates are exact.
std::vector<Triangle> well_shaped_soup(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> pos(-10, 10), size(0.5f, 2.5f), jitter(-0.1f, 0.1f),
      unit(-1, 1);
  std::vector<Triangle> tris;
  while (static_cast<int>(tris.size()) < n) {
    vec3 axis(unit(rng), unit(rng), unit(rng));
    if (glm::length(axis) < 0.1f) continue;
    axis = glm::normalize(axis);
    const vec3 helper = std::fabs(axis.x) < 0.9f ? vec3(1, 0, 0) : vec3(0, 1, 0);
    const vec3 e1 = glm::normalize(glm::cross(axis, helper)), e2 = glm::cross(axis, e1);
    const vec3 c(pos(rng), pos(rng), pos(rng));
    const float s = size(rng);
    Triangle t;
    vec3* corner[3] = {&t.a, &t.b, &t.c};
    for (int k = 0; k < 3; ++k) {
      const float ang = 2.0944f * static_cast<float>(k) + jitter(rng);
      *corner[k] = c + s * (1.0f + jitter(rng)) * (std::cos(ang) * e1 + std::sin(ang) * e2);
    }
    tris.push_back(t);
  }
  return tris;
}

}  // namespace

TEST(SeedMethods, SeedBvhCandidatesMatchTheSeedsLoopOverEveryTriangle) {
  const auto world = world_of(well_shaped_soup(400, 11));
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> pos(-12, 12), mv(-3, 3), rad(0.2f, 1.0f);
  collision::detail::ClassicOptions every;
  every.all_triangles = true;
  int hits[2] = {0, 0};
  for (int q = 0; q < 3000; ++q) {
    const vec3 start(pos(rng), pos(rng), pos(rng)), by(mv(rng), mv(rng), mv(rng));
    const Body body = Body::sphere(rad(rng));
    MoveParams p;
    const auto a0 = collision::detail::move_offset_prism(world, body, start, by, p, nullptr, {});
    const auto b0 = collision::detail::move_offset_prism(world, body, start, by, p, nullptr, every);
    ASSERT_EQ(a0.position, b0.position) << q;
    ASSERT_EQ(a0.hit, b0.hit) << q;
    const auto a1 = collision::detail::move_sphere_classify(world, body, start, by, p, nullptr, {});
    const auto b1 =
        collision::detail::move_sphere_classify(world, body, start, by, p, nullptr, every);
    ASSERT_EQ(a1.position, b1.position) << q;
    ASSERT_EQ(a1.hit, b1.hit) << q;
    hits[0] += a0.hit;
    hits[1] += a1.hit;
  }
  EXPECT_GT(hits[0], 100);  // the soup must be hit, or this test proves nothing
  EXPECT_GT(hits[1], 100);
}

TEST(SeedMethods, Seed000SliverPrismsReachFarAndTheBvhPathStillMatchesTheFullLoop) {
  // Slivers (two corners of a few degrees): their offset prisms run far past their ends, as
  // the seed's planes define them. The World lists them, and seed 000 tests them wherever the
  // move is, exactly as the seed's loop over every triangle does.
  std::vector<Triangle> tris;
  std::mt19937 rng(23);
  std::uniform_real_distribution<float> pos(-10, 10), dir(-1, 1), lift(0.02f, 0.3f);
  for (int i = 0; i < 60; ++i) {
    const vec3 a(pos(rng), pos(rng), pos(rng));
    const vec3 d = glm::normalize(vec3(dir(rng), dir(rng), dir(rng)) + vec3(0.01f, 0, 0));
    const vec3 side = glm::normalize(glm::cross(d, vec3(0.3f, 0.5f, 0.8f)));
    tris.push_back({a, a + 6.0f * d, a + 3.0f * d + lift(rng) * side});  // a sliver
  }
  const auto world = world_of(tris);
  ASSERT_GT(collision::detail::wide_prisms(world).size(), 30u);
  float widest = 0.0f;
  for (const auto& w : collision::detail::wide_prisms(world)) widest = std::max(widest, w.reach);
  EXPECT_GT(widest, 10.0f);  // in margins: the needle runs at least 10 L past its triangle

  collision::detail::ClassicOptions every;
  every.all_triangles = true;
  std::uniform_real_distribution<float> start(-25, 25), mv(-4, 4), rad(0.2f, 1.0f);
  int hits = 0;
  for (int q = 0; q < 3000; ++q) {
    const vec3 from(start(rng), start(rng), start(rng)), by(mv(rng), mv(rng), mv(rng));
    const Body body = Body::sphere(rad(rng));
    const auto bvh = collision::detail::move_offset_prism(world, body, from, by, MoveParams{}, nullptr, {});
    const auto all = collision::detail::move_offset_prism(world, body, from, by, MoveParams{}, nullptr, every);
    ASSERT_EQ(bvh.position, all.position) << q;
    ASSERT_EQ(bvh.hit, all.hit) << q;
    hits += bvh.hit;
  }
  EXPECT_GT(hits, 20);
}
