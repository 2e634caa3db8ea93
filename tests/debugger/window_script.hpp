#pragma once
// The window tests' setup: a fresh folder under the test output, a key script written into it,
// and RunOptions for a 1024 x 640 window with the validation layer, captures in DIR/captures.
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>

#include "debugger/app.hpp"

namespace window_test {

struct ScriptedRun {
  std::filesystem::path dir;
  debugger::RunOptions options;
};

inline ScriptedRun scripted_run(const std::string& name, const std::string& keys) {
  ScriptedRun run;
  run.dir = std::filesystem::path(PRISM_TEST_OUTPUT_DIR) / name;
  std::filesystem::remove_all(run.dir);
  std::filesystem::create_directories(run.dir);
  std::ofstream(run.dir / "keys.txt") << keys;
  run.options.script_keys = (run.dir / "keys.txt").string();
  run.options.out = (run.dir / "captures").string();
  run.options.width = 1024;
  run.options.height = 640;
  run.options.validation = true;
  return run;
}

// The process's CPU seconds (user + system, every thread: the loop, lavapipe's, the driver's).
inline double process_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

struct IdleCpu {
  int rc = -1;          ///< run_live's exit status
  double share = -1.0;  ///< CPUs used over the 3 s measured (-1: never ready, or the run ended first)
};

/// Runs `run` (a window whose key script pauses, signals it, then runs on the wall clock) and
/// measures on another thread the CPU the process uses over 3 s, from 1 s after `ready()`
/// first says the pause is drawn (giving up after 60 s). The window must still be running when
/// the 3 s end: a run that ended (a realtime phase it ignored) measured nothing.
inline IdleCpu idle_cpu(const std::function<bool()>& ready, const std::function<int()>& run) {
  IdleCpu out;
  std::atomic<bool> running{true};
  std::thread measure([&] {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!ready() && std::chrono::steady_clock::now() < give_up)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (!ready()) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));  // the realtime phase settles
    const double cpu0 = process_cpu_seconds();
    const auto t0 = std::chrono::steady_clock::now();
    std::this_thread::sleep_for(std::chrono::seconds(3));
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double share = (process_cpu_seconds() - cpu0) / wall;
    if (running) out.share = share;
  });
  out.rc = run();
  running = false;
  measure.join();
  return out;
}

}  // namespace window_test
