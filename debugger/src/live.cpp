// Live mode (a window): placeholder until the window loop lands.
#include <cstdio>

#include "debugger/app.hpp"

namespace debugger {
int run_live(const RunOptions&) {
  std::fprintf(stderr, "prism: live mode is not built yet; use --headless\n");
  return 2;
}
}  // namespace debugger
