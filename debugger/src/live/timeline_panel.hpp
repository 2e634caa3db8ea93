#pragma once
// The timeline: transport buttons, a slider over the whole recording, and per-frame plots
// (speed, slide iterations, contacts, penetration; ImGui::PlotLines) with event markers, so
// trouble shows before a number is read; "pause on event" checkboxes per event kind.

#include <array>
#include <cstdint>
#include <functional>
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

/// What a timeline shows: the 3D window's recording (draw_timeline_panel) or the 2D view's
/// (live2d.cpp), each with its own four plots.
struct TimelineSource {
  const Timeline* timeline = nullptr;  ///< per-frame plot values and the events
  std::uint64_t recording_id = 0;      ///< changes when the recording is replaced or cut
  int frame_count = 0;
  bool at_end = true;                  ///< the shown frame is the last recorded
  std::array<const char*, 4> plot_names = {"speed", "iterations", "contacts", "penetration"};
  /// Each plot's caption, with its maximum (printf, one double).
  std::array<const char*, 4> plot_captions = {"speed  max %.3g", "slide iterations  max %.0f", "contacts  max %.0f",
                                              "penetration  max %.3g"};
  bool speeds = true;        ///< the playback speed buttons
  bool export_range = true;  ///< the "export range" button
  bool branch = true;        ///< the "branch here" button (a game's recording cannot branch)
  /// Drawn at the end of the transport row (the 3D window's branch list); may set the command.
  std::function<void(FrameCommand&)> extra;
};

/// Draws the timeline window (placed by the caller: layout.hpp) of `source`; fills `command`.
void draw_timeline(const TimelineSource& source, Playback& pb, TimelinePlots& plots, FrameCommand& command);

/// draw_timeline of the 3D window's recording.
void draw_timeline_panel(LiveState& s, TimelinePlots& plots, FrameCommand& command);

/// Colour of an event marker, RGBA8: the overlays' colour of the same meaning (contacts teal,
/// ground violet, steep ground brown, step-ups lime), anomalies red, the other events grey.
std::uint32_t event_colour(EventKind kind);

}  // namespace debugger::live
