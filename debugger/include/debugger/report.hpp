#pragma once
/// @file report.hpp
/// The JSON report of a run (headless or saved from the window):
///   { "scene", "method", "body_radii", "dt", "frames": [ { "frame", "time", "position",
///     "velocity", "ground", "hits": [ { "iteration", "phase", "triangle", "toi", "point",
///     "normal", "feature" } ], "events": [ { "kind", "detail", "triangles" (anomalies) } ] } ],
///     "summary": { "frames", "events": { kind: count }, "anomalies": count,
///                  "anomaly_frames": [ { "frame", "kind", "detail", "triangles" } ], "captures": [ file ] } }

#include <string>
#include <vector>

#include "collision/character.hpp"
#include "collision/trace.hpp"
#include "debugger/events.hpp"
#include "debugger/session.hpp"

namespace debugger {

struct FrameRecord {
  int frame = 0;
  collision::CharacterState state;  ///< after the frame
  std::vector<collision::SlideIteration> hits;  ///< the iterations that hit (tests dropped)
  std::vector<Event> events;
};

/// Keeps the hit iterations of `trace` without their per-triangle tests (small enough to keep
/// for every frame).
FrameRecord make_frame_record(int frame, const collision::CharacterState& state,
                              const collision::Trace& trace, std::vector<Event> events);

struct ReportHeader {
  std::string scene;
  collision::Method method = collision::Method::kRobust;
  collision::Body body;
  float dt = 0.0f;
};

/// Writes the report. @throws std::runtime_error when the file cannot be written.
void write_report(const std::string& path, const ReportHeader& header,
                  const std::vector<FrameRecord>& frames, const std::vector<std::string>& captures);

}  // namespace debugger
