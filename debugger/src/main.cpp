// prism: the collision debugger. Its manual: docs/debugger.md.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "debugger/app.hpp"
#include "debugger/command_line.hpp"

int main(int argc, char** argv) {
  debugger::CommandLine cl;
  try {
    cl = debugger::parse_command_line(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const debugger::UsageError& e) {
    std::fprintf(stderr, "prism: %s (prism --help lists the options)\n", e.what());
    return 2;
  }
  if (cl.help) {
    std::fputs(debugger::usage().c_str(), stdout);
    return 0;
  }
  const debugger::RunOptions& o = cl.options;
  const bool headless = cl.headless, frames_given = cl.frames_given, out_given = cl.out_given, force = cl.force;
  const bool recording = !o.recording.empty();
  try {
    if (headless) {
      if (recording && !out_given) {
        std::fprintf(stderr, "prism: --headless --recording needs --out DIR\n%s", debugger::usage().c_str());
        return 2;
      }
      if ((!frames_given && !recording) || !out_given) {
        std::fprintf(stderr, "prism: --headless needs --frames N and --out DIR\n%s", debugger::usage().c_str());
        return 2;
      }
      // A session is a recording someone may not have saved elsewhere: never overwrite one unasked.
      const std::filesystem::path kept = std::filesystem::path(o.out) / "session.prism";
      std::error_code ec;
      if (!recording && !force && std::filesystem::exists(kept, ec)) {
        std::fprintf(stderr, "prism: %s exists; give --force to overwrite it (or another --out)\n", kept.c_str());
        return 2;
      }
      for (const int f : o.capture_frames)
        if (!recording && f >= o.frames)
          std::fprintf(stderr, "prism: --capture-frames %d is past the last frame (%d with --frames %d): not captured\n",
                       f, o.frames - 1, o.frames);
      const debugger::HeadlessResult r = debugger::run_headless(o);
      std::printf("prism: %d frames, %zu captures, %d anomalies; report %s\n", r.frames, r.captures.size(),
                  r.anomalies, r.report.c_str());
      if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        std::fprintf(stderr, "prism: stdout: cannot write\n");
        return 1;
      }
      if (o.validation && r.validation_messages > 0) {
        std::fprintf(stderr, "prism: the Vulkan validation layer reported %u message(s)\n", r.validation_messages);
        return 3;  // as the live window does
      }
      return 0;
    }
    if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY")) {
      std::fprintf(stderr, "prism: no DISPLAY; use --headless (see --help)\n");
      return 2;
    }
    return debugger::run_live(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "prism: %s\n", e.what());
    return 1;
  }
}
