#pragma once
// The message prism's command line refuses `args` with ("" when it takes them): the tests of
// its options (test_command_line.cpp, test_session_domain.cpp).
#include <string>
#include <vector>

#include "debugger/command_line.hpp"

namespace prism_test {

inline std::string refusal(const std::vector<std::string>& args) {
  try {
    debugger::parse_command_line(args);
  } catch (const debugger::UsageError& e) {
    return e.what();
  }
  return "";
}

}  // namespace prism_test
