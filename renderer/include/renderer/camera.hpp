#pragma once
/// @file camera.hpp
/// A perspective camera for Vulkan's clip space, first-person and orbit controllers, and the
/// pick ray through a pixel.
///
/// Conventions: world coordinates are the level's own; the camera takes an up vector and
/// assumes neither Y-up nor Z-up. Angles are radians. Yaw turns about `up`, counter-clockwise
/// seen from above, starting from the world axis least aligned with `up` (X for Z-up and
/// Y-up worlds); pitch is the elevation above the horizontal plane. Pixel coordinates have
/// (0, 0) at the top-left corner of the image, x right, y down; a pixel's centre is at +0.5.
/// Clip space is Vulkan's: y down, depth 0 (near) to 1 (far).

#include <optional>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "heading/heading.hpp"

namespace renderer {

struct Camera {
  glm::vec3 position{0.0f};
  glm::vec3 forward{1.0f, 0.0f, 0.0f};  ///< unit view direction
  glm::vec3 up{0.0f, 0.0f, 1.0f};       ///< unit world up (not necessarily orthogonal to forward)
  float fov_y = 1.0472f;                ///< vertical field of view, radians (60 degrees)
  float near_plane = 0.05f;             ///< world units, > 0
  float far_plane = 10000.0f;           ///< world units, > near_plane
  /// > 0: an orthographic projection this many world units tall (the 2D top-down view);
  /// 0: perspective with fov_y.
  float ortho_height = 0.0f;
};

/// World to view (right-handed, looking down -Z in view space).
glm::mat4 camera_view(const Camera& camera);
/// View to Vulkan clip space for an image of `extent` pixels (y flipped, depth 0..1).
glm::mat4 camera_projection(const Camera& camera, glm::uvec2 extent);
/// projection * view.
glm::mat4 camera_view_projection(const Camera& camera, glm::uvec2 extent);

/// The unit direction for yaw and pitch about `up` (see the file comment; common/heading).
using heading::direction_from_angles;

struct Ray {
  glm::vec3 origin{0.0f};     ///< on the near plane
  glm::vec3 direction{0.0f};  ///< unit length
};

/// The ray from the eye through `pixel` (pixel units, see the file comment).
Ray camera_pick_ray(const Camera& camera, glm::vec2 pixel, glm::uvec2 extent);

/// Where `world` lands on the image, in pixels; nothing if it is behind the near plane.
std::optional<glm::vec2> camera_project(const Camera& camera, glm::vec3 world, glm::uvec2 extent);

/// Fly-through controller: mouse look plus movement relative to the view.
struct FirstPersonController {
  float yaw = 0.0f;    ///< radians
  float pitch = 0.0f;  ///< radians, clamped to +-89 degrees
  float speed = 5.0f;  ///< world units per second
  float look_sensitivity = 0.003f;  ///< radians per pixel of mouse movement
};

struct FirstPersonInput {
  glm::vec3 move{0.0f};        ///< x right, y forward, z up; each in [-1, 1]
  glm::vec2 mouse_delta{0.0f}; ///< pixels since the last update (x right, y down)
  float dt = 0.0f;             ///< seconds
};

/// Applies one step of input and writes the camera's position and forward.
void first_person_update(FirstPersonController& controller, Camera& camera,
                         const FirstPersonInput& input);

/// Orbit controller: the eye circles `target` at `distance`.
struct OrbitController {
  glm::vec3 target{0.0f};
  float distance = 10.0f;  ///< world units, > 0
  float yaw = 0.0f;    ///< radians: the horizontal direction the eye looks along
  float pitch = 0.4f;  ///< radians above the target (positive looks down), clamped to +-89 degrees
  float rotate_sensitivity = 0.005f;  ///< radians per pixel
  float zoom_factor = 1.1f;           ///< distance multiplier per scroll step
};

/// Rotates by a mouse drag (pixels), zooms by scroll steps (positive = closer), then writes the
/// camera: forward = direction_from_angles(up, yaw, -pitch), position = target - forward * distance.
void orbit_update(OrbitController& controller, Camera& camera, glm::vec2 drag, float scroll);

}  // namespace renderer
