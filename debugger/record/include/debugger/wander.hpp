#pragma once
/// @file wander.hpp
/// The tour of a level that has no walk script: a seeded walk from the spawn point that seeks
/// contacts. Every segment (1 to 3 seconds) it casts rays around the body and heads for the
/// nearest wall, edge or slope within reach most of the time (else a random direction),
/// sometimes running, sometimes jumping, sometimes sidestepping along a wall it touches. The
/// walk depends on the body's state, so it is produced frame by frame; a session records the
/// inputs it played, so a replay needs neither the seed nor this code.

#include <cstdint>

#include "collision/character.hpp"
#include "collision/world.hpp"
#include "debugger/session.hpp"

namespace debugger {

struct Wander {
  std::uint64_t seed = 1;
  std::uint64_t rng = 0;      ///< state of the generator (0: not started)
  int segment_end = 0;        ///< the frame the current segment ends on
  FrameInput segment;         ///< the input held during the segment (jump only on its first frame)
};

/// The look yaw (radians about `up`, heading's convention) of the horizontal direction `dir`:
/// where the wander and the random walks (walk_source.hpp) look while they walk.
float yaw_of(glm::vec3 up, glm::vec3 dir);

/// The wander's input for frame `frame`, given the body's state before it; `size` is the body's
/// largest semi-axis (the reach of the rays is 40 of it), `dt` seconds a frame.
FrameInput wander_input(Wander& wander, const collision::World& world, const collision::CharacterState& state,
                        glm::vec3 up, float size, float dt, int frame);

}  // namespace debugger
