#pragma once
/// @file movers.hpp
/// The moving parts of a debugger scene, stepped with its character frame by frame:
/// - a Quake 3 map's doors, lifts, buttons, trains, bobbing and rotating parts
///   (collision_io/quake_movers.hpp), each an instance of a collision::Scene driven after
///   g_mover.c (collision_io/quake_scene.hpp);
/// - a scene file's instances (boxes and meshes moving at their velocities and keys) and its
///   other characters, which stand (gravity, no input) and block (collision_io/scene_file.hpp).
/// Instance ids are the scene file's instances in its order, then the map's movers; character
/// ids the file's characters in its order (prism-query's cN), then the session's own body.
///
/// A frame with movers: the instances advance by dt (a map's movers from what the characters
/// touch where they stand: a box in a trigger, a plat stood on, a button pressed), carrying and
/// pushing the characters (Scene::advance); the file's characters step, in their order; then the
/// session's character steps against the level, the instances at their new poses and the other
/// characters where they now stand (Scene::update_character), as prism-query's `character` does.
/// Deterministic like the rest of a session (session.hpp): the state between two frames
/// (MoverFrame) is kept at the session's keyframes and the rest recomputed from them, so stepping
/// back shows the movers and characters where they were, exactly.
///
/// The seeds' classic methods move through a World alone: a frame run with one of them steps
/// against the static level, and the movers and other characters stand still (they neither move
/// nor block).
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
#include "collision_io/scene_file.hpp"

namespace debugger {

/// The moving parts between two frames: the map movers' state (binary movers' phases and
/// timers, the time), every instance's pose (a blocked mover stands behind where the system has
/// it), the other characters' states, and the frames stepped and their dt (a scene file's keys
/// are read at frames x dt, as prism-query reads them).
struct MoverFrame {
  collision::io::QuakeMoverSystem system;
  std::vector<collision::Pose> poses;                ///< by instance id
  std::vector<collision::CharacterState> characters;  ///< the scene file's characters, by id
  std::int64_t frames = 0;
  float dt = 0.0f;  ///< the last frame's
};

class SessionMovers {
 public:
  /// A map's movers alone. `movers` must have at least one mover with triangles (has_movers()).
  SessionMovers(std::shared_ptr<const collision::World> level, std::shared_ptr<const collision::io::QuakeMovers> movers);
  /// A scene file's instances and characters (`file`, which must have one of them or `movers`
  /// a mover with triangles), then the map's movers (`movers`: may be null). `up` is the level's
  /// (the characters' parameters). @throws collision::io::LoadError for an instance's mesh file
  /// that does not load.
  SessionMovers(std::shared_ptr<const collision::World> level, std::shared_ptr<const collision::io::QuakeMovers> movers,
                std::shared_ptr<const collision::io::SceneFile> file, const glm::vec3& up);

  /// The map's movers (none for a scene file on a level without them).
  const collision::io::QuakeMovers& movers() const { return *movers_; }
  const std::shared_ptr<const collision::io::QuakeMovers>& movers_shared() const { return movers_; }
  /// The scene file (null for a map's movers alone).
  const collision::io::SceneFile* file() const { return file_.get(); }
  /// The moving parts at frame 0: doors closed, plats down, trains at their first corner, the
  /// file's instances and characters where it puts them.
  const MoverFrame& start() const { return *start_; }
  /// Instance id of mover m (QuakeSceneMovers::kNoInstance when it has no triangles), and the
  /// mover of an instance.
  std::uint32_t instance(std::size_t mover) const { return driver_ ? driver_->instance(mover) : collision::io::QuakeSceneMovers::kNoInstance; }
  std::size_t instance_count() const { return scene_->instance_slots(); }
  /// An instance's triangles in its own frame (draw them at MoverFrame::poses[id]).
  const collision::TriangleMesh& instance_mesh(std::uint32_t id) const { return scene_->instance(id).mesh->mesh(); }
  /// Mover index of an instance (QuakeSceneMovers::kNoMover for none: a scene file's instance).
  std::size_t mover_of(std::uint32_t id) const { return driver_ ? driver_->mover(id) : collision::io::QuakeSceneMovers::kNoMover; }
  /// The scene file's characters (their bodies; their states are in MoverFrame::characters),
  /// and the character id of the session's own body (prism-query's cN of the scripted one).
  std::size_t character_count() const { return file_ ? file_->characters.size() : 0; }
  const collision::Body& character_body(std::size_t i) const { return scene_->character(static_cast<std::uint32_t>(i)).body; }
  const collision::CharacterParams& character_params(std::size_t i) const {
    return scene_->character(static_cast<std::uint32_t>(i)).params;
  }
  std::uint32_t own_character() const { return static_cast<std::uint32_t>(character_count()); }

  /// One frame of dt seconds from (s, m): returns the character's new state and updates m. The
  /// robust method steps against the level and the moving parts (they advance first); the
  /// classic methods against the level alone (m unchanged).
  collision::CharacterState step(const collision::CharacterState& s, MoverFrame& m, const collision::CharacterInput& in,
                                 float dt, const collision::Body& body, const collision::CharacterParams& params,
                                 collision::Trace* trace) const;
  /// `s` with its contacts and ground looked up against the level and the moving parts at m
  /// (collision::refresh_contacts with them; the level alone for a classic method).
  collision::CharacterState refresh(const collision::CharacterState& s, const MoverFrame& m, const collision::Body& body,
                                    const collision::CharacterParams& params) const;
  /// The velocity of instance `id`'s material point at `p` during the frame that led to m.
  glm::vec3 point_velocity(const MoverFrame& m, std::uint32_t id, const glm::vec3& p) const;
  /// The first of the level's and the instances' triangles at m along origin + t delta, t in
  /// [0, 1] (what a click picks; characters are not triangles and are left out): `instance` is
  /// kStaticLevel or the instance id, `triangle` the index in the level's or the instance's own
  /// mesh, point and normal in world space. Each instance's ray is turned into its frame, where
  /// t is the same. Ties go to the level, then the lower instance id. (The core's scene raycast,
  /// SceneQueryFilter without characters, on the scratch scene posed to m.)
  collision::RayHit raycast(const MoverFrame& m, const glm::vec3& origin, const glm::vec3& delta) const;
  /// Triangle t of instance id at its pose in m, in world space.
  collision::Triangle instance_triangle(const MoverFrame& m, std::uint32_t id, std::uint32_t t) const;

 private:
  void build();
  /// Poses the scratch scene to m, the file's instances at their velocities at time t.
  void pose(const MoverFrame& m, float t, const collision::Body& body, const collision::CharacterParams& params) const;

  std::shared_ptr<const collision::World> level_;
  std::shared_ptr<const collision::io::QuakeMovers> movers_;  ///< never null (empty: none)
  std::shared_ptr<const collision::io::SceneFile> file_;      ///< may be null
  glm::vec3 up_{0.0f, 1.0f, 0.0f};
  std::unique_ptr<collision::Scene> scene_;  ///< scratch: posed to a frame's state before each step
  std::unique_ptr<collision::io::QuakeSceneMovers> driver_;  ///< null without map movers
  std::optional<MoverFrame> start_;  ///< set once the scene is built
};

/// What a hit or contact names in a scene, as prism-query prints it and report.json and the
/// traces write it: "iN" for instance N (a mover), "cN" for character N, "" for the static level.
std::string instance_name(std::uint32_t instance);

/// A triangle's name in the debugger's panels: "tri 12" on the static level, "tri i2:10" for
/// triangle 10 of instance 2 (a mover; prism-query's iN:T), "character c1" for another body.
std::string triangle_label(std::uint32_t instance, std::uint32_t triangle);

/// A mover in words: its class and model (a map's) or its box or mesh file (a scene file's),
/// its instance, and the velocity of its point `at` in the frame that led to `frame`, e.g.
/// "func_door *2 (i1), moving 0 -200 0 units/s" or "box i0, moving 0 0.5 0 units/s"; empty for
/// the static level, a character or without movers.
std::string instance_note(const SessionMovers* movers, const std::optional<MoverFrame>& frame, std::uint32_t id,
                          const glm::vec3& at);

/// What the character stands on when it is a mover: its class and model, its instance, and the
/// ground's velocity at the contact (linear + angular x r), e.g. "on func_plat *3 (i2), moving
/// 0 0 100 units/s", or "on box i0, moving 0 0.5 0 units/s" for a scene file's instance; empty
/// on the static level, in the air, or without movers.
std::string ground_mover_note(const SessionMovers* movers, const std::optional<MoverFrame>& frame,
                              const collision::CharacterState& state);

/// Triangle `triangle` of `instance` in world space where a trace of the frame that led to
/// `frame` met it: the level's for kStaticLevel, else the instance's at its pose in `frame`
/// (movers and frame needed). False for a character, an unknown instance or an index out of
/// range. The traces' candidates (collision::TriangleTest) and hits name triangles this way.
bool trace_triangle(const collision::World& level, const SessionMovers* movers, const MoverFrame* frame,
                    std::uint32_t instance, std::uint32_t triangle, collision::Triangle& out);

/// Whether a map's movers give a SessionMovers anything to move (a mover with triangles).
bool has_movers(const collision::io::QuakeMovers& movers);

}  // namespace debugger
