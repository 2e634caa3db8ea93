#pragma once
// prism-query's side of scene files (collision_io/scene_file.hpp): when a command answers
// against a scene, and the names it uses.
#include <optional>

#include "collision_io/scene_file.hpp"
#include "level_args.hpp"

namespace prism_query {

using collision::io::advance_scene;
using collision::io::build_scene;
using collision::io::BuiltScene;
using collision::io::is_scene_file;
using collision::io::read_scene_file;
using collision::io::scene_at;
using collision::io::scene_spec;
using collision::io::SceneFile;

/// Whether sweep, ray and move answer against a scene: a scene file, or any level with --time
/// (a Quake 3 map then with its movers as they stand at that time; without --time a plain level
/// is its static world, as before the scene existed).
inline bool scene_mode(const LevelArgs& c) { return is_scene_file(c.level) || c.time_set; }

/// The level argument of a command that steps characters (walk, character): a scene file's
/// scene, built at time 0, or the plain level (its static world).
struct LevelOrScene {
  bool is_scene = false;
  SceneFile file;      ///< a scene file's contents
  BuiltScene built;    ///< its scene
  std::optional<LoadedWorld> plain;  ///< otherwise the level
  const collision::io::Level& level() const { return is_scene ? built.level : plain->level; }
  const collision::World& world() const { return is_scene ? built.scene->level() : plain->world; }
};
inline LevelOrScene load_level_or_scene(const LevelArgs& c) {
  LevelOrScene l;
  l.is_scene = is_scene_file(c.level);
  if (l.is_scene) {
    l.file = read_scene_file(c.level);
    l.built = build_scene(l.file, c.patch_level);
  } else {
    l.plain.emplace(load(c));
  }
  return l;
}

}  // namespace prism_query
