#pragma once
/// @file character.hpp
/// A character controller on top of move(), modelled on Jolt's CharacterVirtual and PhysX's
/// PxController: velocity in, velocity out; a skin kept against everything touched; walkable
/// slopes walked along, steep ground slid down; step-up onto stairs; stick-to-floor (snap-down);
/// depenetration at a bounded rate; and the list of contacts each step ends touching.
/// One call advances one fixed time step.
///
/// Units: the mesh's (lengths), seconds, units/s, units/s^2. The up axis is a parameter (it must
/// be set: the core assumes neither Y-up nor Z-up). Gravity points along -up.
///
/// Per step (the protocol of Jolt's CharacterVirtual unit tests, done inside the layer):
///  1. Depenetration (robust method): a body overlapping geometry is pushed out along the
///     contact normals by `recovery` x (overlap + skin), at most `max_recovery_push`.
///  2. Velocity: on walkable ground and not moving away from it, the carried velocity is reset to
///     the ground's velocity (plus the jump speed when a jump is asked); elsewhere it is kept.
///     Then velocity += gravity dt, plus the desired velocity's horizontal part. With no desired
///     velocity on walkable ground the body does not creep down the slope it stands on.
///  3. Move by velocity dt with collide-and-slide. On walkable ground the move slides along the
///     ground (on a ramp it goes up or down the ramp); steep contacts act as vertical walls for
///     walking. Blocked by a steep contact, step-up is tried (Jolt's WalkStairs).
///  4. Skin: the body ends exactly `skin` away from what it touches (within 1e-4 of its radius):
///     a body found inside its skin is moved back out along the contact normals.
///  5. Stick to floor: a body that was on walkable ground and is not after the move is snapped
///     down onto walkable ground within `snap_distance`.
///  6. Contacts (gap <= skin + contact_tolerance) give the ground state and ground normal; the
///     velocity parts pushing into them are removed (for the input's part, steep contacts count
///     as walls: Jolt's CancelVelocityTowardsSteepSlopes). Edges internal to a surface the body
///     is over (a floor's diagonal) are listed but do not constrain.
///
/// Errors: invalid parameters, input or state (NaN, negative magnitudes, an unset up vector, a
/// slope outside [0, 90), negative dt) throw std::invalid_argument naming the field.

#include <optional>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/contacts.hpp"
#include "collision/move.hpp"

namespace collision {

/// Settings. A std::optional left empty is derived from the body by resolved(); the derivations
/// use h, the body's height (twice its radius along up), and r, its smallest radius, and give a
/// Quake player's figures for a sphere of radius 16 (walk 320, gravity 800, jump 270, step 18).
struct CharacterParams {
  /// Unit up vector (gravity points the other way). Required: a zero vector is an error.
  glm::vec3 up{0.0f};
  float max_slope_degrees = 50.0f;  ///< steepest walkable ground, inclusive (Jolt's default)
  std::optional<float> gravity;     ///< magnitude along -up, units/s^2, >= 0; derived 25 h
  std::optional<float> jump_speed;  ///< units/s, >= 0; derived 8.4375 h
  /// Speed of walk_velocity(), for callers that steer by a direction (walk scripts, the
  /// debugger); step_character itself takes velocities. Units/s, >= 0; derived 10 h.
  std::optional<float> walk_speed;
  std::optional<float> step_height;  ///< highest stair step-up climbs; 0 turns it off; derived 0.5625 h
  /// Shortest forward move tried at the lifted height, beyond the skin (Jolt's mWalkStairsMinStepForward, 0.02 m
  /// for its 0.3 m character); derived r / 15.
  std::optional<float> min_step_forward;
  /// How far ahead a stair's floor is looked for when the first landing is on its edge (Jolt's
  /// mWalkStairsStepForwardTest, 0.15 m for 0.3 m); derived r / 2.
  std::optional<float> step_forward_test;
  std::optional<float> snap_distance;  ///< stick-to-floor reach; 0 turns it off; derived: step height
  /// Fraction of an overlap resolved per step, in [0, 1] (Jolt's mPenetrationRecoverySpeed).
  float recovery = 1.0f;
  /// Longest depenetration push per step; derived r + skin (a centre on a surface leaves it in
  /// one step, deeper starts take several).
  std::optional<float> max_recovery_push;
  /// Gap beyond the skin within which a triangle still counts as touched; derived 1e-3 r.
  std::optional<float> contact_tolerance;
  MoveParams move;  ///< method, iterations, skin

  /// A copy with every optional filled in for `body` and up normalised. Throws
  /// std::invalid_argument naming the field for any invalid value.
  CharacterParams resolved(const Body& body) const;
};

/// What the game asks for in one step.
struct CharacterInput {
  /// Desired velocity, units/s. Only its horizontal part (perpendicular to up) is used: on
  /// walkable ground the move slides it along the ground; vertical motion comes from gravity,
  /// jumps and the ground's velocity.
  glm::vec3 velocity{0.0f};
  bool jump = false;  ///< leave walkable ground at jump_speed (ignored elsewhere)
  /// Velocity of what the character stands on (a moving platform), units/s: carried while on
  /// walkable ground.
  glm::vec3 ground_velocity{0.0f};
};

/// The character between steps. Plain data: a step is a pure function of (state, input, dt,
/// params), bit-identical for identical input.
struct CharacterState {
  glm::vec3 position{0.0f};  ///< body centre
  /// The body's velocity after the step, units/s: the carried velocity (gravity, jump, slides,
  /// ground) plus the input's, with every part pushing into a touched triangle removed.
  glm::vec3 velocity{0.0f};
  /// The part of `velocity` that came from the input: the next step replaces it with its own
  /// input, and keeps the rest (velocity - input_velocity) as the carried velocity.
  glm::vec3 input_velocity{0.0f};
  glm::vec3 effective_velocity{0.0f};  ///< actual displacement of the last step / dt
  GroundState ground = GroundState::kInAir;
  glm::vec3 ground_normal{0.0f};  ///< unit; zero in the air
  std::uint32_t ground_triangle = kNoTriangle;
  /// What ground_triangle belongs to: kStaticLevel, or in a Scene an instance or character.
  std::uint32_t ground_instance = kStaticLevel;
  /// Triangles touched at the end of the step (gap <= skin + contact_tolerance), ascending.
  std::vector<Contact> contacts;
  /// A digest of what `contacts` were found for (the world, World::id(); the body; the reach,
  /// skin + contact tolerance; the position) and of the contacts themselves. step_character and
  /// refresh_contacts set it where `contacts` are exactly what find_contacts gives at
  /// `position`. A step whose state still matches its digest takes those contacts as the ones
  /// at its start (the overlaps it recovers from, the faces it starts against) instead of
  /// looking them up; any change (a state moved, built or edited by its caller, another world
  /// or body) makes it look them up. Either way the step's result is the same: the digest only
  /// saves a query. 0 matches nothing.
  std::uint64_t contacts_key = 0;
};

/// Advances the character by `dt` seconds (dt > 0; dt == 0 only refreshes the contacts).
/// Fills `trace` (the slide moves, step-up, depenetration and ground) when non-null.
CharacterState step_character(const World& world, const Body& body, const CharacterState& state,
                              const CharacterInput& input, float dt, const CharacterParams& params,
                              Trace* trace = nullptr);

/// step_character in place (Jolt's CharacterVirtual::Update): `state` becomes the step's
/// result, bit for bit what step_character returns, and its contact list's memory is reused, so
/// that a character stepped frame after frame allocates nothing once its list has grown (with
/// no trace; a trace's own lists may grow). On an exception (invalid input) `state` is left
/// as it was.
void update_character(const World& world, const Body& body, CharacterState& state, const CharacterInput& input,
                      float dt, const CharacterParams& params, Trace* trace = nullptr);

/// The state with its contacts, ground state, ground normal and ground triangle computed at its
/// position, without moving: a character placed at rest starts on the ground.
CharacterState refresh_contacts(const World& world, const Body& body, const CharacterState& state,
                                const CharacterParams& params);

/// Input steered by a direction, as walk scripts and the debugger's keys give it.
struct WalkInput {
  glm::vec3 wish{0.0f};      ///< horizontal direction; length <= 1 scales the speed, longer is normalised
  bool jump = false;
  float speed_scale = 1.0f;  ///< 2 = run
};

/// The CharacterInput for a WalkInput: velocity = wish x walk_speed x speed_scale (walk_speed
/// derived for `body` when empty; a negative scale counts as 0). Throws std::invalid_argument
/// on non-finite input.
CharacterInput walk_input(const WalkInput& walk, const CharacterParams& params, const Body& body);

}  // namespace collision
