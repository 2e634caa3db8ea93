// BVH queries and their brute-force twins.
#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "geometry/finite.hpp"

#include "bvh/bvh_traverse.hpp"
#include "collision/domain.hpp"
#include "collision/queries.hpp"
#include "collision/world.hpp"
#include "query/narrow_phase.hpp"
#include "query/packet_tests.hpp"
#include "query/ray_packet.hpp"
#include "query/shape_sweep.hpp"
#include "geometry/triangle_normal.hpp"
#include "recording/record_call.hpp"

namespace collision {

namespace {

using detail::finite;

using detail::invalid_sweep;
using detail::rounding_allowance;
using detail::to_sweep_hit;
using detail::valid_triangle;

// The candidate lanes of one packet through the exact double narrow phase; lowers t_limit when
// a better contact is found. `path_test`: pass packets of several candidates through the path
// distance bound first (the BVH sweep; the brute-force reference does without, so that the
// peer tests check it). Always inlined: each sweep's two traversals (with and without the
// round reach test) call it.
template <int W>
[[gnu::always_inline]] inline void sweep_packet(std::integral_constant<int, W> width, const BvhPacket4& packet,
                                                const detail::SphereSweep4& q, const glm::vec3& center, float radius,
                                                const glm::vec3& delta, bool one_sided, float allowance,
                                                SweepHit& best, float& t_limit, bool path_test) {
  // Once the best contact is an overlap of depth P, only planes within r - P of the start can
  // hold a deeper one (the allowance keeps the test conservative).
  const float max_plane_distance = best.start_overlap
                                       ? radius + 2.0f * allowance - best.penetration
                                       : std::numeric_limits<float>::infinity();
  int mask = detail::sphere_candidates(width, packet, q, t_limit, max_plane_distance);
  // Worth its cost (about 500 instructions for the four lanes; an exact test is 450-1,000)
  // where three or more candidates share the packet: small triangles under the sphere (a dense
  // mesh), most of which it passes over. Two candidates are mostly a level's floor and wall or
  // two halves of a quad, both touched: on the levels it kept 1035 of 1045 such lanes (oa_dm4's
  // walking sweeps), so there it cost 6% of the sweep. Not once the best is a start overlap
  // (the candidates left then mostly overlap too, which it cannot reject).
  const int rest = mask & (mask - 1);
  if (path_test && !best.start_overlap && (rest & (rest - 1)) != 0) {
    mask = detail::sphere_path_candidates(width, packet, q, t_limit, mask);
  }
  while (mask) {
    const int lane = __builtin_ctz(static_cast<unsigned>(mask));
    mask &= mask - 1;
    const BvhTriangle t = packet.triangle(lane);
    // Past a start overlap only a deeper one can be better (detail::better): the narrow phase
    // then ends after its start test, without the face, edge and corner roots (a start overlap
    // sweep's later candidates: 2.6% of the instructions of q3dm6ish's two sphere sets).
    const detail::SphereContact c = detail::sweep_sphere_triangle_d(
        glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c), glm::dvec3(t.n), glm::dvec3(center),
        radius, glm::dvec3(delta), one_sided, t_limit, /*check_start=*/true,
        /*overlap_only=*/best.start_overlap);
    if (!c.hit) continue;
    const SweepHit h = to_sweep_hit(c, t.index);
    if (detail::better(h, best)) {
      best = h;
      t_limit = h.toi;
    }
  }
}

// The nearest hit so far: its packet and lane. The triangle is read back from the packet (the
// same floats as Bvh::triangles), whose cache lines the ray test has just loaded; a read of
// Bvh::triangles would be a cache miss of its own on a level-sized mesh.
struct RayBest {
  const BvhPacket4* packet = nullptr;
  int lane = 0;
};

// The lanes of one packet a segment hits; keeps the nearest (ties: lower triangle index).
inline void ray_packet(const BvhPacket4& packet, const detail::Segment4& seg, RayBest& best, float& t_max) {
  float t[4];
  int mask = detail::ray_hits(packet, seg, t_max, t);
  while (mask) {
    const int lane = __builtin_ctz(static_cast<unsigned>(mask));
    mask &= mask - 1;
    if (t[lane] < t_max ||
        (t[lane] == t_max && (best.packet == nullptr || packet.index[lane] < best.packet->index[best.lane]))) {
      t_max = t[lane];
      best = {&packet, lane};
    }
  }
}

// The winner is chosen in float; its t is then recomputed in double against its plane, relative
// to corner A, so long rays against long thin triangles keep millimetre accuracy.
RayHit ray_result(const RayBest& winner, float t, const glm::vec3& origin, const glm::vec3& delta) {
  RayHit out;
  if (winner.packet == nullptr) return out;
  // Only the packet's first three cache lines are read, those the ray test loaded: the corners
  // and the index. The unit normal is the one build_bvh stores (BvhTriangle::n), from the
  // same double cross product (triangle_normal.hpp): the same bits, without a read of the
  // packet's fourth line.
  const BvhPacket4& p = *winner.packet;
  const int k = winner.lane;
  const glm::vec3 corner_a(p.ax[k], p.ay[k], p.az[k]);
  const glm::dvec3 a(corner_a);
  const glm::dvec3 n = detail::triangle_cross(corner_a, glm::vec3(p.bx[k], p.by[k], p.bz[k]),
                                              glm::vec3(p.cx[k], p.cy[k], p.cz[k]));
  const double denom = glm::dot(n, glm::dvec3(delta));
  if (denom != 0.0) {
    const double exact = glm::dot(n, a - glm::dvec3(origin)) / denom;
    if (exact >= 0.0 && exact <= 1.0) t = static_cast<float>(exact);
  }
  const glm::vec3 normal = detail::unit_normal(n);
  out.hit = true;
  out.t = t;
  out.point = origin + t * delta;
  out.normal = glm::dot(normal, delta) <= 0.0f ? normal : -normal;
  out.triangle = p.index[k];
  return out;
}

// The input domain (collision/domain.hpp), checked once here so that nothing outside it
// reaches the broad phase's float arithmetic or the narrow phase.
bool valid_sweep(const glm::vec3& center, float radius, const glm::vec3& delta) {
  return in_domain_move(center, delta) && in_domain_radius(radius);
}

}  // namespace

RayHit raycast(const World& world, const glm::vec3& origin, const glm::vec3& delta) {
  PRISM_RECORD_RETURN(world, RaycastCall, (origin, delta), raycast(world, origin, delta));
  const Bvh& bvh = world.bvh();
  float allowance;
  // (kMayBeLong: rays are often longer than the occupancy test reads.)
  const detail::SegmentStart start = detail::start_segment<true>(bvh, origin, delta, glm::vec3(0.0f), allowance);
  if (start != detail::SegmentStart::kTraverse) {
    RayHit out;
    out.invalid_input = start == detail::SegmentStart::kInvalid;
    return out;
  }
  return detail::with_node_width(bvh, [&](auto width) {
    const detail::SegmentBox box{origin, delta, glm::vec3(detail::traversal_allowance(allowance))};
    detail::LazyQuery<detail::Segment4> lazy;  // broadcast at the first leaf: most rays miss
    float t_max = 1.0f;
    RayBest best;
    detail::traverse_segment<false, detail::Fetch::kEntered, detail::Push::kNetwork>(
        width, bvh, box, t_max, [&](std::uint32_t, std::uint32_t count, std::uint32_t packet, float& tm) {
          const detail::Segment4& seg = lazy.get(origin, delta);
          for (std::uint32_t k = 0; k < (count + 3) / 4; ++k) ray_packet(bvh.packets[packet + k], seg, best, tm);
        });
    return ray_result(best, t_max, origin, delta);
  });
}

RayHit raycast_brute_force(const World& world, const glm::vec3& origin, const glm::vec3& delta) {
  if (!in_domain_move(origin, delta)) {
    RayHit out;
    out.invalid_input = true;
    return out;
  }
  const Bvh& bvh = world.bvh();
  const detail::Segment4 seg(origin, delta);
  float t_max = 1.0f;
  RayBest best;
  for (const BvhPacket4& packet : bvh.packets) ray_packet(packet, seg, best, t_max);
  return ray_result(best, t_max, origin, delta);
}

namespace {

// sweep_sphere past its first checks: the traversal, set up only where the occupancy bits do
// not already clear the swept box.
SweepHit sweep_sphere_bvh(const Bvh& bvh, const glm::vec3& center, float radius, const glm::vec3& delta,
                          float allowance, const SweepOptions& options) {
  return detail::with_node_width(bvh, [&](auto width) {
    const float reach0 = radius + detail::traversal_allowance(allowance);
    detail::SegmentBox box{center, delta, glm::vec3(reach0), glm::vec3(0.0f), reach0};
    // Broadcast when the first leaf is reached: most sweeps end in the inner nodes.
    detail::LazyQuery<detail::SphereSweep4> lazy;
    SweepHit best;
    float t_max = 1.0f, reach = box.margin.x;
    // Inlined into both traversals (with and without the round reach test), as a lambda passed
    // to one alone would be: called from two, GCC would otherwise keep it a function of its own.
    const auto leaf = [&](std::uint32_t, std::uint32_t count, std::uint32_t packet, float& tm)
                          __attribute__((always_inline)) {
      const detail::SphereSweep4& q = lazy.get(center, radius, delta, allowance, options.one_sided);
      for (std::uint32_t k = 0; k < (count + 3) / 4; ++k) {
        sweep_packet(width, bvh.packets[packet + k], q, center, radius, delta, options.one_sided, allowance, best, tm,
                     /*path_test=*/true);
      }
      // Once the best is a start overlap of depth P (tm is then 0), only triangles within r - P
      // of the start can hold a deeper one: the rest of the traversal tests the start's box
      // shrunk to that (a sphere's box still: the same reach on every axis).
      const float start_reach = radius + 2.0f * allowance - best.penetration;
      if (best.start_overlap && start_reach < reach) {
        reach = start_reach;
        box.margin = glm::vec3(reach);
        box.reach = reach;
        return true;
      }
      return false;
    };
    if (detail::use_round_reach(bvh, radius)) {
      detail::traverse_segment<true>(width, bvh, box, t_max, leaf);
    } else {
      detail::traverse_segment(width, bvh, box, t_max, leaf);
    }
    return best;
  });
}

}  // namespace

SweepHit sweep_sphere(const World& world, const glm::vec3& center, float radius,
                      const glm::vec3& delta, const SweepOptions& options) {
  PRISM_RECORD_RETURN(world, SweepSphereCall, (center, radius, delta, options),
                      sweep_sphere(world, center, radius, delta, options));
  if (!in_domain_radius(radius)) return invalid_sweep();
  const Bvh& bvh = world.bvh();
  float allowance;
  const detail::SegmentStart start = detail::start_segment(bvh, center, delta, glm::vec3(radius), allowance);
  if (start != detail::SegmentStart::kTraverse) return start == detail::SegmentStart::kInvalid ? invalid_sweep() : SweepHit{};
  return sweep_sphere_bvh(bvh, center, radius, delta, allowance, options);
}

SweepHit sweep_sphere_brute_force(const World& world, const glm::vec3& center, float radius,
                                  const glm::vec3& delta, const SweepOptions& options) {
  if (!valid_sweep(center, radius, delta)) return invalid_sweep();
  const Bvh& bvh = world.bvh();
  const float allowance = rounding_allowance(bvh, center, delta);
  const detail::SphereSweep4 q(center, radius, delta, allowance, options.one_sided);
  SweepHit best;
  float t_limit = 1.0f;
  for (const BvhPacket4& packet : bvh.packets) {
    sweep_packet(detail::Nodes4{}, packet, q, center, radius, delta, options.one_sided, allowance, best, t_limit,
                 /*path_test=*/false);
  }
  return best;
}

SweepHit sweep_sphere_triangle(const Triangle& tri, const glm::vec3& center, float radius,
                               const glm::vec3& delta, const SweepOptions& options,
                               std::uint32_t triangle_index) {
  if (!valid_sweep(center, radius, delta) || !valid_triangle(tri)) {
    return invalid_sweep();
  }
  const glm::dvec3 a(tri.a), b(tri.b), c(tri.c);
  const glm::dvec3 cr = glm::cross(b - a, c - a);
  const double len = glm::length(cr);
  const glm::dvec3 n = is_degenerate(tri) ? glm::dvec3(0.0) : cr / len;
  const detail::SphereContact contact = detail::sweep_sphere_triangle_d(
      a, b, c, n, glm::dvec3(center), radius, glm::dvec3(delta), options.one_sided, 1.0);
  return contact.hit ? to_sweep_hit(contact, triangle_index) : SweepHit{};
}

namespace {

bool valid_ellipsoid(const glm::vec3& center, const glm::vec3& radii, const glm::vec3& delta) {
  return in_domain_move(center, delta) && in_domain_radii(radii);
}

// Fauerby 2003: in the space x / radii the ellipsoid is a unit sphere.
SweepHit ellipsoid_vs(const glm::vec3& ta, const glm::vec3& tb, const glm::vec3& tc,
                      std::uint32_t index, const glm::dvec3& inv, const glm::vec3& radii,
                      const glm::dvec3& pe, const glm::dvec3& ve, bool one_sided, double t_limit,
                      bool overlap_only = false) {
  const glm::dvec3 a = glm::dvec3(ta) * inv, b = glm::dvec3(tb) * inv, c = glm::dvec3(tc) * inv;
  const glm::dvec3 cr = glm::cross(b - a, c - a);
  const double len = glm::length(cr);
  const glm::dvec3 n = len > 0.0 ? cr / len : glm::dvec3(0.0);
  const detail::SphereContact contact =
      detail::sweep_sphere_triangle_d(a, b, c, n, pe, 1.0, ve, one_sided, t_limit, true, overlap_only);
  if (!contact.hit) return {};
  SweepHit h = to_sweep_hit(contact, index);
  const glm::dvec3 rd(radii);
  h.point = glm::vec3(contact.point * rd);
  h.normal = glm::vec3(glm::normalize(contact.normal * inv));
  // Overlap depth along the world normal of the unit-sphere-space depth vector.
  h.penetration = static_cast<float>(
      contact.penetration * std::fabs(glm::dot(contact.normal * rd, glm::dvec3(h.normal))));
  return h;
}

glm::dvec3 inverse_radii(const glm::vec3& radii) {
  return {1.0 / static_cast<double>(radii.x), 1.0 / static_cast<double>(radii.y),
          1.0 / static_cast<double>(radii.z)};
}

}  // namespace

SweepHit sweep_ellipsoid(const World& world, const glm::vec3& center, const glm::vec3& radii,
                         const glm::vec3& delta, const SweepOptions& options) {
  PRISM_RECORD_RETURN(world, SweepEllipsoidCall, (center, radii, delta, options),
                      sweep_ellipsoid(world, center, radii, delta, options));
  if (!in_domain_radii(radii)) return invalid_sweep();
  const Bvh& bvh = world.bvh();
  float allowance;
  const detail::SegmentStart start = detail::start_segment(bvh, center, delta, radii, allowance);
  if (start != detail::SegmentStart::kTraverse) return start == detail::SegmentStart::kInvalid ? invalid_sweep() : SweepHit{};
  return detail::with_node_width(bvh, [&](auto width) {
    const detail::SegmentBox box{center, delta, radii + glm::vec3(detail::traversal_allowance(allowance))};
    const glm::dvec3 inv = inverse_radii(radii);
    const glm::dvec3 pe = glm::dvec3(center) * inv, ve = glm::dvec3(delta) * inv;
    SweepHit best;
    float t_max = 1.0f;
    detail::traverse_segment(width, bvh, box, t_max, [&](std::uint32_t first, std::uint32_t count, std::uint32_t, float& tm) {
      for (std::uint32_t i = first; i < first + count; ++i) {
        const BvhTriangle t = bvh.triangle(i);
        // (Past a start overlap, only a deeper one can be better: detail::better.)
        const SweepHit h =
            ellipsoid_vs(t.a, t.b, t.c, t.index, inv, radii, pe, ve, options.one_sided, tm, best.start_overlap);
        if (detail::better(h, best)) {
          best = h;
          tm = h.toi;
        }
      }
    });
    return best;
  });
}

SweepHit sweep_ellipsoid_triangle(const Triangle& tri, const glm::vec3& center,
                                  const glm::vec3& radii, const glm::vec3& delta,
                                  const SweepOptions& options, std::uint32_t triangle_index) {
  if (!valid_ellipsoid(center, radii, delta) || !valid_triangle(tri)) {
    return invalid_sweep();
  }
  const glm::dvec3 inv = inverse_radii(radii);
  return ellipsoid_vs(tri.a, tri.b, tri.c, triangle_index, inv, radii, glm::dvec3(center) * inv,
                      glm::dvec3(delta) * inv, options.one_sided, 1.0);
}

void overlap_sphere(const World& world, const glm::vec3& center, float radius,
                    std::vector<std::uint32_t>& out) {
  PRISM_RECORD_OUT(world, OverlapSphereCall, (center, radius), out,
                   overlap_sphere(world, center, radius, out));
  out.clear();
  if (!in_domain_point(center) || !(radius >= 0.0f && radius <= kMaxBodyRadius)) return;
  const Bvh& bvh = world.bvh();
  Aabb box;
  box.min = center - glm::vec3(radius);
  box.max = center + glm::vec3(radius);
  const double r2 = static_cast<double>(radius) * radius;
  const glm::dvec3 p(center);
  detail::with_node_width(bvh, [&](auto width) {
    detail::traverse_box(width, bvh, box, [&](std::uint32_t first, std::uint32_t count, std::uint32_t) {
      for (std::uint32_t i = first; i < first + count; ++i) {
        const BvhTriangle t = bvh.triangle(i);
        const glm::dvec3 q = closest_point_on_triangle(p, glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c));
        if (glm::dot(p - q, p - q) <= r2) out.push_back(t.index);
      }
    });
  });
  std::sort(out.begin(), out.end());
}

void overlap_aabb(const World& world, const Aabb& box, std::vector<std::uint32_t>& out) {
  PRISM_RECORD_OUT(world, OverlapAabbCall, (box), out, overlap_aabb(world, box, out));
  out.clear();
  if (!in_domain_point(box.min) || !in_domain_point(box.max) || box.empty()) return;
  const Bvh& bvh = world.bvh();
  const glm::dvec3 center = (glm::dvec3(box.min) + glm::dvec3(box.max)) * 0.5;
  const glm::dvec3 half = (glm::dvec3(box.max) - glm::dvec3(box.min)) * 0.5;
  detail::with_node_width(bvh, [&](auto width) {
    detail::traverse_box(width, bvh, box, [&](std::uint32_t first, std::uint32_t count, std::uint32_t) {
      for (std::uint32_t i = first; i < first + count; ++i) {
        const BvhTriangle t = bvh.triangle(i);
        if (detail::triangle_overlaps_box(glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c), center, half)) {
          out.push_back(t.index);
        }
      }
    });
  });
  std::sort(out.begin(), out.end());
}

}  // namespace collision
