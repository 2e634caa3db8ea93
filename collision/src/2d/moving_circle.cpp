// Moving circle against segments, slide and bounce, and the bouncing particle (see
// moving_circle.hpp).
#include "collision/2d/moving_circle.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "collision/2d/domain_2d.hpp"
#include "collision/2d/segment.hpp"

namespace collision::planar {
namespace {

// Earliest t in [0, 1] with |m + t delta| = radius, m = centre - vertex, approaching only;
// needs |m| >= radius (no start overlap). Returns +inf when none.
double vertex_toi(const Vec2& m, const Vec2& delta, double radius) {
  const double qa = glm::dot(delta, delta);
  const double qb = glm::dot(m, delta);
  if (qa == 0.0 || qb >= 0.0) return std::numeric_limits<double>::infinity();
  const double qc = glm::dot(m, m) - radius * radius;
  const double disc = qb * qb - qa * qc;
  if (disc < 0.0) return std::numeric_limits<double>::infinity();
  // The smaller root, (-qb - sqrt(disc)) / qa, in the form that does not cancel (qb < 0).
  const double t = qc / (-qb + std::sqrt(disc));
  return t < 0.0 ? 0.0 : t;
}

}  // namespace

CircleHit sweep_circle_segment(const Vec2& center, double radius, const Vec2& delta, const Vec2& a,
                               const Vec2& b) {
  CircleHit hit;
  // Outside the 2D domain (domain_2d.hpp) the discriminant's products of four lengths can
  // overflow: refuse rather than answer "no hit".
  if (!(in_domain_2d(center) && in_domain_2d(delta) && in_domain_2d(a) && in_domain_2d(b) &&
        in_domain_2d(radius) && radius >= 0.0)) {
    require_in_domain_2d(center, "sweep_circle_segment: the centre");
    require_in_domain_2d(delta, "sweep_circle_segment: the displacement");
    require_in_domain_2d(a, "sweep_circle_segment: a");
    require_in_domain_2d(b, "sweep_circle_segment: b");
    require_in_domain_2d(radius, "sweep_circle_segment: the radius");
    throw std::invalid_argument("sweep_circle_segment: the radius is negative");
  }
  const ClosestPoint start = closest_point_on_segment(a, b, center);
  const Vec2 away = center - start.point;
  const double dist0 = glm::length(away);
  if (dist0 < radius) {
    Vec2 n;
    if (dist0 > 0.0) {
      n = away / dist0;
    } else if (a != b) {  // centre on the segment: the side the move comes from
      const Vec2 u = glm::normalize(b - a);
      n = Vec2{-u.y, u.x};
      if (glm::dot(n, delta) > 0.0) n = -n;
    } else {
      n = glm::length(delta) > 0.0 ? -glm::normalize(delta) : Vec2{1.0, 0.0};
    }
    if (glm::dot(delta, n) < 0.0) {
      hit.hit = true;
      hit.start_overlap = true;
      hit.toi = 0.0;
      hit.point = start.point;
      hit.normal = n;
      hit.penetration = radius - dist0;
      hit.feature = start.u <= 0.0 ? SegmentFeature::kStart
                    : start.u >= 1.0 ? SegmentFeature::kEnd
                                     : SegmentFeature::kFace;
    }
    return hit;
  }

  double best = std::numeric_limits<double>::infinity();
  if (a != b) {
    const Vec2 u = b - a;
    Vec2 n = glm::normalize(Vec2{-u.y, u.x});
    double side = glm::dot(center - a, n);
    if (side < 0.0) {
      n = -n;
      side = -side;
    }
    const double approach = -glm::dot(delta, n);
    if (approach > 0.0 && side >= radius) {
      const double t = (side - radius) / approach;
      if (t <= 1.0) {
        const Vec2 q = center + t * delta;
        const double along = glm::dot(q - a, u) / glm::dot(u, u);
        if (along >= 0.0 && along <= 1.0) {
          best = t;
          hit.point = a + along * u;
          hit.normal = n;
          hit.feature = SegmentFeature::kFace;
        }
      }
    }
  }
  const Vec2 ends[2] = {a, b};
  for (int e = 0; e < 2; ++e) {
    const double t = vertex_toi(center - ends[e], delta, radius);
    if (t <= 1.0 && t < best) {
      best = t;
      hit.point = ends[e];
      const Vec2 off = center + t * delta - ends[e];
      const double len = glm::length(off);
      hit.normal = len > 0.0 ? off / len : -glm::normalize(delta);
      hit.feature = e == 0 ? SegmentFeature::kStart : SegmentFeature::kEnd;
    }
  }
  if (best <= 1.0) {
    hit.hit = true;
    hit.toi = best;
  } else {
    hit.feature = SegmentFeature::kNone;
  }
  return hit;
}

CircleHit sweep_circle(const Vec2& center, double radius, const Vec2& delta,
                       std::span<const Segment> segments) {
  CircleHit best;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    CircleHit h = sweep_circle_segment(center, radius, delta, segments[i].a, segments[i].b);
    if (!h.hit) continue;
    // Among start overlaps the deepest wins, so the response pushes out of the worst one.
    const bool better = !best.hit || h.toi < best.toi ||
                        (h.start_overlap && best.start_overlap && h.penetration > best.penetration);
    if (better) {
      h.segment = i;
      best = h;
    }
  }
  return best;
}

Vec2 slide(const Vec2& motion, const Vec2& normal) {
  const double into = glm::dot(motion, normal);
  return into < 0.0 ? motion - into * normal : motion;
}

Vec2 bounce(const Vec2& velocity, const Vec2& normal, double restitution) {
  const double into = glm::dot(velocity, normal);
  return into < 0.0 ? velocity - (1.0 + restitution) * into * normal : velocity;
}

ParticleStep step_particle(const Polygon& polygon, const Vec2& position, const Vec2& velocity,
                           double dt, double restitution, int max_bounces) {
  ParticleStep out{position, velocity, 0, 0};
  const auto& v = polygon.vertices;
  const int inside_sign = signed_area(polygon) > 0.0 ? 1 : -1;
  double remaining = dt;
  while (remaining > 0.0 && out.bounces < max_bounces) {
    const Vec2 p = out.position;
    const Vec2 q = p + remaining * out.velocity;
    if (q == p) break;
    // The earliest edge the path p -> q leaves through: q strictly outside the edge's line,
    // p not, and the segments meet (exact). Moving along an edge is not leaving it.
    double s_min = std::numeric_limits<double>::infinity();
    Vec2 hit_point{0.0};
    int hits_at_min = 0;
    Vec2 normal_at_min{0.0};
    for (std::size_t i = 0, j = v.size() - 1; i < v.size(); j = i++) {
      if (orient2d(v[j], v[i], q) != -inside_sign) continue;
      if (orient2d(v[j], v[i], p) == -inside_sign) continue;
      const SegmentIntersection x = intersect_segments(p, q, v[j], v[i]);
      if (x.kind == IntersectionKind::kNone) continue;
      const double s = x.ends[0].s;
      const Vec2 e = v[i] - v[j];
      const Vec2 inward = glm::normalize(Vec2{-e.y, e.x} * static_cast<double>(inside_sign));
      if (s < s_min) {
        s_min = s;
        hit_point = x.ends[0].point;
        hits_at_min = 1;
        normal_at_min = inward;
      } else if (s == s_min) {
        ++hits_at_min;
      }
    }
    if (hits_at_min == 0) {
      if (contains_crossing(polygon, q)) out.position = q;
      // else: rounding of p + remaining * velocity put q outside although no edge is crossed
      // exactly; stay (a later step moves on).
      break;
    }
    // Rounding may put the contact point outside: pull it back towards p until inside.
    Vec2 x = hit_point;
    for (int k = 0; k < 64 && !contains_crossing(polygon, x); ++k) x = p + 0.5 * (x - p);
    if (!contains_crossing(polygon, x)) x = p;
    out.position = x;
    ++out.bounces;
    if (hits_at_min > 1) {
      ++out.vertex_bounces;
      out.velocity = -restitution * out.velocity;
    } else {
      out.velocity = bounce(out.velocity, normal_at_min, restitution);
    }
    remaining *= 1.0 - s_min;
  }
  return out;
}

}  // namespace collision::planar
