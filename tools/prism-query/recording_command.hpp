#pragma once
// prism-query recording FILE [--check | --characters]: a recording's summary, its calls re-run
// with this build's core, or its characters' positions (docs/recording-format.md).
#include <string>

#include <CLI/CLI.hpp>

namespace prism_query {

struct RecordingArgs {
  std::string file;
  bool check = false;       ///< re-run every call; exit 1 when any result differs
  bool characters = false;  ///< frame,character,x,y,z per character step
};
void add_recording_args(CLI::App* cmd, RecordingArgs& a);

/// Returns the exit status: 0, or 1 when --check found differences. A file that is not a whole
/// recording throws collision::RecordingError (file and offset).
int run_recording(const RecordingArgs& a);

}  // namespace prism_query
