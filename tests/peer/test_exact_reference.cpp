// Our sweeps against an independent exact double-precision brute force (support/
// exact_reference.hpp): the hit distance (toi * |move|) must be within 1e-3 units of the exact
// one, start overlaps must be reported as such, and every reported contact must touch its
// triangle at exactly the radius.

#include <cmath>
#include <cstdio>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision/queries.hpp"
#include "exact_reference.hpp"
#include "judge.hpp"
#include "peer_fixture.hpp"
#include "rng.hpp"

namespace prism::peer {
namespace {

using SweepHitDistanceMatchesExactReference = PeerMap;
using SweepContactTouchesTriangleAtRadius = PeerMap;
using EllipsoidSweepMatchesScaledExactReference = PeerMap;

/// Tallies of one set.
struct Tally {
  std::size_t queries = 0, start_overlap = 0, start_ambiguous = 0, hits = 0, exact = 0, grazing = 0,
              wrong = 0, wrong_start = 0, wrong_penetration = 0;
  double max_error = 0.0;  ///< largest |our distance - exact distance| among exact verdicts
};

/// Compares one result with the reference. `check_penetration`: the start overlap depth is
/// comparable (not for an ellipsoid, whose depth is measured in world space).
void judge(const SweepReference& ref, const collision::SweepHit& ours, double radius, double band,
           double length, double tol, bool check_penetration, const Query& q,
           const std::string& what, Tally& tally) {
  ++tally.queries;
  tally.hits += ours.hit;
  if (ref.start_distance < radius - 1e-6) {
    ++tally.start_overlap;
    if (!ours.start_overlap || !ours.hit || ours.toi != 0.0f) {
      if (++tally.wrong_start <= 5) {
        ADD_FAILURE() << what << ": starts overlapping (exact distance " << ref.start_distance
                      << " < radius " << radius << ") but got hit " << ours.hit << " toi "
                      << ours.toi << " start_overlap " << ours.start_overlap << "\n  "
                      << describe(q);
      }
    } else if (check_penetration && std::abs(ours.penetration - (radius - ref.start_distance)) > tol) {
      if (++tally.wrong_penetration <= 5) {
        ADD_FAILURE() << what << ": penetration " << ours.penetration << ", exact "
                      << radius - ref.start_distance << "\n  " << describe(q);
      }
    }
    return;
  }
  if (ref.start_distance <= radius + 1e-6) {
    ++tally.start_ambiguous;  // touching to 1e-6 at the start: either answer is right
    return;
  }
  if (ours.start_overlap) {
    if (++tally.wrong_start <= 5) {
      ADD_FAILURE() << what << ": reports start_overlap but the exact start distance is "
                    << ref.start_distance << " > radius " << radius << "\n  " << describe(q);
    }
    return;
  }
  switch (judge_sweep(ref, radius, band, ours.hit, ours.toi, length, tol, false)) {
    case Verdict::kExact:
      ++tally.exact;
      if (ours.hit) tally.max_error = std::max(tally.max_error, std::abs(ours.toi - ref.toi) * length);
      break;
    case Verdict::kWithinBand:
      ++tally.grazing;
      break;
    case Verdict::kWrong:
      if (++tally.wrong <= 10) {
        ADD_FAILURE() << what << ": " << describe(q) << "\n  ours:  hit " << ours.hit << " toi "
                      << ours.toi << " (distance " << ours.toi * length << ") triangle "
                      << ours.triangle << " feature " << collision::to_string(ours.feature)
                      << "\n  exact: hit " << ref.hit << " toi " << ref.toi << " (distance "
                      << ref.toi * length << ") triangle " << ref.triangle
                      << " closest approach " << ref.closest_approach << " start distance "
                      << ref.start_distance;
      }
      break;
  }
}

void print(const std::string& what, const Tally& t) {
  std::printf("[peer] %s: %zu sweeps, %zu hits; start overlaps %zu (touching to 1e-6: %zu); "
              "exact %zu (max error %.3g units), grazing %zu, wrong %zu, wrong start %zu, wrong "
              "penetration %zu\n",
              what.c_str(), t.queries, t.hits, t.start_overlap, t.start_ambiguous, t.exact,
              t.max_error, t.grazing, t.wrong, t.wrong_start, t.wrong_penetration);
}

TEST_P(SweepHitDistanceMatchesExactReference, WithinTolerance) {
  const collision::World& world = *lvl().world;
  const ReferenceMesh ref_mesh(world.mesh());
  const std::pair<const char*, std::vector<Query>> sets[] = {
      {"uniform", first(queries().uniform, kSubset)}, {"walking", queries().walking}};
  for (const auto& [name, set] : sets) {
    Tally tally;
    const std::string what = GetParam() + " " + name;
    for (const Query& q : set) {
      const collision::SweepHit ours = collision::sweep_sphere(world, q.start, kSweepRadius, q.move);
      const SweepReference ref =
          reference_sweep(ref_mesh, glm::dvec3(q.start), kSweepRadius, glm::dvec3(q.move), kBand);
      judge(ref, ours, kSweepRadius, kBand, glm::length(glm::dvec3(q.move)), kBand, true, q, what,
            tally);
    }
    print(what, tally);
    EXPECT_EQ(tally.wrong + tally.wrong_start + tally.wrong_penetration, 0u);
  }
}

TEST_P(EllipsoidSweepMatchesScaledExactReference, WithinTolerance) {
  // A Quake player's box (30 x 30 x 56) as an ellipsoid, Z up.
  const glm::vec3 radii(15.0f, 15.0f, 28.0f);
  const glm::dvec3 inv = 1.0 / glm::dvec3(radii);
  const collision::World& world = *lvl().world;
  const ReferenceMesh ref_mesh(world.mesh(), inv);
  const double band_scaled = kBand / 15.0;  // a world gap of 1e-3 is at most this in unit space
  Tally tally;
  const std::string what = GetParam() + " uniform ellipsoid (15,15,28)";
  for (const Query& q : first(queries().uniform, kSubset)) {
    const collision::SweepHit ours = collision::sweep_ellipsoid(world, q.start, radii, q.move);
    const SweepReference ref = reference_sweep(ref_mesh, glm::dvec3(q.start) * inv, 1.0,
                                               glm::dvec3(q.move) * inv, band_scaled);
    // Times are the same in both spaces: judge them on the world-space move length.
    judge(ref, ours, 1.0, band_scaled, glm::length(glm::dvec3(q.move)), kBand, false, q, what,
          tally);
  }
  print(what, tally);
  EXPECT_EQ(tally.wrong + tally.wrong_start, 0u);
}

TEST_P(SweepContactTouchesTriangleAtRadius, OnEverySweep) {
  const collision::World& world = *lvl().world;
  const auto& mesh = world.mesh();
  std::size_t checked = 0, bad = 0;
  double worst_radius = 0.0, worst_on_triangle = 0.0, worst_normal = 0.0;
  const std::pair<const char*, const std::vector<Query>*> sets[] = {
      {"uniform", &queries().uniform}, {"walking", &queries().walking}};
  for (const auto& [name, set] : sets) {
    for (const Query& q : *set) {
      const collision::SweepHit h = collision::sweep_sphere(world, q.start, kSweepRadius, q.move);
      if (h.invalid_input) {
        ++bad;
        ADD_FAILURE() << "invalid_input on a valid query: " << describe(q);
        continue;
      }
      if (!h.hit) continue;
      ++checked;
      const bool index_ok = h.triangle < mesh.triangle_count() && mesh.solid(h.triangle);
      if (!index_ok || !(h.toi >= 0.0f && h.toi <= 1.0f) || h.feature == collision::Feature::kNone) {
        if (++bad <= 5) {
          ADD_FAILURE() << name << ": triangle " << h.triangle << " toi " << h.toi << " feature "
                        << collision::to_string(h.feature) << " for " << describe(q);
        }
        continue;
      }
      const collision::Triangle t = mesh.triangle(h.triangle);
      const glm::dvec3 point(h.point);
      const double off_triangle = glm::length(
          point - closest_point(point, glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c)));
      const glm::dvec3 centre = glm::dvec3(q.start) + static_cast<double>(h.toi) * glm::dvec3(q.move);
      const double radius_error =
          h.start_overlap ? 0.0 : std::abs(glm::length(centre - point) - kSweepRadius);
      const double normal_error =
          h.start_overlap
              ? std::abs(glm::length(glm::dvec3(h.normal)) - 1.0)
              : glm::length(glm::dvec3(h.normal) - (centre - point) / glm::length(centre - point));
      worst_on_triangle = std::max(worst_on_triangle, off_triangle);
      worst_radius = std::max(worst_radius, radius_error);
      worst_normal = std::max(worst_normal, normal_error);
      if (off_triangle > kBand || radius_error > kBand || normal_error > 1e-3) {
        if (++bad <= 5) {
          ADD_FAILURE() << name << ": contact point " << off_triangle
                        << " units off its triangle " << h.triangle << ", centre-to-point "
                        << glm::length(centre - point) << " (radius " << kSweepRadius
                        << "), normal off by " << normal_error << ", start_overlap "
                        << h.start_overlap << "\n  " << describe(q);
        }
      }
    }
  }
  std::printf("[peer] %s: %zu sweep hits checked; worst contact point off triangle %.3g, worst "
              "|centre - point| - r %.3g, worst normal error %.3g; %zu bad\n",
              GetParam().c_str(), checked, worst_on_triangle, worst_radius, worst_normal, bad);
  EXPECT_EQ(bad, 0u);
}

TEST(ClosestPointOnTriangle, CoreMatchesIndependentCode) {
  Rng rng(seed_for("closest_point"));
  std::size_t bad = 0;
  double worst = 0.0;
  for (int i = 0; i < 200000; ++i) {
    // Ordinary triangles, slivers, and coordinates far from the origin.
    const double offset = (i % 4 == 3) ? 1e5 : 0.0;
    const double size = (i % 3 == 0) ? 1.0 : 1000.0;
    auto point = [&] {
      return glm::dvec3(offset + size * rng.uniform(-1, 1), offset + size * rng.uniform(-1, 1),
                        size * rng.uniform(-1, 1));
    };
    const glm::dvec3 a = point(), b = point();
    const glm::dvec3 c = (i % 5 == 0) ? a + (b - a) * 0.5 + glm::dvec3(0, 0, size * 1e-3) : point();
    const glm::dvec3 p = point() * 1.5 - glm::dvec3(offset * 0.5, offset * 0.5, 0.0);
    const glm::dvec3 mine = closest_point(p, a, b, c);
    const glm::dvec3 core = collision::closest_point_on_triangle(p, a, b, c);
    // Both are closest points: their distances to p must agree (the points themselves may differ
    // only where the distance is flat, which it is not for a triangle).
    const double err = glm::length(mine - core);
    worst = std::max(worst, err);
    if (err > 1e-6 * (size + offset) && ++bad <= 5) {
      ADD_FAILURE() << "closest point differs by " << err << " for p (" << p.x << ", " << p.y
                    << ", " << p.z << ")";
    }
  }
  std::printf("[peer] closest_point_on_triangle: 200000 random cases, worst difference %.3g\n",
              worst);
  EXPECT_EQ(bad, 0u);
}

PRISM_PEER_INSTANTIATE(SweepHitDistanceMatchesExactReference);
PRISM_PEER_INSTANTIATE(SweepContactTouchesTriangleAtRadius);
PRISM_PEER_INSTANTIATE(EllipsoidSweepMatchesScaledExactReference);
PRISM_PEER_INSTANTIATE_LARGE(SweepHitDistanceMatchesExactReference);
PRISM_PEER_INSTANTIATE_LARGE(SweepContactTouchesTriangleAtRadius);

}  // namespace
}  // namespace prism::peer
