#pragma once
/// @file scene_walk.hpp
/// Seeded random walks through a scene file (collision_io/scene_file.hpp): each walk starts the
/// scene afresh at time 0 and steps it with the walker (advance_scene, then the walker's
/// Scene::update_character: the file's instances and the map's movers move, its characters
/// stand and block, and the walker's touches drive the map's doors, plats and buttons), with the
/// same input stream as a walk through the static level (random_walk.hpp). prism-query walk on
/// a scene file runs these.

#include <vector>

#include <glm/vec3.hpp>

#include "collision_io/scene_file.hpp"
#include "prism_walks/random_walk.hpp"

namespace prism_walks {

/// Runs walks 0..starts.size()-1, walk i from starts[i], each in a scene made again from
/// `built` (built from `file`; build_scene(file, built, patch_level)). `setup.world` must be
/// built's static level (built.scene->level()); the method must be the robust one (a Scene moves
/// characters with it alone: std::invalid_argument otherwise).
///
/// The counts are random_walk.hpp's, judged against the whole scene where the rules allow:
/// - deep overlap: deeper than the skin in the static level (the finder's rule) or in an
///   instance or another character where they stand after the frame (find_contacts on the
///   scene); the example names `iN:T` or `cN`;
/// - wall pass: the centre's path crosses a triangle of the static level (a mover may carry the
///   walker across where its own triangles stood);
/// - stuck: the finder's rule, on frames that meet no mover (a closed door is not a stuck walk).
WalkCounts run_scene_walks(const WalkSetup& setup, const collision::io::SceneFile& file,
                           const collision::io::BuiltScene& built, int patch_level,
                           const std::vector<glm::vec3>& starts, const FrameSink& sink = {});

}  // namespace prism_walks
