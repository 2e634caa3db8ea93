#pragma once
// The timeline: transport buttons, a slider over the whole recording, and per-frame plots
// (speed, slide iterations, contacts, penetration; ImGui::PlotLines) with event markers, so
// trouble shows before a number is read; "pause on event" checkboxes per event kind.

#include <cstdint>
#include <vector>

#include "live/frame_control.hpp"
#include "live/live_state.hpp"

namespace debugger::live {

/// The plots downsampled to one value per pixel column (the largest of the frames in it), kept
/// between frames and rebuilt when the recording grows or changes.
struct TimelinePlots {
  std::uint64_t recording = 0;
  std::size_t frames = 0;
  int columns = 0;
  int lo = 0, hi = -1;  ///< the frames shown (the zoom)
  std::vector<float> speed, iterations, contacts, penetration;
  float max_speed = 1.0f, max_iterations = 1.0f, max_contacts = 1.0f, max_penetration = 1e-6f;
};

/// Draws the timeline window (placed by the caller: layout.hpp); fills `command`.
void draw_timeline_panel(LiveState& s, TimelinePlots& plots, FrameCommand& command);

/// Colour of an event marker, RGBA8: the overlays' colour of the same meaning (contacts teal,
/// ground violet, steep ground brown, step-ups lime), anomalies red, the other events grey.
std::uint32_t event_colour(EventKind kind);

}  // namespace debugger::live
