// Per-triangle tests: swept sphere (exact), closest point, ray, triangle/box overlap.
#include "query/narrow_phase.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "geometry/component.hpp"

namespace collision {

namespace {

using detail::ClosestPoint;
using detail::closest_point_region;
using detail::closest_on_segment;
using detail::entry_root;

}  // namespace

namespace detail {

double entry_root(double a, double b, double c) {
  if (!(c > 0.0) || !(b < 0.0) || !(a > 0.0)) return -1.0;
  const double disc = b * b - 4.0 * a * c;
  if (!(disc > 0.0)) return -1.0;
  return 2.0 * c / (-b + std::sqrt(disc));  // stable form of (-b - sqrt(disc)) / 2a
}

glm::dvec3 closest_on_segment(const glm::dvec3& p, const glm::dvec3& a, const glm::dvec3& b) {
  const glm::dvec3 ab = b - a;
  const double len2 = glm::dot(ab, ab);
  if (len2 <= 0.0) return a;
  const double s = std::clamp(glm::dot(p - a, ab) / len2, 0.0, 1.0);
  return a + s * ab;
}

SegmentClosest closest_segment_segment(const glm::dvec3& p1, const glm::dvec3& q1,
                                       const glm::dvec3& p2, const glm::dvec3& q2) {
  const glm::dvec3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const double a = glm::dot(d1, d1), e = glm::dot(d2, d2), f = glm::dot(d2, r);
  double s = 0.0, t = 0.0;
  if (a <= 0.0 && e <= 0.0) {
    // both points
  } else if (a <= 0.0) {
    t = std::clamp(f / e, 0.0, 1.0);
  } else {
    const double c = glm::dot(d1, r);
    if (e <= 0.0) {
      s = std::clamp(-c / a, 0.0, 1.0);
    } else {
      const double b = glm::dot(d1, d2);
      const double denom = a * e - b * b;
      // Parallel (denom 0): any s; 0 is as good as another, t then follows.
      s = denom > 0.0 ? std::clamp((b * f - c * e) / denom, 0.0, 1.0) : 0.0;
      t = (b * s + f) / e;
      if (t < 0.0) {
        t = 0.0;
        s = std::clamp(-c / a, 0.0, 1.0);
      } else if (t > 1.0) {
        t = 1.0;
        s = std::clamp((b - c) / a, 0.0, 1.0);
      }
    }
  }
  SegmentClosest out;
  out.s = s;
  out.t = t;
  out.c1 = p1 + d1 * s;
  out.c2 = p2 + d2 * t;
  out.dist2 = glm::dot(out.c1 - out.c2, out.c1 - out.c2);
  return out;
}

}  // namespace detail

glm::dvec3 closest_point_on_triangle(const glm::dvec3& p, const glm::dvec3& a,
                                     const glm::dvec3& b, const glm::dvec3& c) {
  return closest_point_region(p, a, b, c).point;
}

const char* to_string(Feature f) {
  switch (f) {
    case Feature::kFace: return "face";
    case Feature::kEdge: return "edge";
    case Feature::kVertex: return "vertex";
    case Feature::kNone: break;
  }
  return "none";
}

namespace detail {

SphereContact sweep_sphere_triangle_d(const glm::dvec3& a, const glm::dvec3& b,
                                      const glm::dvec3& c, const glm::dvec3& n,
                                      const glm::dvec3& p_abs, double r, const glm::dvec3& v,
                                      bool one_sided, double t_limit, bool check_start,
                                      bool overlap_only) {
  SphereContact out;
  // Work relative to corner A: far from the origin this keeps the small differences exact.
  const glm::dvec3 p = p_abs - a, B = b - a, C = c - a, O(0.0);
  const bool has_normal = glm::dot(n, n) > 0.0;
  const double nd = has_normal ? glm::dot(n, p) : 0.0;
  if (one_sided && nd < 0.0) return out;

  // Already in contact at the start? (Only possible within r of the plane.)
  if (check_start && (!has_normal || std::fabs(nd) < r)) {
    const ClosestPoint start = closest_point_region(p, O, B, C);
    const glm::dvec3 sep = p - start.point;
    const double dist2 = glm::dot(sep, sep);
    if (dist2 < r * r) {
      const double dist = std::sqrt(dist2);
      const bool touching = r - dist <= 1e-9 * r;  // rounding of a resting contact, not overlap
      if (touching && glm::dot(v, sep) >= 0.0) return out;  // resting, moving away or along
      out.hit = true;
      out.start_overlap = !touching;
      out.penetration = touching ? 0.0 : r - dist;
      out.toi = 0.0;
      out.point = start.point + a;
      out.normal = dist > 0.0 ? sep / dist : (has_normal ? (nd >= 0.0 ? n : -n) : glm::dvec3(0, 0, 1));
      out.feature = start.feature;
      return out;
    }
  }
  if (overlap_only) return out;

  const auto accept = [t_limit](double t) {
    return t >= 0.0 && static_cast<float>(t) <= static_cast<float>(t_limit);
  };
  double best = -1.0;
  glm::dvec3 best_point(0.0);
  Feature best_feature = Feature::kNone;

  // Face interior: the sphere first touches the plane at distance r; if that contact point lies
  // inside the triangle, it is the first contact of all.
  if (has_normal) {
    const double side = nd >= 0.0 ? 1.0 : -1.0;
    const double approach = -side * glm::dot(n, v);
    const double gap = side * nd - r;
    if (gap >= 0.0 && approach <= 0.0) return out;  // never comes within r of the plane
    if (gap >= 0.0) {
      const double t = gap / approach;
      // The plane is reached too late: so is the triangle. But n may be the float normal of a
      // BVH leaf, off by up to 2^-23 radians, which moves the plane by up to that much of the
      // distances here (the centre's and the corners' from A) and the time by that over the
      // approach, while the edge and corner tests below see the exact triangle: pass it over
      // only when even the earliest time the exact plane allows is beyond the limit, or an
      // edge contact at the limit would be lost or kept depending on the limit (and so on the
      // order in which a sweep meets the triangles).
      // (The slack, three square roots, only where a test could fail without it.)
      const double limit_up = next_float_up(static_cast<float>(t_limit));
      const auto slack = [&] {
        return 4e-7 * (std::sqrt(glm::dot(p, p)) + std::sqrt(glm::dot(B, B)) + std::sqrt(glm::dot(C, C)) + r) /
               approach;
      };
      if (t > limit_up && t - slack() > limit_up) return out;
      const glm::dvec3 q = p + t * v - side * r * n;
      // q's side of each edge's line (>= 0: inside), scaled by the edge's length.
      const glm::dvec3 edges[3] = {B, C - B, -C}, starts[3] = {O, B, C};
      double inward[3];
      for (int i = 0; i < 3; ++i) inward[i] = glm::dot(glm::cross(edges[i], q - starts[i]), n);
      if (inward[0] >= 0.0 && inward[1] >= 0.0 && inward[2] >= 0.0) {
        if (!accept(t)) return out;  // landing inside the face: nothing comes earlier
        best = t;
        best_point = q;
        best_feature = Feature::kFace;
      } else {
        // Landing e outside the triangle (in its plane) at t, the centre is sqrt(r^2 + e^2)
        // from it, and its distance to the triangle falls by at most |v| per unit of time: no
        // contact comes before t + (sqrt(r^2 + e^2) - r) / |v|. When that is past the next
        // float above t_limit (shrunk by far more than its rounding), accept() would refuse
        // every contact: the edges and corners are passed over. (This cuts the triangles
        // beside the one a sphere lands on, once that landing is the best so far.)
        double e2 = 0.0;  // the largest squared distance of q beyond an edge's line: e^2 >= it
        for (int i = 0; i < 3; ++i) {
          if (inward[i] < 0.0) e2 = std::max(e2, inward[i] * inward[i] / glm::dot(edges[i], edges[i]));
        }
        const double delay = e2 / ((std::sqrt(r * r + e2) + r) * std::sqrt(glm::dot(v, v)));
        if (t + 0.999 * delay > limit_up && t - 2.0 * slack() + 0.999 * delay > limit_up) return out;
      }
    }
  }

  if (best < 0.0) {
    const double vv = glm::dot(v, v);
    const glm::dvec3 corner[3] = {O, B, C};
    for (int i = 0; i < 3; ++i) {
      // Edge interior: the centre reaches distance r from the edge's line, within the segment.
      const glm::dvec3 e0 = corner[i], e = corner[(i + 1) % 3] - e0, w = p - e0;
      const double ee = glm::dot(e, e), ev = glm::dot(e, v), ew = glm::dot(e, w);
      const double qa = ee * vv - ev * ev;
      if (qa > 1e-12 * ee * vv) {
        const double qb = 2.0 * (ee * glm::dot(v, w) - ev * ew);
        const double qc = ee * (glm::dot(w, w) - r * r) - ew * ew;
        const double t = entry_root(qa, qb, qc);
        if (accept(t) && (best < 0.0 || t < best)) {
          const double s = (ew + t * ev) / ee;
          if (s >= 0.0 && s <= 1.0) {
            best = t;
            best_point = e0 + s * e;
            best_feature = Feature::kEdge;
          }
        }
      }
      // Corner: the centre reaches distance r from the vertex.
      const glm::dvec3 pc = p - corner[i];
      const double t = entry_root(vv, 2.0 * glm::dot(v, pc), glm::dot(pc, pc) - r * r);
      if (accept(t) && (best < 0.0 || t < best)) {
        best = t;
        best_point = corner[i];
        best_feature = Feature::kVertex;
      }
    }
  }
  if (best < 0.0) return out;

  const glm::dvec3 centre = p + best * v;
  if (one_sided && has_normal && glm::dot(n, centre) < 0.0) return out;  // touched from behind
  const glm::dvec3 to_centre = centre - best_point;
  const double len = glm::length(to_centre);
  out.hit = true;
  out.toi = best;
  out.point = best_point + a;
  out.normal = len > 0.0 ? to_centre / len : n;
  out.feature = best_feature;
  return out;
}

bool triangle_overlaps_box(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c,
                           const glm::dvec3& box_center, const glm::dvec3& h) {
  const glm::dvec3 v[3] = {a - box_center, b - box_center, c - box_center};
  // The box's own axes.
  for (int k = 0; k < 3; ++k) {
    const double lo = std::min({component(v[0], k), component(v[1], k), component(v[2], k)});
    const double hi = std::max({component(v[0], k), component(v[1], k), component(v[2], k)});
    if (lo > component(h, k) || hi < -component(h, k)) return false;
  }
  const glm::dvec3 e[3] = {v[1] - v[0], v[2] - v[1], v[0] - v[2]};
  // The triangle's normal.
  const glm::dvec3 n = glm::cross(e[0], e[1]);
  const double r_n = h.x * std::fabs(n.x) + h.y * std::fabs(n.y) + h.z * std::fabs(n.z);
  if (std::fabs(glm::dot(n, v[0])) > r_n) return false;
  // The nine cross products of box axes and triangle edges.
  for (int i = 0; i < 3; ++i) {
    for (int k = 0; k < 3; ++k) {
      glm::dvec3 axis(0.0);
      glm::dvec3 unit(0.0);
      component(unit, k) = 1.0;
      axis = glm::cross(unit, e[i]);
      const double p0 = glm::dot(axis, v[0]), p1 = glm::dot(axis, v[1]), p2 = glm::dot(axis, v[2]);
      const double r = h.x * std::fabs(axis.x) + h.y * std::fabs(axis.y) + h.z * std::fabs(axis.z);
      if (std::min({p0, p1, p2}) > r || std::max({p0, p1, p2}) < -r) return false;
    }
  }
  return true;
}

}  // namespace detail
}  // namespace collision
