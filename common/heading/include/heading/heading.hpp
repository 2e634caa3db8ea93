#pragma once
/// @file heading.hpp
/// Headings about an up axis: the one convention for turning (yaw, pitch) into a direction,
/// shared by walk input (scripts, the seeded wander) and the renderer's cameras, so a walk's
/// heading and the camera that follows it agree without the walk input needing the renderer.
///
/// Angles are radians. Yaw turns about `up`, counter-clockwise seen from above, starting from
/// the world axis least aligned with `up` (X for Z-up and Y-up worlds); pitch is the elevation
/// above the horizontal plane. `up` need not be unit length but must not be zero.

#include <glm/vec3.hpp>

namespace heading {

/// A right-handed horizontal basis (e1, e2) of the plane perpendicular to unit `up`
/// (e1 x e2 = up): e1 is the world axis least aligned with `up`, made perpendicular to it.
void horizontal_basis(glm::vec3 up, glm::vec3& e1, glm::vec3& e2);

/// The unit direction for yaw and pitch about `up` (see the file comment).
glm::vec3 direction_from_angles(glm::vec3 up, float yaw, float pitch);

}  // namespace heading
