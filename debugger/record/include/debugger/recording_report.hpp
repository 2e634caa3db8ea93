#pragma once
/// @file recording_report.hpp
/// The JSON report of a headless run on a game's recording (`prism --headless --recording FILE`,
/// docs/debugger.md, "A game's recording"):
///   { "recording", "format_version", "build_version", "level_triangles", "characters",
///     "dropped_frames",
///     "frames": [ { "frame" (the recorder's number), "index", "time" (the game's seconds),
///       "characters": [ { "character", "call", "placed" (refresh_contacts), "body", "position",
///         "velocity", "ground", "ground_triangle", "contacts": [ { "triangle", "normal",
///         "distance" } ], "rerun_matched", "events": [ { "kind", "detail", "triangles" } ] } ],
///       "calls": [ { "kind", "label", "thread", "result", "rerun_matched", "difference" (when
///         not matched) } ] } ],
///     "summary": { "frames", "calls", "calls_differing", "frames_differing": [ frame ],
///       "by_kind": { kind: { "calls", "differing" } }, "by_label": { label: { ... } },
///       "events": { kind: count }, "anomalies": count,
///       "anomaly_frames": [ { "frame", "character", "kind", "detail", "triangles" } ],
///       "captures": [ file ] } }
/// Positions and velocities are the recorded ones (bit for bit: JSON numbers written to round
/// trip); "rerun_matched" says whether this build's core gives them again.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "debugger/events.hpp"
#include "debugger/game_recording.hpp"
#include "debugger/recording_review.hpp"

namespace debugger {

/// What the report keeps of a reviewed frame (the rest it reads from the recording).
struct RecordingFrameRecord {
  int index = 0;
  struct Character {
    std::uint32_t character = 0;
    std::size_t step = 0;  ///< index into GameRecording::steps(index)
    bool matched = true;
    std::vector<Event> events;
  };
  std::vector<Character> characters;
  std::vector<std::pair<std::size_t, std::string>> differing;  ///< (call, difference)
};
RecordingFrameRecord make_recording_frame_record(const ReviewedFrame& frame);

/// Writes the report, whole or not at all. @throws std::runtime_error when it cannot be written.
void write_recording_report(const std::string& path, const GameRecording& recording,
                            const std::vector<RecordingFrameRecord>& frames, const std::vector<std::string>& captures);

}  // namespace debugger
