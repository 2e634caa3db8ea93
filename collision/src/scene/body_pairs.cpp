// Characters as bodies: one body against another (scene.hpp, "Characters as bodies").
// A box is met as its 12 triangles by the exact narrow phase (the box's own when the mover is
// the box, the motion reversed); two round bodies (spheres, capsules; an ellipsoid by its
// bounding sphere) as a point against their Minkowski capsule when their segments are
// parallel, else the mover by its bounding sphere.
#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "query/narrow_phase.hpp"
#include "scene/scene_internal.hpp"

namespace collision::detail {

namespace {

using glm::dvec3;

// The 12 triangles of box `h` at `c`.
void box_triangles(const glm::vec3& h, const glm::vec3& c, Triangle (&out)[12]) {
  static const TriangleMesh unit = scene_box_mesh(glm::vec3(1.0f));
  for (std::size_t i = 0; i < 12; ++i) {
    const Triangle t = unit.triangle(i);
    out[i] = {c + t.a * h, c + t.b * h, c + t.c * h};
  }
}

// A round body's core segment (centre +- axis * half) and radius: a capsule's own, a sphere's
// (half 0), an ellipsoid's bounding sphere.
struct Core {
  dvec3 axis{0.0, 1.0, 0.0};
  double half = 0.0, radius = 0.0;
};
Core core_of(const Body& b) {
  Core k;
  if (b.shape == Shape::kCapsule) {
    k.axis = glm::normalize(dvec3(b.axis));
    k.half = b.half_height;
  }
  k.radius = std::max({b.radii.x, b.radii.y, b.radii.z});
  return k;
}

SweepHit best_of(const Triangle (&tris)[12], const Body& a, const glm::vec3& ca, const glm::vec3& delta) {
  SweepHit best;
  for (std::uint32_t i = 0; i < 12; ++i) {
    const SweepHit h = sweep_triangle(tris[i], a, ca, delta, SweepOptions{}, i);
    if (better(h, best)) best = h;
  }
  return best;
}

// Point o moved by d against the capsule of segment p0-p1 and radius r: the earliest time,
// or a start overlap.
SweepHit point_vs_capsule(const dvec3& o, const dvec3& d, const dvec3& p0, const dvec3& p1, double r, double r_b) {
  SweepHit h;
  const auto surface = [&](const dvec3& x, SweepHit& out) {
    const dvec3 q = closest_on_segment(x, p0, p1);
    dvec3 n = x - q;
    const double len = glm::length(n);
    n = len > 0.0 ? n / len : dvec3(0.0, 1.0, 0.0);
    out.normal = glm::vec3(n);
    out.point = glm::vec3(q + n * r_b);
    out.feature = Feature::kFace;
    return len;
  };
  const double start = surface(o, h);
  if (start < r) {
    h.hit = h.start_overlap = true;
    h.toi = 0.0f;
    h.penetration = static_cast<float>(r - start);
    return h;
  }
  double t = 2.0;
  const auto sphere = [&](const dvec3& p) {
    const dvec3 m = o - p;
    const double root = entry_root(glm::dot(d, d), 2.0 * glm::dot(m, d), glm::dot(m, m) - r * r);
    if (root >= 0.0 && root <= 1.0) t = std::min(t, root);
  };
  sphere(p0);
  sphere(p1);
  const dvec3 ab = p1 - p0;
  const double len = glm::length(ab);
  if (len > 0.0) {
    const dvec3 n = ab / len;
    const dvec3 m = o - p0;
    const dvec3 mp = m - n * glm::dot(m, n), dp = d - n * glm::dot(d, n);
    const double root = entry_root(glm::dot(dp, dp), 2.0 * glm::dot(mp, dp), glm::dot(mp, mp) - r * r);
    if (root >= 0.0 && root <= 1.0) {
      const double s = glm::dot(o + d * root - p0, n);
      if (s >= 0.0 && s <= len) t = std::min(t, root);
    }
  }
  if (t > 1.0) return h;
  h.hit = true;
  h.toi = static_cast<float>(t);
  surface(o + d * t, h);
  return h;
}

}  // namespace

Body grown_by_skin(const SceneCharacter& c) {
  Body b = c.body;
  b.radii += glm::vec3(c.params.move.resolved_skin(c.body));
  return b;
}

SweepHit sweep_body_body(const Body& a, const glm::vec3& ca, const glm::vec3& delta, const Body& b,
                         const glm::vec3& cb) {
  Triangle tris[12];
  if (b.shape == Shape::kBox) {
    box_triangles(b.radii, cb, tris);
    return best_of(tris, a, ca, delta);
  }
  if (a.shape == Shape::kBox) {
    // The same contact seen from the box: b moving by -delta against the box at rest.
    box_triangles(a.radii, ca, tris);
    SweepHit h = best_of(tris, b, cb, -delta);
    if (h.hit) {
      h.normal = -h.normal;
      h.point += delta * h.toi;
    }
    return h;
  }
  const Core ka = core_of(a), kb = core_of(b);
  const bool parallel = ka.half == 0.0 || kb.half == 0.0 || std::fabs(glm::dot(ka.axis, kb.axis)) > 1.0 - 1e-9;
  // Minkowski: b's segment lengthened by a's along their common axis; else a's bounding sphere.
  const dvec3 axis = kb.half > 0.0 ? kb.axis : ka.axis;
  const double half = parallel ? ka.half + kb.half : kb.half;
  const double ra = parallel ? ka.radius : ka.radius + ka.half;
  return point_vs_capsule(dvec3(ca), dvec3(delta), dvec3(cb) - axis * half, dvec3(cb) + axis * half,
                          ra + kb.radius, kb.radius);
}

TriangleDistance body_body_distance(const Body& a, const glm::vec3& ca, const Body& b, const glm::vec3& cb) {
  TriangleDistance best;
  best.distance = std::numeric_limits<double>::infinity();
  Triangle tris[12];
  if (b.shape == Shape::kBox || a.shape == Shape::kBox) {
    const bool b_box = b.shape == Shape::kBox;
    box_triangles(b_box ? b.radii : a.radii, b_box ? cb : ca, tris);
    for (const Triangle& t : tris) {
      TriangleDistance d = distance_to_triangle(t, b_box ? a : b, b_box ? ca : cb);
      if (d.invalid_input || !(d.distance < best.distance)) continue;
      if (!b_box) {  // seen from b: the point on b's surface, the normal turned towards a
        d.point += d.normal * d.distance;
        d.normal = -d.normal;
      }
      best = d;
    }
    return best;
  }
  const Core ka = core_of(a), kb = core_of(b);
  const SegmentClosest s = closest_segment_segment(dvec3(ca) - ka.axis * ka.half, dvec3(ca) + ka.axis * ka.half,
                                                   dvec3(cb) - kb.axis * kb.half, dvec3(cb) + kb.axis * kb.half);
  const double len = std::sqrt(s.dist2);
  best.normal = len > 0.0 ? (s.c1 - s.c2) / len : dvec3(0.0, 1.0, 0.0);
  best.distance = len - ka.radius - kb.radius;
  best.point = s.c2 + best.normal * kb.radius;
  best.feature = Feature::kFace;
  return best;
}

RayHit ray_body(const Body& b, const glm::vec3& cb, const glm::vec3& origin, const glm::vec3& delta) {
  RayHit r;
  const dvec3 o(origin), d(delta), c(cb);
  if (b.shape == Shape::kBox) {  // slabs; a ray starting inside does not hit
    double t0 = 0.0, t1 = 1.0;
    int axis = -1;
    for (int i = 0; i < 3; ++i) {
      const double lo = c[i] - b.radii[i], hi = c[i] + b.radii[i];
      if (d[i] == 0.0) {
        if (o[i] < lo || o[i] > hi) return r;
        continue;
      }
      double a0 = (lo - o[i]) / d[i], a1 = (hi - o[i]) / d[i];
      if (a0 > a1) std::swap(a0, a1);
      if (a0 > t0) {
        t0 = a0;
        axis = i;
      }
      t1 = std::min(t1, a1);
      if (t0 > t1) return r;
    }
    if (axis < 0) return r;
    r.hit = true;
    r.t = static_cast<float>(t0);
    r.normal = glm::vec3(0.0f);
    r.normal[axis] = d[axis] > 0.0 ? -1.0f : 1.0f;
  } else if (b.shape == Shape::kEllipsoid) {  // the unit sphere of the scaled space
    const dvec3 rad(b.radii), m = (o - c) / rad, v = d / rad;
    const double t = entry_root(glm::dot(v, v), 2.0 * glm::dot(m, v), glm::dot(m, m) - 1.0);
    if (!(t >= 0.0 && t <= 1.0)) return r;
    r.hit = true;
    r.t = static_cast<float>(t);
    r.normal = glm::vec3(glm::normalize((m + v * t) / rad));
  } else {
    const dvec3 axis = glm::normalize(dvec3(b.axis)) * double(b.half_height);
    const SweepHit h = point_vs_capsule(o, d, c - axis, c + axis, b.radii.x, b.radii.x);
    if (!h.hit || h.start_overlap) return r;
    r.hit = true;
    r.t = h.toi;
    r.normal = h.normal;
  }
  r.point = glm::vec3(o + d * double(r.t));
  r.triangle = 0;
  return r;
}

}  // namespace collision::detail
