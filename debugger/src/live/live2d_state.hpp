#pragma once
// What the 2D window (live2d.cpp) holds between frames, as plain data: the recording of a
// Doom map walk (recording2d.hpp), its timeline (the 3D window's, timeline_panel.hpp), the
// shown frame and playback, the picked line, the session file's path.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "collision/2d/doom_move.hpp"
#include "debugger/recording2d.hpp"
#include "live/live_state.hpp"

namespace debugger::live {

struct Live2dState {
  std::string scene;   ///< the map's spec, as a session file names it
  std::string source;  ///< the WAD and map, for the inspector
  const collision::planar::SectorWorld* world = nullptr;
  collision::planar::DoomBody body;
  collision::planar::Vec2 start{0.0};
  std::vector<Frame2d> history;
  Timeline timeline;  ///< one entry a frame in history (plots), its events
  std::uint64_t recording_id = 1;
  Playback playback;  ///< playback.frame: the shown frame (-1: the start)
  int method = 0;     ///< index in kMethods2d
  double view_height = 1024.0;
  int picked_line = -1;
  double move_us = 0.0;  ///< move_body's time on the last recorded frame, microseconds
  std::string status;
  std::array<char, 512> session_path{};
  bool show_ui = true;
  bool unsaved = false;
};

inline constexpr collision::planar::PointInPolygonMethod kMethods2d[] = {
    collision::planar::PointInPolygonMethod::kCrossing, collision::planar::PointInPolygonMethod::kQuadrant,
    collision::planar::PointInPolygonMethod::kAngleSum, collision::planar::PointInPolygonMethod::kConvexSigns};

/// Appends a recorded frame: its plots (speed in units/s at 60 frames a second, the floor's step,
/// contacts, overlap = radius - clearance when positive) and events (events_2d).
void append_frame(Live2dState& s, const Frame2d& frame);
/// Drops the frames after `last` (-1: all), as a branch or a load does.
void cut_after(Live2dState& s, int last);
/// The recording's inputs (for the session file).
Recording2d recording_of(const Live2dState& s);

/// The inspector (the side panel's place): the shown frame, its sector and each point-in-polygon
/// method's answer ("not applicable" for the convex test on a sector that is not convex), the
/// picked line, the session file; fills `save` / `load` when their buttons are pressed.
void draw_inspector_2d(Live2dState& s, bool& save, bool& load);
/// The 2D legend: the colours of palette.hpp's kShared2d and kPalette2d.
void draw_legend_2d();
/// The keys, wrapped to the panel's width.
void draw_keys_2d();

}  // namespace debugger::live
