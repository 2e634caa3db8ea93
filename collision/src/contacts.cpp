// Contacts: the triangles within reach of a body, with closest point, normal, gap and feature.
#include "collision/contacts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>
#include <glm/ext/vector_double3.hpp>

#include "bvh_traverse.hpp"
#include "finite.hpp"

namespace collision {

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

// The closest point of a triangle (corners 0, rb, rc, relative to its corner a) to a body whose
// centre is at rp (relative to a too): that point, the unit normal from it towards the body
// (zero when there is no direction), the gap and the triangle's feature there.
struct Closest {
  glm::dvec3 point{0.0};
  glm::dvec3 normal{0.0};
  double gap = 0.0;
  Feature feature = Feature::kNone;
};

Closest closest_ellipsoid(const Body& body, const glm::dvec3& rp, const glm::dvec3& rb, const glm::dvec3& rc,
                          const glm::dvec3& face_normal) {
  Closest k;
  const glm::dvec3 radii(body.radii);
  if (body.is_sphere()) {
    k.point = closest_point_on_triangle(rp, glm::dvec3(0.0), rb, rc);
    const glm::dvec3 d = rp - k.point;
    const double len = glm::length(d);
    k.gap = len - radii.x;
    if (len > 1e-9 * radii.x) k.normal = d / len;
    k.feature = feature_of(k.point, glm::dvec3(0.0), rb, rc);
    return k;
  }
  // Unit-sphere space of the ellipsoid: scale by 1 / radii.
  const glm::dvec3 sp = rp / radii;
  const glm::dvec3 sq = closest_point_on_triangle(sp, glm::dvec3(0.0), rb / radii, rc / radii);
  const glm::dvec3 d = sp - sq;
  const double len = glm::length(d);
  k.point = sq * radii;
  if (len > 1e-12) {
    const glm::dvec3 nw = (d / len) / radii;  // a plane's normal maps by the inverse scale
    const double nw_len = glm::length(nw);
    k.normal = nw / nw_len;
    k.gap = (len - 1.0) / nw_len;
  } else {
    k.gap = -glm::dot(radii, glm::abs(face_normal));
  }
  k.feature = feature_of(sq, glm::dvec3(0.0), rb / radii, rc / radii);
  return k;
}

Closest closest(const Body& body, const glm::dvec3& rp, const glm::dvec3& rb, const glm::dvec3& rc,
                const glm::dvec3& face_normal) {
  switch (body.shape) {
    case Shape::kEllipsoid: return closest_ellipsoid(body, rp, rb, rc, face_normal);
    case Shape::kBox:
    case Shape::kCapsule: break;
  }
  Closest none;
  none.gap = std::numeric_limits<double>::infinity();
  return none;
}

}  // namespace

void find_contacts(const World& world, const Body& body, const glm::vec3& center, float reach,
                   std::vector<Contact>& out) {
  out.clear();
  if (!detail::finite(center) || body_domain_error(body) != nullptr || !std::isfinite(reach) || reach < 0.0f) {
    return;
  }
  const Bvh& bvh = world.bvh();
  Aabb box;
  box.min = center - body.half_size() - glm::vec3(reach);
  box.max = center + body.half_size() + glm::vec3(reach);
  const glm::dvec3 p(center);
  // Plane prefilter in float: a triangle whose plane is farther than the body's support along
  // its normal plus the reach cannot be within reach. The allowance covers float rounding of
  // n·c - d (a few ulps of the largest coordinate), so the exact test below decides every close
  // case.
  const float max_abs = std::max({std::fabs(center.x), std::fabs(center.y), std::fabs(center.z),
                                  bvh.max_abs_coordinate, 1.0f});
  const float slack = reach + 4e-6f * max_abs;
  const float sphere_support = body.is_sphere() ? body.radii.x : -1.0f;  // the same along every normal
  detail::traverse_box(bvh, box, [&](std::uint32_t first, std::uint32_t count) {
    for (std::uint32_t i = first; i < first + count; ++i) {
      const BvhTriangle& t = bvh.triangles[i];
      const float support = sphere_support >= 0.0f ? sphere_support : body.extent_along(t.n);
      if (std::fabs(glm::dot(t.n, center) - t.d) > support + slack) continue;
      // Relative to corner a, so far-from-origin levels keep their precision.
      const glm::dvec3 a(t.a);
      const Closest k0 = closest(body, p - a, glm::dvec3(t.b) - a, glm::dvec3(t.c) - a, glm::dvec3(t.n));
      if (!(k0.gap <= static_cast<double>(reach))) continue;
      Contact k;
      k.triangle = t.index;
      k.feature = k0.feature;
      glm::dvec3 n = k0.normal;
      const glm::dvec3 q = k0.point;
      const double gap = k0.gap;
      if (n == glm::dvec3(0.0)) {
        // The centre lies on the triangle: its face normal is the only direction there is.
        n = glm::dvec3(t.n);
        if (glm::dot(n, n) == 0.0) n = glm::dvec3(0.0, 0.0, 1.0);
      }
      k.point = glm::vec3(q + a);
      k.normal = glm::vec3(n);
      k.distance = static_cast<float>(gap);
      out.push_back(k);
    }
  });
  std::sort(out.begin(), out.end(), [](const Contact& x, const Contact& y) { return x.triangle < y.triangle; });
}

}  // namespace collision
