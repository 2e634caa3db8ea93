// The offset prism's offset prism: the offset plane S', three edge clip planes and three acute-angle
// clip planes of a triangle (in exact terms: the trace format document, "The offset prism"). Computed in
// double so that planes of triangles far from the origin keep their precision; stored in the
// trace as floats.
#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "collision/queries.hpp"
#include "collision/trace.hpp"
#include "classic/classic_methods.hpp"

namespace collision {

namespace detail {

double PlaneD::distance(const glm::dvec3& p) const { return glm::dot(n, p) - d; }

OffsetPrism make_offset_prism(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c,
                              double radius, double margin) {
  OffsetPrism prism;
  const glm::dvec3 normal = glm::cross(b - a, c - a);
  const double length = glm::length(normal);
  // Zero area or a non-finite corner: no plane is defined. Leave every plane zero, so that
  // every distance is 0 and nothing is ever strictly in front of S' (no crossing).
  if (!(length > 0.0) || !std::isfinite(length)) return prism;
  const glm::dvec3 n = normal / length;

  const glm::dvec3 corner[3] = {a, b, c};
  PlaneD edge[3], acute[3];
  for (int e = 0; e < 3; ++e) {
    const glm::dvec3& from = corner[e];
    const glm::dvec3& to = corner[(e + 1) % 3];
    const glm::dvec3& opposite = corner[(e + 2) % 3];
    glm::dvec3 m = glm::cross(n, to - from);
    const double m_length = glm::length(m);
    if (!(m_length > 0.0)) return prism;  // a zero-length edge (only for a degenerate input)
    m /= m_length;
    // The source's flip: the edge plane's normal must point into the triangle. With n from the
    // same winding this never fires in exact arithmetic; the source does it, so do we.
    if (glm::dot(m, opposite - from) < 0.0) m = -m;
    edge[e] = {m, glm::dot(m, from) - margin};              // m·p >= m·A - L
    acute[e] = {-m, -(glm::dot(m, opposite) + margin)};     // m·p <= m·C + L
  }
  prism.valid = true;
  prism.n = n;
  prism.offset_plane = {n, glm::dot(n, a) + radius};
  std::copy(edge, edge + 3, prism.edge_clip);
  std::copy(acute, acute + 3, prism.acute_clip);
  return prism;
}

namespace {
Plane to_plane(const PlaneD& p) { return {glm::vec3(p.n), static_cast<float>(p.d)}; }
}  // namespace

void record_offset_prism(const OffsetPrism& prism, const glm::dvec3& p, TriangleTest& out) {
  out.offset_plane = to_plane(prism.offset_plane);
  out.offset_distance = static_cast<float>(prism.offset_plane.distance(p));
  for (int e = 0; e < 3; ++e) {
    out.edge_clip[e] = to_plane(prism.edge_clip[e]);
    out.acute_clip[e] = to_plane(prism.acute_clip[e]);
    out.edge_distance[e] = static_cast<float>(prism.edge_clip[e].distance(p));
    out.acute_distance[e] = static_cast<float>(prism.acute_clip[e].distance(p));
  }
  out.tested_point = glm::vec3(p);
}

float classic_radius(const Body& body) {
  return std::min({body.radii.x, body.radii.y, body.radii.z});
}

double classic_margin(const MoveParams& params, double radius) {
  return params.edge_margin ? static_cast<double>(*params.edge_margin) : radius;
}

double offset_prism_reach(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c) {
  // The prism's cross-section is the polygon cut by the six clip planes (with L = 1); its
  // corners are among the 15 pairwise intersections of their lines in the triangle's plane.
  const OffsetPrism prism = make_offset_prism(a, b, c, 0.0, 1.0);
  if (!prism.valid) return 0.0;
  PlaneD lines[6];
  std::copy(prism.edge_clip, prism.edge_clip + 3, lines);
  std::copy(prism.acute_clip, prism.acute_clip + 3, lines + 3);
  const glm::dvec3 u = glm::normalize(b - a), v = glm::cross(prism.n, u);
  double reach = 0.0;
  for (int i = 0; i < 6; ++i) {
    for (int j = i + 1; j < 6; ++j) {
      // Solve m_i·(a + x u + y v) = d_i and m_j·(...) = d_j for (x, y).
      const double a1 = glm::dot(lines[i].n, u), b1 = glm::dot(lines[i].n, v);
      const double a2 = glm::dot(lines[j].n, u), b2 = glm::dot(lines[j].n, v);
      const double c1 = lines[i].d - glm::dot(lines[i].n, a), c2 = lines[j].d - glm::dot(lines[j].n, a);
      const double det = a1 * b2 - a2 * b1;
      if (std::fabs(det) < 1e-12) continue;  // parallel lines (an edge plane and its own cap)
      const glm::dvec3 corner = a + ((c1 * b2 - c2 * b1) / det) * u + ((a1 * c2 - a2 * c1) / det) * v;
      bool inside = true;
      for (const PlaneD& l : lines) inside = inside && l.distance(corner) >= -1e-9 * (1.0 + glm::length(corner - a));
      if (!inside) continue;
      reach = std::max(reach, glm::length(corner - closest_point_on_triangle(corner, a, b, c)));
    }
  }
  return reach;
}

}  // namespace detail

void offset_prism(const Triangle& tri, float radius, float margin, const glm::vec3& p,
                  TriangleTest& out) {
  const detail::OffsetPrism prism = detail::make_offset_prism(
      glm::dvec3(tri.a), glm::dvec3(tri.b), glm::dvec3(tri.c), radius, margin);
  record_offset_prism(prism, glm::dvec3(p), out);
}

}  // namespace collision
