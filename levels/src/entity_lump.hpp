#pragma once
/// @file entity_lump.hpp
/// The text of a Quake 3 map's entity lump, parsed once for every reader that needs it (the
/// spawn points in bsp.cpp, the movers in quake_movers_load.cpp): a list of entities, each a
/// list of "key" "value" pairs in file order. Internal to prism_levels.

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace collision::io::detail {

struct Entity {
  std::size_t index = 0;  ///< position in the lump (entity 0 is worldspawn)
  std::vector<std::pair<std::string, std::string>> pairs;
  /// The value of the first pair with this key, or nullptr. Quake's G_SpawnString reads the
  /// last one; real maps have no repeated keys, and the first is what the spawn reader read.
  const std::string* find(std::string_view key) const;
  std::string get(std::string_view key) const {
    const std::string* v = find(key);
    return v != nullptr ? *v : std::string();
  }
  std::string classname() const { return get("classname"); }
  /// "entity N (classname)", for error messages.
  std::string where() const;
};

/// Parses the lump's text (stops at the first NUL). `fail` receives a message without the file
/// name and must throw.
std::vector<Entity> parse_entities(std::string_view text,
                                   const std::function<void(const std::string&)>& fail);

/// Parses up to `n` whitespace-separated finite floats; returns how many, or n + 1 when there is
/// more text (or a non-number: "nan", "inf", an overflow) after them.
int parse_floats(const std::string& s, float* out, int n);

}  // namespace collision::io::detail
