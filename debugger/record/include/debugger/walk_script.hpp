#pragma once
/// @file walk_script.hpp
/// Scripted walks: a small text format of timed inputs, for headless runs, tests and tours.
///
/// Format: one segment a line, `#` starts a comment. A segment holds its inputs for SECONDS:
///   SECONDS [yaw DEG] [turn DEG] [pitch DEG] [forward F] [right R] [jump] [run] [speed S]
/// - yaw: absolute look direction about the scene's up axis, degrees (0 = the scene's first
///   horizontal axis, counter-clockwise seen from above); turn: added to the yaw, spread evenly
///   over the segment. Unspecified angles carry over from the previous segment.
/// - forward / right: the wish direction in look space, each in [-1, 1]; they reset to 0 at
///   every segment (a segment without them stands still).
/// - jump: jump on the segment's first frame. run: speed x2. speed S: speed scale S.
/// Example: `1.5 yaw 90 forward 1` walks a second and a half towards yaw 90.

#include <string>
#include <string_view>
#include <vector>

#include <glm/vec3.hpp>

#include "debugger/session.hpp"

namespace debugger {

struct WalkSegment {
  double seconds = 0.0;
  bool has_yaw = false;
  float yaw_degrees = 0.0f;
  float turn_degrees = 0.0f;
  bool has_pitch = false;
  float pitch_degrees = 0.0f;
  float forward = 0.0f;
  float right = 0.0f;
  bool jump = false;
  float speed_scale = 1.0f;
};

struct WalkScript {
  std::vector<WalkSegment> segments;
  double duration() const;
};

/// @throws std::runtime_error naming the line and the problem.
WalkScript parse_walk_script(std::string_view text);
WalkScript load_walk_script(const std::string& path);

/// The input of frame `frame` (0-based) at `dt` seconds a frame, starting from look yaw
/// `start_yaw` (radians). After the script's end the body stands still, looking as last.
FrameInput walk_input(const WalkScript& script, int frame, float dt, glm::vec3 up, float start_yaw);

}  // namespace debugger
