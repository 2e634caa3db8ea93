// Truncated, bit-flipped and otherwise corrupt maps, made at run time from oa_dm4's bytes:
// each must give a LoadError naming the file, never a crash (run these under the sanitize
// preset too; tests/fuzz goes further).

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "collision_io/level.hpp"
#include "map_fixtures.hpp"

namespace {

using collision::io::Level;
using collision::io::LoadError;
using collision::io::LoadOptions;
using collision::io::load_bsp;
using collision::io::load_level;
using Bytes = std::vector<std::uint8_t>;

constexpr const char* kName = "corrupt_dm4.bsp";

enum Lump { kEntities = 0, kShaders = 1, kModels = 7, kVertexes = 10, kMeshverts = 11, kFaces = 13 };

Bytes dm4() { return prism_test::map_bytes("oa_dm4"); }

std::int32_t get_i32(const Bytes& b, std::size_t at) {
  std::int32_t v;
  std::memcpy(&v, b.data() + at, 4);
  return v;
}
void put_i32(Bytes& b, std::size_t at, std::int32_t v) { std::memcpy(b.data() + at, &v, 4); }
void put_f32(Bytes& b, std::size_t at, float v) { std::memcpy(b.data() + at, &v, 4); }
std::size_t lump_offset(const Bytes& b, int lump) { return static_cast<std::size_t>(get_i32(b, 8 + 8 * lump)); }
std::size_t lump_length(const Bytes& b, int lump) { return static_cast<std::size_t>(get_i32(b, 12 + 8 * lump)); }
/// Byte offset of the world's first face.
std::size_t first_world_face(const Bytes& b) {
  return lump_offset(b, kFaces) + 104u * static_cast<std::size_t>(get_i32(b, lump_offset(b, kModels) + 24));
}

/// Loads `bytes` and returns the LoadError's message; fails the test when it loads.
std::string load_error(const Bytes& bytes, const LoadOptions& options = {}) {
  try {
    (void)load_bsp(bytes.data(), bytes.size(), kName, options);
  } catch (const LoadError& e) {
    return e.what();
  }
  ADD_FAILURE() << "corrupt map loaded without error";
  return {};
}

/// Expects load_bsp(bytes) to throw a LoadError that names the file and says `what`.
void expect_load_error(const Bytes& bytes, const std::string& what, const std::string& context = {}) {
  const std::string message = load_error(bytes);
  EXPECT_NE(message.find(kName), std::string::npos) << context << ": " << message;
  EXPECT_NE(message.find(what), std::string::npos) << context << ": " << message;
}

TEST(CorruptMap, MissingFileIsALoadErrorNamingIt) {
  const std::string path = "/nonexistent/prism/missing_map.bsp";
  try {
    (void)load_level(path);
    FAIL() << "loaded a missing file";
  } catch (const LoadError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
}

TEST(CorruptMap, TruncatedFileIsALoadErrorNamingIt) {
  const Bytes whole = dm4();
  for (const std::size_t size : {std::size_t{0}, std::size_t{3}, std::size_t{8}, std::size_t{100},
                                 std::size_t{143}, std::size_t{144}, whole.size() / 3,
                                 whole.size() / 2, whole.size() - 1}) {
    const Bytes cut(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(size));
    const std::string message = load_error(cut);
    EXPECT_NE(message.find(kName), std::string::npos) << "size " << size << ": " << message;
  }
  // Also through a file on disk.
  prism_test::ScratchDir dir;
  const std::string path = dir.write("half.bsp", Bytes(whole.begin(), whole.begin() + 5000));
  EXPECT_THROW((void)load_level(path), LoadError);
}

TEST(CorruptMap, NullDataIsALoadError) {
  EXPECT_THROW((void)load_bsp(nullptr, 0, kName), LoadError);
}

TEST(CorruptMap, BadMagicIsALoadError) {
  Bytes b = dm4();
  b[0] = 'R';
  expect_load_error(b, "magic");
}

TEST(CorruptMap, BadVersionIsALoadError) {
  Bytes b = dm4();
  put_i32(b, 4, 47);
  expect_load_error(b, "version 47");
  put_i32(b, 4, -1);
  expect_load_error(b, "version -1");
}

TEST(CorruptMap, GarbageLumpOffsetsAreALoadError) {
  const Bytes whole = dm4();
  const std::int32_t size = static_cast<std::int32_t>(whole.size());
  for (int lump = 0; lump < 17; ++lump) {
    for (const std::int32_t offset : {-1, std::numeric_limits<std::int32_t>::min(), size,
                                      size - 2, std::numeric_limits<std::int32_t>::max()}) {
      Bytes b = whole;
      put_i32(b, 8 + 8 * static_cast<std::size_t>(lump), offset);
      if (lump_length(b, lump) == 0 && offset >= 0 && offset <= size) continue;  // empty lump: fine
      expect_load_error(b, "lump", "lump " + std::to_string(lump) + " offset " + std::to_string(offset));
    }
    Bytes b = whole;
    put_i32(b, 12 + 8 * static_cast<std::size_t>(lump), std::numeric_limits<std::int32_t>::max());
    expect_load_error(b, "past the end", "lump " + std::to_string(lump));
  }
}

TEST(CorruptMap, LumpThatIsNotWholeRecordsIsALoadError) {
  Bytes b = dm4();
  put_i32(b, 12 + 8 * kFaces, static_cast<std::int32_t>(lump_length(b, kFaces) - 1));
  expect_load_error(b, "whole number");
}

TEST(CorruptMap, FaceIndicesOutOfRangeAreALoadError) {
  const Bytes whole = dm4();
  const std::size_t face = first_world_face(whole);
  struct Case {
    std::size_t field;
    std::int32_t value;
    const char* what;
  };
  for (const Case c : {Case{0, -1, "shader"}, Case{0, 1 << 30, "shader"}, Case{8, 99, "type"},
                       Case{12, -5, "vertexes"}, Case{12, std::numeric_limits<std::int32_t>::max(), "vertexes"},
                       Case{16, std::numeric_limits<std::int32_t>::max(), "vertexes"},
                       Case{20, std::numeric_limits<std::int32_t>::max(), "meshverts"},
                       Case{24, std::numeric_limits<std::int32_t>::max(), "meshverts"},
                       Case{24, 4, "whole number of triangles"}}) {
    Bytes b = whole;
    put_i32(b, face + c.field, c.value);
    expect_load_error(b, c.what, "field at " + std::to_string(c.field) + " = " + std::to_string(c.value));
  }
  // A meshvert that points outside its face's vertexes.
  Bytes b = whole;
  const std::size_t meshvert = lump_offset(b, kMeshverts) + 4u * static_cast<std::size_t>(get_i32(b, face + 20));
  put_i32(b, meshvert, 1 << 20);
  expect_load_error(b, "meshvert");
}

TEST(CorruptMap, WorldModelOutsideTheFacesIsALoadError) {
  Bytes b = dm4();
  put_i32(b, lump_offset(b, kModels) + 28, 1 << 28);
  expect_load_error(b, "world model");
  Bytes none = dm4();
  put_i32(none, 12 + 8 * kModels, 0);
  expect_load_error(none, "no models");
}

TEST(CorruptMap, NonFiniteVertexIsDroppedAsDegenerate) {
  Bytes b = dm4();
  const std::size_t face = first_world_face(b);
  const std::size_t vertex = lump_offset(b, kVertexes) + 44u * static_cast<std::size_t>(get_i32(b, face + 12));
  put_f32(b, vertex, std::numeric_limits<float>::quiet_NaN());
  put_f32(b, vertex + 44, std::numeric_limits<float>::infinity());
  const Level level = load_bsp(b.data(), b.size(), kName);
  EXPECT_GT(level.mesh.degenerate_count, 0u);
  EXPECT_LT(level.mesh.triangle_count(), 4093u);
  for (const glm::uvec3& t : level.mesh.indices) {
    for (int k = 0; k < 3; ++k) {
      const glm::vec3 p = level.mesh.positions[t[k]];
      EXPECT_TRUE(std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z));
    }
  }
}

TEST(CorruptMap, EvenPatchGridIsALoadError) {
  Bytes b = prism_test::map_bytes("ctf_inyard");
  const std::size_t faces = lump_offset(b, kFaces);
  for (std::size_t f = 0; f < lump_length(b, kFaces) / 104; ++f) {
    if (get_i32(b, faces + 104 * f + 8) == 2) {
      put_i32(b, faces + 104 * f + 96, 4);
      break;
    }
  }
  expect_load_error(b, "odd");
}

TEST(CorruptMap, FacesReusingTheSameDataCannotExhaustMemory) {
  const Bytes b = dm4();
  LoadOptions options;
  options.max_triangles = 1000;
  const std::string message = load_error(b, options);
  EXPECT_NE(message.find("1000 triangles"), std::string::npos) << message;
}

TEST(CorruptMap, PatchLevelOutOfRangeIsALoadError) {
  const Bytes b = dm4();
  for (const int level : {0, -3, 65}) {
    LoadOptions options;
    options.patch_level = level;
    EXPECT_NE(load_error(b, options).find("patch level"), std::string::npos);
  }
}

TEST(CorruptMap, BrokenEntityLumpIsALoadError) {
  Bytes b = dm4();
  const std::size_t entities = lump_offset(b, kEntities);
  b[entities] = '}';
  expect_load_error(b, "entity lump");
  // An unterminated string: blank every quote after the first one.
  Bytes open = dm4();
  bool first = true;
  for (std::size_t i = entities; i < entities + lump_length(open, kEntities); ++i) {
    if (open[i] == '"') {
      if (!first) open[i] = ' ';
      first = false;
    }
  }
  expect_load_error(open, "entity lump");
}

// Random byte flips anywhere in the file: each load either succeeds or throws LoadError.
// (The fuzz target in tests/fuzz does this for real; this keeps a cheap check in every build.)
TEST(CorruptMap, FlippedBytesGiveALoadErrorOrAMeshNeverACrash) {
  const Bytes whole = dm4();
  std::mt19937 rng(46);
  std::uniform_int_distribution<std::size_t> in_file(0, whole.size() - 1);
  std::uniform_int_distribution<std::size_t> in_header(0, 143);
  std::uniform_int_distribution<int> byte(0, 255);
  int errors = 0;
  for (int round = 0; round < 300; ++round) {
    Bytes b = whole;
    for (int k = 0; k < 8; ++k) b[in_file(rng)] = static_cast<std::uint8_t>(byte(rng));
    if (round % 3 == 0) b[in_header(rng)] = static_cast<std::uint8_t>(byte(rng));
    try {
      const Level level = load_bsp(b.data(), b.size(), kName);
      for (const glm::uvec3& t : level.mesh.indices) {
        ASSERT_LT(t.x, level.mesh.positions.size());
        ASSERT_LT(t.y, level.mesh.positions.size());
        ASSERT_LT(t.z, level.mesh.positions.size());
      }
    } catch (const LoadError& e) {
      ++errors;
      EXPECT_NE(std::string(e.what()).find(kName), std::string::npos) << e.what();
    }
  }
  EXPECT_GT(errors, 0);
}

}  // namespace
