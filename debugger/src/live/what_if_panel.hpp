#pragma once
// The recording window's "what if" (what_if.hpp): the followed character's recorded steps
// re-run from the shown frame with another method and/or its body scaled, drawn beside the
// recorded ones (the what-if path and body in the compared method's salmon) and compared in
// the side panel: how far apart they are at the shown frame and where they first part.
#include <optional>
#include <string>
#include <vector>

#include "collision/trace.hpp"
#include "debugger/game_recording.hpp"
#include "debugger/overlay.hpp"
#include "debugger/what_if.hpp"

namespace debugger::live {

struct WhatIfView {
  collision::Method method = collision::Method::kRobust;
  float scale = 1.0f;  ///< the body's size, x the recorded one
  int from = -1;       ///< the frame index it was run from (-1: none run)
  collision::Body body;
  std::vector<WhatIfStep> steps;
  std::uint64_t version = 0;  ///< changes when it is run or cleared (redraw)
};

/// Re-runs `character`'s steps from frame index `from` with the view's method and scale.
void run_what_if(WhatIfView& view, const GameRecording& recording, std::uint32_t character, int from);

/// The panel section (inside the current window): method, scale, "run from this frame",
/// "clear", and the comparison at `shown` (a frame index). Runs it when asked.
void draw_what_if(WhatIfView& view, const GameRecording& recording, std::uint32_t character, int shown);

/// The what-if path up to `shown` and its body there, in the compared method's colour.
void add_what_if(const WhatIfView& view, int shown, OverlayFrame& out);

/// One line for the key script's dump: "what if: none", or its method, scale, frames, the first
/// frame where it parts from the recording and the distance at `shown`.
std::string describe_what_if(const WhatIfView& view, const GameRecording& recording, int shown);

}  // namespace debugger::live
