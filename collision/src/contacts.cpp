// Contacts: the triangles within reach of a body, with closest point, normal, gap and feature.
#include "collision/contacts.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/ext/vector_double3.hpp>

#include "bvh_traverse.hpp"
#include "finite.hpp"
#include "packet_tests.hpp"

namespace collision {

void find_contacts(const World& world, const Body& body, const glm::vec3& center, float reach,
                   std::vector<Contact>& out) {
  out.clear();
  if (!detail::finite(center) || !in_domain_body(body) || !std::isfinite(reach) || reach < 0.0f) {
    return;
  }
  const Bvh& bvh = world.bvh();
  // The prefilters below bound the Euclidean gap. An ellipsoid's gap (distance_to_triangle) is
  // that between two parallel planes separating it from the triangle, which is at least the
  // Euclidean gap times its smallest radius over its largest: it is culled with the reach grown
  // by that aspect, so that every triangle its own gap keeps reaches the exact test.
  float cull_reach = reach;
  if (body.shape == Shape::kEllipsoid && !body.is_sphere()) {
    const float lo = std::min({body.radii.x, body.radii.y, body.radii.z});
    const float hi = std::max({body.radii.x, body.radii.y, body.radii.z});
    cull_reach = reach * (hi / lo) * (1.0f + 1e-5f);
  }
  Aabb box;
  box.min = center - body.half_size() - glm::vec3(cull_reach);
  box.max = center + body.half_size() + glm::vec3(cull_reach);
  // Plane prefilter in float: a triangle whose plane is farther than the body's support along
  // its normal plus the reach cannot be within reach. The allowance covers float rounding of
  // n·c - d (a few ulps of the largest coordinate), so the exact test below decides every close
  // case.
  const float max_abs = std::max({std::fabs(center.x), std::fabs(center.y), std::fabs(center.z),
                                  bvh.max_abs_coordinate, 1.0f});
  const float slack = cull_reach + 4e-6f * max_abs;
  const float sphere_support = body.is_sphere() ? body.radii.x : -1.0f;  // the same along every normal
  // First four at a time, from the packets (detail::contact_candidates): the body's core beyond
  // a triangle's plane and beyond one of its edge planes, the two added in squares, by more
  // than the radius plus the reach. On a floor of many triangles this rejects all but the few
  // under the body, which the plane test alone keeps.
  const detail::ContactBound4 bound(body, center, reach, 4e-6f * max_abs);
  detail::with_node_width(bvh, [&](auto width) {
    detail::traverse_box(width, bvh, box, [&](std::uint32_t, std::uint32_t count, std::uint32_t packet) {
      for (std::uint32_t k = 0; k < (count + 3) / 4; ++k) {
        const BvhPacket4& p = bvh.packets[packet + k];
        for (int mask = detail::contact_candidates(width, p, bound); mask != 0; mask &= mask - 1) {
          const BvhTriangle& t = bvh.triangles[p.slot[__builtin_ctz(static_cast<unsigned>(mask))]];
          const float support = sphere_support >= 0.0f ? sphere_support : body.extent_along(t.n);
          if (std::fabs(glm::dot(t.n, center) - t.d) > support + slack) continue;
          const TriangleDistance d =
              distance_to_triangle(Triangle{t.a, t.b, t.c}, body, center, static_cast<double>(reach));
          if (d.invalid_input || !(d.distance <= static_cast<double>(reach))) continue;
          Contact c;
          c.triangle = t.index;
          c.feature = d.feature;
          glm::dvec3 n = d.normal;
          if (n == glm::dvec3(0.0)) {
            // The centre lies on the triangle: its face normal is the only direction there is.
            n = glm::dvec3(t.n);
            if (glm::dot(n, n) == 0.0) n = glm::dvec3(0.0, 0.0, 1.0);
          }
          c.point = glm::vec3(d.point);
          c.normal = glm::vec3(n);
          c.distance = static_cast<float>(d.distance);
          out.push_back(c);
        }
      }
    });
  });
  std::sort(out.begin(), out.end(), [](const Contact& x, const Contact& y) { return x.triangle < y.triangle; });
}

}  // namespace collision
