// BVH queries and their brute-force twins.
#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "bvh_traverse.hpp"
#include "collision/queries.hpp"
#include "collision/world.hpp"
#include "narrow_phase.hpp"

namespace collision {

namespace {

bool finite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

float max_abs(const glm::vec3& v) {
  return std::max({std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)});
}

// Allowance for float rounding in the box and plane tests (which must never reject a triangle
// the exact narrow phase would hit): a few ulps of the largest coordinate involved.
float rounding_allowance(const Bvh& bvh, const glm::vec3& origin, const glm::vec3& delta) {
  const float scale = std::max({max_abs(origin), max_abs(origin + delta), max_abs(bvh.bounds.min),
                                max_abs(bvh.bounds.max), 1.0f});
  return scale * 1e-5f;
}

SweepHit to_sweep_hit(const detail::SphereContact& c, std::uint32_t triangle) {
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

// Sphere against one leaf triangle: a float plane-slab test first (cheap, conservative), then
// the exact double narrow phase.
SweepHit sphere_vs(const BvhTriangle& t, const glm::vec3& center, float radius,
                   const glm::vec3& delta, bool one_sided, float t_limit, float allowance) {
  const float d0 = glm::dot(t.n, center) - t.d;
  const float dn = glm::dot(t.n, delta);
  const float d1 = d0 + dn;
  const float reach = radius + allowance;
  if ((d0 > reach && d1 > reach) || (d0 < -reach && d1 < -reach)) return {};
  if (one_sided && d0 < -allowance) return {};
  // The plane is reached (at distance r) no earlier than the triangle: prune by t_limit.
  const float gap = std::fabs(d0) - reach;
  if (gap > 0.0f && gap > (t_limit * 1.0001f) * std::fabs(dn)) return {};
  // The swept sphere's box against the triangle's box.
  const glm::vec3 lo = glm::min(center, center + delta) - glm::vec3(reach);
  const glm::vec3 hi = glm::max(center, center + delta) + glm::vec3(reach);
  const glm::vec3 tlo = glm::min(t.a, glm::min(t.b, t.c));
  const glm::vec3 thi = glm::max(t.a, glm::max(t.b, t.c));
  if (tlo.x > hi.x || tlo.y > hi.y || tlo.z > hi.z || thi.x < lo.x || thi.y < lo.y || thi.z < lo.z) {
    return {};
  }
  // Separating planes through each edge, perpendicular to the triangle: the whole swept
  // sphere beyond one of them (by more than the radius) cannot touch the triangle.
  const glm::vec3 end = center + delta;
  const glm::vec3* corner[3] = {&t.a, &t.b, &t.c};
  for (int i = 0; i < 3; ++i) {
    const glm::vec3& e0 = *corner[i];
    const glm::vec3 e = *corner[(i + 1) % 3] - e0;
    const glm::vec3 out = glm::cross(e, t.n);  // outward for counter-clockwise winding, |out| = |e|
    const float limit = reach * glm::length(out);
    if (glm::dot(out, center - e0) > limit && glm::dot(out, end - e0) > limit) return {};
  }
  const detail::SphereContact c = detail::sweep_sphere_triangle_d(
      glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c), glm::dvec3(t.n), glm::dvec3(center),
      radius, glm::dvec3(delta), one_sided, t_limit);
  return c.hit ? to_sweep_hit(c, t.index) : SweepHit{};
}

bool valid_sweep(const glm::vec3& center, float radius, const glm::vec3& delta) {
  return finite(center) && finite(delta) && std::isfinite(radius) && radius > 0.0f;
}

SweepHit invalid_sweep() {
  SweepHit h;
  h.invalid_input = true;
  return h;
}

}  // namespace

RayHit raycast(const World& world, const glm::vec3& origin, const glm::vec3& delta) {
  RayHit out;
  if (!finite(origin) || !finite(delta)) {
    out.invalid_input = true;
    return out;
  }
  const Bvh& bvh = world.bvh();
  const float allowance = rounding_allowance(bvh, origin, delta);
  const detail::SweptSegment seg(origin, delta, glm::vec3(allowance));
  float t_max = 1.0f;
  const BvhTriangle* best = nullptr;
  detail::traverse_segment(bvh, seg, t_max, [&](std::uint32_t first, std::uint32_t count, float& tm) {
    for (std::uint32_t i = first; i < first + count; ++i) {
      const BvhTriangle& t = bvh.triangles[i];
      const float th = detail::ray_triangle(origin, delta, t.a, t.b, t.c, tm);
      if (th < 0.0f) continue;
      if (best == nullptr || th < tm || t.index < best->index) {
        tm = th;
        best = &t;
      }
    }
  });
  if (best != nullptr) {
    out.hit = true;
    out.t = t_max;
    out.point = origin + t_max * delta;
    out.normal = glm::dot(best->n, delta) <= 0.0f ? best->n : -best->n;
    out.triangle = best->index;
  }
  return out;
}

RayHit raycast_brute_force(const World& world, const glm::vec3& origin, const glm::vec3& delta) {
  RayHit out;
  if (!finite(origin) || !finite(delta)) {
    out.invalid_input = true;
    return out;
  }
  const Bvh& bvh = world.bvh();
  float t_max = 1.0f;
  const BvhTriangle* best = nullptr;
  for (const BvhTriangle& t : bvh.triangles) {
    const float th = detail::ray_triangle(origin, delta, t.a, t.b, t.c, t_max);
    if (th < 0.0f) continue;
    if (best == nullptr || th < t_max || t.index < best->index) {
      t_max = th;
      best = &t;
    }
  }
  if (best != nullptr) {
    out.hit = true;
    out.t = t_max;
    out.point = origin + t_max * delta;
    out.normal = glm::dot(best->n, delta) <= 0.0f ? best->n : -best->n;
    out.triangle = best->index;
  }
  return out;
}

SweepHit sweep_sphere(const World& world, const glm::vec3& center, float radius,
                      const glm::vec3& delta, const SweepOptions& options) {
  if (!valid_sweep(center, radius, delta)) return invalid_sweep();
  const Bvh& bvh = world.bvh();
  const float allowance = rounding_allowance(bvh, center, delta);
  const detail::SweptSegment seg(center, delta, glm::vec3(radius + allowance));
  SweepHit best;
  float t_max = 1.0f;
  detail::traverse_segment(bvh, seg, t_max, [&](std::uint32_t first, std::uint32_t count, float& tm) {
    for (std::uint32_t i = first; i < first + count; ++i) {
      const SweepHit h = sphere_vs(bvh.triangles[i], center, radius, delta, options.one_sided, tm,
                                   allowance);
      if (detail::better(h, best)) {
        best = h;
        tm = h.toi;
      }
    }
  });
  return best;
}

SweepHit sweep_sphere_brute_force(const World& world, const glm::vec3& center, float radius,
                                  const glm::vec3& delta, const SweepOptions& options) {
  if (!valid_sweep(center, radius, delta)) return invalid_sweep();
  const Bvh& bvh = world.bvh();
  const float allowance = rounding_allowance(bvh, center, delta);
  SweepHit best;
  for (const BvhTriangle& t : bvh.triangles) {
    const SweepHit h = sphere_vs(t, center, radius, delta, options.one_sided, best.toi, allowance);
    if (detail::better(h, best)) best = h;
  }
  return best;
}

SweepHit sweep_sphere_triangle(const Triangle& tri, const glm::vec3& center, float radius,
                               const glm::vec3& delta, const SweepOptions& options,
                               std::uint32_t triangle_index) {
  if (!valid_sweep(center, radius, delta) || !finite(tri.a) || !finite(tri.b) || !finite(tri.c)) {
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
  return finite(center) && finite(delta) && finite(radii) && radii.x > 0.0f && radii.y > 0.0f &&
         radii.z > 0.0f;
}

// Fauerby 2003: in the space x / radii the ellipsoid is a unit sphere.
SweepHit ellipsoid_vs(const glm::vec3& ta, const glm::vec3& tb, const glm::vec3& tc,
                      std::uint32_t index, const glm::dvec3& inv, const glm::vec3& radii,
                      const glm::dvec3& pe, const glm::dvec3& ve, bool one_sided, double t_limit) {
  const glm::dvec3 a = glm::dvec3(ta) * inv, b = glm::dvec3(tb) * inv, c = glm::dvec3(tc) * inv;
  const glm::dvec3 cr = glm::cross(b - a, c - a);
  const double len = glm::length(cr);
  const glm::dvec3 n = len > 0.0 ? cr / len : glm::dvec3(0.0);
  const detail::SphereContact contact =
      detail::sweep_sphere_triangle_d(a, b, c, n, pe, 1.0, ve, one_sided, t_limit);
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
  if (!valid_ellipsoid(center, radii, delta)) return invalid_sweep();
  const Bvh& bvh = world.bvh();
  const float allowance = rounding_allowance(bvh, center, delta);
  const detail::SweptSegment seg(center, delta, radii + glm::vec3(allowance));
  const glm::dvec3 inv = inverse_radii(radii);
  const glm::dvec3 pe = glm::dvec3(center) * inv, ve = glm::dvec3(delta) * inv;
  SweepHit best;
  float t_max = 1.0f;
  detail::traverse_segment(bvh, seg, t_max, [&](std::uint32_t first, std::uint32_t count, float& tm) {
    for (std::uint32_t i = first; i < first + count; ++i) {
      const BvhTriangle& t = bvh.triangles[i];
      const SweepHit h = ellipsoid_vs(t.a, t.b, t.c, t.index, inv, radii, pe, ve, options.one_sided, tm);
      if (detail::better(h, best)) {
        best = h;
        tm = h.toi;
      }
    }
  });
  return best;
}

SweepHit sweep_ellipsoid_triangle(const Triangle& tri, const glm::vec3& center,
                                  const glm::vec3& radii, const glm::vec3& delta,
                                  const SweepOptions& options, std::uint32_t triangle_index) {
  if (!valid_ellipsoid(center, radii, delta) || !finite(tri.a) || !finite(tri.b) || !finite(tri.c)) {
    return invalid_sweep();
  }
  const glm::dvec3 inv = inverse_radii(radii);
  return ellipsoid_vs(tri.a, tri.b, tri.c, triangle_index, inv, radii, glm::dvec3(center) * inv,
                      glm::dvec3(delta) * inv, options.one_sided, 1.0);
}

void overlap_sphere(const World& world, const glm::vec3& center, float radius,
                    std::vector<std::uint32_t>& out) {
  out.clear();
  if (!finite(center) || !std::isfinite(radius) || radius < 0.0f) return;
  const Bvh& bvh = world.bvh();
  Aabb box;
  box.min = center - glm::vec3(radius);
  box.max = center + glm::vec3(radius);
  const double r2 = static_cast<double>(radius) * radius;
  const glm::dvec3 p(center);
  detail::traverse_box(bvh, box, [&](std::uint32_t first, std::uint32_t count) {
    for (std::uint32_t i = first; i < first + count; ++i) {
      const BvhTriangle& t = bvh.triangles[i];
      const glm::dvec3 q = closest_point_on_triangle(p, glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c));
      if (glm::dot(p - q, p - q) <= r2) out.push_back(t.index);
    }
  });
  std::sort(out.begin(), out.end());
}

void overlap_aabb(const World& world, const Aabb& box, std::vector<std::uint32_t>& out) {
  out.clear();
  if (!finite(box.min) || !finite(box.max) || box.empty()) return;
  const Bvh& bvh = world.bvh();
  const glm::dvec3 center = (glm::dvec3(box.min) + glm::dvec3(box.max)) * 0.5;
  const glm::dvec3 half = (glm::dvec3(box.max) - glm::dvec3(box.min)) * 0.5;
  detail::traverse_box(bvh, box, [&](std::uint32_t first, std::uint32_t count) {
    for (std::uint32_t i = first; i < first + count; ++i) {
      const BvhTriangle& t = bvh.triangles[i];
      if (detail::triangle_overlaps_box(glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c), center, half)) {
        out.push_back(t.index);
      }
    }
  });
  std::sort(out.begin(), out.end());
}

}  // namespace collision
