/// @file level.cpp
/// load_level(): decides from the spec's shape which loader reads it.

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "collision_io/level.hpp"
#include "names.hpp"
#include "read_file.hpp"

namespace collision::io {
namespace {

namespace fs = std::filesystem;
using detail::ends_with_nocase;
using detail::read_file;
using detail::to_lower;

Level load_map_in_archive(const std::string& archive, const std::string& entry,
                          const LoadOptions& options) {
  const std::vector<std::uint8_t> bytes = read_zip_entry(archive, entry);
  return load_bsp(bytes.data(), bytes.size(), archive + ":" + entry, options);
}

/// A bare map name: no folder, no extension, not an existing file.
bool is_bare_map_name(const std::string& spec) {
  std::error_code ec;
  return !spec.empty() && spec.find_first_of("/\\.:") == std::string::npos && !fs::exists(spec, ec);
}

Level load_named_map(const std::string& name, const LoadOptions& options) {
  const std::string entry = "maps/" + name + ".bsp";
  std::vector<std::string> archives;
  std::error_code ec;
  for (fs::directory_iterator it(kOpenArenaDir, ec), end; !ec && it != end; it.increment(ec)) {
    if (ends_with_nocase(it->path().filename().string(), ".pk3")) archives.push_back(it->path().string());
  }
  // Quake reads pk3 files in name order and the later one wins; do the same.
  std::sort(archives.begin(), archives.end());
  for (auto it = archives.rbegin(); it != archives.rend(); ++it) {
    const std::vector<std::string> maps = list_maps(*it);
    for (const std::string& m : maps) {
      if (to_lower(m) == to_lower(entry)) return load_map_in_archive(*it, m, options);
    }
  }
  throw LoadError(name + ": no map " + entry + " in " + kOpenArenaDir + "/*.pk3 (" +
                  std::to_string(archives.size()) + " archives searched)");
}

}  // namespace

Level load_level(const std::string& spec, const LoadOptions& options) {
  Level level;
  const std::string lower = to_lower(spec);
  if (const std::size_t colon = lower.find(".pk3:"); colon != std::string::npos) {
    const std::string archive = spec.substr(0, colon + 4);
    std::string entry = spec.substr(colon + 5);
    // `archive.pk3:oa_dm1` is short for `archive.pk3:maps/oa_dm1.bsp`.
    if (entry.find('/') == std::string::npos && !ends_with_nocase(entry, ".bsp")) {
      entry = "maps/" + entry + ".bsp";
    }
    level = load_map_in_archive(archive, entry, options);
  } else if (ends_with_nocase(spec, ".bsp")) {
    const std::vector<std::uint8_t> bytes = read_file(spec);
    level = load_bsp(bytes.data(), bytes.size(), spec, options);
  } else if (ends_with_nocase(spec, ".pk3")) {
    const std::vector<std::string> maps = list_maps(spec);
    if (maps.empty()) throw LoadError(spec + ": holds no maps/*.bsp");
    if (maps.size() > 1) {
      std::string names;
      for (const std::string& m : maps) names += (names.empty() ? "" : ", ") + m;
      throw LoadError(spec + ": holds " + std::to_string(maps.size()) +
                      " maps; name one as " + spec + ":maps/<name>.bsp (" + names + ")");
    }
    level = load_map_in_archive(spec, maps.front(), options);
  } else if (is_bare_map_name(spec)) {
    level = load_named_map(spec, options);
  } else {
    level = load_mesh_file(spec);
  }
  level.source = spec;
  return level;
}

}  // namespace collision::io
