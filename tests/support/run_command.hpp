#pragma once
// Running a command-line tool from a test: its exit status and its output.
#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace prism_test {

struct CommandRun {
  int status = -1;  ///< exit status, -1 when it did not exit normally
  std::string out;  ///< stdout and stderr together
};

/// Runs `command` through the shell with stderr joined to stdout.
inline CommandRun run_command(const std::string& command) {
  CommandRun r;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) return r;
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
  const int s = pclose(p);
  r.status = WIFEXITED(s) ? WEXITSTATUS(s) : -1;
  return r;
}

}  // namespace prism_test
