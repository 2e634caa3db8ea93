// Re-running a recorded call with this build's core and comparing its result, bit for bit, with
// the recorded one (collision/recording_file.hpp, prism-query recording --check).
#include <algorithm>
#include <cstdio>
#include <exception>

#include "collision/recording_file.hpp"
#include "collision/world.hpp"
#include "recording/calls.hpp"
#include "recording/rerun.hpp"

namespace collision {

namespace rec = detail::recording;

namespace {

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
    if (!std::ranges::equal(rec::encode(recorded[i]).bytes(), rec::encode(now[i]).bytes())) return "item " + std::to_string(i) + ": " + describe_change(recorded[i], now[i]);
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
      now = rec::run(world, decoded);
    } catch (const std::exception& e) {
      difference = std::string("the re-run threw: ") + e.what();
      return;
    }
    if (std::ranges::equal(rec::encode(now).bytes(), call.result)) return;
    difference = describe_change(recorded, now);
    if (describe_change(recorded, recorded) == difference) difference += " (other fields differ)";
  });
  if (!known) difference = "unknown call kind";
  return difference;
}

std::string recorded_result_text(const RecordedCall& call) {
  std::string text;
  try {
    rec::visit_kind(call.kind, [&]<class Call>() {
      typename Call::Result result{};
      rec::ByteReader(call.result, call.offset + call.inputs.size())(result);
      if constexpr (requires { describe(result); }) text = describe(result);
      else text = std::to_string(result.size()) + " results";
    });
  } catch (const rec::DecodeError& e) {
    throw RecordingError("offset " + std::to_string(e.offset) + ": " + e.what);
  }
  return text;
}

std::optional<RecordedQuery> recorded_query(const RecordedCall& call) {
  std::optional<RecordedQuery> q;
  try {
    rec::visit_kind(call.kind, [&]<class Call>() {
      if constexpr (std::is_same_v<typename Call::Result, RayHit> || std::is_same_v<typename Call::Result, SweepHit>) {
        Call c{};
        rec::ByteReader(call.inputs, call.offset)(c);
        typename Call::Result result{};
        rec::ByteReader(call.result, call.offset + call.inputs.size())(result);
        RecordedQuery out;
        out.kind = call.kind;
        if constexpr (std::is_same_v<Call, rec::RaycastCall>) {
          out.start = c.origin;
          out.ray = result;
        } else {
          out.start = c.center;
          out.options = c.options;
          out.sweep = result;
          if constexpr (std::is_same_v<Call, rec::SweepSphereCall>) out.body = Body::sphere(c.radius);
          else if constexpr (std::is_same_v<Call, rec::SweepEllipsoidCall>) out.body = Body::ellipsoid(c.radii);
          else if constexpr (std::is_same_v<Call, rec::SweepBoxCall>) out.body = Body::box(c.half_extents);
          else if constexpr (std::is_same_v<Call, rec::SweepCapsuleCall>) out.body = Body::capsule(c.radius, c.half_height, c.axis);
          else out.body = c.body;
        }
        out.delta = c.delta;
        q = out;
      }
    });
  } catch (const rec::DecodeError& e) {
    throw RecordingError("offset " + std::to_string(e.offset) + ": " + e.what);
  }
  return q;
}

}  // namespace collision
