#pragma once
/// @file scene.hpp
/// What the debugger walks through: a level's collision world, its up axis, where the body
/// starts, the body that suits its scale, and the scene's default walk (if any).
///
/// Scenes come from five places: the embedded default scene ("default", also when no scene is
/// named), the embedded bug zoo (`zoo:wedge`, assets/zoo/README.md), a Quake 3 map by name or file (`oa_dm1`, `maps/x.bsp`, `a.pk3:maps/x.bsp`),
/// any mesh file Assimp reads, or a scene file (`*.json`, collision_io/scene_file.hpp: one of
/// those levels plus moving instances and other characters, which move with the body: movers.hpp). Coordinates are never changed: a Z-up map is shown upright by the
/// camera (Scene::up), not by rotating the data.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/move.hpp"
#include "collision/world.hpp"
#include "debugger/session.hpp"

namespace debugger {

struct Scene {
  std::string spec;  ///< what it was loaded from ("default", "oa_dm1", a path)
  std::string name;  ///< short name for file names: "default", "oa_dm1", the file's stem
  std::shared_ptr<const collision::World> world;
  /// The level's moving parts (a Quake 3 map's doors, lifts, ...; a scene file's instances and
  /// characters: movers.hpp), stepped with the body; null when it has none.
  std::shared_ptr<const SessionMovers> movers;
  glm::vec3 up{0.0f, 1.0f, 0.0f};
  glm::vec3 spawn{0.0f};    ///< body centre at frame 0
  float spawn_yaw = 0.0f;   ///< radians about `up` (heading::direction_from_angles convention)
  collision::Body body = collision::Body::sphere(0.4f);  ///< suits the scene's scale
  std::string default_walk;  ///< walk script text; empty when the scene has none
  /// Where the body and spawn came from, for the frame panel ("default for a Quake map", ...).
  std::string setup_note;
};

/// What a command line may change about a scene (`prism --up --body --spawn`); empty: the
/// scene's own. A mesh without a spawn point starts above its largest walkable area
/// (spawn.hpp), computed for the up axis and body given here.
struct SceneSetup {
  std::optional<glm::vec3> up;
  std::optional<collision::Body> body;
  std::optional<glm::vec3> spawn;
};

/// Loads `spec` ("" or "default" for the embedded scene). @throws collision::io::LoadError or
/// std::runtime_error naming the spec and what is wrong.
Scene load_scene(const std::string& spec, const SceneSetup& setup = {});

/// The bug zoo's scene names (assets/zoo), in the order of value: `zoo:NAME` loads one.
std::vector<std::string> zoo_scene_names();

/// Parses an OBJ text (v and f lines; polygons fanned; `# prism-spawn X Y Z YAW_DEG` comment).
/// Y is up. @throws std::runtime_error with the line number on a malformed line.
Scene scene_from_obj(std::string_view text, const std::string& name);

/// Session settings that start the scene's body at its spawn point, facing its spawn yaw, with
/// `base` for everything else (its up vector replaced by the scene's).
SessionConfig spawn_config(const Scene& scene, const collision::CharacterParams& base = {});

/// A file compiled into the binary (assets/default_scene.obj, assets/*.walk); empty if unknown.
std::string_view embedded_asset(std::string_view name);

}  // namespace debugger
