#pragma once
// Internal: the three move methods behind collision::move().
#include <span>

#include "collision/move.hpp"
#include "move/collider.hpp"

namespace collision::detail {

/// Extra rules the character layer puts on a robust move.
struct SlideConstraints {
  MovePhase phase = MovePhase::kMove;  ///< recorded in the trace
  glm::vec3 up{0.0f};
  float min_walkable_cos = 0.0f;
  /// Treat non-walkable contacts as vertical walls (their normal flattened onto the ground
  /// plane), so walking never climbs a steep slope.
  bool steep_as_wall = false;
  /// Faces the body already touches at `position`, at the skin or closer without overlapping,
  /// by their exact gaps there (the character's contacts at its step's start, or its wall test
  /// at a step-up's lifted height; `phase` unused). The move is clipped against the planes of
  /// those it presses into before its first sweep, as Quake 3's PM_SlideMove seeds its planes
  /// with the ground plane: a sweep would meet each of them at once and clip the same, so this
  /// saves that sweep (on ground, every walking step's first). Flattened as hit normals are
  /// when steep_as_wall; at most three are kept, and recorded in Trace::touching.
  std::span<const TouchingPlane> touching;
};

/// The robust collide-and-slide against a World or a scene (move/collider.hpp).
MoveResult move_robust(const Collider& world, const Body& body, const glm::vec3& position,
                       const glm::vec3& displacement, const MoveParams& params, Trace* trace,
                       const SlideConstraints& constraints = {});

/// A move's trace (when non-null) cleared and started: method, start, desired displacement.
void begin_trace(Trace* trace, const MoveParams& params, const glm::vec3& position, const glm::vec3& displacement);

/// Throws std::invalid_argument when the body, parameters or vectors are unusable.
void validate_move(const Body& body, const glm::vec3& position, const glm::vec3& displacement,
                   const MoveParams& params);

/// The offset prism method (offset plane + edge and acute-angle clip planes, point response).
MoveResult move_offset_prism(const World& world, const Body& body, const glm::vec3& position,
                             const glm::vec3& displacement, const MoveParams& params, Trace* trace);

/// The sphere classification (sphere classified against each plane, push-out response).
MoveResult move_sphere_classify(const World& world, const Body& body, const glm::vec3& position,
                                const glm::vec3& displacement, const MoveParams& params,
                                Trace* trace);

/// The box edges method (the box's 12 edges cast as segments at the new position, per-edge response);
/// body.radii are the box's half extents.
MoveResult move_box_edges(const World& world, const Body& body, const glm::vec3& position,
                          const glm::vec3& displacement, const MoveParams& params, Trace* trace);

}  // namespace collision::detail
