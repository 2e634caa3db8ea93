// The Minkowski sum of a triangle and a box, face by face (see swept_shape.hpp).
#include "debugger/swept_shape.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/ext/vector_double3.hpp>

namespace debugger {

std::vector<std::vector<glm::vec3>> box_minkowski_faces(const collision::Triangle& tri, glm::vec3 half_extents) {
  // In double, relative to corner a: the 24 points are each triangle corner plus each box corner.
  const glm::dvec3 origin(tri.a);
  const glm::dvec3 v[3] = {glm::dvec3(0.0), glm::dvec3(tri.b) - origin, glm::dvec3(tri.c) - origin};
  const glm::dvec3 h(half_extents);
  std::array<glm::dvec3, 24> points;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 8; ++k)
      points[static_cast<std::size_t>(i * 8 + k)] =
          v[i] + glm::dvec3((k & 1) ? h.x : -h.x, (k & 2) ? h.y : -h.y, (k & 4) ? h.z : -h.z);
  // Candidate face normals: the separating axes.
  std::vector<glm::dvec3> axes = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, glm::cross(v[1], v[2])};
  const glm::dvec3 edges[3] = {v[1] - v[0], v[2] - v[1], v[0] - v[2]};
  for (int a = 0; a < 3; ++a) {
    glm::dvec3 box_edge(0.0);
    box_edge[a] = 1.0;
    for (const glm::dvec3& e : edges) axes.push_back(glm::cross(box_edge, e));
  }
  const double scale = std::max({glm::length(v[1]), glm::length(v[2]), glm::length(h), 1e-30});
  std::vector<glm::dvec3> normals;
  for (const glm::dvec3& a : axes) {
    const double len = glm::length(a);
    if (!(len > 1e-12 * scale * scale)) continue;
    for (double side : {1.0, -1.0}) {
      const glm::dvec3 n = a * (side / len);
      bool seen = false;
      for (const glm::dvec3& m : normals) seen = seen || glm::dot(m, n) > 1.0 - 1e-12;
      if (!seen) normals.push_back(n);
    }
  }
  std::vector<std::vector<glm::vec3>> faces;
  for (const glm::dvec3& n : normals) {
    double top = -1e300;
    for (const glm::dvec3& p : points) top = std::max(top, glm::dot(n, p));
    std::vector<glm::dvec3> face;
    for (const glm::dvec3& p : points) {
      if (glm::dot(n, p) < top - 1e-9 * scale) continue;
      bool duplicate = false;
      for (const glm::dvec3& q : face) duplicate = duplicate || glm::length(q - p) <= 1e-9 * scale;
      if (!duplicate) face.push_back(p);
    }
    if (face.size() < 3) continue;  // an edge or a corner in this direction: not a face
    // The convex outline of the support set (it holds interior points too): Andrew's monotone
    // chain in the face's plane, counter-clockwise about n, collinear points dropped.
    const glm::dvec3 u = glm::normalize(face[1] - face[0]), w = glm::cross(n, u);
    struct Flat {
      double x, y;
      glm::dvec3 p;
    };
    std::vector<Flat> flat;
    for (const glm::dvec3& p : face) flat.push_back({glm::dot(p, u), glm::dot(p, w), p});
    std::sort(flat.begin(), flat.end(), [](const Flat& a, const Flat& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    const auto turn = [](const Flat& o, const Flat& a, const Flat& b) {
      return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
    };
    const double tiny = 1e-12 * scale * scale;
    std::vector<Flat> hull;
    for (int pass = 0; pass < 2; ++pass) {
      const std::size_t base = hull.size();
      for (const Flat& f : flat) {
        while (hull.size() >= base + 2 && turn(hull[hull.size() - 2], hull.back(), f) <= tiny) hull.pop_back();
        hull.push_back(f);
      }
      hull.pop_back();  // the chain's last point starts the other chain
      std::reverse(flat.begin(), flat.end());
    }
    std::vector<glm::vec3> polygon;
    for (const Flat& f : hull) polygon.push_back(glm::vec3(f.p + origin));
    if (polygon.size() >= 3) faces.push_back(std::move(polygon));
  }
  return faces;
}

}  // namespace debugger
