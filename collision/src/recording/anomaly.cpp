#include "recording/anomaly.hpp"

#include <cstdio>
#include <exception>
#include <type_traits>

#include <glm/geometric.hpp>

#include "recording/calls.hpp"
#include "recording/raw.hpp"

namespace collision::detail {

namespace rec = recording;

namespace {

// One step's anomaly, or empty.
std::string check_step(const Body& body, const CharacterState& before, const CharacterInput& input, float dt,
                       const CharacterParams& params, const CharacterState& after) {
  float skin = 0.0f;
  glm::vec3 up{0, 0, 1};
  try {
    const CharacterParams resolved = params.resolved(body);
    skin = resolved.move.resolved_skin(body);
    up = resolved.up;
  } catch (const std::exception&) {
    return {};  // such a step throws, and is not recorded
  }
  char line[160];
  for (const Contact& c : after.contacts) {
    if (c.distance < -skin) {
      std::snprintf(line, sizeof line, "ends %.6g deep, past its skin %.6g, in triangle %u", -c.distance, skin,
                    c.triangle);
      return line;
    }
  }
  const glm::vec3 asked = (input.velocity - up * glm::dot(input.velocity, up)) * dt;
  if (glm::length(asked) < 0.01f * body.min_radius() || after.position != before.position) return {};
  for (const Contact& c : after.contacts)
    if (glm::dot(asked, c.normal) < 0.0f) return {};  // pressed against it: standing still is right
  std::snprintf(line, sizeof line, "stuck: asked to move %.6g, did not move", glm::length(asked));
  return line;
}

}  // namespace

std::string find_anomaly(const PendingChunk& frame) {
  std::string found;
  for (const RawBlock& block : frame.blocks) {
    std::size_t index = 0;
    const auto check = [&]<class Call>(CallKind, std::uint32_t, const Call& call, const typename Call::Result& after) {
      std::string what;
      if constexpr (std::is_same_v<Call, rec::StepCall>) {
        what = check_step(call.body, call.state, call.input, call.dt, call.params, after);
      } else if constexpr (std::is_same_v<Call, rec::StepBatchCall>) {
        for (std::size_t i = 0; what.empty() && i < call.states.size() && i < call.inputs.size() && i < after.size(); ++i)
          what = check_step(call.body, call.states[i], call.inputs[i], call.dt, call.params, after[i]);
      }
      if (found.empty() && !what.empty())
        found = "call " + std::to_string(index) + " of thread " + std::to_string(block.thread) + ", " +
                to_string(Call::kind) + ": " + what;
      ++index;
    };
    rec::for_each_raw_call(block.bytes.bytes(), block.calls, check);
    if (!found.empty()) break;
  }
  return found;
}

}  // namespace collision::detail
