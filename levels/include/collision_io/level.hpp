#pragma once
/// @file level.hpp
/// Loading levels from files: Quake 3 maps (IBSP v46, bare or inside a .pk3) through our own
/// reader, and ordinary mesh files (OBJ, glTF 2, PLY, STL, ...) through Assimp.
///
/// Coordinates are kept exactly as in the file (Quake units and Z up for maps). A map's moving
/// brush entities (doors, lifts, ...) are read apart from the world: Level::movers
/// (collision_io/quake_movers.hpp).
/// Every failure (missing, truncated or corrupt file, unknown format, map not in the archive,
/// a triangle corner or spawn point outside the collision core's input domain, +-2^40:
/// collision/domain.hpp) throws LoadError whose message names the file and what is wrong. No
/// loader crashes on any input.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/mesh.hpp"
#include "collision_io/quake_movers.hpp"

namespace collision::io {

class LoadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A player start read from a map's entity lump.
struct SpawnPoint {
  std::string classname;  ///< info_player_deathmatch, info_player_start, team_CTF_*spawn, ...
  glm::vec3 origin{0.0f}; ///< the player box centre (Quake: box 30x30x56, mins z = -24)
  float angle_degrees = 0.0f;  ///< yaw around the up axis
};

struct Level {
  std::string source;  ///< the spec it was loaded from
  collision::TriangleMesh mesh;  ///< non-solid faces are kept, flagged kTriangleNonSolid
  std::vector<SpawnPoint> spawns;
  glm::vec3 up{0.0f, 1.0f, 0.0f};  ///< (0,0,1) for Quake maps, (0,1,0) for other meshes
  bool quake_map = false;
  std::size_t patch_count = 0;     ///< Bezier patches tessellated (maps)
  std::size_t nonsolid_faces = 0;  ///< faces whose shader does not collide (maps)
  /// Quake 3 maps: the movers (func_door, func_plat, ...: quake_movers.hpp), each with its own
  /// mesh; `mesh` above stays the world model 0 only. Empty for other files.
  QuakeMovers movers;
};

struct LoadOptions {
  /// Subdivisions per side of each 3x3 Bezier patch piece (2*L*L triangles a piece), 1..64.
  int patch_level = 5;
  /// Most triangles a map may produce before make_mesh(); more throws LoadError. A guard
  /// against corrupt files whose faces reuse the same data over and over (real maps stay far
  /// below: ctf_inyard at patch level 64 is about 3 million).
  std::size_t max_triangles = std::size_t{1} << 24;
};

/// Loads `spec`, which is one of:
///  - a path to a .bsp file;
///  - `archive.pk3:maps/name.bsp` (a map inside a pk3);
///  - a path to a .pk3 (its only map, or an error listing them when it holds several);
///  - a bare map name such as `oa_dm1`, found in the installed OpenArena packages
///    (/usr/share/games/openarena/baseoa/*.pk3);
///  - any other path: a mesh file read with Assimp (all meshes of the scene, node transforms
///    applied, nothing else changed).
Level load_level(const std::string& spec, const LoadOptions& options = {});

/// Reads an IBSP v46 map from memory. `name` is used in error messages.
Level load_bsp(const std::uint8_t* data, std::size_t size, const std::string& name,
               const LoadOptions& options = {});

/// Reads a mesh file with Assimp.
Level load_mesh_file(const std::string& path);

/// Reads one file out of a zip archive (.pk3). Throws LoadError.
std::vector<std::uint8_t> read_zip_entry(const std::string& archive, const std::string& entry);

/// The map entries (`maps/*.bsp`) of a zip archive (.pk3), sorted. Throws LoadError.
std::vector<std::string> list_maps(const std::string& archive);

/// The OpenArena data folder searched for bare map names.
inline constexpr const char* kOpenArenaDir = "/usr/share/games/openarena/baseoa";

}  // namespace collision::io
