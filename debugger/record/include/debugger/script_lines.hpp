#pragma once
// Internal: the line format shared by walk scripts and key scripts. One entry a line, words
// separated by spaces, '#' starts a comment, blank lines are skipped; errors name the line.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "setup_args/setup_args.hpp"

namespace debugger {

using setup_args::printable;  // a NUL or escape sequence quoted as \xNN

struct ScriptLine {
  std::istringstream words;
  const char* kind;  ///< "walk script", "key script": starts every error message
  int number;

  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error(std::string(kind) + " line " + std::to_string(number) + ": " + printable(what));
  }
  /// The next word, or "" at the end of the line.
  std::string next_word() {
    std::string w;
    words >> w;
    return w;
  }
};

/// Calls fn(ScriptLine&) for every line of `text` that holds a word.
template <class Fn>
void for_each_script_line(std::string_view text, const char* kind, Fn&& fn) {
  std::istringstream in{std::string(text)};
  std::string raw;
  int number = 0;
  while (std::getline(in, raw)) {
    ++number;
    if (const auto hash = raw.find('#'); hash != std::string::npos) raw.resize(hash);
    if (raw.find_first_not_of(" \t\r") == std::string::npos) continue;
    ScriptLine line{std::istringstream(raw), kind, number};
    fn(line);
  }
}

/// Reads a script file and parses it with `parse`; errors are prefixed with the path.
template <class Parse>
auto load_script_file(const std::string& path, const char* kind, Parse&& parse) {
  std::error_code ec;
  // A directory opens and reads as empty on Linux: refuse it rather than run with no input.
  if (std::filesystem::is_directory(path, ec)) {
    throw std::runtime_error(std::string(kind) + " " + path + ": is a directory");
  }
  std::ifstream f(path);
  if (!f) throw std::runtime_error("cannot open " + std::string(kind) + " " + path);
  std::stringstream ss;
  ss << f.rdbuf();
  try {
    return parse(ss.str());
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

}  // namespace debugger
