#pragma once
/// @file command_line.hpp
/// prism's command line (docs/debugger.md; `prism --help`), read with CLI11 as prism-query's is,
/// apart from main() so that tests run it: every option is checked when it is given, against the same domain the
/// session loader applies (setup_args.hpp), so that a run the options accept writes a session
/// that loads again.

#include <stdexcept>
#include <string>
#include <vector>

#include "debugger/app.hpp"

namespace debugger {

/// A refused command line: the message names the option and what is wrong (exit status 2).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct CommandLine {
  RunOptions options;
  bool headless = false;
  bool frames_given = false;
  bool out_given = false;
  bool force = false;  ///< --force: overwrite DIR/session.prism
  bool help = false;   ///< -h, --help: print usage() and exit 0
};

/// The help text (--help): the synopsis, every option with what it does, and notes.
std::string usage();

/// The arguments after the program's name, read in order: the first wrong one is refused (an
/// unknown argument, a missing or wrong value, naming the option). @throws UsageError.
CommandLine parse_command_line(const std::vector<std::string>& args);

}  // namespace debugger
