#pragma once
/// @file case_export.hpp
/// A bug exported as a test: a folder holding some calls of a game's recording with only the
/// level's triangles within their reach (collision/recording_case.hpp), for
/// `prism-query replay CASE` and a GoogleTest case (docs/recording-format.md, "Cases"):
///   case.prec       a recording of the calls on the case's triangles: what `replay` re-runs
///   level.obj       the case's triangles, to look at (`prism CASE/level.obj`) or load anywhere
///   triangles.csv   case,level,solid: each case triangle's index in the recording's level
///   case_test.cpp   a GoogleTest test that re-runs case.prec through the API (and, for a ray
///                   or a sweep, makes the call itself and checks its recorded result)
/// Used by `prism-query recording FILE --export FRAME[:CALL] --out DIR` and by the debugger.

#include <cstdint>
#include <optional>
#include <string>

#include "collision/recording_case.hpp"
#include "collision/recording_file.hpp"

namespace debugger {

/// "FRAME", "FRAME:CALL" or "FIRST-LAST" (frame numbers, call index in its frame).
/// @throws std::invalid_argument naming `text` when it is none of them.
collision::CaseSelection parse_case_selection(const std::string& text);

struct CaseSummary {
  std::size_t calls = 0;
  std::size_t triangles = 0;        ///< in the case
  std::size_t level_triangles = 0;  ///< in the recording's level
  std::size_t differ_from_recording = 0;  ///< calls whose re-run on the whole level differs already
  std::size_t whole_level = 0;      ///< calls that needed the whole level
  std::uintmax_t bytes = 0;         ///< the folder's four files
};

/// Writes the case folder `dir` (made if missing; its four files replaced, each whole or not at
/// all). `command` is the command line that made it, for the files' comments.
/// @throws std::invalid_argument (a selection the file does not have), std::runtime_error naming
/// the file that cannot be written.
CaseSummary export_case(const collision::RecordingFile& file, const collision::CaseSelection& selection,
                        const std::string& dir, const std::string& command);

/// The recording a case folder's replay reads: DIR/case.prec, or `path` itself when it is a file.
std::string case_recording_path(const std::string& path);

}  // namespace debugger
