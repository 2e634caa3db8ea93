#pragma once
/// @file spawn.hpp
/// Where a body starts on a mesh that names no spawn point, and the body that suits its scale.

#include <glm/vec3.hpp>

#include "collision/move.hpp"
#include "collision/world.hpp"

namespace debugger {

/// Above the largest walkable area: walkable triangles (normal within `max_slope_degrees` of
/// `up`, either face, solid) joined into floors where they share a corner; in the floor of the
/// largest area, the triangle nearest its area-weighted centre; the body's centre 2 body sizes
/// above that triangle's centroid, or halfway to a ceiling that is closer (never less than
/// 1.05 sizes). With no walkable triangle: above the middle of the bounds, as before.
glm::vec3 spawn_above_largest_floor(const collision::World& world, glm::vec3 up, float body_size,
                                    float max_slope_degrees);

/// The default body of a mesh file: a sphere of radius 1% of the level's bounding-box diagonal,
/// at least 0.4 (a metre-scale level gets the 0.4 m body it always had).
collision::Body default_mesh_body(const collision::TriangleMesh& mesh);

/// The largest semi-axis of the body: the unit of spawn heights, wander reach and every camera
/// length.
float body_size(const collision::Body& body);

}  // namespace debugger
