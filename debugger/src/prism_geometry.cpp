// The offset prism's faces, from the trace's planes.
#include "debugger/prism_geometry.hpp"

#include <cmath>

#include <glm/geometric.hpp>

namespace debugger {
namespace {

void basis(glm::vec3 n, glm::vec3& u, glm::vec3& v) {
  const glm::vec3 a = std::fabs(n.x) < 0.7f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
  u = glm::normalize(glm::cross(n, a));
  v = glm::cross(n, u);
}

}  // namespace

float prism_radius(const collision::TriangleTest& test, const collision::Triangle& tri) {
  return std::fabs(test.offset_plane.offset - glm::dot(test.offset_plane.normal, tri.a));
}

float prism_margin(const collision::TriangleTest& test, const collision::Triangle& tri) {
  return glm::dot(test.edge_clip[0].normal, tri.a) - test.edge_clip[0].offset;
}

std::vector<glm::vec3> clip_polygon(const std::vector<glm::vec3>& poly, const collision::Plane& keep) {
  std::vector<glm::vec3> out;
  const std::size_t n = poly.size();
  for (std::size_t i = 0; i < n; ++i) {
    const glm::vec3 a = poly[i], b = poly[(i + 1) % n];
    const float da = keep.distance(a), db = keep.distance(b);
    if (da >= 0.0f) out.push_back(a);
    if ((da >= 0.0f) != (db >= 0.0f)) out.push_back(a + (b - a) * (da / (da - db)));
  }
  return out;
}

std::vector<glm::vec3> plane_patch(const collision::Plane& plane, glm::vec3 centre, float extent) {
  glm::vec3 u, v;
  basis(plane.normal, u, v);
  const glm::vec3 c = centre - plane.normal * plane.distance(centre);
  return {c - u * extent - v * extent, c + u * extent - v * extent, c + u * extent + v * extent,
          c - u * extent + v * extent};
}

std::vector<PrismPolygon> prism_faces(const collision::TriangleTest& test, const collision::Triangle& tri) {
  const glm::vec3 n = test.offset_plane.normal;
  const float r = prism_radius(test, tri);
  const float base = glm::dot(n, tri.a);
  // Every plane as "inside where distance >= 0".
  struct Bound { PrismFace face; int index; collision::Plane inside; };
  std::vector<Bound> bounds = {
      {PrismFace::kOffsetPlane, 0, {-n, -(base + r)}},
      {PrismFace::kTwinPlane, 0, {n, base - r}},
  };
  for (int i = 0; i < 3; ++i) bounds.push_back({PrismFace::kEdgeClip, i, test.edge_clip[i]});
  for (int i = 0; i < 3; ++i) bounds.push_back({PrismFace::kAcuteClip, i, test.acute_clip[i]});

  const glm::vec3 centre = (tri.a + tri.b + tri.c) / 3.0f;
  const float size = glm::length(tri.a - centre) + glm::length(tri.b - centre) +
                     glm::length(tri.c - centre) + 4.0f * (r + std::fabs(prism_margin(test, tri)));
  std::vector<PrismPolygon> faces;
  for (std::size_t i = 0; i < bounds.size(); ++i) {
    std::vector<glm::vec3> poly = plane_patch(bounds[i].inside, centre, size);
    for (std::size_t j = 0; j < bounds.size() && !poly.empty(); ++j)
      if (j != i) poly = clip_polygon(poly, bounds[j].inside);
    if (poly.size() < 3) poly.clear();
    faces.push_back({bounds[i].face, bounds[i].index, std::move(poly)});
  }
  return faces;
}

}  // namespace debugger
