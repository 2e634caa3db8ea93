// Closest point on a segment ("Standing at Arm's Length") and exact segment
// intersection (after Twinsen's Cramer's rule; see segment.hpp for the contract and sources).
#include "collision/2d/segment.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "collision/2d/domain_2d.hpp"

namespace collision::planar {

ClosestPoint closest_point_on_segment(const Vec2& a, const Vec2& b, const Vec2& p) {
  const Vec2 ab = b - a;
  const double along_a = glm::dot(p - a, ab);  // <= 0: a is nearest
  if (along_a <= 0.0) return {a, 0.0};
  const double along_b = glm::dot(p - b, a - b);  // <= 0: b is nearest
  if (along_b <= 0.0) return {b, 1.0};
  // along_a + along_b = |ab|^2: the linear ratio of the two dot products.
  const double u = along_a / (along_a + along_b);
  return {a + u * ab, u};
}

double distance_to_segment(const Vec2& a, const Vec2& b, const Vec2& p) {
  return glm::length(p - closest_point_on_segment(a, b, p).point);
}

EdgeDistance distance_to_edges(const Polygon& polygon, const Vec2& p) {
  const auto& v = polygon.vertices;
  EdgeDistance best;
  best.distance = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < v.size(); ++i) {
    const Vec2& a = v[i];
    const Vec2& b = v[(i + 1) % v.size()];
    const ClosestPoint c = closest_point_on_segment(a, b, p);
    const double dist = on_segment(a, b, p) ? 0.0 : glm::length(p - c.point);
    if (dist < best.distance) best = {dist, i, on_segment(a, b, p) ? p : c.point};
  }
  return best;
}

const char* to_string(IntersectionKind kind) {
  switch (kind) {
    case IntersectionKind::kNone: return "none";
    case IntersectionKind::kPoint: return "point";
    case IntersectionKind::kOverlap: return "overlap";
  }
  return "?";
}

namespace {

// Parameter of a point q known to lie on the line of a-b (a != b), projected on the
// dominant axis (exact quotient of exact differences for moderate integer input).
double parameter_on(const Vec2& a, const Vec2& b, const Vec2& q) {
  if (q == a) return 0.0;
  if (q == b) return 1.0;
  const Vec2 ab = b - a;
  const double u = std::fabs(ab.x) >= std::fabs(ab.y) ? (q.x - a.x) / ab.x : (q.y - a.y) / ab.y;
  return std::clamp(u, 0.0, 1.0);
}

// Closed box test for a point already known to be on the line of a-b.
bool within(const Vec2& a, const Vec2& b, const Vec2& q) {
  return std::min(a.x, b.x) <= q.x && q.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= q.y &&
         q.y <= std::max(a.y, b.y);
}

SegmentIntersection point_result(const Vec2& p, double s, double t) {
  SegmentIntersection r;
  r.kind = IntersectionKind::kPoint;
  r.ends[0] = {p, s, t};
  return r;
}

}  // namespace

SegmentIntersection intersect_segments(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d) {
  // Outside the 2D domain the signs below are not exact and Cramer's point can overflow
  // (domain_2d.hpp): a kind would be a guess, so refuse.
  if (!(in_domain_2d(a) && in_domain_2d(b) && in_domain_2d(c) && in_domain_2d(d))) {
    require_in_domain_2d(a, "intersect_segments: a");
    require_in_domain_2d(b, "intersect_segments: b");
    require_in_domain_2d(c, "intersect_segments: c");
    require_in_domain_2d(d, "intersect_segments: d");
  }
  const bool a_point = a == b;
  const bool c_point = c == d;
  if (a_point && c_point) {
    return a == c ? point_result(a, 0.0, 0.0) : SegmentIntersection{};
  }
  if (a_point) {
    return on_segment(c, d, a) ? point_result(a, 0.0, parameter_on(c, d, a)) : SegmentIntersection{};
  }
  if (c_point) {
    return on_segment(a, b, c) ? point_result(c, parameter_on(a, b, c), 0.0) : SegmentIntersection{};
  }

  const int oc = orient2d(a, b, c);
  const int od = orient2d(a, b, d);
  if (oc != 0 && oc == od) return {};
  const int oa = orient2d(c, d, a);
  const int ob = orient2d(c, d, b);
  if (oa != 0 && oa == ob) return {};

  if (oc == 0 && od == 0) {
    // Collinear: the overlap of [0, 1] with the parameters of c and d along A.
    const double sc = [&] {
      const Vec2 ab = b - a;
      return std::fabs(ab.x) >= std::fabs(ab.y) ? (c.x - a.x) / ab.x : (c.y - a.y) / ab.y;
    }();
    const double sd = [&] {
      const Vec2 ab = b - a;
      return std::fabs(ab.x) >= std::fabs(ab.y) ? (d.x - a.x) / ab.x : (d.y - a.y) / ab.y;
    }();
    // The candidate ends: whichever of a, b, c, d lies on the other segment, ordered by s.
    struct Candidate { Vec2 p; double s; double t; };
    Candidate cands[4];
    int n = 0;
    if (within(c, d, a)) cands[n++] = {a, 0.0, parameter_on(c, d, a)};
    if (within(c, d, b)) cands[n++] = {b, 1.0, parameter_on(c, d, b)};
    if (within(a, b, c)) cands[n++] = {c, std::clamp(sc, 0.0, 1.0), 0.0};
    if (within(a, b, d)) cands[n++] = {d, std::clamp(sd, 0.0, 1.0), 1.0};
    if (n == 0) return {};
    // Order by position along A exactly: compare coordinates on A's direction.
    const Vec2 ab = b - a;
    auto before = [&](const Candidate& x, const Candidate& y) {
      if (ab.x != 0.0) return ab.x > 0.0 ? x.p.x < y.p.x : x.p.x > y.p.x;
      return ab.y > 0.0 ? x.p.y < y.p.y : x.p.y > y.p.y;
    };
    const Candidate* lo = &cands[0];
    const Candidate* hi = &cands[0];
    for (int i = 1; i < n; ++i) {
      if (before(cands[i], *lo)) lo = &cands[i];
      if (before(*hi, cands[i])) hi = &cands[i];
    }
    if (lo->p == hi->p) return point_result(lo->p, lo->s, lo->t);
    SegmentIntersection r;
    r.kind = IntersectionKind::kOverlap;
    r.ends[0] = {lo->p, lo->s, lo->t};
    r.ends[1] = {hi->p, hi->s, hi->t};
    return r;
  }

  // One common point. An end point on the other segment is reported exactly.
  if (oc == 0) return point_result(c, parameter_on(a, b, c), 0.0);
  if (od == 0) return point_result(d, parameter_on(a, b, d), 1.0);
  if (oa == 0) return point_result(a, 0.0, parameter_on(c, d, a));
  if (ob == 0) return point_result(b, 1.0, parameter_on(c, d, b));

  // Proper crossing: Cramer's rule on s (b - a) - t (d - c) = c - a.
  const Vec2 u = b - a;
  const Vec2 v = d - c;
  const Vec2 w = c - a;
  const double det = v.x * u.y - u.x * v.y;   // | ux  -vx ; uy  -vy |
  const double det_s = v.x * w.y - w.x * v.y;  // | wx  -vx ; wy  -vy |
  const double det_t = u.x * w.y - w.x * u.y;  // | ux   wx ; uy   wy |
  // det != 0 exactly here (the segments are not parallel); rounding cannot make it 0 unless
  // the input is denormal, and then the clamps below still keep s, t in [0, 1].
  const double s = std::clamp(det_s / det, 0.0, 1.0);
  const double t = std::clamp(det_t / det, 0.0, 1.0);
  // The point from the exact numerator where the inputs allow: a + s u, evaluated as
  // (a det + det_s u) / det keeps integer inputs correctly rounded.
  const Vec2 point{(a.x * det + det_s * u.x) / det, (a.y * det + det_s * u.y) / det};
  return point_result(point, s, t);
}

CramerIntersection intersect_segments_cramer(const Vec2& a, const Vec2& b, const Vec2& c,
                                         const Vec2& d) {
  // Twinsen's variable names: V1 = b - a from V1b = a (the obstacle), V2 = d - c from V2b = c.
  const double x_v1 = b.x - a.x, y_v1 = b.y - a.y;
  const double x_v2 = d.x - c.x, y_v2 = d.y - c.y;
  const double x_v1b = a.x, y_v1b = a.y, x_v2b = c.x, y_v2b = c.y;
  double det = x_v1 * (-y_v2) - (-x_v2) * y_v1;
  const double d1 = (x_v2b - x_v1b) * (-y_v2) - (-x_v2) * (y_v2b - y_v1b);
  const double d2 = x_v1 * (y_v2b - y_v1b) - (x_v2b - x_v1b) * y_v1;
  if (std::fabs(det) < 0.001) det = 0.001;
  CramerIntersection r;
  r.s = d1 / det;
  r.t = d2 / det;
  r.hit = 0.0 <= r.s && r.s <= 1.0 && 0.0 <= r.t && r.t <= 1.0;
  return r;
}

}  // namespace collision::planar
