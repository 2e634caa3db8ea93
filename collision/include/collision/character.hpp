#pragma once
/// @file character.hpp
/// A character on top of move(): gravity and jump, ground detection, maximum walkable slope,
/// step-up, snap-down and depenetration. One call advances one fixed time step.
///
/// Scale: every length default is derived from the body's size, so the same defaults suit a
/// metre-scale mesh and a Quake map. With a Quake player sphere of radius 16 they give Quake's
/// own figures: walk 320 units/s, gravity 800 units/s^2, jump 270 units/s, step 18 units.
/// The up axis is a parameter: the core assumes neither Y-up nor Z-up.

#include <glm/vec3.hpp>

#include "collision/move.hpp"

namespace collision {

struct CharacterParams {
  glm::vec3 up{0.0f, 0.0f, 1.0f};  ///< unit up vector (gravity points the other way)
  float max_slope_degrees = 45.0f; ///< steepest walkable ground, inclusive
  // Negative values are derived from the body's height (2 x its radius along up), h:
  float walk_speed = -1.0f;     ///< units/s; derived 10 h   (Quake: 320)
  float gravity = -1.0f;        ///< units/s^2; derived 25 h (Quake: 800)
  float jump_speed = -1.0f;     ///< units/s; derived 8.4375 h (Quake: 270)
  float step_height = -1.0f;    ///< units; derived 0.5625 h (Quake: 18)
  float ground_probe = -1.0f;   ///< how far below the body ground is looked for; derived 0.0625 h
  MoveParams move;              ///< method, iterations, skin

  /// A copy with every derived (negative) value filled in for `body`. Throws
  /// std::invalid_argument on NaN, a zero up vector or a slope outside [0, 90).
  CharacterParams resolved(const Body& body) const;
};

struct CharacterInput {
  glm::vec3 wish{0.0f};  ///< desired horizontal direction (length <= 1 scales the speed)
  bool jump = false;
  float speed_scale = 1.0f;  ///< 2 = run
};

struct CharacterState {
  glm::vec3 position{0.0f};
  glm::vec3 velocity{0.0f};
  GroundState ground = GroundState::kInAir;
  glm::vec3 ground_normal{0.0f};
  std::uint32_t ground_triangle = kNoTriangle;
};

/// Advances the character by `dt` seconds. Deterministic: the same inputs give bit-identical
/// results. Fills `trace` (the last slide move, the ground probe, step-up and depenetration)
/// when non-null.
CharacterState step_character(const World& world, const Body& body, const CharacterState& state,
                              const CharacterInput& input, float dt, const CharacterParams& params,
                              Trace* trace = nullptr);

}  // namespace collision
