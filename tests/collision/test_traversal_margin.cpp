// The traversal's margin (bvh_traverse.hpp, traversal_allowance): a segment query's box is
// grown by the body's half extent plus half the rounding allowance for the float tests in front
// of the leaves (occupancy bits, start grid, slab test). It must enter every node holding a
// triangle the exact test touches. Bodies rest and graze on the faces of small axis-aligned
// boxes far from the origin, a few ulps of the coordinates either side of contact, and every
// BVH sweep and ray must give what the brute force (or, for the ellipsoid, the exact test of
// every triangle) gives. A zero margin fails these checks.
#include <cmath>
#include <random>
#include <vector>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "bvh/bvh_traverse.hpp"
#include "collision/queries.hpp"
#include "earliest_contact.hpp"
#include "same_sweep.hpp"
#include "test_worlds.hpp"
#include "leaf_triangles.hpp"

using collision::Triangle;
using glm::vec3;

namespace {

// A 6 x 6 grid of boxes 24 units wide, 24 to 72 high, 64 apart (40-unit lanes between them),
// with their tops, sides and the floor: faces on all three axes, small enough that each leaf is
// tight.
std::vector<Triangle> blocks_at(const vec3& origin, std::mt19937& rng) {
  std::vector<Triangle> tris;
  const auto quad = [&](const vec3& a, const vec3& u, const vec3& v) {
    tris.push_back({a, a + u, a + u + v});
    tris.push_back({a, a + u + v, a + v});
  };
  std::uniform_real_distribution<float> height(24.0f, 72.0f);
  for (int i = 0; i < 6; ++i) {
    for (int j = 0; j < 6; ++j) {
      const vec3 cell = origin + vec3(64.0f * static_cast<float>(i), 64.0f * static_cast<float>(j), 0.0f);
      quad(cell, vec3(64, 0, 0), vec3(0, 64, 0));  // floor (under the box too)
      const float h = std::round(height(rng));
      const vec3 lo = cell + vec3(20, 20, 0), x(24, 0, 0), y(0, 24, 0), z(0, 0, h);
      quad(lo + z, x, y);      // top
      quad(lo, z, y);          // -x side
      quad(lo + x, y, z);      // +x side
      quad(lo, x, z);          // -y side
      quad(lo + y, z, x);      // +y side
    }
  }
  return tris;
}

struct Face {
  vec3 point, normal, u, v;  // a point on a face, its outward normal, two directions along it
};

// A random point on one of the faces, with the face's frame.
Face random_face(std::mt19937& rng, const collision::World& world) {
  const auto tris = prism_test::leaf_triangles(world.bvh());
  std::uniform_int_distribution<std::size_t> pick(0, tris.size() - 1);
  std::uniform_real_distribution<float> bary(0.0f, 1.0f);
  const collision::BvhTriangle& t = tris[pick(rng)];
  float s = bary(rng), w = bary(rng);
  if (s + w > 1.0f) s = 1.0f - s, w = 1.0f - w;
  Face f;
  f.point = t.a + s * (t.b - t.a) + w * (t.c - t.a);
  f.normal = glm::normalize(glm::cross(t.b - t.a, t.c - t.a));
  f.u = glm::normalize(t.b - t.a);
  f.v = glm::cross(f.normal, f.u);
  return f;
}

// Along `n` (an axis, either sign) the body's support.
float support(const vec3& half, const vec3& n) { return glm::dot(glm::abs(n), half); }

void expect_margin_holds(const vec3& origin) {
  std::mt19937 rng(41);
  const collision::World world = prism_test::world_of(blocks_at(origin, rng));
  const float scale = std::max({std::fabs(origin.x), std::fabs(origin.y), std::fabs(origin.z)}) + 400.0f;
  const float ulp = std::nextafter(scale, 2.0f * scale) - scale;
  std::uniform_int_distribution<int> ulps(-4, 4);
  std::uniform_real_distribution<float> along(-1.0f, 1.0f), len(1.0f, 48.0f);
  const vec3 sphere(16.0f), box(15.0f, 15.0f, 24.0f), ellipsoid(16.0f, 16.0f, 24.0f);
  const float capsule_radius = 15.0f, capsule_half = 9.0f;
  int hits = 0, misses = 0;
  for (int q = 0; q < 1200; ++q) {
    const Face f = random_face(rng, world);
    // Parallel to the face, with a sink or rise of a few ulps at most (every other query), or
    // none: grazing moves, whose contacts the margin decides.
    vec3 d = glm::normalize(along(rng) * f.u + along(rng) * f.v) * len(rng);
    if (q % 2 == 0) d += f.normal * (static_cast<float>(ulps(rng)) * ulp);
    const float gap = static_cast<float>(ulps(rng)) * ulp;
    const auto centre = [&](float reach) { return f.point + f.normal * (reach + gap); };
    const vec3 c_sphere = centre(16.0f), c_box = centre(support(box, f.normal)),
               c_capsule = centre(capsule_radius + capsule_half * std::fabs(f.normal.z)),
               c_ellipsoid = centre(support(ellipsoid, f.normal)), c_ray = centre(0.0f);
    const collision::SweepHit s = collision::sweep_sphere(world, c_sphere, sphere.x, d);
    prism_test::expect_same_sweep(s, collision::sweep_sphere_brute_force(world, c_sphere, sphere.x, d), q);
    prism_test::expect_same_sweep(collision::sweep_box(world, c_box, box, d),
                                  collision::sweep_box_brute_force(world, c_box, box, d), q);
    const vec3 up(0.0f, 0.0f, 1.0f);
    prism_test::expect_same_sweep(
        collision::sweep_capsule(world, c_capsule, capsule_radius, capsule_half, up, d),
        collision::sweep_capsule_brute_force(world, c_capsule, capsule_radius, capsule_half, up, d), q);
    const collision::SweepHit e = collision::sweep_ellipsoid(world, c_ellipsoid, ellipsoid, d);
    // The ellipsoid has no brute force: the exact test of every triangle is the reference.
    const prism_test::EarliestContact exact =
        prism_test::earliest_contact(world.bvh(), [&](const collision::BvhTriangle& t) {
          return collision::sweep_ellipsoid_triangle(Triangle{t.a, t.b, t.c}, c_ellipsoid, ellipsoid, d);
        });
    EXPECT_EQ(e.hit, exact.hit) << q;
    EXPECT_EQ(e.start_overlap, exact.start_overlap) << q;
    if (exact.hit) {
      EXPECT_EQ(static_cast<double>(e.toi), exact.toi) << q;
    }
    prism_test::expect_same_ray(collision::raycast(world, c_ray, d), collision::raycast_brute_force(world, c_ray, d),
                                q);
    hits += s.hit;
    misses += !s.hit;
  }
  // Both outcomes, in numbers: the grazing sweeps must be decided, not all one way.
  EXPECT_GT(hits, 200);
  EXPECT_GT(misses, 200);
}

}  // namespace

TEST(TraversalMargin, GrazingBodiesAndRaysMatchTheBruteForceFarFromTheOrigin) {
  expect_margin_holds(vec3(9600.0f, -9600.0f, 2000.0f));   // czest2ctf's scale: the allowance passes the skin
  expect_margin_holds(vec3(-3.0e4f, 2.5e4f, -1.0e4f));
  expect_margin_holds(vec3(1.2e5f, -7.0e4f, 3.0e4f));
}

TEST(TraversalMargin, TheFloorUnderARestingSphereIsNotEnteredOnALargeLevel) {
  // A sphere resting one 1/32 skin over the floor at 9,600 units, between the boxes, moving
  // along the floor: half the allowance (0.019 there) keeps the floor's leaves out of the swept
  // box; the whole allowance (0.038) reaches past the skin and enters them.
  std::mt19937 rng(41);
  const vec3 origin(9600.0f, -9600.0f, 2000.0f);
  const collision::World world = prism_test::world_of(blocks_at(origin, rng));
  const collision::Bvh& bvh = world.bvh();
  const float r = 16.0f;
  const vec3 c = origin + vec3(64.0f, 64.0f, r + 1.0f / 32.0f), d(0.0f, 8.0f, 0.0f);
  const float allowance = 4e-6f * std::max(std::fabs(c.x), bvh.max_abs_coordinate);
  ASSERT_GT(allowance, 1.0f / 32.0f);
  const auto leaves_entered = [&](float margin) {
    int leaves = 0;
    float t_max = 1.0f;
    collision::detail::with_node_width(bvh, [&](auto width) {
      collision::detail::traverse_segment(width, bvh, collision::detail::SegmentBox{c, d, vec3(r + margin)}, t_max,
                                          [&](std::uint32_t, std::uint32_t, std::uint32_t, float&) { ++leaves; });
    });
    return leaves;
  };
  EXPECT_EQ(leaves_entered(collision::detail::traversal_allowance(allowance)), 0);
  EXPECT_GT(leaves_entered(allowance), 0);
  EXPECT_FALSE(collision::sweep_sphere(world, c, r, d).hit);
}
