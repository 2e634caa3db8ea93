// Capsules against triangles: exact swept capsule, exact distance, BVH sweeps.
#include "collision/capsule_queries.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include <xmmintrin.h>

#include <glm/geometric.hpp>

#include "collision/domain.hpp"
#include "collision/world.hpp"
#include "query/capsule_exit.hpp"
#include "geometry/component.hpp"
#include "query/narrow_phase.hpp"
#include "query/packet_tests.hpp"
#include "query/shape_sweep.hpp"
#include "recording/record_call.hpp"

namespace collision {

namespace {

using detail::component;
using detail::invalid_sweep;
using detail::valid_triangle;

// A capsule and a triangle relative to the triangle's corner A, in double.
struct CapsuleFrame : detail::TriangleFrame {
  glm::dvec3 p;  // capsule centre - A
  glm::dvec3 u;  // unit axis
  double h, r;
};

CapsuleFrame make_frame(const Triangle& tri, const glm::vec3& center, float radius, float half_height,
                 const glm::vec3& axis) {
  CapsuleFrame f{detail::make_triangle_frame(tri), glm::dvec3(center), glm::normalize(glm::dvec3(axis)),
          half_height, radius};
  f.p -= f.a;
  return f;
}

// The frame of a leaf triangle (non-degenerate by make_mesh's invariant) for a capsule whose
// axis `unit_axis` is already normalized: what make_frame does, without its per-triangle checks.
CapsuleFrame make_leaf_frame(const BvhTriangle& t, const glm::dvec3& center, double radius,
                      double half_height, const glm::dvec3& unit_axis) {
  CapsuleFrame f{detail::make_triangle_frame(t), center, unit_axis, half_height, radius};
  f.p -= f.a;
  return f;
}

bool valid_capsule(const glm::vec3& center, float radius, float half_height, const glm::vec3& axis) {
  if (!in_domain_point(center) || !in_domain_radius(radius)) return false;
  if (!(std::isfinite(half_height) && half_height >= 0.0f && half_height <= kMaxBodyRadius)) return false;
  if (!(std::isfinite(axis.x) && std::isfinite(axis.y) && std::isfinite(axis.z))) return false;
  return std::fabs(glm::length(glm::dvec3(axis)) - 1.0) <= 1e-3;
}

// valid_capsule(center, radius, half_height, axis) && in_domain_move(center, delta), with the
// common case decided in one SSE pass (a sweep that misses everything costs about 700
// instructions, and the checks one by one took 80 of them): every coordinate of the centre
// and the move within 2^38 (in_domain_move's own fast case, which implies in_domain_point),
// the radius and half height in range, the axis's components within [-2, 2] (finite); then
// the axis's length, computed once and returned for normalizing it. A NaN fails every
// comparison, so it falls through to the checks one by one, as does anything out of range.
bool valid_capsule_sweep(const glm::vec3& center, float radius, float half_height, const glm::vec3& axis,
                         const glm::vec3& delta, double& axis_length) {
  axis_length = glm::length(glm::dvec3(axis));
  constexpr float k = kMaxCoordinate / 4.0f;
  const __m128 a = _mm_setr_ps(center.x, center.y, center.z, delta.x);
  const __m128 b = _mm_setr_ps(delta.y, delta.z, axis.x, axis.y);
  const __m128 c = _mm_setr_ps(axis.z, radius, half_height, 0.0f);
  const __m128 in_a = _mm_and_ps(_mm_cmple_ps(_mm_set1_ps(-k), a), _mm_cmple_ps(a, _mm_set1_ps(k)));
  const __m128 in_b = _mm_and_ps(_mm_cmple_ps(_mm_setr_ps(-k, -k, -2.0f, -2.0f), b),
                                 _mm_cmple_ps(b, _mm_setr_ps(k, k, 2.0f, 2.0f)));
  const __m128 in_c = _mm_and_ps(_mm_cmple_ps(_mm_setr_ps(-2.0f, kMinBodyRadius, 0.0f, 0.0f), c),
                                 _mm_cmple_ps(c, _mm_setr_ps(2.0f, kMaxBodyRadius, kMaxBodyRadius, 0.0f)));
  if (_mm_movemask_ps(_mm_and_ps(in_a, _mm_and_ps(in_b, in_c))) == 0xF) return std::fabs(axis_length - 1.0) <= 1e-3;
  return valid_capsule(center, radius, half_height, axis) && in_domain_move(center, delta);
}

// Point x (in the triangle's plane) inside the triangle: the edge-sign test.
bool inside_triangle(const CapsuleFrame& f, const glm::dvec3& x) {
  const glm::dvec3& B = f.v[1];
  const glm::dvec3& C = f.v[2];
  return glm::dot(glm::cross(B, x), f.n) >= 0.0 && glm::dot(glm::cross(C - B, x - B), f.n) >= 0.0 &&
         glm::dot(glm::cross(-C, x - C), f.n) >= 0.0;
}

// Closest points of the segment p0p1 and the triangle (Ericson 2005, 5.1.10).
struct SegmentTriangle {
  double dist = 0.0;
  glm::dvec3 on_tri{0.0}, on_seg{0.0};
  Feature feature = Feature::kNone;
  bool crosses = false;  // the segment passes through the triangle's face
};

// Edge i's closest points to the segment p0p1, kept in `out` when nearer than `best` (squared).
void keep_nearer_edge(const CapsuleFrame& f, int i, const glm::dvec3& p0, const glm::dvec3& p1, double& best,
                      SegmentTriangle& out) {
  const detail::SegmentClosest sc = detail::closest_segment_segment(f.v[i], f.v[(i + 1) % 3], p0, p1);
  if (sc.dist2 < best) {
    best = sc.dist2;
    out.on_tri = sc.c1;
    out.on_seg = sc.c2;
    out.feature = sc.s > 0.0 && sc.s < 1.0 ? Feature::kEdge : Feature::kVertex;
  }
}

// The triangle without a face (a degenerate one, from a caller): its three edges.
SegmentTriangle segment_edges(const CapsuleFrame& f, const glm::dvec3& p0, const glm::dvec3& p1) {
  SegmentTriangle out;
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i < 3; ++i) keep_nearer_edge(f, i, p0, p1, best, out);
  out.dist = std::sqrt(best);
  return out;
}

// The segment's nearest point to the triangle lies over the face at one of its ends (the
// distance to the plane is linear along the segment while it stays over the face), or the
// triangle's nearest point lies on an edge (then the segment-edge distance finds it). The
// planes through the edges square to the face tell both apart: an end inside all three lies
// over the face, and an edge with both ends strictly inside its plane is not where the
// triangle is nearest to any point of the segment (a nearest point inside edge i has the
// point outside or on that plane), its corners belonging to the other two edges.
SegmentTriangle segment_triangle(const CapsuleFrame& f, const glm::dvec3& p0, const glm::dvec3& p1) {
  if (!f.has_normal()) return segment_edges(f, p0, p1);
  SegmentTriangle out;
  const double d0 = glm::dot(f.n, p0), d1 = glm::dot(f.n, p1);
  if (((d0 <= 0.0 && d1 >= 0.0) || (d0 >= 0.0 && d1 <= 0.0)) && d0 != d1) {
    const glm::dvec3 x = p0 + (p1 - p0) * (d0 / (d0 - d1));
    const glm::dvec3 on_plane = x - f.n * glm::dot(f.n, x);
    if (inside_triangle(f, on_plane)) {
      out.on_tri = on_plane;
      out.on_seg = x;
      out.feature = Feature::kFace;
      out.crosses = true;
      return out;
    }
  }
  double side0[3], side1[3];  // > 0: outside edge i's plane (as inside_triangle's signs)
  bool over0 = true, over1 = true;
  for (int i = 0; i < 3; ++i) {
    const glm::dvec3 out_i = glm::cross(f.v[(i + 1) % 3] - f.v[i], f.n);
    side0[i] = glm::dot(out_i, p0 - f.v[i]);
    side1[i] = glm::dot(out_i, p1 - f.v[i]);
    over0 = over0 && side0[i] <= 0.0;
    over1 = over1 && side1[i] <= 0.0;
  }
  double best = std::numeric_limits<double>::infinity();
  if (over0) {
    best = d0 * d0;
    out.on_tri = p0 - d0 * f.n;
    out.on_seg = p0;
    out.feature = Feature::kFace;
  }
  if (over1 && d1 * d1 < best) {
    best = d1 * d1;
    out.on_tri = p1 - d1 * f.n;
    out.on_seg = p1;
    out.feature = Feature::kFace;
  }
  // Both ends over the face, on the same side of its plane: every point of the segment is
  // over the face (the prism above it is convex) on that side, so its distance is that to the
  // plane, linear along the segment and least at an end; no edge can be nearer.
  if (over0 && over1 && d0 * d1 > 0.0) {
    out.dist = std::sqrt(best);
    return out;
  }
  for (int i = 0; i < 3; ++i) {
    if (!(side0[i] < 0.0 && side1[i] < 0.0)) keep_nearer_edge(f, i, p0, p1, best, out);
  }
  out.dist = std::sqrt(best);
  return out;
}

// Overlap depth and push direction of a capsule whose segment crosses the face: along the
// normal, on the centre's side, radius plus the depth of the far end behind the plane.
double crossing_depth(const CapsuleFrame& f, glm::dvec3& normal) {
  const double side = glm::dot(f.n, f.p) >= 0.0 ? 1.0 : -1.0;
  normal = side * f.n;
  const double e0 = glm::dot(normal, f.p + f.h * f.u), e1 = glm::dot(normal, f.p - f.h * f.u);
  return f.r + std::max({0.0, -e0, -e1});
}

// A direction from the segment's closest point away from the triangle when they touch.
glm::dvec3 away_normal(const CapsuleFrame& f, const SegmentTriangle& st) {
  const glm::dvec3 sep = st.on_seg - st.on_tri;
  const double len = glm::length(sep);
  if (len > 0.0) return sep / len;
  if (f.has_normal()) return glm::dot(f.n, f.p) >= 0.0 ? f.n : -f.n;
  glm::dvec3 side = f.p - st.on_tri;
  side -= f.u * glm::dot(side, f.u);
  const double side_len = glm::length(side);
  return side_len > 0.0 ? side / side_len : glm::dvec3(0.0, 0.0, 1.0);
}

struct CapsuleContact {
  double t = -1.0;
  glm::dvec3 point{0.0}, normal{0.0};
  Feature feature = Feature::kNone;
};

// A lower bound of the time of contact, or 2 when there is none: the capsule's projection on
// the world axes and the triangle's normal (radius r |L| + h |L·u|) must overlap the
// triangle's, on every axis at once (separating axes, as for the box). Grown by a rounding
// slack, so it never rejects what the exact tests below would accept.
double earliest_contact(const CapsuleFrame& f, const glm::dvec3& v) {
  const auto inf_norm = [](const glm::dvec3& x) { return std::max({std::fabs(x.x), std::fabs(x.y), std::fabs(x.z)}); };
  const double slack =
      1e-9 * (f.r + f.h + std::max({inf_norm(f.p), inf_norm(f.v[1]), inf_norm(f.v[2]), inf_norm(v)}));
  double entry = 0.0, exit = 1.0;
  // On one axis: the triangle's projection p0..p2, the capsule's reach (|l| = 1) around its
  // centre's s, which moves by w over the move.
  const auto axis = [&](double p0, double p1, double p2, double reach, double s, double w) {
    const double lo = std::min({p0, p1, p2}) - reach, hi = std::max({p0, p1, p2}) + reach;
    if (w == 0.0) return s >= lo && s <= hi;
    const double t0 = (lo - s) / w, t1 = (hi - s) / w;  // w != 0: neither is a NaN
    entry = std::max(entry, std::min(t0, t1));
    exit = std::min(exit, std::max(t0, t1));
    return entry <= exit;
  };
  const double base = f.r + slack;
  for (int k = 0; k < 3; ++k) {  // the world axes, read off the coordinates
    if (!axis(0.0, component(f.v[1], k), component(f.v[2], k), base + f.h * std::fabs(component(f.u, k)),
              component(f.p, k), component(v, k))) {
      return 2.0;
    }
  }
  if (f.has_normal() && !axis(0.0, glm::dot(f.n, f.v[1]), glm::dot(f.n, f.v[2]),
                              base + f.h * std::fabs(glm::dot(f.n, f.u)), glm::dot(f.n, f.p), glm::dot(f.n, v))) {
    return 2.0;
  }
  return entry;
}

// `overlap_only`: only a start overlap can win (the best so far is one), so a triangle the
// capsule does not overlap at the start is passed over without its sweep. `earliest`: a lower
// bound of the time of contact (earliest_contact's, or a BVH packet test's), > 0 only when the
// capsule and the triangle are apart at the start; every contact below is checked against
// t_limit on its own, so the bound only saves work (the results are the same with any valid
// one: where it is > 0, the start distance is r or more).
SweepHit sweep_frame(const CapsuleFrame& f, const glm::dvec3& v, bool one_sided, float t_limit,
                     std::uint32_t index, bool overlap_only, double earliest) {
  SweepHit out;
  const bool has_normal = f.has_normal();
  if (one_sided && has_normal && glm::dot(f.n, f.p) < 0.0) return out;
  if (earliest > 1.0 || static_cast<float>(earliest) > t_limit) return out;
  const glm::dvec3 top = f.p + f.h * f.u, bottom = f.p - f.h * f.u;

  // Already in contact at the start? (Only when no axis separates them then.)
  const SegmentTriangle start =
      earliest > 0.0 ? SegmentTriangle{std::numeric_limits<double>::infinity()} : segment_triangle(f, top, bottom);
  if (start.dist < f.r) {
    const glm::dvec3 normal = away_normal(f, start);
    const bool touching = f.r - start.dist <= 1e-9 * f.r;
    if (touching && glm::dot(v, normal) >= 0.0) return out;  // resting, moving away or along
    out.hit = true;
    out.start_overlap = !touching;
    glm::dvec3 n = normal;
    double depth = f.r - start.dist;
    if (start.crosses) depth = crossing_depth(f, n);
    out.penetration = touching ? 0.0f : static_cast<float>(depth);
    out.toi = 0.0f;
    out.point = glm::vec3(start.on_tri + f.a);
    out.normal = glm::vec3(n);
    out.triangle = index;
    out.feature = start.feature;
    return out;
  }
  if (overlap_only) return out;

  const auto accept = [t_limit](double t) { return t >= 0.0 && static_cast<float>(t) <= t_limit; };
  const auto finish = [&](const CapsuleContact& best) {
    if (best.t < 0.0) return out;
    if (one_sided && has_normal && glm::dot(f.n, f.p + best.t * v) < 0.0) return out;
    out.hit = true;
    out.toi = static_cast<float>(best.t);
    out.point = glm::vec3(best.point + f.a);
    out.normal = glm::vec3(best.normal);
    out.triangle = index;
    out.feature = best.feature;
    return out;
  };
  CapsuleContact best;
  const auto keep = [&](double t, const glm::dvec3& point, const glm::dvec3& normal, Feature feat) {
    if (accept(t) && (best.t < 0.0 || t < best.t)) best = {t, point, normal, feat};
  };

  // The first contact with the face's interior. Every contact with the triangle is one with
  // its plane; a capsule wholly on one side of the plane at the start (both ends r or more
  // from it) first touches the plane where its nearer end sphere (or, with the axis in the
  // plane, its side) lands on it: when that point lies inside the triangle, nothing can
  // touch the triangle earlier, and the edge and corner tests below are not needed.
  if (has_normal && glm::dot(f.u, f.n) != 0.0) {
    const double n_top = glm::dot(f.n, top), n_bottom = glm::dot(f.n, bottom);
    const double side = glm::dot(f.n, f.p) >= 0.0 ? 1.0 : -1.0;
    const bool top_nearer = side * n_top <= side * n_bottom;
    const glm::dvec3& end = top_nearer ? top : bottom;
    const double nd = top_nearer ? n_top : n_bottom, far = top_nearer ? n_bottom : n_top;
    if (nd * far > 0.0 && side * nd - f.r >= 0.0) {  // both ends on the centre's side, r away
      // As sweep_sphere_triangle_d's face test of that end, term for term.
      const double approach = -side * glm::dot(f.n, v), gap = side * nd - f.r;
      if (approach <= 0.0) return out;  // never comes within r of the plane
      const double t = gap / approach;
      if (!accept(t)) return out;  // the plane is reached too late: so is the triangle
      const glm::dvec3 q = end + t * v - side * f.r * f.n;
      if (inside_triangle(f, q)) {
        const glm::dvec3 to_centre = end + t * v - q;
        const double len = glm::length(to_centre);
        return finish({t, q, len > 0.0 ? to_centre / len : f.n, Feature::kFace});
      }
    }
  }

  // (d) The side landing flat on the face: only when the axis lies in the plane.
  if (has_normal && glm::dot(f.u, f.n) == 0.0) {
    const double nd = glm::dot(f.n, f.p);
    const double side = nd >= 0.0 ? 1.0 : -1.0;
    const double gap = side * nd - f.r, approach = -side * glm::dot(f.n, v);
    if (gap >= 0.0 && approach <= 0.0) return out;  // never comes within r of the plane
    if (gap >= 0.0) {
      const double t = gap / approach;
      if (!accept(t)) return out;  // the plane is reached too late: so is the triangle
      // The segment's shadow on the plane at t, clipped by the triangle's three edge planes.
      const glm::dvec3 x = f.p + t * v;
      const glm::dvec3 c = x - glm::dot(f.n, x) * f.n;
      double s0 = -f.h, s1 = f.h;
      for (int i = 0; i < 3 && s0 <= s1; ++i) {
        const glm::dvec3 m = glm::cross(f.n, f.v[(i + 1) % 3] - f.v[i]);  // points inwards
        const double base = glm::dot(m, c - f.v[i]), rate = glm::dot(m, f.u);
        if (rate == 0.0) {
          if (base < 0.0) s1 = s0 - 1.0;
        } else if (rate > 0.0) {
          s0 = std::max(s0, -base / rate);
        } else {
          s1 = std::min(s1, -base / rate);
        }
      }
      if (s0 <= s1) {  // the first contact with the plane, inside the face: nothing is earlier
        keep(t, c + f.u * (0.5 * (s0 + s1)), side * f.n, Feature::kFace);
        return finish(best);
      }
    }
  }

  // A triangle wholly beyond the plane square to the axis through one end's centre, all
  // through the move, can only meet that end's sphere: the rest of the capsule lies on the
  // near side of that plane. (Times up to the limit's next float: those `accept` can take.)
  {
    const double reach = detail::next_float_up(t_limit) * glm::dot(v, f.u);
    const double a0 = -glm::dot(f.p, f.u), a1 = glm::dot(f.v[1], f.u) + a0, a2 = glm::dot(f.v[2], f.u) + a0;
    const double high = std::max({a0, a1, a2}) - std::min(0.0, reach);
    const double low = std::min({a0, a1, a2}) - std::max(0.0, reach);
    if (high <= -f.h || low >= f.h) {
      const detail::SphereContact c =
          detail::sweep_sphere_triangle_d(f.v[0], f.v[1], f.v[2], f.n, high <= -f.h ? bottom : top, f.r, v, false,
                                          t_limit, /*check_start=*/false);  // the segment is r or more away
      if (c.hit && !c.start_overlap) keep(c.toi, c.point, c.normal, c.feature);
      return finish(best);
    }
  }

  // (a) The end spheres.
  for (const glm::dvec3* end : {&top, &bottom}) {
    const double limit = best.t >= 0.0 ? best.t : static_cast<double>(t_limit);
    const detail::SphereContact c =
        detail::sweep_sphere_triangle_d(f.v[0], f.v[1], f.v[2], f.n, *end, f.r, v, false, limit,
                                        /*check_start=*/false);  // the segment is r or more away
    if (c.hit && !c.start_overlap) keep(c.toi, c.point, c.normal, c.feature);
  }

  // (b) The side against each edge: the lines' distance m·w(t) is linear in t.
  for (int i = 0; i < 3; ++i) {
    const glm::dvec3& e0 = f.v[i];
    const glm::dvec3 e = f.v[(i + 1) % 3] - e0;
    const glm::dvec3 m_raw = glm::cross(f.u, e);
    const double m_len = glm::length(m_raw);
    if (!(m_len > 1e-12 * glm::length(e))) continue;  // parallel: ends and corners cover it
    const glm::dvec3 m = m_raw / m_len;
    const double d0 = glm::dot(m, f.p - e0), dd = glm::dot(m, v);
    double t = -1.0;
    if (d0 > f.r && dd < 0.0) t = (d0 - f.r) / -dd;
    if (d0 < -f.r && dd > 0.0) t = (-f.r - d0) / dd;
    if (!accept(t)) continue;
    // Closest points of the two lines at t: capsule axis p + t v + s u, edge e0 + q e.
    const glm::dvec3 w = f.p + t * v - e0;
    const double b = glm::dot(f.u, e), c = glm::dot(e, e), d = glm::dot(f.u, w), g = glm::dot(e, w);
    const double denom = c - b * b;
    const double s = (b * g - c * d) / denom, q = (g - b * d) / denom;
    if (s < -f.h || s > f.h || q < 0.0 || q > 1.0) continue;
    keep(t, e0 + q * e, d0 > 0.0 ? m : -m, Feature::kEdge);
  }

  // (c) Each corner against the moving infinite cylinder, beside the segment.
  const glm::dvec3 v_perp = v - f.u * glm::dot(v, f.u);
  for (const glm::dvec3& q : f.v) {
    glm::dvec3 w0 = f.p - q;
    const glm::dvec3 w_perp = w0 - f.u * glm::dot(w0, f.u);
    const double t = detail::entry_root(glm::dot(v_perp, v_perp), 2.0 * glm::dot(w_perp, v_perp),
                                        glm::dot(w_perp, w_perp) - f.r * f.r);
    if (!accept(t)) continue;
    const double along = glm::dot(w0 + t * v, f.u);
    if (along < -f.h || along > f.h) continue;
    keep(t, q, glm::normalize(w_perp + t * v_perp), Feature::kVertex);
  }

  return finish(best);
}

// How much a raw axis' |component| may grow when normalized (1 / 0.999, the domain's shortest
// axis, is 1.0010010...), with room for the float products' rounding.
constexpr float kAxisSlack = 1.0011f;

// The core's half extent, for the culls: the exact test takes the axis normalized, and the raw
// one may be 1e-3 short of unit length (the domain), so each |component| may grow by up to
// 1 / 0.999 when normalized. A factor over that bounds it without a division before the
// occupancy test, which most small sweeps end at.
glm::vec3 capsule_core(float half_height, const glm::vec3& axis) {
  return half_height * glm::abs(axis) * kAxisSlack;
}

glm::vec3 capsule_extent(float radius, float half_height, const glm::vec3& axis) {
  return glm::vec3(radius) + capsule_core(half_height, axis);
}

}  // namespace

SweepHit sweep_capsule_triangle(const Triangle& tri, const glm::vec3& center, float radius,
                                float half_height, const glm::vec3& axis, const glm::vec3& delta,
                                const SweepOptions& options, std::uint32_t triangle_index) {
  if (!valid_capsule(center, radius, half_height, axis) || !in_domain_move(center, delta) ||
      !valid_triangle(tri)) {
    return invalid_sweep();
  }
  const CapsuleFrame f = make_frame(tri, center, radius, half_height, axis);
  const glm::dvec3 v(delta);
  return sweep_frame(f, v, options.one_sided, 1.0f, triangle_index, false, earliest_contact(f, v));
}

SweepHit sweep_capsule(const World& world, const glm::vec3& center, float radius,
                       float half_height, const glm::vec3& axis, const glm::vec3& delta,
                       const SweepOptions& options) {
  PRISM_RECORD_RETURN(world, SweepCapsuleCall, (center, radius, half_height, axis, delta, options),
                      sweep_capsule(world, center, radius, half_height, axis, delta, options));
  double axis_length;
  if (!valid_capsule_sweep(center, radius, half_height, axis, delta, axis_length)) return invalid_sweep();
  // As glm::normalize (x times 1 / its length), from the length the check computed.
  const glm::dvec3 u = glm::dvec3(axis) * (1.0 / axis_length);
  const glm::vec3 core = capsule_core(half_height, axis);
  const glm::vec3 extent = glm::vec3(radius) + core;  // = capsule_extent, with the core kept
  float allowance;  // (the move was checked above: start_segment finds it in its domain)
  if (detail::start_segment(world.bvh(), center, delta, extent, allowance) != detail::SegmentStart::kTraverse) {
    return SweepHit{};
  }
  return detail::with_node_width(world.bvh(), [&](auto width) {
    // SSE tests (the capsule's reach on each plane and edge plane, in time, and the swept
    // bounds) cull four leaf triangles at once, never one the capsule could touch first. They
    // are broadcast when the first leaf is reached: most sweeps end in the inner nodes.
    detail::LazyQuery<detail::CapsuleSweep4> bound;
    const detail::RoundBody round{core, radius};
    return detail::sweep_shape(
        width, world, center, extent, delta, allowance, radius, &round,
        [&](const BvhPacket4& p, float tm, float depth, float* entry) {
          return detail::capsule_candidates(
              width, p, bound.get(center, radius, half_height, glm::vec3(u), delta, allowance, options.one_sided), tm,
              depth, entry);
        },
        [&](const BvhTriangle& t, float tm, bool overlap_only, float entry) {
          // The packet test's entry bound stands in for earliest_contact (which costs a fifth of
          // the exact test and is no tighter where it counts: at 0).
          return sweep_frame(make_leaf_frame(t, glm::dvec3(center), radius, half_height, u), glm::dvec3(delta),
                             options.one_sided, tm, t.index, overlap_only, entry);
        });
  });
}

SweepHit sweep_capsule_brute_force(const World& world, const glm::vec3& center, float radius,
                                   float half_height, const glm::vec3& axis,
                                   const glm::vec3& delta, const SweepOptions& options) {
  if (!valid_capsule(center, radius, half_height, axis) || !in_domain_move(center, delta)) {
    return invalid_sweep();
  }
  const glm::dvec3 v(delta), c(center), u = glm::normalize(glm::dvec3(axis));
  return detail::sweep_shape_brute_force(world, center, capsule_extent(radius, half_height, axis), delta,
                                         [&](const BvhTriangle& t, float tm) {
    const CapsuleFrame f = make_leaf_frame(t, c, radius, half_height, u);
    return sweep_frame(f, v, options.one_sided, tm, t.index, false, earliest_contact(f, v));
  });
}

TriangleDistance capsule_triangle_distance(const glm::vec3& center, float radius,
                                           float half_height, const glm::vec3& axis,
                                           const Triangle& tri) {
  TriangleDistance out;
  if (!valid_capsule(center, radius, half_height, axis) || !valid_triangle(tri)) {
    out.invalid_input = true;
    return out;
  }
  const CapsuleFrame f = make_frame(tri, center, radius, half_height, axis);
  const SegmentTriangle st = segment_triangle(f, f.p + f.h * f.u, f.p - f.h * f.u);
  out.point = st.on_tri + f.a;
  out.feature = st.feature;
  if (st.crosses) {
    out.distance = -crossing_depth(f, out.normal);
  } else {
    out.distance = st.dist - f.r;
    out.normal = away_normal(f, st);
  }
  return out;
}

namespace detail {

CapsuleEdgeExit capsule_edge_exit(const glm::vec3& center, float radius, float half_height, const glm::vec3& axis,
                                  const Triangle& tri) {
  CapsuleEdgeExit out;
  if (!valid_capsule(center, radius, half_height, axis) || !valid_triangle(tri)) return out;
  const CapsuleFrame f = make_frame(tri, center, radius, half_height, axis);
  if (!f.has_normal() || !segment_triangle(f, f.p + f.h * f.u, f.p - f.h * f.u).crosses) return out;
  out.crosses = true;
  out.depth = std::numeric_limits<double>::infinity();
  for (int i = 0; i < 3; ++i) {
    const glm::dvec3& from = f.v[i];
    const glm::dvec3 m_raw = glm::cross(f.v[(i + 1) % 3] - from, f.u);
    const double len = glm::length(m_raw);
    // An edge along the axis spans no side face (the axis then lies in the plane, which a
    // crossing segment's does not): the other two and the face bound every push.
    if (!(len > 1e-12 * glm::length(f.v[(i + 1) % 3] - from))) continue;
    glm::dvec3 m = m_raw / len;
    if (glm::dot(m, f.v[(i + 2) % 3] - from) > 0.0) m = -m;  // away from the third corner
    // The segment's points all lie at m·(p - from) along m (m is square to the axis), the
    // triangle's at most at 0 (the edge): r beyond the edge clears it.
    const double depth = f.r - glm::dot(m, f.p - from);
    if (depth < out.depth) {
      out.depth = depth;
      out.normal = m;
      out.edge = i;
    }
  }
  if (out.edge < 0) out.crosses = false;
  return out;
}

}  // namespace detail

}  // namespace collision
