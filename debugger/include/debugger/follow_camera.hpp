#pragma once
/// @file follow_camera.hpp
/// The third-person camera that follows the body: a spring arm (as game engines call it) from
/// the body to the spot behind and above it, shortened in front of any geometry in between,
/// so the body is never hidden behind or inside a wall. The arm is swept with the collision
/// core's own sphere sweep, so what the camera avoids is exactly what the body collides with.
/// Lengths scale with the body's size; the see-through mode dims the level instead and draws
/// the body and overlays on top of it.

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "collision/character.hpp"
#include "collision/trace.hpp"
#include "collision/world.hpp"
#include "debugger/overlay.hpp"
#include "debugger/scene.hpp"
#include "renderer/camera.hpp"

namespace debugger {

struct FollowSettings {
  /// Multiplies the arm's length (1: about 9 body radii behind and above the body), > 0.
  float distance = 1.0f;
  /// Pull the camera in front of geometry between it and the body (the spring arm).
  bool collide = true;
  /// Body and overlays drawn over the level (no depth test), the level dimmed: see_through().
  bool see_through = false;
};

/// The largest semi-axis of the body: the unit of every camera length.
float body_size(const collision::Body& body);

/// Where a camera wanted at `wanted` may stand, seen from `pivot`: the sphere of
/// `probe_radius` swept from `pivot` to `wanted` stops short of the first triangle it would
/// touch (by the probe's radius again, so the near plane never reaches the wall). A start in
/// overlap (the pivot inside geometry) keeps `wanted`: nothing better is known.
glm::vec3 spring_arm(const collision::World& world, glm::vec3 pivot, glm::vec3 wanted, float probe_radius);

/// Behind, above and a little to the side of the body along its look yaw, aimed between the
/// body and the frame's wall contact (if any), with Scene::up as the camera's up. With
/// settings.collide the arm is the longest free one among the wanted direction and a few
/// turned or raised ones (a wall right behind the body swings the camera aside rather than
/// pressing it onto the body); the aim moves back onto the body as the arm shortens.
renderer::Camera follow_camera(const Scene& scene, const collision::Body& body,
                               const collision::CharacterState& state, float yaw,
                               const collision::Trace& trace, const FollowSettings& settings = {});

/// See-through: moves the depth-tested overlays (the body among them) into the on-top list and
/// puts a dark translucent sheet just in front of `camera` into the depth-tested list, so the
/// level (drawn before it) is dimmed and everything on top stays bright.
void see_through(OverlayFrame& overlay, const renderer::Camera& camera, glm::uvec2 extent);

}  // namespace debugger
