#pragma once
// The window tests' setup: a fresh folder under the test output, a key script written into it,
// and RunOptions for a 1024 x 640 window with the validation layer, captures in DIR/captures.
#include <filesystem>
#include <fstream>
#include <string>

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

}  // namespace window_test
