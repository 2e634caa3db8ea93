#pragma once
/// @file what_if.hpp
/// "What if" on a game's recording (game_recording.hpp): a recorded character's steps re-run
/// from one frame on with another body, other settings or another method, each step from the
/// state the one before it left, with the recorded input and time step of its frame, so the
/// changed outcome can be seen beside the recorded one for that step and the frames after it.
/// Deterministic: with the recorded body and settings it gives the recorded states bit for bit.

#include <cstdint>
#include <vector>

#include "collision/body.hpp"
#include "collision/character.hpp"
#include "debugger/game_recording.hpp"

namespace debugger {

struct WhatIfStep {
  int frame = 0;  ///< GameRecording's frame index
  collision::CharacterState recorded;  ///< the recorded state after the step
  collision::CharacterState what_if;   ///< the state after it with the change
};

/// `character`'s steps from its first step at or after frame index `from`, at most
/// `max_steps`, re-run with `body` and `params` (placements, refresh_contacts, are left out).
/// The first starts from the recorded state before that step, its contacts looked up again for
/// `body` when it is not the recorded one. A step the core refuses (settings outside its domain)
/// ends the list there. Empty when the character has no step from `from` on.
std::vector<WhatIfStep> what_if(const GameRecording& recording, std::uint32_t character, int from,
                                const collision::Body& body, const collision::CharacterParams& params,
                                int max_steps = 1 << 30);

/// The recorded body and settings of `character`'s first step at or after frame index `from`
/// (what a what-if starts changing); false when it has none.
bool recorded_setup(const GameRecording& recording, std::uint32_t character, int from, collision::Body& body,
                    collision::CharacterParams& params);

}  // namespace debugger
