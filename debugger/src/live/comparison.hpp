#pragma once
// Method comparison: the shown frame re-run with another method (same start state, same
// input), drawn beside the recorded one (a second ghost, move arrow and contact points), with
// the difference in numbers.

#include "debugger/palette.hpp"
#include "live/live_state.hpp"
#include "renderer/debug_draw.hpp"

namespace debugger::live {

/// The comparison's colour in the picture and the panel.
inline constexpr renderer::Colour kComparisonColour = palette::kComparedMethod;

/// Re-runs the shown frame with the comparison's method when the frame or method changed.
void update_comparison(LiveState& s);
/// Adds the comparison's ghost, move and contacts to the overlay (when on and computed).
void add_comparison_overlay(const LiveState& s, OverlayFrame& overlay);
/// The comparison controls and numbers, inside the current ImGui window.
void draw_comparison_section(LiveState& s);

}  // namespace debugger::live
