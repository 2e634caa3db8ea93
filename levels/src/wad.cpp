// Doom WAD reader (see wad.hpp). Every read is bounds-checked against its lump.
#include "collision_io/wad.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "read_file.hpp"

namespace collision::io {
namespace {

namespace fs = std::filesystem;

std::uint16_t u16(const std::uint8_t* p) {
  return static_cast<std::uint16_t>(p[0] | (p[1] << 8));
}
std::int16_t s16(const std::uint8_t* p) { return static_cast<std::int16_t>(u16(p)); }
std::uint32_t u32(const std::uint8_t* p) {
  return static_cast<std::uint32_t>(p[0]) | (static_cast<std::uint32_t>(p[1]) << 8) |
         (static_cast<std::uint32_t>(p[2]) << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// The lump names that belong to a map after its marker (Doom and Hexen formats).
bool is_map_lump(const std::string& n) {
  static const char* const kNames[] = {"THINGS", "LINEDEFS", "SIDEDEFS", "VERTEXES", "SEGS",
                                       "SSECTORS", "NODES", "SECTORS", "REJECT", "BLOCKMAP",
                                       "BEHAVIOR", "SCRIPTS"};
  return std::any_of(std::begin(kNames), std::end(kNames), [&](const char* k) { return n == k; });
}

struct LumpView {
  const std::uint8_t* data = nullptr;
  std::size_t size = 0;
};

}  // namespace

std::vector<WadLump> read_wad_directory(const std::uint8_t* data, std::size_t size,
                                        const std::string& name) {
  if (size < 12) {
    throw LoadError(name + ": WAD header: file of " + std::to_string(size) +
                    " bytes is shorter than the 12-byte header");
  }
  if (std::memcmp(data, "IWAD", 4) != 0 && std::memcmp(data, "PWAD", 4) != 0) {
    throw LoadError(name + ": WAD header: not a WAD file (magic is not IWAD or PWAD)");
  }
  const std::uint32_t count = u32(data + 4);
  const std::uint32_t offset = u32(data + 8);
  if (count > (size - 12) / 16 || offset > size || size - offset < std::uint64_t{count} * 16) {
    throw LoadError(name + ": WAD directory: " + std::to_string(count) + " entries at offset " +
                    std::to_string(offset) + " run past the end of the file (" +
                    std::to_string(size) + " bytes)");
  }
  std::vector<WadLump> lumps(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint8_t* e = data + offset + std::size_t{i} * 16;
    WadLump& l = lumps[i];
    l.offset = u32(e);
    l.size = u32(e + 4);
    char n[9] = {};
    std::memcpy(n, e + 8, 8);
    l.name = upper(std::string(n, strnlen(n, 8)));
  }
  return lumps;
}

std::vector<std::string> list_doom_maps(const std::uint8_t* data, std::size_t size,
                                        const std::string& name) {
  const std::vector<WadLump> lumps = read_wad_directory(data, size, name);
  std::vector<std::string> maps;
  for (std::size_t i = 0; i + 1 < lumps.size(); ++i) {
    const std::string& next = lumps[i + 1].name;
    if ((next == "THINGS" || next == "TEXTMAP") && !is_map_lump(lumps[i].name) &&
        std::find(maps.begin(), maps.end(), lumps[i].name) == maps.end()) {
      maps.push_back(lumps[i].name);
    }
  }
  return maps;
}

DoomLevel load_doom_map(const std::uint8_t* data, std::size_t size, const std::string& name,
                        const std::string& map_name) {
  const std::vector<WadLump> lumps = read_wad_directory(data, size, name);
  const std::string want = upper(map_name);
  std::size_t marker = lumps.size();
  for (std::size_t i = lumps.size(); i-- > 0;) {
    if (lumps[i].name == want) {
      marker = i;
      break;
    }
  }
  const std::string where = name + ": " + want;
  if (marker == lumps.size()) throw LoadError(name + ": no map named " + want);
  if (marker + 1 < lumps.size() && lumps[marker + 1].name == "TEXTMAP") {
    throw LoadError(where + ": UDMF map (TEXTMAP) not supported; only Doom-format maps are read");
  }
  LumpView things, linedefs, sidedefs, vertexes, sectors;
  bool behavior = false;
  for (std::size_t i = marker + 1; i < lumps.size() && is_map_lump(lumps[i].name); ++i) {
    const WadLump& l = lumps[i];
    if (l.offset > size || l.size > size - l.offset) {
      throw LoadError(where + " " + l.name + ": lump (offset " + std::to_string(l.offset) +
                      ", " + std::to_string(l.size) + " bytes) runs past the end of the file (" +
                      std::to_string(size) + " bytes)");
    }
    const LumpView v{data + l.offset, l.size};
    if (l.name == "THINGS") things = v;
    else if (l.name == "LINEDEFS") linedefs = v;
    else if (l.name == "SIDEDEFS") sidedefs = v;
    else if (l.name == "VERTEXES") vertexes = v;
    else if (l.name == "SECTORS") sectors = v;
    else if (l.name == "BEHAVIOR") behavior = true;
  }
  if (behavior) {
    throw LoadError(where + ": Hexen-format map (BEHAVIOR lump) not supported; only Doom-format maps are read");
  }
  auto need = [&](const LumpView& v, const char* lump, std::size_t record) {
    if (v.data == nullptr) throw LoadError(where + ": the map has no " + lump + " lump");
    if (v.size % record != 0) {
      throw LoadError(where + " " + lump + ": lump size " + std::to_string(v.size) +
                      " is not a multiple of its " + std::to_string(record) + "-byte entries");
    }
    return v.size / record;
  };
  const std::size_t n_vertices = need(vertexes, "VERTEXES", 4);
  const std::size_t n_lines = need(linedefs, "LINEDEFS", 14);
  const std::size_t n_sides = need(sidedefs, "SIDEDEFS", 30);
  const std::size_t n_sectors = need(sectors, "SECTORS", 26);
  const std::size_t n_things = need(things, "THINGS", 10);

  DoomLevel level;
  level.source = name + ":" + want;
  level.map_name = want;
  planar::SectorMap& m = level.map;
  m.vertices.reserve(n_vertices);
  for (std::size_t i = 0; i < n_vertices; ++i) {
    const std::uint8_t* p = vertexes.data + i * 4;
    m.vertices.push_back({static_cast<double>(s16(p)), static_cast<double>(s16(p + 2))});
  }
  m.sectors.reserve(n_sectors);
  for (std::size_t i = 0; i < n_sectors; ++i) {
    const std::uint8_t* p = sectors.data + i * 26;
    m.sectors.push_back({static_cast<double>(s16(p)), static_cast<double>(s16(p + 2))});
  }
  std::vector<std::int32_t> side_sector(n_sides);
  for (std::size_t i = 0; i < n_sides; ++i) {
    const std::uint16_t s = u16(sidedefs.data + i * 30 + 28);
    if (s >= n_sectors) {
      throw LoadError(where + " SIDEDEFS: entry " + std::to_string(i) + " names sector " +
                      std::to_string(s) + " of " + std::to_string(n_sectors));
    }
    side_sector[i] = s;
  }
  m.lines.reserve(n_lines);
  for (std::size_t i = 0; i < n_lines; ++i) {
    const std::uint8_t* p = linedefs.data + i * 14;
    planar::SectorLine l;
    l.v1 = u16(p);
    l.v2 = u16(p + 2);
    l.flags = u16(p + 4);
    l.special = u16(p + 6);
    const std::uint16_t front = u16(p + 10);
    const std::uint16_t back = u16(p + 12);
    for (std::uint32_t v : {l.v1, l.v2}) {
      if (v >= n_vertices) {
        throw LoadError(where + " LINEDEFS: entry " + std::to_string(i) + " names vertex " +
                        std::to_string(v) + " of " + std::to_string(n_vertices));
      }
    }
    for (std::uint16_t sd : {front, back}) {
      if (sd != 0xFFFF && sd >= n_sides) {
        throw LoadError(where + " LINEDEFS: entry " + std::to_string(i) + " names sidedef " +
                        std::to_string(sd) + " of " + std::to_string(n_sides));
      }
    }
    l.front_sector = front == 0xFFFF ? planar::kNoSector : side_sector[front];
    l.back_sector = back == 0xFFFF ? planar::kNoSector : side_sector[back];
    m.lines.push_back(l);
  }
  level.things.reserve(n_things);
  for (std::size_t i = 0; i < n_things; ++i) {
    const std::uint8_t* p = things.data + i * 10;
    DoomThing t;
    t.position = {static_cast<double>(s16(p)), static_cast<double>(s16(p + 2))};
    t.angle_degrees = s16(p + 4);
    t.type = u16(p + 6);
    t.flags = u16(p + 8);
    level.things.push_back(t);
    if (t.type == 1) {
      level.has_player1_start = true;
      level.player1_start = t;
    }
  }
  return level;
}

std::vector<std::uint8_t> read_binary_file(const std::string& path) { return detail::read_file(path); }

std::string resolve_wad_path(const std::string& wad) {
  std::error_code ec;
  if (fs::is_regular_file(wad, ec)) return wad;
  if (wad.find('/') == std::string::npos) {
    std::string file = wad;
    if (file.size() < 4 || upper(file.substr(file.size() - 4)) != ".WAD") file += ".wad";
    const std::string installed = std::string(kDoomWadDir) + "/" + file;
    if (fs::is_regular_file(installed, ec)) return installed;
    throw LoadError(wad + ": no such WAD (looked for " + installed +
                    "; Debian's freedoom package installs freedoom1 and freedoom2)");
  }
  throw LoadError(wad + ": no such file");
}

DoomLevel load_doom_level(const std::string& spec) {
  const std::size_t colon = spec.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == spec.size()) {
    throw LoadError(spec + ": expected WAD:MAP, e.g. freedoom1:E1M1");
  }
  const std::string path = resolve_wad_path(spec.substr(0, colon));
  const std::vector<std::uint8_t> bytes = read_binary_file(path);
  DoomLevel level = load_doom_map(bytes.data(), bytes.size(), path, spec.substr(colon + 1));
  return level;
}

}  // namespace collision::io
