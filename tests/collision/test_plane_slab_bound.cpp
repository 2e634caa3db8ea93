// The plane slab test in front of the exact tests (packet_tests.cpp, sphere_candidates and
// convex_candidates for boxes and capsules: both ends of the centre's path beyond the body's
// support on the normal plus half the rounding allowance, on the same side of a triangle's
// plane). Far from the origin, where the allowance passes the 1/32-unit skin a resting
// character keeps: the floor under a body resting one skin above it must be rejected there
// (the large open maps' walking sweeps), and no sweep may lose a contact the exact narrow phase
// finds, for bodies hovering from a hundredth below to a twentieth above their support over
// flat and sloped floors.
#include <cmath>
#include <limits>
#include <random>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "collision/queries.hpp"
#include "earliest_contact.hpp"
#include "query/narrow_phase.hpp"
#include "query/packet_tests.hpp"
#include "test_worlds.hpp"

using collision::Triangle;
using glm::vec3;

namespace {

constexpr float kSkin = 1.0f / 32.0f;
constexpr float kRadius = 16.0f;

// Quads of 64 units, 6 x 6, in the plane through `origin` spanned by u and v.
std::vector<Triangle> floor_at(const vec3& origin, const vec3& u, const vec3& v) {
  std::vector<Triangle> tris;
  for (int i = 0; i < 6; ++i) {
    for (int j = 0; j < 6; ++j) {
      const vec3 a = origin + 64.0f * (static_cast<float>(i) * u + static_cast<float>(j) * v);
      const vec3 b = a + 64.0f * u, c = a + 64.0f * (u + v), d = a + 64.0f * v;
      tris.push_back({a, b, c});
      tris.push_back({a, c, d});
    }
  }
  return tris;
}

// The earliest contact over the leaf triangles, each tested by the exact narrow phase alone as
// the BVH sweep calls it (the same stored plane).
using Exact = prism_test::EarliestContact;
Exact exact_over(const collision::Bvh& bvh, const vec3& c, const vec3& d) {
  return prism_test::earliest_contact(bvh, [&](const collision::BvhTriangle& t) {
    return collision::detail::sweep_sphere_triangle_d(glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c),
                                                      glm::dvec3(t.n), glm::dvec3(c), kRadius, glm::dvec3(d), false,
                                                      1.0);
  });
}

// Bodies resting from a hundredth below to a twentieth above `rest` (their support on the normal)
// over the floor through `origin` spanned by u and v, moving along it and mostly a little
// towards it: `ours(world, c, d)` (a SweepHit) must find what `exact(bvh, c, d)` (an Exact) does.
template <class Ours, class ExactFn>
void expect_no_contact_lost(const vec3& origin, const vec3& u, const vec3& v, float rest, int queries,
                            unsigned seed, Ours&& ours_fn, ExactFn&& exact_fn) {
  const collision::World world = prism_test::world_of(floor_at(origin, u, v));
  const vec3 n = glm::normalize(glm::cross(u, v));
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> at(40.0f, 344.0f), height(-0.01f, 0.05f), dir(-1.0f, 1.0f), len(1.0f, 40.0f),
      sink(-0.02f, 0.08f);
  int hits = 0, overlaps = 0, misses = 0;
  for (int q = 0; q < queries; ++q) {
    const vec3 c = origin + at(rng) * u + at(rng) * v + n * (rest + height(rng));
    vec3 d = dir(rng) * u + dir(rng) * v;
    d = glm::normalize(d) * len(rng) - n * sink(rng);  // mostly a little towards the floor
    const collision::SweepHit ours = ours_fn(world, c, d);
    const Exact exact = exact_fn(world.bvh(), c, d);
    ASSERT_EQ(ours.hit, exact.hit) << q;
    ASSERT_EQ(ours.start_overlap, exact.start_overlap) << q;
    if (exact.hit) {
      ASSERT_NEAR(ours.toi, exact.toi, 1e-6) << q;
    }
    hits += ours.hit && !ours.start_overlap;
    overlaps += ours.start_overlap;
    misses += !ours.hit;
  }
  // All three outcomes, in numbers: the floor must be touched, overlapped and missed.
  EXPECT_GT(hits, queries / 30);
  EXPECT_GT(overlaps, queries / 10);
  EXPECT_GT(misses, queries / 3);
}

void no_contact_lost(const vec3& origin, const vec3& u, const vec3& v) {
  expect_no_contact_lost(
      origin, u, v, kRadius, 3000, 5,
      [](const collision::World& w, const vec3& c, const vec3& d) { return collision::sweep_sphere(w, c, kRadius, d); },
      exact_over);
}

// A box (Quake 3's player) and a capsule as tall, standing on z: the BVH sweep against the exact
// per-triangle sweep over every leaf triangle (the same corners, the normal in double).
constexpr vec3 kBoxHalf(15.0f, 15.0f, 24.0f);
constexpr float kCapsuleRadius = 15.0f, kCapsuleHalf = 9.0f;
const vec3 kAxis(0.0f, 0.0f, 1.0f);

enum class Body { kBox, kCapsule };

collision::SweepHit sweep_body(Body body, const collision::World& world, const vec3& c, const vec3& d) {
  return body == Body::kBox ? collision::sweep_box(world, c, kBoxHalf, d)
                            : collision::sweep_capsule(world, c, kCapsuleRadius, kCapsuleHalf, kAxis, d);
}

Exact exact_body(Body body, const collision::Bvh& bvh, const vec3& c, const vec3& d) {
  return prism_test::earliest_contact(bvh, [&](const collision::BvhTriangle& t) {
    const Triangle tri{t.a, t.b, t.c};
    return body == Body::kBox ? collision::sweep_box_triangle(tri, c, kBoxHalf, d)
                              : collision::sweep_capsule_triangle(tri, c, kCapsuleRadius, kCapsuleHalf, kAxis, d);
  });
}

// The body's support along the unit normal n.
float support(Body body, const vec3& n) {
  return body == Body::kBox ? glm::dot(glm::abs(n), kBoxHalf) : kCapsuleRadius + kCapsuleHalf * std::fabs(n.z);
}

void no_body_contact_lost(Body body, const vec3& origin, const vec3& u, const vec3& v) {
  expect_no_contact_lost(
      origin, u, v, support(body, glm::normalize(glm::cross(u, v))), 1500, 7,
      [body](const collision::World& w, const vec3& c, const vec3& d) { return sweep_body(body, w, c, d); },
      [body](const collision::Bvh& bvh, const vec3& c, const vec3& d) { return exact_body(body, bvh, c, d); });
}

// The lanes of every packet the body's candidate test keeps, resting one skin over a flat floor.
int kept_under_resting(Body body, const collision::Bvh& bvh, const vec3& c, const vec3& d, float allowance) {
  int kept = 0;
  float entry[4];
  const float min_depth = -std::numeric_limits<float>::infinity();
  if (body == Body::kBox) {
    const collision::detail::BoxSweep4 q(c, kBoxHalf, d, allowance, false);
    for (const collision::BvhPacket4& p : bvh.packets) {
      kept += __builtin_popcount(static_cast<unsigned>(
          collision::detail::box_candidates(collision::detail::Nodes4{}, p, q, 1.0f, min_depth, entry)));
    }
  } else {
    const collision::detail::CapsuleSweep4 q(c, kCapsuleRadius, kCapsuleHalf, kAxis, d, allowance, false);
    for (const collision::BvhPacket4& p : bvh.packets) {
      kept += __builtin_popcount(static_cast<unsigned>(
          collision::detail::capsule_candidates(collision::detail::Nodes4{}, p, q, 1.0f, min_depth, entry)));
    }
  }
  return kept;
}

}  // namespace

TEST(PlaneSlabBound, TheFloorOneSkinUnderARestingSphereIsRejectedFarFromTheOrigin) {
  // At 9,600 units (czest2ctf's scale) the allowance is 0.038, more than the skin.
  const vec3 origin(9600.0f, -9600.0f, 2000.0f);
  const collision::World world = prism_test::world_of(floor_at(origin, vec3(1, 0, 0), vec3(0, 1, 0)));
  const collision::Bvh& bvh = world.bvh();
  const vec3 c = origin + vec3(150.0f, 170.0f, kRadius + kSkin), d(24.0f, -10.0f, 0.0f);
  const float allowance = 4e-6f * std::max({std::fabs(c.x), std::fabs(c.y), std::fabs(c.z), bvh.max_abs_coordinate});
  ASSERT_GT(allowance, kSkin);
  const collision::detail::SphereSweep4 q(c, kRadius, d, allowance, false);
  int kept = 0;
  for (const collision::BvhPacket4& p : bvh.packets) {
    kept += __builtin_popcount(static_cast<unsigned>(
        collision::detail::sphere_candidates(collision::detail::Nodes4{}, p, q, 1.0f, std::numeric_limits<float>::infinity())));
  }
  EXPECT_EQ(kept, 0);
  EXPECT_FALSE(collision::sweep_sphere(world, c, kRadius, d).hit);
}

TEST(PlaneSlabBound, NoContactIsLostOverAFlatFloorFarFromTheOrigin) {
  no_contact_lost(vec3(9600.0f, -9600.0f, 2000.0f), vec3(1, 0, 0), vec3(0, 1, 0));
  no_contact_lost(vec3(-3.0e4f, 2.5e4f, -1.0e4f), vec3(1, 0, 0), vec3(0, 1, 0));
}

TEST(PlaneSlabBound, NoContactIsLostOverASlopedFloorFarFromTheOrigin) {
  no_contact_lost(vec3(9600.0f, -9600.0f, 2000.0f), glm::normalize(vec3(1.0f, 0.0f, 0.45f)),
                  glm::normalize(vec3(0.2f, 1.0f, -0.3f)));
  no_contact_lost(vec3(1.2e5f, -7.0e4f, 3.0e4f), glm::normalize(vec3(0.8f, 0.5f, 0.3f)),
                  glm::normalize(vec3(-0.5f, 0.8f, 0.2f)));
}

TEST(PlaneSlabBound, TheFloorOneSkinUnderARestingBoxOrCapsuleIsRejectedFarFromTheOrigin) {
  const vec3 origin(9600.0f, -9600.0f, 2000.0f);
  const collision::World world = prism_test::world_of(floor_at(origin, vec3(1, 0, 0), vec3(0, 1, 0)));
  const collision::Bvh& bvh = world.bvh();
  for (const Body body : {Body::kBox, Body::kCapsule}) {
    SCOPED_TRACE(body == Body::kBox ? "box" : "capsule");
    const vec3 c = origin + vec3(150.0f, 170.0f, support(body, vec3(0, 0, 1)) + kSkin), d(24.0f, -10.0f, 0.0f);
    const float allowance = 4e-6f * std::max({std::fabs(c.x), std::fabs(c.y), std::fabs(c.z), bvh.max_abs_coordinate});
    ASSERT_GT(allowance, kSkin);
    EXPECT_EQ(kept_under_resting(body, bvh, c, d, allowance), 0);
    EXPECT_FALSE(sweep_body(body, world, c, d).hit);
  }
}

TEST(PlaneSlabBound, NoBoxOrCapsuleContactIsLostOverFlatAndSlopedFloorsFarFromTheOrigin) {
  for (const Body body : {Body::kBox, Body::kCapsule}) {
    SCOPED_TRACE(body == Body::kBox ? "box" : "capsule");
    no_body_contact_lost(body, vec3(9600.0f, -9600.0f, 2000.0f), vec3(1, 0, 0), vec3(0, 1, 0));
    no_body_contact_lost(body, vec3(-3.0e4f, 2.5e4f, -1.0e4f), vec3(1, 0, 0), vec3(0, 1, 0));
    no_body_contact_lost(body, vec3(9600.0f, -9600.0f, 2000.0f), glm::normalize(vec3(1.0f, 0.0f, 0.45f)),
                         glm::normalize(vec3(0.2f, 1.0f, -0.3f)));
    no_body_contact_lost(body, vec3(1.2e5f, -7.0e4f, 3.0e4f), glm::normalize(vec3(0.8f, 0.5f, 0.3f)),
                         glm::normalize(vec3(-0.5f, 0.8f, 0.2f)));
  }
}
