// Box and capsule sweeps against Bullet 3.24 (btCollisionWorld::convexSweepTest with a
// btBoxShape whose margin is 0, and with a btCapsuleShapeZ), on the sphere's query sets (the
// walking set raised to the body's height), over the same solid float triangles.
//
// The arbiter is the exact signed distance (box_triangle_distance, capsule_triangle_distance:
// tested against dense sampling in tests/collision) of the body at sampled points of the move,
// never either side's sweep. Positions are floats, so a gap is only known to about one float
// step of the coordinates (2.4e-4 units at 2048): kRounding below.
// - Queries that start within 1e-3 units of contact are left out (Bullet's convex cast reports
//   those at fraction 0 or not at all), counted and printed.
// - Hit / no hit: where the two differ, our answer must be confirmed. Our hit: the body grown by
//   1e-3 hits and shrunk by 1e-3 misses (a grazing query, counted), or the sampled move
//   overlaps by more than 1e-3 after our contact; Bullet then missed a real contact, counted
//   apart as within its slack (the overlap is at most kBulletSlack deep) or deeper. Our miss:
//   grazing, or no sampled point of the move overlaps by more than 1e-3; Bullet's hit is then
//   counted as within its slack (its reported position is within [-kBulletSlack, 1e-3] of
//   contact) or as a false hit. Anything else fails.
// - Both hit: the distances along the move agree within 1e-3 units, or Bullet's reported
//   position is within [-kBulletSlack, 1e-3] of contact on the side its time implies (its
//   conservative advancement stops while the gap is under its tolerance; its float GJK ends a
//   little inside), or Bullet is late past a contact we report (its position overlaps deeper
//   than its slack, after our time), or early where the sampled move is clear up to our time.
//   Each is counted and printed; anything else fails, as does our own contact not touching
//   (|gap at our toi| above 1e-4 plus the position rounding).
// - Every query also runs against brute force (a loop over every triangle, no BVH): the same
//   hit, toi, triangle, start overlap, penetration, contact point, normal and feature, bit for bit.

#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "bullet_scene.hpp"
#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "peer_fixture.hpp"

namespace prism::peer {
namespace {

/// How deep inside a triangle Bullet's reported position may be (its float GJK; as for the
/// sphere peer test).
constexpr double kBulletSlack = 0.05;

/// One body shape: our sweep with its size grown by `grow` units, Bullet's sweep, and the exact
/// gap (signed distance) between the body at a point and the mesh, within `reach`.
struct Shape {
  const char* name;
  float below;  ///< how far the body reaches under its centre (for the walking set)
  std::function<collision::SweepHit(const collision::World&, const Query&, float grow)> ours;
  std::function<collision::SweepHit(const collision::World&, const Query&)> brute_force;
  std::function<BulletHit(BulletScene&, const Query&)> bullet;
  std::function<double(const collision::World&, const glm::vec3& at)> gap;
};

// The smallest signed distance from the body to any triangle whose distance is below 1 unit.
template <class Distance>
double nearest(const collision::World& world, const glm::vec3& center, const glm::vec3& extent,
               Distance&& distance) {
  collision::Aabb box;
  box.min = center - extent - glm::vec3(1.0f);
  box.max = center + extent + glm::vec3(1.0f);
  std::vector<std::uint32_t> candidates;
  collision::overlap_aabb(world, box, candidates);
  double best = std::numeric_limits<double>::infinity();
  for (std::uint32_t i : candidates) best = std::min(best, distance(world.mesh().triangle(i)));
  return best;
}

Shape box_shape() {
  return {"box", kBoxHalf.z,
          [](const collision::World& w, const Query& q, float grow) {
            return collision::sweep_box(w, q.start, kBoxHalf + glm::vec3(grow), q.move);
          },
          [](const collision::World& w, const Query& q) {
            return collision::sweep_box_brute_force(w, q.start, kBoxHalf, q.move);
          },
          [](BulletScene& b, const Query& q) { return b.sweep_box(kBoxHalf, q.start, q.move); },
          [](const collision::World& w, const glm::vec3& at) {
            return nearest(w, at, kBoxHalf, [&](const collision::Triangle& t) {
              return collision::box_triangle_distance(at, kBoxHalf, t).distance;
            });
          }};
}

Shape capsule_shape() {
  const glm::vec3 up(0.0f, 0.0f, 1.0f);  // btCapsuleShapeZ; both maps are z-up
  return {"capsule", kCapsuleRadius + kCapsuleHalf,
          [up](const collision::World& w, const Query& q, float grow) {
            return collision::sweep_capsule(w, q.start, kCapsuleRadius + grow, kCapsuleHalf, up, q.move);
          },
          [up](const collision::World& w, const Query& q) {
            return collision::sweep_capsule_brute_force(w, q.start, kCapsuleRadius, kCapsuleHalf, up, q.move);
          },
          [](BulletScene& b, const Query& q) {
            return b.sweep_capsule_z(kCapsuleRadius, kCapsuleHalf, q.start, q.move);
          },
          [up](const collision::World& w, const glm::vec3& at) {
            const glm::vec3 extent(kCapsuleRadius, kCapsuleRadius, kCapsuleRadius + kCapsuleHalf);
            return nearest(w, at, extent, [&](const collision::Triangle& t) {
              return collision::capsule_triangle_distance(at, kCapsuleRadius, kCapsuleHalf, up, t).distance;
            });
          }};
}

struct Tally {
  std::size_t queries = 0, start_contact = 0, agree = 0, grazing = 0, bullet_missed_shallow = 0,
              bullet_missed_deep = 0, bullet_hit_within_slack = 0, bullet_false_hit = 0,
              ours_wrong = 0, both_hit = 0, distance_exact = 0, bullet_tolerance = 0,
              bullet_late = 0, bullet_early = 0, distance_wrong = 0, ours_not_touching = 0,
              brute_checked = 0, brute_mismatch = 0;
  double max_exact_difference = 0.0, max_tolerance_difference = 0.0, max_bullet_depth = 0.0,
         max_missed_depth = 0.0, max_late_depth = 0.0, max_false_gap = 0.0;
};

/// Every this many queries of a set (the first included) also run against brute force: all of
/// them (about 0.2 ms a query on ctf_inyard since the brute force skips triangles by their bounds),
/// and under the sanitizers one in PRISM_PEER_DIVISOR of their tenth of the queries (there the
/// brute force, instrumented, was 200 of the test's 234 s; BoxBvhEqualsBruteForce and
/// CapsuleBvhEqualsBruteForce check the BVH against it on the same maps).
constexpr std::size_t kBruteStride = PRISM_PEER_DIVISOR;

/// Float rounding of a position start + t * move, in units of gap: one float step of the
/// largest coordinate, plus the move's share of toi's rounding.
double rounding(const Query& q) {
  const glm::vec3 a = glm::abs(q.start) + glm::abs(q.move);
  return static_cast<double>(std::max({a.x, a.y, a.z})) * 2.4e-7 + 1e-4;
}

/// The smallest gap of the body over the move between times t0 and t1: 128 even samples, and
/// samples closing in on both ends geometrically (an overlap grows from the time of contact).
double deepest(const collision::World& world, const Shape& shape, const Query& q, float t0, float t1) {
  double best = std::numeric_limits<double>::infinity();
  const auto at = [&](float t) { best = std::min(best, shape.gap(world, q.start + q.move * t)); };
  for (int k = 0; k <= 128; ++k) at(t0 + (t1 - t0) * static_cast<float>(k) / 128.0f);
  for (int k = 1; k <= 24; ++k) {
    const float step = (t1 - t0) * std::ldexp(1.0f, -k);
    at(t0 + step);
    at(t1 - step);
  }
  return best;
}

void compare(const collision::World& world, BulletScene& bullet, const Shape& shape,
             const std::vector<Query>& set, const std::string& what) {
  Tally t;
  const auto fail = [&](std::size_t& count, const std::string& why, const Query& q,
                        const collision::SweepHit& ours, const BulletHit& peer, double gap) {
    if (++count > 5) return;
    ADD_FAILURE() << what << " " << why << ": " << describe(q) << "\n  ours:   hit " << ours.hit
                  << " toi " << ours.toi << " triangle " << ours.triangle << "\n  bullet: hit "
                  << peer.hit << " fraction " << peer.fraction << " triangle " << peer.triangle
                  << "\n  gap at Bullet's position " << gap;
  };
  for (const Query& q : set) {
    if (t.queries++ % kBruteStride == 0) {
      ++t.brute_checked;
      const collision::SweepHit bvh = shape.ours(world, q, 0.0f), brute = shape.brute_force(world, q);
      // Bit for bit: the contact too (the BVH loop finds the winner's point without the
      // second sweep the brute force makes).
      if (!(bvh.hit == brute.hit && bvh.toi == brute.toi && bvh.triangle == brute.triangle &&
            bvh.start_overlap == brute.start_overlap && bvh.penetration == brute.penetration &&
            bvh.point == brute.point && bvh.normal == brute.normal && bvh.feature == brute.feature) &&
          ++t.brute_mismatch <= 5) {
        ADD_FAILURE() << what << " BVH != brute force: " << describe(q) << "\n  bvh:   hit " << bvh.hit
                      << " toi " << bvh.toi << " triangle " << bvh.triangle << "\n  brute: hit "
                      << brute.hit << " toi " << brute.toi << " triangle " << brute.triangle;
      }
    }
    if (shape.gap(world, q.start) < kBand) {
      ++t.start_contact;
      continue;
    }
    const collision::SweepHit ours = shape.ours(world, q, 0.0f);
    const BulletHit peer = shape.bullet(bullet, q);
    const double length = glm::length(glm::dvec3(q.move));
    const double round = rounding(q);
    const double peer_gap = shape.gap(world, q.start + q.move * peer.fraction);
    if (ours.hit) {
      const double at_contact = shape.gap(world, q.start + q.move * ours.toi);
      if (std::abs(at_contact) > round) fail(t.ours_not_touching, "contact not touching", q, ours, peer, peer_gap);
    }
    if (ours.hit != peer.hit) {
      if (shape.ours(world, q, static_cast<float>(kBand)).hit &&
          !shape.ours(world, q, -static_cast<float>(kBand)).hit) {
        ++t.grazing;
      } else if (ours.hit) {
        const double depth = -deepest(world, shape, q, ours.toi, 1.0f);
        if (depth <= kBand) {
          fail(t.ours_wrong, "hit unconfirmed by the sampled move", q, ours, peer, peer_gap);
        } else {
          ++(depth <= kBulletSlack ? t.bullet_missed_shallow : t.bullet_missed_deep);
          t.max_missed_depth = std::max(t.max_missed_depth, depth);
        }
      } else {
        if (deepest(world, shape, q, 0.0f, 1.0f) < -kBand) {
          fail(t.ours_wrong, "miss contradicted by the sampled move", q, ours, peer, peer_gap);
        } else if (peer_gap >= -kBulletSlack && peer_gap <= kBand) {
          ++t.bullet_hit_within_slack;
        } else {
          ++t.bullet_false_hit;
          t.max_false_gap = std::max(t.max_false_gap, peer_gap);
        }
      }
      continue;
    }
    ++t.agree;
    if (!ours.hit) continue;
    ++t.both_hit;
    const double difference = std::abs(static_cast<double>(ours.toi) - peer.fraction) * length;
    if (difference <= kBand) {
      ++t.distance_exact;
      t.max_exact_difference = std::max(t.max_exact_difference, difference);
      continue;
    }
    const bool early = peer.fraction < ours.toi;
    if (peer_gap >= -kBulletSlack && peer_gap <= kBand && (early ? peer_gap > -round : peer_gap < round)) {
      ++t.bullet_tolerance;
      t.max_tolerance_difference = std::max(t.max_tolerance_difference, difference);
      t.max_bullet_depth = std::max(t.max_bullet_depth, -peer_gap);
    } else if (!early && peer_gap < -kBulletSlack) {
      ++t.bullet_late;
      t.max_late_depth = std::max(t.max_late_depth, -peer_gap);
    } else if (early && deepest(world, shape, q, peer.fraction, ours.toi) > -round) {
      ++t.bullet_early;
    } else {
      fail(t.distance_wrong, "distance", q, ours, peer, peer_gap);
    }
  }
  std::printf("[peer] %s vs Bullet convexSweepTest: %zu sweeps; %zu start within 1e-3 of contact "
              "(skipped); hit/no-hit: %zu agree, %zu grazing (grown by 1e-3 hits, shrunk by 1e-3 "
              "misses), Bullet misses a confirmed contact %zu within its slack + %zu deeper (up "
              "to %.3g units deep), Bullet hits where the move is clear %zu within its slack + %zu "
              "false (its body up to %.3g units clear), ours wrong %zu; both hit %zu: distance "
              "within 1e-3 %zu (max %.3g units), Bullet's tolerance %zu (max difference %.3g "
              "units, its body up to %.3g deep), Bullet late past our contact %zu (up to %.3g "
              "deep), Bullet early on a clear move %zu, distance wrong %zu; our contact not "
              "touching %zu; BVH != brute force %zu of %zu (one query in %zu)\n",
              what.c_str(), t.queries, t.start_contact, t.agree, t.grazing,
              t.bullet_missed_shallow, t.bullet_missed_deep, t.max_missed_depth,
              t.bullet_hit_within_slack, t.bullet_false_hit, t.max_false_gap, t.ours_wrong,
              t.both_hit, t.distance_exact, t.max_exact_difference, t.bullet_tolerance,
              t.max_tolerance_difference, t.max_bullet_depth, t.bullet_late, t.max_late_depth,
              t.bullet_early, t.distance_wrong, t.ours_not_touching, t.brute_mismatch,
              t.brute_checked, kBruteStride);
  EXPECT_EQ(t.ours_wrong, 0u) << what;
  EXPECT_EQ(t.distance_wrong, 0u) << what;
  EXPECT_EQ(t.ours_not_touching, 0u) << what;
  EXPECT_EQ(t.brute_mismatch, 0u) << what;
  EXPECT_GT(t.distance_exact, t.both_hit * 9 / 10) << what;
}

using BoxAndCapsuleAgreeWithBullet = PeerMap;

void compare_shape(const std::string& map, const Shape& shape) {
  const collision::World& world = *level(map).world;
  BulletScene bullet(world.mesh(), kSweepRadius);
  const MapQueries& q = map_queries(map);
  compare(world, bullet, shape, q.uniform, map + " " + shape.name + " uniform");
  compare(world, bullet, shape, raised(q.walking, level(map).level.up, shape.below), map + " " + shape.name + " walking");
}

// One test a shape, so that ctest runs the two side by side: on ctf_inyard each is about 45 s of
// Bullet's time, the suite's longest.
TEST_P(BoxAndCapsuleAgreeWithBullet, BoxOnHitOrMissAndDistance) { compare_shape(GetParam(), box_shape()); }

TEST_P(BoxAndCapsuleAgreeWithBullet, CapsuleOnHitOrMissAndDistance) { compare_shape(GetParam(), capsule_shape()); }

PRISM_PEER_INSTANTIATE(BoxAndCapsuleAgreeWithBullet);

}  // namespace
}  // namespace prism::peer
