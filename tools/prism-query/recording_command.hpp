#pragma once
// prism-query recording FILE [--check | --characters | --export FRAME[:CALL] --out DIR]: a
// recording's summary, its calls re-run with this build's core, its characters' positions, or
// some of its calls exported as a case (docs/recording-format.md); prism-query replay CASE
// re-runs a case.
#include <string>

#include <CLI/CLI.hpp>

namespace prism_query {

struct RecordingArgs {
  std::string file;
  bool check = false;       ///< re-run every call; exit 1 when any result differs
  bool characters = false;  ///< frame,character,x,y,z per character step
  std::string export_calls;  ///< FRAME, FRAME:CALL or FIRST-LAST: write them as a case
  std::string out;           ///< the case folder
  std::string command;       ///< the command line, for the case's comments
};
void add_recording_args(CLI::App* cmd, RecordingArgs& a);

/// Returns the exit status: 0, or 1 when --check found differences. A file that is not a whole
/// recording throws collision::RecordingError (file and offset).
int run_recording(const RecordingArgs& a);

/// prism-query replay CASE: CASE a case folder (its case.prec) or any recording; as --check.
void add_replay_args(CLI::App* cmd, std::string& path);
int run_replay(const std::string& path);

}  // namespace prism_query
