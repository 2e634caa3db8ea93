#pragma once
/// @file wad.hpp
/// Doom maps from WAD files (Doom format; Debian's freedoom package): the WAD directory and a
/// map's THINGS, VERTEXES, LINEDEFS, SIDEDEFS and SECTORS lumps, turned into the 2D core's
/// SectorMap (collision/2d/sectors.hpp).
///
/// Format (little-endian): header "IWAD"/"PWAD", lump count, directory offset; directory
/// entries of 16 bytes (offset, size, 8-byte name). A map is a marker lump (E1M1, MAP01, ...)
/// followed by its lumps. VERTEXES: int16 x, y. LINEDEFS (14 bytes): v1, v2, flags, special,
/// tag, front sidedef, back sidedef (0xFFFF: none). SIDEDEFS (30 bytes): sector at byte 28.
/// SECTORS (26 bytes): floor and ceiling heights (int16) first. THINGS (10 bytes): x, y,
/// angle, type, flags. Coordinates are kept as they are (x east, y north, map units).
/// When two maps share a name the last one in the directory wins (as in Doom).
///
/// Errors: every problem throws LoadError (level.hpp) whose message names the file and the
/// lump (e.g. "freedoom1.wad: E1M1 LINEDEFS: entry 12 names vertex 9000 of 467"); a UDMF
/// (TEXTMAP) or Hexen (BEHAVIOR) map is refused as "not supported". No input crashes the
/// reader (tests/fuzz/fuzz_wad.cpp).

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "collision/2d/sectors.hpp"
#include "collision_io/level.hpp"

namespace collision::io {

struct WadLump {
  std::string name;  ///< up to 8 characters, upper case as stored
  std::uint32_t offset = 0;
  std::uint32_t size = 0;
};

struct DoomThing {
  planar::Vec2 position{0.0};
  double angle_degrees = 0.0;
  std::uint16_t type = 0;  ///< 1: player 1 start
  std::uint16_t flags = 0;
};

struct DoomLevel {
  std::string source;  ///< "file:MAP"
  std::string map_name;
  planar::SectorMap map;
  std::vector<DoomThing> things;
  bool has_player1_start = false;
  DoomThing player1_start;  ///< the last thing of type 1 (earlier ones are voodoo dolls)
};

/// The WAD directory. Throws LoadError for a bad header or a directory outside the file.
std::vector<WadLump> read_wad_directory(const std::uint8_t* data, std::size_t size,
                                        const std::string& name);

/// The map marker names in directory order (each once; Doom-format or not).
std::vector<std::string> list_doom_maps(const std::uint8_t* data, std::size_t size,
                                        const std::string& name);

/// Reads map `map_name` (case-insensitive) out of the WAD in memory.
DoomLevel load_doom_map(const std::uint8_t* data, std::size_t size, const std::string& name,
                        const std::string& map_name);

/// Resolves a WAD name: a path, or a bare name such as `freedoom1` found as
/// /usr/share/games/doom/freedoom1.wad.
std::string resolve_wad_path(const std::string& wad);

/// Loads `WAD:MAP`, e.g. `/usr/share/games/doom/freedoom1.wad:E1M1` or `freedoom1:E1M1`.
DoomLevel load_doom_level(const std::string& spec);

/// Reads a whole file (LoadError naming it when missing, unreadable or larger than 1 GiB).
std::vector<std::uint8_t> read_binary_file(const std::string& path);

inline constexpr const char* kDoomWadDir = "/usr/share/games/doom";

}  // namespace collision::io
