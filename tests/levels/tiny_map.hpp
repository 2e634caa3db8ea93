#pragma once
// A tiny IBSP v46 map written from scratch: a 128 x 128 floor (one polygon face, two triangles),
// one 3x3 Bezier patch (a bump), one fog triangle (mesh face, non-solid shader) and one spawn
// point. Used by the io tests (exact counts) and as the fuzzer's small seed.

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace prism_test {

struct TinyMapCounts {
  static constexpr std::size_t kFloorTriangles = 2;
  static constexpr std::size_t kFogTriangles = 1;
  static constexpr std::size_t kPatches = 1;
  static constexpr std::size_t kNonSolidFaces = 1;
  static constexpr std::size_t kSpawns = 1;
};

/// `extra_entities` (entity lump text) is appended after the spawn point; when it is not empty the
/// map also gets inline model *1: the floor face again, as a mover's model (128 x 128 x 0 at z 0).
inline std::vector<std::uint8_t> tiny_map(const std::string& extra_entities = "") {
  std::array<std::vector<std::uint8_t>, 17> lumps;
  auto put_i32 = [](std::vector<std::uint8_t>& out, std::int32_t v) {
    std::uint8_t b[4];
    std::memcpy(b, &v, 4);
    out.insert(out.end(), b, b + 4);
  };
  auto put_f32 = [](std::vector<std::uint8_t>& out, float v) {
    std::uint8_t b[4];
    std::memcpy(b, &v, 4);
    out.insert(out.end(), b, b + 4);
  };

  const std::string entities =
      "{\n\"classname\" \"worldspawn\"\n}\n"
      "{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"64 64 24\"\n\"angle\" \"90\"\n}\n" +
      extra_entities;
  lumps[0].assign(entities.begin(), entities.end());
  lumps[0].push_back(0);

  auto shader = [&](const char* name, std::int32_t surface_flags, std::int32_t contents) {
    std::uint8_t n[64] = {};
    std::memcpy(n, name, std::strlen(name));
    lumps[1].insert(lumps[1].end(), n, n + 64);
    put_i32(lumps[1], surface_flags);
    put_i32(lumps[1], contents);
  };
  shader("textures/tiny/floor", 0, 1);
  shader("textures/tiny/fog", 0, 0x40);  // CONTENTS_FOG, no CONTENTS_SOLID

  // Model 0: mins, maxs, first face, face count, first brush, brush count.
  for (int i = 0; i < 6; ++i) put_f32(lumps[7], i < 3 ? -256.0f : 256.0f);
  put_i32(lumps[7], 0);
  put_i32(lumps[7], 3);
  put_i32(lumps[7], 0);
  put_i32(lumps[7], 0);
  if (!extra_entities.empty()) {  // model *1: face 0
    for (const float v : {0.0f, 0.0f, 0.0f, 128.0f, 128.0f, 0.0f}) put_f32(lumps[7], v);
    for (const std::int32_t v : {0, 1, 0, 0}) put_i32(lumps[7], v);
  }

  auto vertex = [&](float x, float y, float z) {
    put_f32(lumps[10], x);
    put_f32(lumps[10], y);
    put_f32(lumps[10], z);
    for (int i = 0; i < 4; ++i) put_f32(lumps[10], 0.0f);  // texture and lightmap st
    put_f32(lumps[10], 0.0f);
    put_f32(lumps[10], 0.0f);
    put_f32(lumps[10], 1.0f);  // normal
    put_i32(lumps[10], -1);    // colour
  };
  // Floor, 0..3: clockwise seen from above (+z), as Quake writes a floor.
  vertex(0, 0, 0);
  vertex(0, 128, 0);
  vertex(128, 128, 0);
  vertex(128, 0, 0);
  // Patch, 4..12: a 3x3 control grid beside the floor, its middle raised.
  for (int row = 0; row < 3; ++row) {
    for (int col = 0; col < 3; ++col) {
      vertex(200.0f + 32.0f * static_cast<float>(col), 32.0f * static_cast<float>(row),
             row == 1 && col == 1 ? 32.0f : 0.0f);
    }
  }
  // Fog triangle, 13..15.
  vertex(0, 0, 64);
  vertex(0, 64, 64);
  vertex(64, 0, 64);

  for (const std::int32_t m : {0, 1, 2, 0, 2, 3, 0, 1, 2}) put_i32(lumps[11], m);

  auto face = [&](std::int32_t shader_index, std::int32_t type, std::int32_t first_vertex,
                  std::int32_t vertex_count, std::int32_t first_meshvert,
                  std::int32_t meshvert_count, std::int32_t width, std::int32_t height) {
    for (const std::int32_t v : {shader_index, -1, type, first_vertex, vertex_count, first_meshvert,
                                 meshvert_count, -1, 0, 0, 0, 0}) {
      put_i32(lumps[13], v);
    }
    for (int i = 0; i < 12; ++i) put_f32(lumps[13], i == 11 ? 1.0f : 0.0f);  // lm origin, vecs, normal
    put_i32(lumps[13], width);
    put_i32(lumps[13], height);
  };
  face(0, 1, 0, 4, 0, 6, 0, 0);   // floor polygon
  face(0, 2, 4, 9, 0, 0, 3, 3);   // patch
  face(1, 3, 13, 3, 6, 3, 0, 0);  // fog mesh

  std::vector<std::uint8_t> out = {'I', 'B', 'S', 'P'};
  put_i32(out, 46);
  std::size_t offset = 8 + 17 * 8;
  for (const auto& l : lumps) {
    put_i32(out, static_cast<std::int32_t>(offset));
    put_i32(out, static_cast<std::int32_t>(l.size()));
    offset += l.size();
  }
  for (const auto& l : lumps) out.insert(out.end(), l.begin(), l.end());
  return out;
}

}  // namespace prism_test
