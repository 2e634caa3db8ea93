#pragma once
/// @file prism_geometry.hpp
/// The faces of a tested triangle's offset prism (seed 000; exact terms in docs/trace-format.md),
/// computed from the planes the Trace recorded, so the picture shows what the method used.

#include <array>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/mesh.hpp"
#include "collision/trace.hpp"

namespace debugger {

/// Which plane a prism face lies on.
enum class PrismFace { kOffsetPlane, kTwinPlane, kEdgeClip, kAcuteClip };

struct PrismPolygon {
  PrismFace face;
  int index;  ///< 0..2 for the edge / acute clip planes (AB, BC, CA)
  std::vector<glm::vec3> corners;  ///< convex, in order; empty when the plane does not bound the prism
};

/// The radius r and edge margin L the test's planes encode (r = offset plane's distance from the
/// triangle's plane, L = how far the edge planes sit outside the edges).
float prism_radius(const collision::TriangleTest& test, const collision::Triangle& tri);
float prism_margin(const collision::TriangleTest& test, const collision::Triangle& tri);

/// The eight face polygons of the prism: the offset plane S', its twin on the far side of the
/// triangle, the three edge clip planes and the three acute-angle clip planes, each clipped by
/// all the others (a plane that does not touch the prism gives an empty polygon).
std::vector<PrismPolygon> prism_faces(const collision::TriangleTest& test, const collision::Triangle& tri);

/// A plane's polygon limited to a square of half-size `extent` around `centre` projected on it
/// (for drawing a clip plane that does not bound the prism).
std::vector<glm::vec3> plane_patch(const collision::Plane& plane, glm::vec3 centre, float extent);

/// Keeps the part of a convex polygon where plane.distance(p) >= 0 (Sutherland-Hodgman).
std::vector<glm::vec3> clip_polygon(const std::vector<glm::vec3>& poly, const collision::Plane& keep);

}  // namespace debugger
