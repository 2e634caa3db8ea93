#pragma once
// prism-query's side of scene files (collision_io/scene_file.hpp): when a command answers
// against a scene, and the names it uses.
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

}  // namespace prism_query
