#pragma once
// What a recorded call holds: one struct per kind of call with its inputs (a copy of every
// argument that decides the result), the type of its result, and the `fields` lists that encode
// both (archive.hpp). The same structs serve the recorder (record_call.hpp) and the replay
// (replay.cpp), which re-runs a call from them.
#include <cstdint>
#include <span>
#include <vector>

#include "collision/batch.hpp"
#include "collision/character.hpp"
#include "collision/contacts.hpp"
#include "collision/move.hpp"
#include "collision/queries.hpp"
#include "collision/recording_file.hpp"
#include "recording/archive.hpp"

namespace collision::detail::recording {

// The core's types, field by field. The character state leaves out contacts_key: it digests
// the process's World::id(), which a replay cannot have, and never changes a step's result.
template <class T, class Type>  // `Is<Type> T`: T is Type or const Type
concept Is = std::same_as<std::remove_const_t<T>, Type>;

template <class A, Is<RayHit> T> void fields(A& a, T& v) {
  a(v.hit, v.invalid_input, v.t, v.point, v.normal, v.triangle);
}
template <class A, Is<SweepHit> T> void fields(A& a, T& v) {
  a(v.hit, v.invalid_input, v.start_overlap, v.toi, v.penetration, v.point, v.normal, v.triangle, v.feature);
  check_enum(a, v.feature, Feature::kVertex, "feature");
}
template <class A, Is<SweepOptions> T> void fields(A& a, T& v) { a(v.one_sided); }
template <class A, Is<Aabb> T> void fields(A& a, T& v) { a(v.min, v.max); }
template <class A, Is<Body> T> void fields(A& a, T& v) {
  a(v.shape, v.radii, v.half_height, v.axis);
  check_enum(a, v.shape, Shape::kCapsule, "body shape");
}
template <class A, Is<SegmentQuery> T> void fields(A& a, T& v) { a(v.origin, v.delta); }
template <class A, Is<Contact> T> void fields(A& a, T& v) {
  a(v.triangle, v.point, v.normal, v.distance, v.feature, v.walkable);
  check_enum(a, v.feature, Feature::kVertex, "contact feature");
}
template <class A, Is<MoveParams> T> void fields(A& a, T& v) {
  a(v.method, v.max_iterations, v.skin_width, v.one_sided, v.edge_margin, v.offset_prism_epsilon);
  check_enum(a, v.method, Method::kBoxEdges, "method");
}
template <class A, Is<MoveResult> T> void fields(A& a, T& v) {
  a(v.position, v.iterations, v.hit, v.blocked, v.start_overlap, v.last_normal);
}
template <class A, Is<CharacterParams> T> void fields(A& a, T& v) {
  a(v.up, v.max_slope_degrees, v.gravity, v.jump_speed, v.walk_speed, v.step_height, v.min_step_forward,
    v.step_forward_test, v.snap_distance, v.recovery, v.max_recovery_push, v.contact_tolerance, v.move);
}
template <class A, Is<CharacterInput> T> void fields(A& a, T& v) { a(v.velocity, v.jump, v.ground_velocity); }
template <class A, Is<CharacterState> T> void fields(A& a, T& v) {
  a(v.position, v.velocity, v.input_velocity, v.effective_velocity, v.ground, v.ground_normal, v.ground_triangle,
    v.contacts);
  check_enum(a, v.ground, GroundState::kOnSteepGround, "ground state");
}

/// A character is its state object: the address the game steps it at. A type of its own, so
/// that the calls' encoding (refs.hpp) knows which state it names.
struct CharacterId {
  std::uint64_t value = 0;
};
template <class A, Is<CharacterId> T> void fields(A& a, T& v) { a(v.value); }
inline CharacterId character_id(const CharacterState& state) {
  return {static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(&state))};
}

// The calls. `character` is the address of the game's CharacterState: the reader numbers the
// characters by it (the same state object stepped frame after frame is one character).
struct RaycastCall {
  static constexpr CallKind kind = CallKind::kRaycast;
  using Result = RayHit;
  glm::vec3 origin, delta;
};
struct SweepSphereCall {
  static constexpr CallKind kind = CallKind::kSweepSphere;
  using Result = SweepHit;
  glm::vec3 center; float radius; glm::vec3 delta; SweepOptions options;
};
struct SweepEllipsoidCall {
  static constexpr CallKind kind = CallKind::kSweepEllipsoid;
  using Result = SweepHit;
  glm::vec3 center, radii, delta; SweepOptions options;
};
struct SweepBoxCall {
  static constexpr CallKind kind = CallKind::kSweepBox;
  using Result = SweepHit;
  glm::vec3 center, half_extents, delta; SweepOptions options;
};
struct SweepCapsuleCall {
  static constexpr CallKind kind = CallKind::kSweepCapsule;
  using Result = SweepHit;
  glm::vec3 center; float radius, half_height; glm::vec3 axis, delta; SweepOptions options;
};
struct SweepBodyCall {
  static constexpr CallKind kind = CallKind::kSweep;
  using Result = SweepHit;
  Body body; glm::vec3 center, delta; SweepOptions options;
};
struct OverlapSphereCall {
  static constexpr CallKind kind = CallKind::kOverlapSphere;
  using Result = std::vector<std::uint32_t>;
  glm::vec3 center; float radius;
};
struct OverlapAabbCall {
  static constexpr CallKind kind = CallKind::kOverlapAabb;
  using Result = std::vector<std::uint32_t>;
  Aabb box;
};
struct FindContactsCall {
  static constexpr CallKind kind = CallKind::kFindContacts;
  using Result = std::vector<Contact>;
  Body body; glm::vec3 center; float reach;
};
struct MoveCall {
  static constexpr CallKind kind = CallKind::kMove;
  using Result = MoveResult;
  Body body; glm::vec3 position, displacement; MoveParams params;
};
struct StepCall {  // step_character and update_character
  static constexpr CallKind kind = CallKind::kStepCharacter;
  using Result = CharacterState;
  CharacterId character; Body body; CharacterState state; CharacterInput input; float dt; CharacterParams params;
};
struct RefreshCall {
  static constexpr CallKind kind = CallKind::kRefreshContacts;
  using Result = CharacterState;
  CharacterId character; Body body; CharacterState state; CharacterParams params;
};
struct SweepBatchCall {
  static constexpr CallKind kind = CallKind::kSweepBatch;
  using Result = std::vector<SweepHit>;
  Body body; std::vector<SegmentQuery> queries; SweepOptions options; std::uint32_t threads;
};
struct SweepSphereBatchCall {
  static constexpr CallKind kind = CallKind::kSweepSphereBatch;
  using Result = std::vector<SweepHit>;
  float radius; std::vector<SegmentQuery> queries; SweepOptions options; std::uint32_t threads;
};
struct RaycastBatchCall {
  static constexpr CallKind kind = CallKind::kRaycastBatch;
  using Result = std::vector<RayHit>;
  std::vector<SegmentQuery> queries; std::uint32_t threads;
};
struct StepBatchCall {  // step_characters
  static constexpr CallKind kind = CallKind::kStepCharacters;
  using Result = std::vector<CharacterState>;
  std::vector<CharacterId> characters; Body body; std::vector<CharacterState> states;
  std::vector<CharacterInput> inputs; float dt; CharacterParams params; std::uint32_t threads;
};

template <class A, Is<RaycastCall> T> void fields(A& a, T& v) { a(v.origin, v.delta); }
template <class A, Is<SweepSphereCall> T> void fields(A& a, T& v) { a(v.center, v.radius, v.delta, v.options); }
template <class A, Is<SweepEllipsoidCall> T> void fields(A& a, T& v) { a(v.center, v.radii, v.delta, v.options); }
template <class A, Is<SweepBoxCall> T> void fields(A& a, T& v) { a(v.center, v.half_extents, v.delta, v.options); }
template <class A, Is<SweepCapsuleCall> T> void fields(A& a, T& v) {
  a(v.center, v.radius, v.half_height, v.axis, v.delta, v.options);
}
template <class A, Is<SweepBodyCall> T> void fields(A& a, T& v) { a(v.body, v.center, v.delta, v.options); }
template <class A, Is<OverlapSphereCall> T> void fields(A& a, T& v) { a(v.center, v.radius); }
template <class A, Is<OverlapAabbCall> T> void fields(A& a, T& v) { a(v.box); }
template <class A, Is<FindContactsCall> T> void fields(A& a, T& v) { a(v.body, v.center, v.reach); }
template <class A, Is<MoveCall> T> void fields(A& a, T& v) { a(v.body, v.position, v.displacement, v.params); }
template <class A, Is<StepCall> T> void fields(A& a, T& v) {
  a(v.character, v.body, v.state, v.input, v.dt, v.params);
}
template <class A, Is<RefreshCall> T> void fields(A& a, T& v) { a(v.character, v.body, v.state, v.params); }
template <class A, Is<SweepBatchCall> T> void fields(A& a, T& v) { a(v.body, v.queries, v.options, v.threads); }
template <class A, Is<SweepSphereBatchCall> T> void fields(A& a, T& v) {
  a(v.radius, v.queries, v.options, v.threads);
}
template <class A, Is<RaycastBatchCall> T> void fields(A& a, T& v) { a(v.queries, v.threads); }
template <class A, Is<StepBatchCall> T> void fields(A& a, T& v) {
  a(v.characters, v.body, v.states, v.inputs, v.dt, v.params, v.threads);
}

inline StepBatchCall step_batch_call(const Body& body, std::span<const CharacterState> states,
                                     std::span<const CharacterInput> inputs, float dt,
                                     const CharacterParams& params, unsigned threads) {
  StepBatchCall c{{}, body, {states.begin(), states.end()}, {inputs.begin(), inputs.begin() + states.size()},
                  dt, params, threads};
  c.characters.reserve(states.size());
  for (const CharacterState& s : states) c.characters.push_back(character_id(s));
  return c;
}

/// Calls f.template operator()<Call>() for the struct of `kind`; false for an unknown kind.
template <class F>
bool visit_kind(CallKind kind, F&& f) {
  switch (kind) {
    case CallKind::kRaycast: f.template operator()<RaycastCall>(); return true;
    case CallKind::kSweepSphere: f.template operator()<SweepSphereCall>(); return true;
    case CallKind::kSweepEllipsoid: f.template operator()<SweepEllipsoidCall>(); return true;
    case CallKind::kSweepBox: f.template operator()<SweepBoxCall>(); return true;
    case CallKind::kSweepCapsule: f.template operator()<SweepCapsuleCall>(); return true;
    case CallKind::kSweep: f.template operator()<SweepBodyCall>(); return true;
    case CallKind::kOverlapSphere: f.template operator()<OverlapSphereCall>(); return true;
    case CallKind::kOverlapAabb: f.template operator()<OverlapAabbCall>(); return true;
    case CallKind::kFindContacts: f.template operator()<FindContactsCall>(); return true;
    case CallKind::kMove: f.template operator()<MoveCall>(); return true;
    case CallKind::kStepCharacter: f.template operator()<StepCall>(); return true;
    case CallKind::kRefreshContacts: f.template operator()<RefreshCall>(); return true;
    case CallKind::kSweepBatch: f.template operator()<SweepBatchCall>(); return true;
    case CallKind::kSweepSphereBatch: f.template operator()<SweepSphereBatchCall>(); return true;
    case CallKind::kRaycastBatch: f.template operator()<RaycastBatchCall>(); return true;
    case CallKind::kStepCharacters: f.template operator()<StepBatchCall>(); return true;
  }
  return false;
}

}  // namespace collision::detail::recording
