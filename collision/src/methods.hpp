#pragma once
// Internal: the three move methods behind collision::move().
#include "collision/move.hpp"

namespace collision::detail {

/// Extra rules the character layer puts on a robust move.
struct SlideConstraints {
  MovePhase phase = MovePhase::kMove;  ///< recorded in the trace
  glm::vec3 up{0.0f};
  float min_walkable_cos = 0.0f;
  /// Treat non-walkable contacts as vertical walls (their normal flattened onto the ground
  /// plane), so walking never climbs a steep slope.
  bool steep_as_wall = false;
};

MoveResult move_robust(const World& world, const Body& body, const glm::vec3& position,
                       const glm::vec3& displacement, const MoveParams& params, Trace* trace,
                       const SlideConstraints& constraints = {});

/// Throws std::invalid_argument when the body, parameters or vectors are unusable.
void validate_move(const Body& body, const glm::vec3& position, const glm::vec3& displacement,
                   const MoveParams& params);

/// Seed 000 (offset plane + edge and acute-angle clip planes, point response).
MoveResult move_offset_prism(const World& world, const Body& body, const glm::vec3& position,
                             const glm::vec3& displacement, const MoveParams& params, Trace* trace);

/// Seed 001 (sphere classified against each plane, push-out response).
MoveResult move_sphere_classify(const World& world, const Body& body, const glm::vec3& position,
                                const glm::vec3& displacement, const MoveParams& params,
                                Trace* trace);

/// Seed 004 (the box's 12 edges cast as segments at the new position, per-edge response);
/// body.radii are the box's half extents.
MoveResult move_box_edges(const World& world, const Body& body, const glm::vec3& position,
                          const glm::vec3& displacement, const MoveParams& params, Trace* trace);

}  // namespace collision::detail
