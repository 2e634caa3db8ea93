// libFuzzer target: session files (the debugger's loaders, debugger/record/src/session_file.cpp) ->
// replay of the first frames over a fixed level (the tiny map; the file's scene is not loaded);
// the same bytes through the 2D loader (recording2d.hpp): its moves in the 2D domain, or a
// SessionError naming the file.
// A file gives a recording or a SessionError naming its line; a recording the loader accepts
// replays into finite states, or stops at a frame the core refuses (std::invalid_argument).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "collision/2d/domain_2d.hpp"
#include "debugger/recording2d.hpp"
#include "debugger/session_file.hpp"
#include "fuzz_checks.hpp"

namespace {

// load_session() reads a path: the input goes to one temporary file, rewritten every run.
const std::string& scratch_path() {
  static const std::string path = "/tmp/prism_fuzz_session." + std::to_string(::getpid()) + ".prism";
  return path;
}

void check_2d(const std::string& path) {
  try {
    const debugger::Recording2d rec = debugger::load_session_2d(path);
    if (!collision::planar::in_domain_2d(rec.start)) prism_fuzz::fail("2D start outside the domain");
    for (const collision::planar::Vec2& m : rec.moves)
      if (!collision::planar::in_domain_2d(m)) prism_fuzz::fail("2D move outside the domain");
  } catch (const debugger::SessionError& e) {
    if (std::string(e.what()).find(path) == std::string::npos) prism_fuzz::fail("SessionError without the file");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string& path = scratch_path();
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) prism_fuzz::fail("cannot write the scratch file");
  std::fwrite(data, 1, size, f);
  std::fclose(f);
  check_2d(path);
  debugger::SessionRecording rec;
  try {
    rec = debugger::load_session(path);
  } catch (const debugger::SessionError& e) {
    if (std::string(e.what()).find(path) == std::string::npos) prism_fuzz::fail("SessionError without the file");
    return 0;
  }
  try {
    debugger::Session session(prism_fuzz::fixed_world(), rec.config);
    const std::size_t frames = std::min<std::size_t>(rec.inputs.size(), 8);
    for (std::size_t i = 0; i < frames; ++i) prism_fuzz::check(session.push(rec.inputs[i]));
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
