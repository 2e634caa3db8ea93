// The level files' one reader (levels/src/read_file.hpp), shared by the map and mesh loaders
// and the WAD reader: each refuses a file it will not read in the same words.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "collision_io/level.hpp"
#include "collision_io/wad.hpp"
#include "map_fixtures.hpp"

namespace {

using collision::io::LoadError;

std::string load_error(void (*load)(const std::string&), const std::string& path) {
  try {
    load(path);
  } catch (const LoadError& e) {
    return e.what();
  }
  return "(loaded)";
}

TEST(LevelFiles, AMapOrWadOverAGigabyteIsRefusedNamingItsPathAndSize) {
  // The WAD reader had its own copy of the map loader's reader, and said only "file is too
  // large". A sparse file: nothing of it is read or written.
  prism_test::ScratchDir dir;
  const std::uintmax_t size = (std::uintmax_t{1} << 30) + 1;
  const std::string map = dir.file("huge.bsp"), wad = dir.file("huge.wad");
  for (const std::string& path : {map, wad}) {
    { std::ofstream(path).put('\0'); }
    std::filesystem::resize_file(path, size);
  }
  EXPECT_EQ(load_error([](const std::string& p) { (void)collision::io::load_level(p); }, map),
            map + ": file of 1073741825 bytes is too large");
  EXPECT_EQ(load_error([](const std::string& p) { (void)collision::io::read_binary_file(p); }, wad),
            wad + ": file of 1073741825 bytes is too large");
  EXPECT_EQ(load_error([](const std::string& p) { (void)collision::io::load_doom_level(p + ":E1M1"); }, wad),
            wad + ": file of 1073741825 bytes is too large");
}

TEST(LevelFiles, AMissingMapOrWadIsRefusedInOneWording) {
  prism_test::ScratchDir dir;
  const std::string map = dir.file("absent.bsp"), wad = dir.file("absent.wad");
  EXPECT_EQ(load_error([](const std::string& p) { (void)collision::io::load_level(p); }, map), map + ": no such file");
  EXPECT_EQ(load_error([](const std::string& p) { (void)collision::io::read_binary_file(p); }, wad),
            wad + ": no such file");
}

}  // namespace
