// Body: the shape cases of the one body type, and the sweeps that dispatch on them.
#include "collision/body.hpp"

#include <algorithm>
#include <cmath>

#include <glm/ext/vector_double3.hpp>

#include <glm/geometric.hpp>

#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "collision/domain.hpp"
#include "collision/world.hpp"
#include "query/narrow_phase.hpp"
#include "recording/record_call.hpp"

namespace collision {

const char* to_string(Shape s) {
  switch (s) {
    case Shape::kEllipsoid: return "ellipsoid";
    case Shape::kBox: return "box";
    case Shape::kCapsule: return "capsule";
  }
  return "?";
}

float Body::bounding_radius() const {
  switch (shape) {
    case Shape::kEllipsoid: return std::max({radii.x, radii.y, radii.z});
    case Shape::kBox: return glm::length(radii);
    case Shape::kCapsule: return radii.x + half_height;
  }
  return 0.0f;
}

namespace {

// A capsule's axis as its exact tests use it (capsule_queries.cpp normalizes it in double):
// normalized, since the domain lets it be 1e-3 off unit length, which would shorten the core by
// up to a thousandth of the half height in every bound taken from the raw axis.
glm::vec3 unit_axis(const glm::vec3& axis) {
  const float len = glm::length(axis);
  return len > 0.0f ? axis / len : axis;
}

}  // namespace

glm::vec3 Body::half_size() const {
  if (shape != Shape::kCapsule) return radii;
  return radii + glm::abs(unit_axis(axis)) * half_height;
}

float Body::extent_along(const glm::vec3& dir) const {
  switch (shape) {
    case Shape::kEllipsoid: return glm::length(radii * dir);
    case Shape::kBox: return glm::dot(radii, glm::abs(dir));
    case Shape::kCapsule: return radii.x + half_height * std::fabs(glm::dot(unit_axis(axis), dir));
  }
  return 0.0f;
}

const char* body_domain_error(const Body& body) {
  switch (body.shape) {
    case Shape::kEllipsoid:
      return radii_domain_error(body.radii);
    case Shape::kBox:  // half extents: the same domain and aspect limit as an ellipsoid's radii
      return box_domain_error(body.radii);
    case Shape::kCapsule: {
      if (const char* why = radii_domain_error(glm::vec3(body.radii.x))) return why;
      if (body.radii.y != body.radii.x || body.radii.z != body.radii.x) return "a capsule has one radius";
      if (!std::isfinite(body.half_height) || body.half_height < 0.0f) {
        return "the capsule's half height is negative or not finite";
      }
      if (body.half_height > kMaxBodyRadius) {
        return "the capsule's half height is above 2^40 (about 1.1e12, the input domain's kMaxBodyRadius)";
      }
      const float len = glm::length(body.axis);
      if (!std::isfinite(len) || std::fabs(len - 1.0f) > 1e-3f) return "the capsule's axis is not a unit vector";
      return nullptr;
    }
  }
  return "unknown shape";
}

namespace {

// Which part of triangle (a, b, c) the point q (its closest point to something) lies on:
// barycentric coordinates that vanish mark an edge (one) or a corner (two).
Feature feature_of(const glm::dvec3& q, const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c) {
  const glm::dvec3 ab = b - a, ac = c - a, aq = q - a;
  const double d00 = glm::dot(ab, ab), d01 = glm::dot(ab, ac), d11 = glm::dot(ac, ac);
  const double d20 = glm::dot(aq, ab), d21 = glm::dot(aq, ac);
  const double den = d00 * d11 - d01 * d01;
  if (!(den > 1e-30 * d00 * d11)) return Feature::kEdge;  // degenerate: it collides as its edges
  const double v = (d11 * d20 - d01 * d21) / den;
  const double w = (d00 * d21 - d01 * d20) / den;
  const double u = 1.0 - v - w;
  constexpr double kEps = 1e-9;
  const int zeros = (u <= kEps) + (v <= kEps) + (w <= kEps);
  return zeros == 0 ? Feature::kFace : zeros == 1 ? Feature::kEdge : Feature::kVertex;
}

// feature_of(cp.point, 0, b, c) for the closest point `cp` of triangle (0, b, c), read from its
// Voronoi region where that gives the same answer, without computing the weights again:
// - a corner region is that corner: feature_of's weights come out exactly (0, 0), (1, 0) or
//   (0, 1) there (the same products in the same order);
// - on a triangle far from degenerate (its smallest angle's sine squared above 0.01, its sides'
//   squared lengths within 1e4 of each other), feature_of's weights of the rounded point differ
//   from the region's by less than 2e-11 (the point's rounding, 10 eps |b| / (0.01 |c|) and
//   alike): an edge region's structural zero stays below its 1e-9 and weights above 1e-6 stay
//   above it, so an edge or face region whose other weights are all above 1e-6 is that edge
//   or face.
// The rest (a point within 1e-6 of a corner or edge, slivers, degenerate triangles) asks
// feature_of.
Feature feature_from_region(const detail::ClosestPoint& cp, const glm::dvec3& b, const glm::dvec3& c) {
  const double d00 = glm::dot(b, b), d01 = glm::dot(b, c), d11 = glm::dot(c, c);
  const double den = d00 * d11 - d01 * d01;
  if (cp.feature == Feature::kVertex && den > 1e-30 * d00 * d11) return Feature::kVertex;
  if (den > 1e-2 * d00 * d11 && d00 <= 1e4 * d11 && d11 <= 1e4 * d00) {
    constexpr double kClear = 1e-6;
    const int weights = (cp.v > kClear) + (cp.w > kClear) + (1.0 - cp.v - cp.w > kClear);
    if (cp.feature == Feature::kFace && weights == 3) return Feature::kFace;
    if (cp.feature == Feature::kEdge && weights == 2) return Feature::kEdge;
  }
  return feature_of(cp.point, glm::dvec3(0.0), b, c);
}

// Sphere: exact. Ellipsoid: in its unit-sphere space (scale by 1 / radii), the gap mapped back
// along the contact normal. Relative to corner a, so far-from-origin levels keep their precision.
// A centre on the triangle itself has no direction: the normal is left zero (callers use the
// face's) and the depth is the body's extent along the face normal.
TriangleDistance ellipsoid_triangle_distance(const glm::vec3& center, const glm::vec3& body_radii, const Triangle& tri) {
  TriangleDistance k;
  const glm::dvec3 a(tri.a);
  const glm::dvec3 rb = glm::dvec3(tri.b) - a, rc = glm::dvec3(tri.c) - a, rp = glm::dvec3(center) - a;
  const glm::dvec3 radii(body_radii);
  glm::dvec3 q;
  if (body_radii.x == body_radii.y && body_radii.y == body_radii.z) {
    const detail::ClosestPoint cp = detail::closest_point_region(rp, glm::dvec3(0.0), rb, rc);
    q = cp.point;
    const glm::dvec3 d = rp - q;
    const double len = glm::length(d);
    k.distance = len - radii.x;
    if (len > 1e-9 * radii.x) k.normal = d / len;
    k.feature = feature_from_region(cp, rb, rc);
  } else {
    const glm::dvec3 sp = rp / radii;
    const glm::dvec3 sq = closest_point_on_triangle(sp, glm::dvec3(0.0), rb / radii, rc / radii);
    const glm::dvec3 d = sp - sq;
    const double len = glm::length(d);
    q = sq * radii;
    if (len > 1e-12) {
      const glm::dvec3 nw = (d / len) / radii;  // a plane's normal maps by the inverse scale
      const double nw_len = glm::length(nw);
      k.normal = nw / nw_len;
      k.distance = (len - 1.0) / nw_len;
    } else {
      const glm::dvec3 fn = glm::cross(rb, rc);
      const double fl = glm::length(fn);
      k.distance = fl > 0.0 ? -glm::dot(radii, glm::abs(fn / fl)) : -std::min({radii.x, radii.y, radii.z});
    }
    k.feature = feature_of(sq, glm::dvec3(0.0), rb / radii, rc / radii);
  }
  k.point = q + a;
  return k;
}

SweepHit invalid() {
  SweepHit h;
  h.invalid_input = true;
  return h;
}

}  // namespace

SweepHit sweep(const World& world, const Body& body, const glm::vec3& center, const glm::vec3& delta,
               const SweepOptions& options) {
  PRISM_RECORD_RETURN(world, SweepBodyCall, (body, center, delta, options),
                      sweep(world, body, center, delta, options));
  switch (body.shape) {
    case Shape::kEllipsoid:
      return body.is_sphere() ? sweep_sphere(world, center, body.radii.x, delta, options)
                              : sweep_ellipsoid(world, center, body.radii, delta, options);
    case Shape::kBox:
      return sweep_box(world, center, body.radii, delta, options);
    case Shape::kCapsule:
      return sweep_capsule(world, center, body.radii.x, body.half_height, body.axis, delta, options);
  }
  return invalid();
}

SweepHit sweep_triangle(const Triangle& tri, const Body& body, const glm::vec3& center,
                        const glm::vec3& delta, const SweepOptions& options, std::uint32_t triangle_index,
                        glm::vec3* separating_axis) {
  switch (body.shape) {
    case Shape::kEllipsoid:
      return body.is_sphere() ? sweep_sphere_triangle(tri, center, body.radii.x, delta, options, triangle_index)
                              : sweep_ellipsoid_triangle(tri, center, body.radii, delta, options, triangle_index);
    case Shape::kBox:
      return sweep_box_triangle(tri, center, body.radii, delta, options, triangle_index, separating_axis);
    case Shape::kCapsule:
      return sweep_capsule_triangle(tri, center, body.radii.x, body.half_height, body.axis, delta, options,
                                    triangle_index);
  }
  return invalid();
}

TriangleDistance distance_to_triangle(const Triangle& tri, const Body& body, const glm::vec3& center, double reach) {
  switch (body.shape) {
    case Shape::kEllipsoid:
      return ellipsoid_triangle_distance(center, body.radii, tri);
    case Shape::kBox:
      return box_triangle_distance(center, body.radii, tri, reach);
    case Shape::kCapsule:
      return capsule_triangle_distance(center, body.radii.x, body.half_height, body.axis, tri);
  }
  TriangleDistance d;
  d.invalid_input = true;
  return d;
}

}  // namespace collision
