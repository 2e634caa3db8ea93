// "What if" on a game's recording (what_if.hpp).
#include "debugger/what_if.hpp"

#include <bit>
#include <stdexcept>

namespace debugger {

// Named, not anonymous: the sanitizer build compiles several files of the library in one unit.
namespace what_if_parts {

bool same_body(const collision::Body& a, const collision::Body& b) {
  const auto bits = [](float f) { return std::bit_cast<std::uint32_t>(f); };
  return a.shape == b.shape && bits(a.radii.x) == bits(b.radii.x) && bits(a.radii.y) == bits(b.radii.y) &&
         bits(a.radii.z) == bits(b.radii.z) && bits(a.half_height) == bits(b.half_height) && bits(a.axis.x) == bits(b.axis.x) &&
         bits(a.axis.y) == bits(b.axis.y) && bits(a.axis.z) == bits(b.axis.z);
}

// The character's step in frame `index` (the last, when stepped twice), or null.
const collision::RecordedStep* step_in(const GameRecording& rec, std::uint32_t character, int index) {
  const collision::RecordedStep* found = nullptr;
  for (const GameStep& g : rec.steps(index))
    if (g.step.character == character && !g.step.placed()) found = &g.step;
  return found;
}

}  // namespace what_if_parts

bool recorded_setup(const GameRecording& rec, std::uint32_t character, int from, collision::Body& body,
                    collision::CharacterParams& params) {
  for (int i = std::max(from, 0); i < rec.frame_count(); ++i)
    if (const collision::RecordedStep* s = what_if_parts::step_in(rec, character, i)) {
      body = s->body;
      params = s->params;
      return true;
    }
  return false;
}

std::vector<WhatIfStep> what_if(const GameRecording& rec, std::uint32_t character, int from, const collision::Body& body,
                                const collision::CharacterParams& params, int max_steps) {
  std::vector<WhatIfStep> out;
  collision::CharacterState state;
  bool started = false;
  for (int i = std::max(from, 0); i < rec.frame_count() && static_cast<int>(out.size()) < max_steps; ++i) {
    const collision::RecordedStep* s = what_if_parts::step_in(rec, character, i);
    if (!s) continue;
    try {
      if (!started) {
        state = s->before;
        // Another body: its contacts where the recorded one stood (as a session's fork does).
        if (!what_if_parts::same_body(body, s->body)) state = collision::refresh_contacts(rec.world(), body, state, params);
        started = true;
      }
      state = collision::step_character(rec.world(), body, state, s->input, s->dt, params);
    } catch (const std::invalid_argument&) {
      break;  // the core refuses these settings or this state: the what-if ends here
    }
    out.push_back({i, s->after, state});
  }
  return out;
}

}  // namespace debugger
