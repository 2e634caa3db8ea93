#pragma once
/// @file recording_case.hpp
/// A bug exported as a test: some calls of a recording (collision/recording_file.hpp) with only
/// the level's triangles within their reach, checked to re-run to the same results there as on
/// the whole level, and written as a small recording of its own that `prism-query replay`
/// re-runs (docs/recording-format.md, "Cases").
///
/// Why a few triangles are enough: every query's answer depends only on the triangles its body
/// can reach (the sweeps' ties go to the lower triangle index, the overlap and contact lists are
/// ascending by index, and the case keeps the level's triangles in their order), so a call
/// re-run against the triangles within its reach gives the same result, once the case's
/// triangle numbers are mapped back to the level's. That is not taken on trust: extract_case
/// re-runs every call on both and widens a call's reach until the two agree bit for bit (at
/// worst the whole level).
///
/// Reach of a call, in the level's units: the box of its path (a ray's segment; a sweep's or
/// move's start and end; a character step's start and end) grown by the body's bounding radius,
/// the call's own distances (a contact query's reach; a move's displacement; a step's step
/// height, snap distance, largest recovery push and the distance its velocities could carry it
/// in dt) and a margin: a quarter of the body's bounding radius, at least 1e-4 of the level's
/// diagonal. A call that does not agree is tried with the margin doubled, up to six times, then
/// with the whole level. The triangles a character's state names (its ground, its contacts)
/// are always kept, and its state is given to the case in the case's numbers.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "collision/mesh.hpp"
#include "collision/recording_file.hpp"

namespace collision {

class World;

/// Which calls: the frames numbered first..last (RecordedFrame::number), or one call of one
/// frame (its index in RecordedFrame::calls, as `prism-query recording --check` counts them).
struct CaseSelection {
  std::uint64_t first_frame = 0;
  std::uint64_t last_frame = 0;
  std::optional<std::size_t> call;  ///< only this call of first_frame (then last_frame == first_frame)
};

/// One call of a case.
struct CaseCall {
  std::uint64_t frame = 0;  ///< its frame's number in the recording
  std::size_t index = 0;    ///< its index in that frame
  const RecordedCall* recorded = nullptr;  ///< in the RecordingFile given to extract_case
  /// Its re-run with this build's core on the whole level gives the recorded result, bit for
  /// bit. When not, the case holds this build's result (what the test then asserts).
  bool matches_recording = true;
  double margin = 0.0;        ///< the margin its reach was taken with (level units)
  bool whole_level = false;   ///< no margin agreed: it has the whole level
};

struct RecordingCase {
  /// The triangles within reach of the calls, in the level's order (positions, normals and flags
  /// bit for bit the level's); its corners are the ones they use.
  TriangleMesh level;
  /// The level's index of each case triangle (ascending).
  std::vector<std::uint32_t> level_triangles;
  std::vector<CaseCall> calls;
  std::size_t level_triangle_count = 0;  ///< the recording's level, for messages
};

/// The calls `selection` names, with the triangles within their reach. `world` is built from
/// `file.level()`. Throws std::invalid_argument naming the file when the selection names no
/// frame or call of it, and RecordingError when a call cannot be decoded.
RecordingCase extract_case(const RecordingFile& file, const World& world, const CaseSelection& selection);

/// Writes the case as a recording at `path` (format kRecordingFormatVersion: its level the case's
/// triangles, a frame for each recorded frame it has calls of, at that frame's time, and each
/// call with its label, re-run on the case's triangles so that the results are in the case's
/// triangle numbers). The file is written whole or not at all (a temporary beside it, then a
/// rename), and read back to check it. Throws std::runtime_error naming the file when it cannot
/// be written, std::logic_error when recording is compiled out (PRISM_RECORDING=OFF).
void write_case_recording(const RecordingFile& file, const RecordingCase& c, const std::string& path);

}  // namespace collision
