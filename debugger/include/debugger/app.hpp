#pragma once
/// @file app.hpp
/// The two ways `prism` runs: headless (captures + report, no window system) and live (window).

#include <string>
#include <vector>

namespace debugger {

struct RunOptions {
  std::string scene;         ///< "" = the embedded default scene
  std::string walk;          ///< walk script file ("" = the scene's default walk, if any)
  std::string session;       ///< session file to replay ("" = none)
  std::string method;        ///< "" = the session's, else robust
  int frames = 600;
  std::string out = "captures";
  int capture_every = 0;     ///< 0 = only at events (and the last frame)
  std::vector<int> capture_frames;  ///< extra frames to capture
  int width = 1280, height = 720;
  bool validation = false;
  /// The anomaly finder's further kinds (ghost bump, lost speed, early catch; anomalies.hpp)
  /// besides today's four (overlap, pass-through, no progress, jitter).
  bool find_anomalies = false;   ///< Vulkan validation layer (also PRISM_VK_VALIDATION=1)
  /// Live mode test hook: window frames driven by a key script instead of the keyboard and
  /// mouse (format in debugger/src/live/controls.hpp), deterministic: 1/60 s per window frame.
  std::string script_keys;
};

struct HeadlessResult {
  int frames = 0;
  int anomalies = 0;
  std::vector<std::string> captures;
  std::string report;
  unsigned validation_messages = 0;
};

/// Runs without a window. @throws std::runtime_error (and the loaders' errors) with a message.
HeadlessResult run_headless(const RunOptions& options);

/// Opens a window and runs until it closes (or the key script exits). Returns the process exit
/// code: 0, or 3 when the Vulkan validation layer reported anything. @throws like run_headless.
int run_live(const RunOptions& options);

}  // namespace debugger
