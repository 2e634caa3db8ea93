// Re-running a recorded call with this build's core and comparing its result, bit for bit, with
// the recorded one (collision/recording_file.hpp, prism-query recording --check).
#include <algorithm>
#include <cstdio>
#include <exception>

#include "collision/body.hpp"
#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "collision/recording_file.hpp"
#include "collision/world.hpp"
#include "recording/calls.hpp"

namespace collision {

namespace rec = detail::recording;

namespace {

RayHit run(const World& w, const rec::RaycastCall& c) { return raycast(w, c.origin, c.delta); }
SweepHit run(const World& w, const rec::SweepSphereCall& c) {
  return sweep_sphere(w, c.center, c.radius, c.delta, c.options);
}
SweepHit run(const World& w, const rec::SweepEllipsoidCall& c) {
  return sweep_ellipsoid(w, c.center, c.radii, c.delta, c.options);
}
SweepHit run(const World& w, const rec::SweepBoxCall& c) {
  return sweep_box(w, c.center, c.half_extents, c.delta, c.options);
}
SweepHit run(const World& w, const rec::SweepCapsuleCall& c) {
  return sweep_capsule(w, c.center, c.radius, c.half_height, c.axis, c.delta, c.options);
}
SweepHit run(const World& w, const rec::SweepBodyCall& c) { return sweep(w, c.body, c.center, c.delta, c.options); }
std::vector<std::uint32_t> run(const World& w, const rec::OverlapSphereCall& c) {
  std::vector<std::uint32_t> out;
  overlap_sphere(w, c.center, c.radius, out);
  return out;
}
std::vector<std::uint32_t> run(const World& w, const rec::OverlapAabbCall& c) {
  std::vector<std::uint32_t> out;
  overlap_aabb(w, c.box, out);
  return out;
}
std::vector<Contact> run(const World& w, const rec::FindContactsCall& c) {
  std::vector<Contact> out;
  find_contacts(w, c.body, c.center, c.reach, out);
  return out;
}
MoveResult run(const World& w, const rec::MoveCall& c) { return move(w, c.body, c.position, c.displacement, c.params); }
// The recorded state's contacts_key is not kept (it digests the recording process's world): a
// step without it looks its contacts up, with the same result.
CharacterState run(const World& w, const rec::StepCall& c) {
  return step_character(w, c.body, c.state, c.input, c.dt, c.params);
}
CharacterState run(const World& w, const rec::RefreshCall& c) { return refresh_contacts(w, c.body, c.state, c.params); }
std::vector<SweepHit> run(const World& w, const rec::SweepBatchCall& c) {
  std::vector<SweepHit> out(c.queries.size());
  sweep_batch(w, c.body, c.queries, out, c.options, c.threads);
  return out;
}
std::vector<SweepHit> run(const World& w, const rec::SweepSphereBatchCall& c) {
  std::vector<SweepHit> out(c.queries.size());
  sweep_sphere_batch(w, c.radius, c.queries, out, c.options, c.threads);
  return out;
}
std::vector<RayHit> run(const World& w, const rec::RaycastBatchCall& c) {
  std::vector<RayHit> out(c.queries.size());
  raycast_batch(w, c.queries, out, c.threads);
  return out;
}
std::vector<CharacterState> run(const World& w, const rec::StepBatchCall& c) {
  std::vector<CharacterState> states = c.states;
  if (c.inputs.size() < states.size()) throw std::invalid_argument("fewer inputs than characters");
  step_characters(w, c.body, states, c.inputs, c.dt, c.params, c.threads);
  return states;
}

std::string text(const char* format, double a, double b = 0, double c = 0) {
  char line[160];
  std::snprintf(line, sizeof line, format, a, b, c);
  return line;
}

// One line about a result: what a reader of --check needs to see which way it changed.
std::string describe(const RayHit& h) {
  return h.hit ? text("hit at t %.9g", h.t) + ", triangle " + std::to_string(h.triangle) : "no hit";
}
std::string describe(const SweepHit& h) {
  return h.hit ? text("hit at toi %.9g", h.toi) + ", triangle " + std::to_string(h.triangle) : "no hit";
}
std::string describe(const std::vector<std::uint32_t>& v) { return std::to_string(v.size()) + " triangles"; }
std::string describe(const std::vector<Contact>& v) { return std::to_string(v.size()) + " contacts"; }
std::string describe(const MoveResult& r) {
  return text("ends at (%.9g, %.9g, %.9g)", r.position.x, r.position.y, r.position.z) + " after " +
         std::to_string(r.iterations) + " iterations";
}
std::string describe(const CharacterState& s) {
  return text("ends at (%.9g, %.9g, %.9g)", s.position.x, s.position.y, s.position.z) + ", " + to_string(s.ground) +
         ", " + std::to_string(s.contacts.size()) + " contacts";
}
template <class T>
rec::ByteBuffer encode(const T& v) {
  rec::ByteBuffer bytes;
  rec::ByteWriter{bytes}(v);
  return bytes;
}
template <class T>
std::string describe_change(const T& recorded, const T& now) {
  return "recorded " + describe(recorded) + "; now " + describe(now);
}
template <class T>
std::string describe_change(const std::vector<T>& recorded, const std::vector<T>& now)
  requires(!std::is_same_v<T, std::uint32_t> && !std::is_same_v<T, Contact>)
{
  if (recorded.size() != now.size())
    return "recorded " + std::to_string(recorded.size()) + " results; now " + std::to_string(now.size());
  for (std::size_t i = 0; i < recorded.size(); ++i)
    if (!std::ranges::equal(encode(recorded[i]).bytes(), encode(now[i]).bytes())) return "item " + std::to_string(i) + ": " + describe_change(recorded[i], now[i]);
  return "the results differ";
}

}  // namespace

std::string replay_difference(const World& world, const RecordedCall& call) {
  std::string difference;
  const bool known = rec::visit_kind(call.kind, [&]<class Call>() {
    Call decoded{};
    rec::ByteReader(call.inputs, call.offset)(decoded);
    typename Call::Result recorded{};
    rec::ByteReader(call.result, call.offset + call.inputs.size())(recorded);
    typename Call::Result now{};
    try {
      now = run(world, decoded);
    } catch (const std::exception& e) {
      difference = std::string("the re-run threw: ") + e.what();
      return;
    }
    if (std::ranges::equal(encode(now).bytes(), call.result)) return;
    difference = describe_change(recorded, now);
    if (describe_change(recorded, recorded) == difference) difference += " (other fields differ)";
  });
  if (!known) difference = "unknown call kind";
  return difference;
}

}  // namespace collision
