#pragma once
// Re-running a recorded call with this build's core: one `run` per call struct (calls.hpp),
// calling the public function the recorder recorded it from. Used by the replay
// (replay.cpp, prism-query recording --check) and by a case's extraction (case.cpp).
#include <stdexcept>
#include <vector>

#include "collision/batch.hpp"
#include "collision/body.hpp"
#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "collision/world.hpp"
#include "recording/calls.hpp"

namespace collision::detail::recording {

inline RayHit run(const World& w, const RaycastCall& c) { return raycast(w, c.origin, c.delta); }
inline SweepHit run(const World& w, const SweepSphereCall& c) {
  return sweep_sphere(w, c.center, c.radius, c.delta, c.options);
}
inline SweepHit run(const World& w, const SweepEllipsoidCall& c) {
  return sweep_ellipsoid(w, c.center, c.radii, c.delta, c.options);
}
inline SweepHit run(const World& w, const SweepBoxCall& c) {
  return sweep_box(w, c.center, c.half_extents, c.delta, c.options);
}
inline SweepHit run(const World& w, const SweepCapsuleCall& c) {
  return sweep_capsule(w, c.center, c.radius, c.half_height, c.axis, c.delta, c.options);
}
inline SweepHit run(const World& w, const SweepBodyCall& c) { return sweep(w, c.body, c.center, c.delta, c.options); }
inline std::vector<std::uint32_t> run(const World& w, const OverlapSphereCall& c) {
  std::vector<std::uint32_t> out;
  overlap_sphere(w, c.center, c.radius, out);
  return out;
}
inline std::vector<std::uint32_t> run(const World& w, const OverlapAabbCall& c) {
  std::vector<std::uint32_t> out;
  overlap_aabb(w, c.box, out);
  return out;
}
inline std::vector<Contact> run(const World& w, const FindContactsCall& c) {
  std::vector<Contact> out;
  find_contacts(w, c.body, c.center, c.reach, out);
  return out;
}
inline MoveResult run(const World& w, const MoveCall& c) { return move(w, c.body, c.position, c.displacement, c.params); }
// The recorded state's contacts_key is not kept (it digests the recording process's world): a
// step without it looks its contacts up, with the same result.
inline CharacterState run(const World& w, const StepCall& c) {
  return step_character(w, c.body, c.state, c.input, c.dt, c.params);
}
inline CharacterState run(const World& w, const RefreshCall& c) { return refresh_contacts(w, c.body, c.state, c.params); }
inline std::vector<SweepHit> run(const World& w, const SweepBatchCall& c) {
  std::vector<SweepHit> out(c.queries.size());
  sweep_batch(w, c.body, c.queries, out, c.options, c.threads);
  return out;
}
inline std::vector<SweepHit> run(const World& w, const SweepSphereBatchCall& c) {
  std::vector<SweepHit> out(c.queries.size());
  sweep_sphere_batch(w, c.radius, c.queries, out, c.options, c.threads);
  return out;
}
inline std::vector<RayHit> run(const World& w, const RaycastBatchCall& c) {
  std::vector<RayHit> out(c.queries.size());
  raycast_batch(w, c.queries, out, c.threads);
  return out;
}
inline std::vector<CharacterState> run(const World& w, const StepBatchCall& c) {
  std::vector<CharacterState> states = c.states;
  if (c.inputs.size() < states.size()) throw std::invalid_argument("fewer inputs than characters");
  step_characters(w, c.body, states, c.inputs, c.dt, c.params, c.threads);
  return states;
}

/// A value as the file encodes it (the bit-for-bit test of two results).
template <class T>
ByteBuffer encode(const T& v) {
  ByteBuffer bytes;
  ByteWriter{bytes}(v);
  return bytes;
}

}  // namespace collision::detail::recording
