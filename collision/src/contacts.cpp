// Contacts: the triangles within reach of a body, with closest point, normal, gap and feature.
#include "collision/contacts.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/ext/vector_double3.hpp>

#include "bvh_traverse.hpp"
#include "finite.hpp"

namespace collision {

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
      const TriangleDistance d = distance_to_triangle(Triangle{t.a, t.b, t.c}, body, center, static_cast<double>(reach));
      if (d.invalid_input || !(d.distance <= static_cast<double>(reach))) continue;
      Contact k;
      k.triangle = t.index;
      k.feature = d.feature;
      glm::dvec3 n = d.normal;
      if (n == glm::dvec3(0.0)) {
        // The centre lies on the triangle: its face normal is the only direction there is.
        n = glm::dvec3(t.n);
        if (glm::dot(n, n) == 0.0) n = glm::dvec3(0.0, 0.0, 1.0);
      }
      k.point = glm::vec3(d.point);
      k.normal = glm::vec3(n);
      k.distance = static_cast<float>(d.distance);
      out.push_back(k);
    }
  });
  std::sort(out.begin(), out.end(), [](const Contact& x, const Contact& y) { return x.triangle < y.triangle; });
}

}  // namespace collision
