// Truncated or corrupt WADs give a LoadError naming the lump, never a crash; UDMF and Hexen
// maps are refused as not supported.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "collision_io/wad.hpp"
#include "wad_builder.hpp"

namespace io = collision::io;

namespace {

using prism_test::Lump;
using prism_test::make_wad;

void put16(std::vector<std::uint8_t>& v, int x) {
  v.push_back(static_cast<std::uint8_t>(x & 0xFF));
  v.push_back(static_cast<std::uint8_t>((x >> 8) & 0xFF));
}

// A one-sector triangle map.
std::vector<Lump> tiny_map() {
  Lump things{"THINGS", {}}, lines{"LINEDEFS", {}}, sides{"SIDEDEFS", {}}, verts{"VERTEXES", {}},
      sectors{"SECTORS", {}};
  for (int x : {32, 32, 0, 1, 7}) put16(things.data, x);
  for (int x : {0, 0, 128, 0, 0, 128}) put16(verts.data, x);
  for (int i = 0; i < 3; ++i) {
    for (int x : {i == 0 ? 0 : 3 - i, i == 0 ? 2 : 2 - i, 1, 0, 0, i, 0xFFFF}) put16(lines.data, x);
    for (int x : {0, 0}) put16(sides.data, x);
    sides.data.insert(sides.data.end(), 24, '-');
    put16(sides.data, 0);
  }
  for (int x : {0, 128}) put16(sectors.data, x);
  sectors.data.insert(sectors.data.end(), 16, 'F');
  for (int x : {160, 0, 0}) put16(sectors.data, x);
  return {{"MAP01", {}}, things, lines, sides, verts, sectors};
}

std::string error_of(const std::vector<std::uint8_t>& bytes, const std::string& map = "MAP01") {
  try {
    io::load_doom_map(bytes.data(), bytes.size(), "test.wad", map);
  } catch (const io::LoadError& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST(CorruptWads, TheTinyMapLoads) {
  const auto bytes = make_wad(tiny_map());
  const io::DoomLevel level = io::load_doom_map(bytes.data(), bytes.size(), "test.wad", "map01");
  EXPECT_EQ(level.map.vertices.size(), 3u);
  EXPECT_EQ(level.map.lines.size(), 3u);
  EXPECT_EQ(level.map.sectors.size(), 1u);
  EXPECT_TRUE(level.has_player1_start);
}

TEST(CorruptWads, BadHeaderAndDirectory) {
  const std::vector<std::uint8_t> bytes = make_wad(tiny_map());
  EXPECT_TRUE(contains(error_of({bytes.begin(), bytes.begin() + 5}), "WAD header")) << error_of({bytes.begin(), bytes.begin() + 5});
  std::vector<std::uint8_t> magic = bytes;
  magic[0] = 'X';
  EXPECT_TRUE(contains(error_of(magic), "not a WAD"));
  // The directory is at the end: cutting the file cuts it.
  const std::string cut = error_of({bytes.begin(), bytes.end() - 7});
  EXPECT_TRUE(contains(cut, "WAD directory")) << cut;
  std::vector<std::uint8_t> huge = bytes;
  huge[4] = huge[5] = huge[6] = huge[7] = 0xFF;
  EXPECT_TRUE(contains(error_of(huge), "WAD directory"));
}

TEST(CorruptWads, ALumpPastTheEndIsNamed) {
  std::vector<std::uint8_t> bytes = make_wad(tiny_map());
  // Directory entry 2 (LINEDEFS): make its size run past the end.
  const std::uint32_t dir = bytes[8] | (bytes[9] << 8) | (bytes[10] << 16) | (static_cast<std::uint32_t>(bytes[11]) << 24);
  bytes[dir + 2 * 16 + 4] = 0xF0;
  bytes[dir + 2 * 16 + 5] = 0xFF;
  const std::string e = error_of(bytes);
  EXPECT_TRUE(contains(e, "LINEDEFS")) << e;
  EXPECT_TRUE(contains(e, "past the end")) << e;
}

TEST(CorruptWads, RecordSizesAndReferencesAreChecked) {
  auto lumps = tiny_map();
  lumps[2].data.pop_back();  // LINEDEFS no longer a multiple of 14
  std::string e = error_of(make_wad(lumps));
  EXPECT_TRUE(contains(e, "LINEDEFS") && contains(e, "multiple")) << e;

  lumps = tiny_map();
  lumps[2].data[0] = 99;  // line 0 names vertex 99
  e = error_of(make_wad(lumps));
  EXPECT_TRUE(contains(e, "LINEDEFS") && contains(e, "vertex 99")) << e;

  lumps = tiny_map();
  lumps[2].data[10] = 50;  // line 0's front sidedef 50
  e = error_of(make_wad(lumps));
  EXPECT_TRUE(contains(e, "LINEDEFS") && contains(e, "sidedef 50")) << e;

  lumps = tiny_map();
  lumps[3].data[28] = 7;  // side 0 names sector 7
  e = error_of(make_wad(lumps));
  EXPECT_TRUE(contains(e, "SIDEDEFS") && contains(e, "sector 7")) << e;

  lumps = tiny_map();
  lumps.erase(lumps.begin() + 5);  // no SECTORS
  e = error_of(make_wad(lumps));
  EXPECT_TRUE(contains(e, "SECTORS")) << e;

  EXPECT_TRUE(contains(error_of(make_wad(tiny_map()), "MAP02"), "no map named MAP02"));
}

TEST(CorruptWads, UdmfAndHexenMapsAreNotSupported) {
  std::string e = error_of(make_wad({{"MAP01", {}}, {"TEXTMAP", {'x'}}, {"ENDMAP", {}}}));
  EXPECT_TRUE(contains(e, "UDMF") && contains(e, "not supported")) << e;
  auto lumps = tiny_map();
  lumps.push_back({"BEHAVIOR", {0, 0, 0, 0}});
  e = error_of(make_wad(lumps));
  EXPECT_TRUE(contains(e, "Hexen") && contains(e, "not supported")) << e;
}

TEST(CorruptWads, EveryTruncationOfARealMapIsAnErrorOrALevel) {
  // E1M1's lumps copied into a small PWAD, then cut at every 97th byte and with each byte of
  // the directory flipped: no crash, only LoadError or a level.
  const std::string path = PRISM_FREEDOOM_DIR "/freedoom1.wad";
  const std::vector<std::uint8_t> big = io::read_binary_file(path);
  const auto dir = io::read_wad_directory(big.data(), big.size(), path);
  std::vector<Lump> lumps;
  for (std::size_t i = 0; i < dir.size(); ++i) {
    if (dir[i].name != "E1M1") continue;
    for (std::size_t j = i; j < i + 11 && j < dir.size(); ++j) {
      lumps.push_back({dir[j].name, {big.begin() + dir[j].offset, big.begin() + dir[j].offset + dir[j].size}});
    }
    break;
  }
  const std::vector<std::uint8_t> wad = make_wad(lumps);
  ASSERT_EQ(error_of(wad, "E1M1"), "");
  long errors = 0;
  for (std::size_t n = 0; n < wad.size(); n += 97) {
    const std::string e = error_of({wad.begin(), wad.begin() + static_cast<long>(n)}, "E1M1");
    errors += !e.empty();
  }
  EXPECT_GT(errors, 0);
  for (std::size_t k = 0; k < 11 * 16; ++k) {
    std::vector<std::uint8_t> bad = wad;
    bad[bad.size() - 11 * 16 + k] ^= 0xA5;
    (void)error_of(bad, "E1M1");
  }
}
