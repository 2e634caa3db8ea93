// Real Quake 3 maps from Debian's openarena-081-maps: sizes, flags, spawns, winding, patches.
// The expected figures are those of docs PLATFORM.md (also measured with Bullet there).

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <set>
#include <string>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision_io/level.hpp"
#include "map_fixtures.hpp"
#include "tiny_map.hpp"

namespace {

using collision::io::Level;
using collision::io::LoadOptions;
using collision::io::load_bsp;
using prism_test::map_bytes;

Level load_map(const std::string& name, int patch_level = 5) {
  const auto& bytes = map_bytes(name);
  LoadOptions options;
  options.patch_level = patch_level;
  return load_bsp(bytes.data(), bytes.size(), name, options);
}

std::size_t nonsolid_triangles(const Level& level) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < level.mesh.triangle_count(); ++i) n += level.mesh.solid(i) ? 0 : 1;
  return n;
}

/// Index of the first solid triangle hit by the ray from `origin` along `dir` (brute force,
/// Moller-Trumbore, both faces), so the check does not depend on the BVH under test elsewhere.
std::optional<std::size_t> first_hit(const Level& level, glm::vec3 origin, glm::vec3 dir) {
  const glm::dvec3 o(origin), d(dir);
  double best = std::numeric_limits<double>::infinity();
  std::optional<std::size_t> hit;
  for (std::size_t i = 0; i < level.mesh.triangle_count(); ++i) {
    if (!level.mesh.solid(i)) continue;
    const collision::Triangle t = level.mesh.triangle(i);
    const glm::dvec3 a(t.a), e1 = glm::dvec3(t.b) - a, e2 = glm::dvec3(t.c) - a;
    const glm::dvec3 p = glm::cross(d, e2);
    const double det = glm::dot(e1, p);
    if (std::abs(det) < 1e-12) continue;
    const glm::dvec3 s = o - a;
    const double u = glm::dot(s, p) / det;
    if (u < 0.0 || u > 1.0) continue;
    const glm::dvec3 q = glm::cross(s, e1);
    const double v = glm::dot(d, q) / det;
    if (v < 0.0 || u + v > 1.0) continue;
    const double dist = glm::dot(e2, q) / det;
    if (dist > 0.0 && dist < best) {
      best = dist;
      hit = i;
    }
  }
  return hit;
}

TEST(QuakeMap, OaDm1HasItsWorldTriangles) {
  const Level level = load_map("oa_dm1");
  // 7,460 triangles in the file, of which 26 are degenerate (Bullet keeps 7,434 too).
  EXPECT_EQ(level.mesh.triangle_count() + level.mesh.degenerate_count, 7460u);
  EXPECT_EQ(level.mesh.triangle_count(), 7434u);
  EXPECT_EQ(level.patch_count, 0u);
  EXPECT_TRUE(level.quake_map);
  EXPECT_EQ(level.up, glm::vec3(0.0f, 0.0f, 1.0f));
}

TEST(QuakeMap, OaDm4HasItsWorldTriangles) {
  const Level level = load_map("oa_dm4");
  EXPECT_EQ(level.mesh.triangle_count(), 4093u);
  EXPECT_EQ(level.mesh.degenerate_count, 0u);
  EXPECT_EQ(level.nonsolid_faces, 7u);
}

TEST(QuakeMap, CtfInyardWithPatchesAtLevel5Has35107Triangles) {
  const Level level = load_map("ctf_inyard", 5);
  EXPECT_EQ(level.mesh.triangle_count(), 35107u);
  EXPECT_EQ(level.patch_count, 212u);
}

// Patch pieces give 2*L*L triangles each, so the triangles before degenerate removal are
// base + 2*L*L*pieces at every level; ctf_inyard: 16,932 polygon/mesh triangles, 388 pieces.
TEST(QuakeMap, PatchLevelChangesTriangleCountBy2LLPerPiece) {
  auto input_triangles = [](int level) {
    const Level l = load_map("ctf_inyard", level);
    return l.mesh.triangle_count() + l.mesh.degenerate_count;
  };
  const std::size_t at1 = input_triangles(1);
  const std::size_t at2 = input_triangles(2);
  ASSERT_GT(at2, at1);
  ASSERT_EQ((at2 - at1) % 6, 0u);
  const std::size_t pieces = (at2 - at1) / 6;
  const std::size_t base = at1 - 2 * pieces;
  EXPECT_EQ(pieces, 388u);
  EXPECT_EQ(base, 16932u);
  for (const int level : {3, 5, 8}) {
    EXPECT_EQ(input_triangles(level), base + 2u * level * level * pieces) << "level " << level;
  }
  // Maps without patches do not change at all.
  EXPECT_EQ(load_map("oa_dm4", 1).mesh.triangle_count(), load_map("oa_dm4", 9).mesh.triangle_count());
}

TEST(QuakeMap, FogWaterAndBeamFacesAreKeptButFlaggedNonSolid) {
  const Level level = load_map("oa_dm1");
  EXPECT_EQ(level.nonsolid_faces, 30u);
  const std::size_t flagged = nonsolid_triangles(level);
  EXPECT_GT(flagged, 30u);  // each face is at least one triangle
  EXPECT_LT(flagged, level.mesh.triangle_count() / 10);
  EXPECT_EQ(load_map("ctf_inyard").nonsolid_faces, 4u);
}

TEST(QuakeMap, SpawnPointsAreReadFromTheEntityLump) {
  const Level dm1 = load_map("oa_dm1");
  ASSERT_EQ(dm1.spawns.size(), 8u);
  for (const auto& s : dm1.spawns) {
    EXPECT_TRUE(s.classname == "info_player_deathmatch" || s.classname == "info_player_start")
        << s.classname;
    EXPECT_TRUE(std::isfinite(s.origin.x) && std::isfinite(s.origin.y) && std::isfinite(s.origin.z));
    EXPECT_GE(s.angle_degrees, -360.0f);
    EXPECT_LE(s.angle_degrees, 360.0f);
  }
  EXPECT_EQ(load_map("oa_dm4").spawns.size(), 7u);

  const Level ctf = load_map("ctf_inyard");
  std::set<std::string> classes;
  for (const auto& s : ctf.spawns) classes.insert(s.classname);
  EXPECT_EQ(ctf.spawns.size(), 48u);
  EXPECT_TRUE(classes.count("team_CTF_redspawn") && classes.count("team_CTF_bluespawn"));
}

// Quake winds clockwise seen from the front; the loader reverses it so that the mesh normal
// (B-A)x(C-A) faces the front. A floor below every spawn point must then face up.
TEST(QuakeMap, FloorsUnderSpawnPointsFaceUp) {
  for (const char* name : {"oa_dm1", "oa_dm4", "ctf_inyard"}) {
    const Level level = load_map(name);
    ASSERT_FALSE(level.spawns.empty()) << name;
    for (const auto& s : level.spawns) {
      const auto hit = first_hit(level, s.origin, glm::vec3(0.0f, 0.0f, -1.0f));
      ASSERT_TRUE(hit.has_value()) << name << " spawn at z " << s.origin.z << " has no floor";
      EXPECT_GT(level.mesh.normals[*hit].z, 0.7f) << name << " floor under spawn faces down";
      // And the ceiling above faces down, into the room.
      const auto up = first_hit(level, s.origin, glm::vec3(0.0f, 0.0f, 1.0f));
      if (up && std::abs(level.mesh.normals[*up].z) > 0.7f) {
        EXPECT_LT(level.mesh.normals[*up].z, 0.0f) << name << " ceiling faces up";
      }
    }
  }
}

TEST(QuakeMap, MostUpFacingSurfacesAreBelowTheSpawnsSightline) {
  // Coordinates are kept: the spawn origins sit 24 units above their floor (box mins z = -24).
  const Level level = load_map("oa_dm1");
  for (const auto& s : level.spawns) {
    const auto hit = first_hit(level, s.origin, glm::vec3(0.0f, 0.0f, -1.0f));
    ASSERT_TRUE(hit.has_value());
    const collision::Triangle t = level.mesh.triangle(*hit);
    const float floor_z = t.a.z;  // spawn floors are flat
    EXPECT_NEAR(s.origin.z - floor_z, 24.0f, 16.0f);
  }
}

TEST(QuakeMap, EveryOpenArenaMapLoads) {
  const auto maps = collision::io::list_maps(prism_test::kPk3);
  EXPECT_EQ(maps.size(), 50u);
  for (const auto& m : maps) {
    const auto bytes = collision::io::read_zip_entry(prism_test::kPk3, m);
    const Level level = load_bsp(bytes.data(), bytes.size(), m);
    EXPECT_GT(level.mesh.triangle_count(), 500u) << m;
    EXPECT_FALSE(level.spawns.empty()) << m;
  }
}

}  // namespace

namespace {

// A map written by the test itself, so every count is known exactly.
TEST(TinyMap, EveryFaceTypeGivesItsExactTriangles) {
  const auto bytes = prism_test::tiny_map();
  using Counts = prism_test::TinyMapCounts;
  for (const int patch_level : {1, 2, 5, 64}) {
    LoadOptions options;
    options.patch_level = patch_level;
    const Level level = load_bsp(bytes.data(), bytes.size(), "tiny.bsp", options);
    const std::size_t patch_triangles = 2u * patch_level * patch_level;
    EXPECT_EQ(level.mesh.triangle_count(),
              Counts::kFloorTriangles + Counts::kFogTriangles + patch_triangles);
    EXPECT_EQ(level.mesh.degenerate_count, 0u);
    EXPECT_EQ(level.patch_count, Counts::kPatches);
    EXPECT_EQ(level.nonsolid_faces, Counts::kNonSolidFaces);
    EXPECT_EQ(nonsolid_triangles(level), Counts::kFogTriangles);
  }
  const Level level = load_bsp(bytes.data(), bytes.size(), "tiny.bsp");
  ASSERT_EQ(level.spawns.size(), Counts::kSpawns);
  EXPECT_EQ(level.spawns[0].origin, glm::vec3(64.0f, 64.0f, 24.0f));
  EXPECT_EQ(level.spawns[0].angle_degrees, 90.0f);
  // The floor, written clockwise from above as Quake does, faces +z; so does the patch bump.
  for (std::size_t i = 0; i < level.mesh.triangle_count(); ++i) {
    EXPECT_GT(level.mesh.normals[i].z, 0.0f) << "triangle " << i;
  }
  // At an even level the centre (u = v = 1/2) is a sample; its Bezier value is the raised
  // control point times the middle weights: 32 * (2 * 1/2 * 1/2)^2 = 8.
  LoadOptions even;
  even.patch_level = 2;
  const Level at2 = load_bsp(bytes.data(), bytes.size(), "tiny.bsp", even);
  float top = 0.0f;
  for (const glm::vec3& p : at2.mesh.positions) top = std::max(top, p.x >= 200.0f ? p.z : 0.0f);
  EXPECT_FLOAT_EQ(top, 8.0f);
}

}  // namespace
