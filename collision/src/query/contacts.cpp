// Contacts: the triangles within reach of a body, with closest point, normal, gap and feature.
#include "collision/contacts.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/ext/vector_double3.hpp>

#include "bvh/bvh_traverse.hpp"
#include "query/capsule_exit.hpp"
#include "geometry/finite.hpp"
#include "query/packet_tests.hpp"
#include "recording/record_call.hpp"

namespace collision {

namespace {

// Whether a push out of triangle `self` through its edge `edge` (corners p, q) along `normal`
// frees the body from the surface there: no other solid triangle that shares the edge goes on
// beyond it along the push (its third corner farther along `normal` than the edge, by more
// than a thousandth of its distance from it). A tiled floor's inner edge, a ramp's foot or a
// gentle crest is not a way out (the push would run along the surface, into the next tile); a
// box's edge is (its other face turns away square to the push, or further).
bool edge_frees(const World& world, std::uint32_t self, const glm::vec3& p, const glm::vec3& q,
                const glm::dvec3& normal) {
  thread_local std::vector<std::uint32_t> near;
  const float tol = 1e-6f * std::max({glm::length(q - p), std::fabs(p.x), std::fabs(p.y), std::fabs(p.z),
                                      std::fabs(q.x), std::fabs(q.y), std::fabs(q.z)});
  Aabb box;
  box.min = glm::min(p, q) - glm::vec3(tol);
  box.max = glm::max(p, q) + glm::vec3(tol);
  overlap_aabb(world, box, near);
  const auto same = [tol](const glm::vec3& a, const glm::vec3& b) { return glm::length(a - b) <= tol; };
  for (std::uint32_t i : near) {
    if (i == self) continue;
    const Triangle t = world.mesh().triangle(i);
    const glm::vec3 c[3] = {t.a, t.b, t.c};
    for (int k = 0; k < 3; ++k) {
      const glm::vec3 &x = c[k], &y = c[(k + 1) % 3], &third = c[(k + 2) % 3];
      if (!((same(x, p) && same(y, q)) || (same(x, q) && same(y, p)))) continue;
      const glm::dvec3 out = glm::dvec3(third) - glm::dvec3(p);
      if (glm::dot(normal, out) > 1e-3 * glm::length(out)) return false;
    }
  }
  return true;
}

// A capsule's contact whose segment crosses the triangle: the push along the face's normal
// (distance_to_triangle's), or the least push out through an edge where that is shorter and
// frees the body (edge_frees). Jolt's TestInitiallyIntersecting with a capsule: its axis in a
// box's side face crosses the top face at their shared edge, which the top face's normal
// would push back through the floor; the edge's push is the side face's own.
}  // namespace

void detail::take_edge_exit(const World& world, const Body& body, const glm::vec3& center, Contact& c) {
  const Triangle tri = world.mesh().triangle(c.triangle);
  const detail::CapsuleEdgeExit e = detail::capsule_edge_exit(center, body.radii.x, body.half_height, body.axis, tri);
  if (!e.crosses || !(e.depth < -static_cast<double>(c.distance))) return;
  const glm::vec3 corner[3] = {tri.a, tri.b, tri.c};
  if (!edge_frees(world, c.triangle, corner[e.edge], corner[(e.edge + 1) % 3], e.normal)) return;
  c.distance = static_cast<float>(-e.depth);
  c.normal = glm::vec3(e.normal);
  c.feature = Feature::kEdge;
}

void find_contacts(const World& world, const Body& body, const glm::vec3& center, float reach,
                   std::vector<Contact>& out) {
  PRISM_RECORD_OUT(world, FindContactsCall, (body, center, reach), out,
                   find_contacts(world, body, center, reach, out));
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
          const BvhTriangle t = p.triangle(__builtin_ctz(static_cast<unsigned>(mask)));
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
  // A capsule overlapping by more than its radius crosses the triangle (a segment apart from
  // it leaves at most r): it may leave through an edge instead (take_edge_exit).
  if (body.shape == Shape::kCapsule) {
    for (Contact& c : out) {
      if (-c.distance > body.radii.x) detail::take_edge_exit(world, body, center, c);
    }
  }
  std::sort(out.begin(), out.end(), [](const Contact& x, const Contact& y) { return x.triangle < y.triangle; });
}

}  // namespace collision
