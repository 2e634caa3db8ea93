#pragma once
/// @file movers.hpp
/// The moving parts of a debugger scene, stepped with its character frame by frame: a Quake 3
/// map's doors, lifts, buttons, trains, bobbing and rotating parts (collision_io/quake_movers.hpp),
/// each an instance of a collision::Scene driven after g_mover.c (collision_io/quake_scene.hpp).
///
/// A frame with movers: the movers advance by dt from what the character touches where it stands
/// (its box in a trigger, a plat it stands on, a button it presses), carrying and pushing it
/// (Scene::advance), and then the character steps against the level and the movers at their new
/// poses (Scene::update_character). Deterministic like the rest of a session (session.hpp): the
/// movers' state between two frames (MoverFrame) is kept at the session's keyframes and the rest
/// recomputed from them, so stepping back shows the movers where they were, exactly.
///
/// The seeds' classic methods move through a World alone: a frame run with one of them steps
/// against the static level and the movers stand still (they neither move nor block).
/// Not thread-safe: one SessionMovers steps one frame at a time (it poses a scratch scene).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "collision/character.hpp"
#include "collision/scene.hpp"
#include "collision/trace.hpp"
#include "collision_io/quake_movers.hpp"
#include "collision_io/quake_scene.hpp"

namespace debugger {

/// The movers between two frames: the system's state (binary movers' phases and timers, the time)
/// and every instance's pose (a blocked mover stands behind where the system has it).
struct MoverFrame {
  collision::io::QuakeMoverSystem system;
  std::vector<collision::Pose> poses;  ///< by instance id
};

class SessionMovers {
 public:
  /// `movers` must have at least one mover with triangles (has_movers()).
  SessionMovers(std::shared_ptr<const collision::World> level, std::shared_ptr<const collision::io::QuakeMovers> movers);

  const collision::io::QuakeMovers& movers() const { return *movers_; }
  /// The movers at frame 0: doors closed, plats down, trains at their first corner.
  const MoverFrame& start() const { return *start_; }
  /// Instance id of mover m (QuakeSceneMovers::kNoInstance when it has no triangles), and the
  /// mover of an instance.
  std::uint32_t instance(std::size_t mover) const { return driver_->instance(mover); }
  std::size_t instance_count() const { return scene_->instance_slots(); }
  /// An instance's triangles in its own frame (draw them at MoverFrame::poses[id]).
  const collision::TriangleMesh& instance_mesh(std::uint32_t id) const { return scene_->instance(id).mesh->mesh(); }
  /// Mover index of an instance (QuakeSceneMovers::kNoMover for none).
  std::size_t mover_of(std::uint32_t id) const { return driver_->mover(id); }

  /// One frame of dt seconds from (s, m): returns the character's new state and updates m. The
  /// robust method steps against the level and the movers (they advance first); the classic
  /// methods against the level alone (m unchanged).
  collision::CharacterState step(const collision::CharacterState& s, MoverFrame& m, const collision::CharacterInput& in,
                                 float dt, const collision::Body& body, const collision::CharacterParams& params,
                                 collision::Trace* trace) const;
  /// `s` with its contacts and ground looked up against the level and the movers at m
  /// (collision::refresh_contacts with the movers; the level alone for a classic method).
  collision::CharacterState refresh(const collision::CharacterState& s, const MoverFrame& m, const collision::Body& body,
                                    const collision::CharacterParams& params) const;
  /// The velocity of instance `id`'s material point at `p` during the frame that led to m.
  glm::vec3 point_velocity(const MoverFrame& m, std::uint32_t id, const glm::vec3& p) const;

 private:
  void pose(const MoverFrame& m, const collision::Body& body, const collision::CharacterParams& params) const;

  std::shared_ptr<const collision::World> level_;
  std::shared_ptr<const collision::io::QuakeMovers> movers_;
  std::unique_ptr<collision::Scene> scene_;  ///< scratch: posed to a frame's state before each step
  std::unique_ptr<collision::io::QuakeSceneMovers> driver_;
  std::optional<MoverFrame> start_;  ///< set once the driver exists
};

/// What a hit or contact names in a scene, as prism-query prints it and report.json and the
/// traces write it: "iN" for instance N (a mover), "cN" for character N, "" for the static level.
std::string instance_name(std::uint32_t instance);

/// A triangle's name in the debugger's panels: "tri 12" on the static level, "tri i2:10" for
/// triangle 10 of instance 2 (a mover; prism-query's iN:T), "character c1" for another body.
std::string triangle_label(std::uint32_t instance, std::uint32_t triangle);

/// What the character stands on when it is a mover: its class and model, its instance, and the
/// ground's velocity at the contact (linear + angular x r), e.g. "on func_plat *3 (i2), moving
/// 0 0 100 units/s"; empty on the static level, in the air, or without movers.
std::string ground_mover_note(const SessionMovers* movers, const std::optional<MoverFrame>& frame,
                              const collision::CharacterState& state);

/// Whether a map's movers give a SessionMovers anything to move (a mover with triangles).
bool has_movers(const collision::io::QuakeMovers& movers);

}  // namespace debugger
