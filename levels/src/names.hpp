#pragma once
/// @file names.hpp
/// Case-insensitive file name tests (Quake's file system ignores case; so do our specs).

#include <algorithm>
#include <string>
#include <string_view>

namespace collision::io::detail {

inline char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

inline std::string to_lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), ascii_lower);
  return out;
}

inline bool ends_with_nocase(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         to_lower(s.substr(s.size() - suffix.size())) == to_lower(suffix);
}

inline bool starts_with_nocase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && to_lower(s.substr(0, prefix.size())) == to_lower(prefix);
}

}  // namespace collision::io::detail
