#pragma once
// Internal: what every swept-shape query shares: input checks, the broad phase's rounding
// allowance, and the BVH / brute-force loops around a per-triangle narrow phase.
#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "bvh/bvh_traverse.hpp"
#include "collision/aabb.hpp"
#include "collision/domain.hpp"
#include "collision/queries.hpp"
#include "collision/world.hpp"
#include "query/narrow_phase.hpp"

namespace collision::detail {

inline float max_abs(const glm::vec3& v) {
  return std::max({std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)});
}

// Allowance for float rounding in the box and plane tests (which must never reject a triangle
// the exact narrow phase would hit). A float plane distance n·c - d is off by at most about
// 4 ulps of the largest coordinate (1e-6 of it); the allowance keeps a factor 4 over that. It
// stays below the 1/32-unit skin a Quake-scale character keeps on levels within 7,800 units of
// the origin; past that, the tests whose error is smaller keep half of it (the sphere's, box's
// and capsule's plane slab tests, packet_tests.cpp; the traversal, traversal_allowance), so
// that the floor a character hovers over is neither entered nor kept for the exact test.
// The largest |coordinate| of the two ends is found in SSE (the same value as the scalar
// maxima: max is exact; the inputs were checked finite).
inline float rounding_allowance(const Bvh& bvh, const glm::vec3& origin, const glm::vec3& delta) {
  const __m128 sign = _mm_set1_ps(-0.0f);
  const __m128 o = load3(origin);
  __m128 m = _mm_max_ps(_mm_andnot_ps(sign, o), _mm_andnot_ps(sign, _mm_add_ps(o, load3(delta))));
  m = _mm_max_ps(m, _mm_movehl_ps(m, m));
  m = _mm_max_ss(m, _mm_shuffle_ps(m, m, 1));
  return std::max({_mm_cvtss_f32(m), bvh.max_abs_coordinate, 1.0f}) * 4e-6f;
}

/// What a segment query (a ray; a sphere, ellipsoid, box or capsule sweep) does first, before it
/// sets up anything else, in SSE over the three axes at once: the domain check of its move
/// (in_domain_move: the full check only near the limits), the rounding allowance
/// (rounding_allowance: the same value), and the occupancy test (occupancy_may_meet) of its
/// swept box grown by `extent` and traversal_allowance. kClear: the box meets no triangle, the
/// query has nothing to find. `kMayBeLong`: occupancy_may_meet's (rays).
enum class SegmentStart { kInvalid, kClear, kTraverse };
template <bool kMayBeLong = false>
inline SegmentStart start_segment(const Bvh& bvh, const glm::vec3& origin, const glm::vec3& delta,
                                  const glm::vec3& extent, float& allowance) {
  const __m128 sign = _mm_set1_ps(-0.0f), k = _mm_set1_ps(kMaxCoordinate / 4.0f);
  const __m128 o = load3(origin), d = load3(delta);
  const __m128 abs_o = _mm_andnot_ps(sign, o), abs_d = _mm_andnot_ps(sign, d);
  if (_mm_movemask_ps(_mm_and_ps(_mm_cmple_ps(abs_o, k), _mm_cmple_ps(abs_d, k))) != 0xF &&
      move_domain_error(origin, delta) != nullptr) {
    return SegmentStart::kInvalid;
  }
  __m128 m = _mm_max_ps(abs_o, _mm_andnot_ps(sign, _mm_add_ps(o, d)));
  m = _mm_max_ps(m, _mm_movehl_ps(m, m));
  m = _mm_max_ss(m, _mm_shuffle_ps(m, m, 1));
  allowance = std::max({_mm_cvtss_f32(m), bvh.max_abs_coordinate, 1.0f}) * 4e-6f;
  const __m128 h = _mm_set1_ps(0.5f);
  const __m128 center = _mm_add_ps(o, _mm_mul_ps(d, h));
  const __m128 half =
      _mm_add_ps(_mm_add_ps(_mm_mul_ps(abs_d, h), load3(extent)), _mm_set1_ps(traversal_allowance(allowance)));
  return occupancy_may_meet<kMayBeLong>(bvh.occupancy, center, half) ? SegmentStart::kTraverse : SegmentStart::kClear;
}

/// A triangle relative to its corner A, in double: far from the origin the small differences
/// stay exact. `n` is the unit normal, zero for a degenerate triangle (mesh.hpp's test).
struct TriangleFrame {
  glm::dvec3 a;     // corner A (world)
  glm::dvec3 v[3];  // corners relative to A: 0, B - A, C - A
  glm::dvec3 n;
  bool has_normal() const { return glm::dot(n, n) > 0.0; }
};

/// `degenerate`: treat it as having no face (is_degenerate(tri) for a caller's triangle; a
/// World's leaf triangles are not, by make_mesh's invariant).
inline TriangleFrame make_triangle_frame(const Triangle& tri, bool degenerate) {
  TriangleFrame f;
  f.a = glm::dvec3(tri.a);
  f.v[0] = glm::dvec3(0.0);
  f.v[1] = glm::dvec3(tri.b) - f.a;
  f.v[2] = glm::dvec3(tri.c) - f.a;
  const glm::dvec3 cr = glm::cross(f.v[1], f.v[2]);
  const double len = glm::length(cr);
  f.n = degenerate || !(len > 0.0) ? glm::dvec3(0.0) : cr / len;
  return f;
}

inline TriangleFrame make_triangle_frame(const Triangle& tri) {
  return make_triangle_frame(tri, is_degenerate(tri));
}

inline TriangleFrame make_triangle_frame(const BvhTriangle& t) {
  return make_triangle_frame(Triangle{t.a, t.b, t.c}, false);
}

inline bool valid_triangle(const Triangle& t) {
  return in_domain_point(t.a) && in_domain_point(t.b) && in_domain_point(t.c);
}

inline SweepHit invalid_sweep() {
  SweepHit h;
  h.invalid_input = true;
  return h;
}

inline SweepHit to_sweep_hit(const SphereContact& c, std::uint32_t triangle) {
  SweepHit h;
  h.hit = c.hit;
  h.start_overlap = c.start_overlap;
  h.toi = static_cast<float>(c.toi);
  h.penetration = static_cast<float>(c.penetration);
  h.point = glm::vec3(c.point);
  h.normal = glm::vec3(c.normal);
  h.triangle = triangle;
  h.feature = c.feature;
  return h;
}

/// A round body for sweep_shape: its core's half extent (a capsule's half height times |axis|,
/// or a bound above it: never less) and its radius.
struct RoundBody {
  glm::vec3 core;
  float radius;
};

/// The earliest hit of a body whose bounds are `center` +- `extent` swept by `delta`, through
/// the BVH: `candidates(packet, t_limit, min_depth, entry)` is a conservative SSE test of four
/// leaf triangles (bit i: lane i may be touched before t_limit, not before entry[i], and may
/// overlap deeper than min_depth at the start when that is what it takes to win),
/// `narrow(tri, t_limit, overlap_only, entry)` the exact test of one (a BvhTriangle, the best
/// toi so far; `overlap_only`: the best so far is a start overlap, which only a deeper start
/// overlap can beat, so the test may pass over anything else; `entry`: the candidate test's
/// lower bound of its time of contact, > 0 only when it cannot overlap at the start); ties go
/// to the lower triangle index
/// (detail::better). A packet's candidates are tested in the order of
/// their entry bounds, and the rest passed over once the best toi falls below them (by the
/// candidate test's own margin, so that exactly the same triangles can win).
/// Once the best is a start overlap of depth P, a deeper one must meet the body's box shrunk by
/// min(P, `shrink_limit`) on every side (the box: its smallest half extent, as its depth is the
/// least push along the separating axes, world axes among them; the capsule: its radius, as a
/// depth beyond it means the segment crosses the triangle): the rest of the traversal tests
/// that box (the time limit is then 0), kept 3 allowances wide of it. `width` picks the
/// traversal (with_node_width): the caller runs its whole query under with_node_width, so that
/// the closures it passes here stay in registers on the SSE path. The caller asks
/// start_segment first (with `extent`: the box traversed here), before it sets up its closures
/// and their state: most small queries end there.
/// `round`: the body is a core grown by a radius (a capsule), whose traversal also runs the
/// round reach test where use_round_reach says it pays; null for a box.
template <int W, class Candidates, class Narrow>
SweepHit sweep_shape(std::integral_constant<int, W> width, const World& world, const glm::vec3& center,
                     const glm::vec3& extent, const glm::vec3& delta, float allowance, float shrink_limit,
                     const RoundBody* round, Candidates&& candidates, Narrow&& narrow) {
  const Bvh& bvh = world.bvh();
  // The box's margin is extent + allowance - shrunk throughout: traversal_allowance at first,
  // less once a start overlap shrinks it (below). A round body's reach beyond its core, the
  // same: its radius + allowance - shrunk.
  float shrunk = allowance - traversal_allowance(allowance);
  SegmentBox box{center, delta, extent + glm::vec3(allowance - shrunk)};
  const bool round_test = round != nullptr && use_round_reach(bvh, round->radius);
  if (round_test) {
    box.core = round->core;
    box.reach = round->radius + (allowance - shrunk);
  }
  SweepHit best;
  float t_max = 1.0f;
  // Inlined into both traversals, as in sweep_sphere (queries.cpp).
  const auto leaf = [&](std::uint32_t, std::uint32_t count, std::uint32_t packet, float& tm)
                        __attribute__((always_inline)) {
    for (std::uint32_t k = 0; k < (count + 3) / 4; ++k) {
      const BvhPacket4& p = bvh.packets[packet + k];
      float entry[4];
      // Only a deeper start overlap can beat a start overlap (detail::better).
      const float min_depth = best.hit && best.start_overlap ? best.penetration
                                                             : -std::numeric_limits<float>::infinity();
      int mask = candidates(p, tm, min_depth, entry);
      while (mask) {
        int lane = __builtin_ctz(static_cast<unsigned>(mask));
        for (int rest = mask & (mask - 1); rest; rest &= rest - 1) {
          const int other = __builtin_ctz(static_cast<unsigned>(rest));
          if (entry[other] < entry[lane]) lane = other;
        }
        mask &= ~(1 << lane);
        if (entry[lane] > tm * 1.0001f) continue;  // as candidates() would now reject it
        const SweepHit h = narrow(p.triangle(lane), tm, best.hit && best.start_overlap, entry[lane]);
        if (better(h, best)) {
          best = h;
          tm = h.toi;
        }
      }
    }
    const float shrink = best.start_overlap ? std::min(best.penetration, shrink_limit) - 2.0f * allowance : 0.0f;
    if (shrink > shrunk) {
      shrunk = shrink;
      box.margin = extent + glm::vec3(allowance - shrunk);
      if (round_test) box.reach = round->radius + (allowance - shrunk);
      return true;
    }
    return false;
  };
  if (round_test) {
    traverse_segment<true>(width, bvh, box, t_max, leaf);
  } else {
    traverse_segment(width, bvh, box, t_max, leaf);
  }
  return best;
}

/// The same over every solid triangle, in index order: the reference sweep_shape must match.
/// No hierarchy and no packet test: a triangle is passed to `narrow` unless its own bounds lie
/// farther than a margin (one unit, or 64 rounding allowances at large coordinates) from the
/// body's swept bounds (`center` +- `extent` over the whole move), which no triangle the exact
/// test could touch does (a contact lies in both boxes; the margin, far above any rounding,
/// keeps the skip conservative). It makes the reference about ten times cheaper, so that the
/// peer tests can run it on every query.
template <class Narrow>
SweepHit sweep_shape_brute_force(const World& world, const glm::vec3& center, const glm::vec3& extent,
                                 const glm::vec3& delta, Narrow&& narrow) {
  const float margin = std::max(1.0f, 64.0f * rounding_allowance(world.bvh(), center, delta));
  Aabb swept;
  swept.grow(center);
  swept.grow(center + delta);
  swept.min -= extent + glm::vec3(margin);
  swept.max += extent + glm::vec3(margin);
  SweepHit best;
  float t_limit = 1.0f;
  const Bvh& bvh = world.bvh();
  for (std::uint32_t slot = 0; slot < bvh.slot_count(); ++slot) {
    const BvhTriangle t = bvh.triangle(slot);
    if (t.index == BvhPacket4::kEmptyLane) continue;
    Aabb bounds;
    bounds.grow(t.a);
    bounds.grow(t.b);
    bounds.grow(t.c);
    if (!bounds.overlaps(swept)) continue;
    const SweepHit h = narrow(t, t_limit);
    if (better(h, best)) {
      best = h;
      t_limit = h.toi;
    }
  }
  return best;
}

}  // namespace collision::detail
