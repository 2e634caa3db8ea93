#pragma once
/// @file zoo_walk.hpp
/// A scene walked by its own walk script with the anomaly finder on (every kind): the loop of
/// `prism --headless --scene zoo:NAME --method M --find-anomalies --frames N`, N the walk's
/// length, without pictures. The bug zoo's tests and its table (docs/zoo.md, zoo_table.hpp)
/// both read it, so the table says what the build does.

#include <map>
#include <string>
#include <vector>

#include "collision/character.hpp"
#include "collision/move.hpp"
#include "debugger/events.hpp"
#include "debugger/scene.hpp"

namespace debugger {

struct ZooWalk {
  int frames = 0;                                 ///< the walk's length at the session's dt
  std::vector<Event> anomalies;                   ///< in frame order, as the detector gives them
  std::vector<Event> events;                      ///< every event, anomalies included
  std::vector<collision::CharacterState> states;  ///< after each frame
  /// The name of the capture headless writes at each frame with an event (capture_tag).
  std::map<int, std::string> capture_tags;
  /// First frame of an anomaly of `kind`, -1 when none.
  int first(EventKind kind) const;
};

/// Walks `scene`'s default walk (its whole length) with `method`. @throws std::runtime_error
/// when the scene has no walk.
ZooWalk walk_scene(const Scene& scene, collision::Method method);

/// walk_scene of `zoo:NAME`. @throws like load_scene for an unknown name.
ZooWalk walk_zoo(const std::string& name, collision::Method method);

}  // namespace debugger
