#pragma once
// A scene file (*.json) in place of a level: the level, moving instances and standing
// characters (issue 40's format):
//   {"level": "oa_dm1",
//    "instances": [{"box": [HX, HY, HZ] | "mesh": "door.obj", "position": [X, Y, Z],
//                   "rotation": [X, Y, Z, W], "velocity": [...], "angular_velocity": [...],
//                   "keys": [{"time": T, "velocity": [...], "angular_velocity": [...]}]}],
//    "characters": [{"sphere": R | "capsule": [R, HALF] | "box": [...] | "ellipsoid": [...],
//                    "skin": S, "position": [X, Y, Z]}]}
// `level` is optional (a scene of instances alone, Y up; a Quake 3 map brings its movers,
// driven after g_mover.c: collision_io/quake_scene.hpp); rotation defaults to identity,
// velocities to zero; a key replaces the velocities it names from its time (seconds) on.
// Paths are relative to the scene file's folder, or absolute.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "collision/scene.hpp"
#include "collision_io/level.hpp"
#include "collision_io/quake_scene.hpp"

namespace collision::io {

struct SceneKey {
  float time = 0.0f;
  std::optional<glm::vec3> velocity, angular_velocity;
};

struct SceneInstanceSpec {
  std::optional<glm::vec3> box;  ///< half extents, or
  std::string mesh;              ///< a mesh file (resolved path)
  collision::Pose pose;
  glm::vec3 velocity{0.0f}, angular_velocity{0.0f};
  std::vector<SceneKey> keys;  ///< by time
};

struct SceneCharacterSpec {
  collision::Body body;
  std::optional<float> skin;
  glm::vec3 position{0.0f};
};

struct SceneFile {
  std::string path;
  std::string level;  ///< resolved spec, or empty
  std::vector<SceneInstanceSpec> instances;
  std::vector<SceneCharacterSpec> characters;
};

/// Whether a level argument names a scene file (ends in .json).
bool is_scene_file(const std::string& spec);
/// Reads and checks a scene file. @throws LoadError "<file>: <key>: <what is wrong>" (or
/// "cannot read scene file <file>").
SceneFile read_scene_file(const std::string& path);
/// A scene file (*.json) is read; any other level spec is a scene of that level alone (a Quake
/// 3 map with its movers).
SceneFile scene_spec(const std::string& level);

/// The scene's level, instances and standing characters (their parameters: `up`, skin as
/// given). Instance ids are the file's order, then the level's movers (QuakeSceneMovers, in
/// the map's entity order); character ids the file's order.
struct BuiltScene {
  collision::io::Level level;
  std::shared_ptr<const collision::World> world;  ///< the level's BVH, the scene's static level
  std::unique_ptr<collision::Scene> scene;
  /// A Quake 3 map's movers in the scene (null for other levels or a map without movers).
  std::unique_ptr<collision::io::QuakeMovers> quake_movers;
  std::unique_ptr<collision::io::QuakeSceneMovers> movers;
};
BuiltScene build_scene(const SceneFile& f, int patch_level);
/// The same scene made again from time 0, sharing `like`'s level and its BVH (`like` built
/// from `f`): what build_scene(f, ...) gives without loading the level again (the file's mesh
/// instances are loaded again). For runs that each start the scene afresh (prism-query walk).
BuiltScene build_scene(const SceneFile& f, const BuiltScene& like, int patch_level);

/// Adds the file's instances (at their start velocities) and standing characters (parameters:
/// `up`, the file's skin) to `scene`, a scene of its level with no instance nor character yet:
/// their ids are then 0, 1, ... in the file's order, as apply_keys and advance_scene take them.
/// @throws LoadError for a mesh file that does not load.
void add_file_contents(const SceneFile& f, collision::Scene& scene, const glm::vec3& up, int patch_level);

/// An instance's velocities at time `t` (seconds): its start ones, each replaced by the last key
/// at or before t that names it.
struct InstanceVelocity {
  glm::vec3 linear{0.0f}, angular{0.0f};
};
InstanceVelocity velocity_at(const SceneInstanceSpec& s, float t);

/// Sets each instance's velocities to what its keys say at time `t` (seconds).
void apply_keys(const SceneFile& f, collision::Scene& scene, float t);

/// One step of dt seconds from time `t`: the file's instances at their keys' velocities, the
/// level's movers driven by what the characters touch (QuakeSceneMovers::advance), the
/// characters carried and pushed; then the file's characters, which stand (gravity, no input),
/// each stepped in the file's order. A caller's own characters (added after them) step after
/// this, against the file's where they stand now.
void advance_scene(const SceneFile& f, BuiltScene& b, float t, float dt);

/// The scene of `f` as it stands at `t` seconds: the file's instances advanced from 0 in one
/// step per stretch between key times (each velocity constant over its stretch, so exact), the
/// level's movers as the map has them at t with nobody touching anything (doors closed).
BuiltScene scene_at(const SceneFile& f, int patch_level, float t);

}  // namespace collision::io
