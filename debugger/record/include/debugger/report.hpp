#pragma once
/// @file report.hpp
/// The JSON report of a run (headless or saved from the window):
///   { "scene", "method", "body_radii", "dt", "frames": [ { "frame", "time", "position",
///     "velocity", "ground", "hits": [ { "iteration", "phase", "triangle", "toi", "point",
///     "normal", "feature" } ], "events": [ { "kind", "detail", "triangles" (anomalies) } ] } ],
///   a frame whose move ends in overlap (anomaly ends_in_overlap) also lists each overlapping
///   triangle in "hits" with "phase": "end_overlap" and its "depth" (radius minus the distance
///   from the centre; point and normal: the closest point and the direction to the centre),
///     "summary": { "frames", "events": { kind: count }, "anomalies": count,
///                  "anomaly_frames": [ { "frame", "kind", "detail", "triangles" } ], "captures": [ file ] } }

#include <string>
#include <vector>

#include "collision/character.hpp"
#include "collision/trace.hpp"
#include "collision/world.hpp"
#include "debugger/events.hpp"
#include "debugger/session.hpp"

namespace debugger {

struct FrameRecord {
  int frame = 0;
  collision::CharacterState state;  ///< after the frame
  std::vector<collision::SlideIteration> hits;  ///< the iterations that hit (tests dropped)
  std::vector<Event> events;
  /// The triangles an ends_in_overlap anomaly names, with their depths (add_overlap_hits).
  struct Overlap {
    std::uint32_t triangle = 0;
    float depth = 0.0f;
    glm::vec3 point{0.0f}, normal{0.0f};
  };
  std::vector<Overlap> overlaps;
};

/// Fills record.overlaps from its ends_in_overlap events: each named triangle's closest point
/// to the body's centre and its depth (for an ellipsoid, measured in the space where it is a
/// unit sphere, times its smallest radius).
void add_overlap_hits(FrameRecord& record, const collision::World& world, const collision::Body& body);

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
