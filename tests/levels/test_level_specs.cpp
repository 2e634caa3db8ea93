// load_level()'s spec forms: a .bsp path, archive.pk3:maps/x.bsp, a .pk3, a bare map name.

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <zip.h>

#include "collision_io/level.hpp"
#include "map_fixtures.hpp"

namespace {

using collision::io::Level;
using collision::io::LoadError;
using collision::io::load_level;
using prism_test::kPk3;

/// The LoadError message of load_level(spec); fails the test when it loads.
std::string load_error(const std::string& spec) {
  try {
    (void)load_level(spec);
  } catch (const LoadError& e) {
    return e.what();
  }
  ADD_FAILURE() << spec << " loaded";
  return {};
}

/// Writes a zip with the given entries (name, bytes).
void write_zip(const std::string& path,
               const std::vector<std::pair<std::string, std::vector<std::uint8_t>>>& entries) {
  int code = 0;
  zip_t* z = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &code);
  ASSERT_NE(z, nullptr) << code;
  for (const auto& [name, bytes] : entries) {
    zip_source_t* src = zip_source_buffer(z, bytes.data(), bytes.size(), 0);
    ASSERT_NE(src, nullptr);
    ASSERT_GE(zip_file_add(z, name.c_str(), src, ZIP_FL_OVERWRITE), 0) << zip_strerror(z);
  }
  ASSERT_EQ(zip_close(z), 0);
}

TEST(LevelSpec, BareMapNameIsFoundInTheOpenArenaPk3s) {
  const Level level = load_level("oa_dm4");
  EXPECT_EQ(level.source, "oa_dm4");
  EXPECT_TRUE(level.quake_map);
  EXPECT_EQ(level.up, glm::vec3(0.0f, 0.0f, 1.0f));
  EXPECT_EQ(level.mesh.triangle_count(), 4093u);
}

TEST(LevelSpec, NamedMapInsideAPk3) {
  const Level level = load_level(kPk3 + ":maps/oa_dm4.bsp");
  EXPECT_EQ(level.mesh.triangle_count(), 4093u);
  EXPECT_EQ(level.spawns.size(), 7u);
  EXPECT_TRUE(level.quake_map);
  // Short form and any case, as Quake's file system allows.
  EXPECT_EQ(load_level(kPk3 + ":oa_dm4").mesh.triangle_count(), 4093u);
  EXPECT_EQ(load_level(kPk3 + ":MAPS/OA_DM4.BSP").mesh.triangle_count(), 4093u);
}

TEST(LevelSpec, MapNotInThePk3IsALoadErrorNamingIt) {
  const std::string message = load_error(kPk3 + ":maps/no_such_map.bsp");
  EXPECT_NE(message.find("maps/no_such_map.bsp"), std::string::npos) << message;
  EXPECT_NE(load_error("no_such_map_anywhere").find("no_such_map_anywhere"), std::string::npos);
}

TEST(LevelSpec, Pk3WithSeveralMapsListsThem) {
  const std::string message = load_error(kPk3);
  EXPECT_NE(message.find("50 maps"), std::string::npos) << message;
  EXPECT_NE(message.find("maps/oa_dm1.bsp"), std::string::npos) << message;
}

TEST(LevelSpec, Pk3WithOneMapLoadsIt) {
  prism_test::ScratchDir dir;
  const std::string pk3 = dir.file("one.pk3");
  write_zip(pk3, {{"maps/oa_dm4.bsp", prism_test::map_bytes("oa_dm4")},
                  {"scripts/readme.txt", {'h', 'i'}}});
  const Level level = load_level(pk3);
  EXPECT_EQ(level.mesh.triangle_count(), 4093u);
  EXPECT_EQ(level.source, pk3);
  EXPECT_EQ(collision::io::list_maps(pk3), std::vector<std::string>{"maps/oa_dm4.bsp"});
}

TEST(LevelSpec, Pk3WithoutMapsIsALoadError) {
  prism_test::ScratchDir dir;
  const std::string pk3 = dir.file("empty.pk3");
  write_zip(pk3, {{"scripts/readme.txt", {'h', 'i'}}});
  EXPECT_NE(load_error(pk3).find("no maps"), std::string::npos);
}

TEST(LevelSpec, Pk3ThatIsNotAZipIsALoadErrorNamingIt) {
  prism_test::ScratchDir dir;
  const std::string pk3 = dir.write("junk.pk3", std::string("this is not a zip archive"));
  EXPECT_NE(load_error(pk3).find(pk3), std::string::npos);
  EXPECT_NE(load_error(pk3 + ":maps/x.bsp").find(pk3), std::string::npos);
  EXPECT_NE(load_error(dir.file("missing.pk3")).find("missing.pk3"), std::string::npos);
}

TEST(LevelSpec, BspFileOnDisk) {
  prism_test::ScratchDir dir;
  const std::string path = dir.write("dm4.bsp", prism_test::map_bytes("oa_dm4"));
  const Level level = load_level(path);
  EXPECT_EQ(level.source, path);
  EXPECT_EQ(level.mesh.triangle_count(), 4093u);
  EXPECT_EQ(level.spawns.size(), 7u);
}

TEST(LevelSpec, ReadZipEntryGivesTheEntrysBytes) {
  const auto bytes = collision::io::read_zip_entry(kPk3, "maps/oa_dm1.bsp");
  EXPECT_EQ(bytes.size(), 1404976u);
  ASSERT_GE(bytes.size(), 4u);
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 4), "IBSP");
  EXPECT_THROW((void)collision::io::read_zip_entry(kPk3, "maps/nothing.bsp"), LoadError);
}

}  // namespace
