#pragma once
/// @file follow_camera.hpp
/// The third-person camera that follows the body: a spring arm (as game engines call it) from
/// the body to the spot behind and above it, shortened in front of any geometry in between,
/// so the body is never hidden behind or inside a wall. The arm is swept with the collision
/// core's own sphere sweep, so what the camera avoids is exactly what the body collides with.
/// Lengths scale with the body's size; the see-through mode dims the level instead and draws
/// the body and overlays on top of it.

#include <optional>
#include <string>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "collision/character.hpp"
#include "collision/trace.hpp"
#include "debugger/movers.hpp"
#include "collision/world.hpp"
#include "debugger/overlay.hpp"
#include "debugger/scene.hpp"
#include "debugger/spawn.hpp"
#include "renderer/camera.hpp"

namespace debugger {

struct FollowSettings {
  /// Multiplies the arm's length (1: about 9 body radii behind and above the body), > 0.
  float distance = 1.0f;
  /// Pull the camera in front of geometry between it and the body (the spring arm).
  bool collide = true;
  /// Body and overlays drawn over the level (no depth test), the level dimmed: see_through().
  bool see_through = false;
  /// Where the aim lands in the view: this fraction of the half height above the centre (the
  /// camera pitches down to put it there). Headless captures set it so the body sits in the
  /// middle of the space above the frame panel rather than under it; 0: the centre.
  float aim_above_centre = 0.0f;
  /// Whom the camera follows: -1 the body (the session's character), N a scene file's character
  /// cN (movers.hpp; prism-query's names), drawn in olive.
  int character = -1;
};

/// The body and state the camera follows on a frame: the session's (`own_body`, `own_state`),
/// or scene file character `settings.character` where it stands at `frame` (`other` true).
struct Followed {
  collision::Body body;
  collision::CharacterState state;
  bool other = false;
};
Followed followed(const FollowSettings& settings, const SessionMovers* movers, const std::optional<MoverFrame>& frame,
                  const collision::Body& own_body, const collision::CharacterState& own_state);
/// Why `character` cannot be followed in a scene with these movers ("" when it can).
std::string follow_error(int character, const SessionMovers* movers);

/// The spring arm's lag (Unreal's "camera lag" on the arm's length): the arm pulls in at once,
/// so geometry never hides the body, and eases back out, so a wall passed does not make the
/// camera pop back. Plain state carried from one drawn frame to the next.
struct ArmLag {
  float length = -1.0f;   ///< the arm's length last drawn (< 0: none yet, take the free length)
  float rate = 4.0f;      ///< 1/s: the gap to the free length shrinks by e^(-rate dt) a frame
};

/// The arm's length this frame: `free_length` when shorter than the last (instantly in), else
/// eased towards it over `dt` seconds. Updates and returns lag.length.
float ease_arm(ArmLag& lag, float free_length, float dt);

/// Where a camera wanted at `wanted` may stand, seen from `pivot`: the sphere of
/// `probe_radius` swept from `pivot` to `wanted` stops short of the first triangle it would
/// touch (by the probe's radius again, so the near plane never reaches the wall). A start in
/// overlap (the pivot inside geometry) keeps `wanted`: nothing better is known.
glm::vec3 spring_arm(const collision::World& world, glm::vec3 pivot, glm::vec3 wanted, float probe_radius);

/// Behind, above and a little to the side of the body along its look yaw, aimed between the
/// body and the frame's wall contact (if any), with Scene::up as the camera's up. With
/// settings.collide the arm is the longest free one among the wanted direction and a few
/// turned or raised ones (a wall right behind the body swings the camera aside rather than
/// pressing it onto the body); the aim moves back onto the body as the arm shortens. With a
/// `lag` (the live window) the arm's length eases out over `dt` seconds (ease_arm); without
/// one (headless captures, a frame apart or many) the camera stands at the free length.
renderer::Camera follow_camera(const Scene& scene, const collision::Body& body,
                               const collision::CharacterState& state, float yaw,
                               const collision::Trace& trace, const FollowSettings& settings = {},
                               ArmLag* lag = nullptr, float dt = 0.0f);

/// See-through: moves the depth-tested overlays (the body among them) into the on-top list and
/// puts a dark translucent sheet just in front of `camera` into the depth-tested list, so the
/// level (drawn before it) is dimmed and everything on top stays bright.
void see_through(OverlayFrame& overlay, const renderer::Camera& camera, glm::uvec2 extent);

}  // namespace debugger
