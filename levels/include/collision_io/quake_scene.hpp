#pragma once
/// @file quake_scene.hpp
/// A Quake 3 map's movers (quake_movers.hpp) as instances of a collision::Scene, driven by a
/// QuakeMoverSystem: each step the scene's characters touch triggers, stand on plats and press
/// buttons, the system says where every mover is, the scene moves the instances there
/// kinematically (carrying and pushing the characters, Scene::move_kinematic), and a mover the
/// scene could not move is reported back to the system (Blocked_Door: doors and plats reverse).
///
/// Units and frames: the map's (Quake units, Z up, seconds). Mover m's instance holds its mesh
/// in its own frame, the spawn-pose triangles less the mover's `origin` (same triangle order:
/// the instance's triangle T is the mover mesh's triangle T), placed at origin + translation
/// with the pose's rotation: exactly MoverPose's world = rotation * (p - origin) + origin +
/// translation. Movers without triangles (fan's func_rotating, drawn by a model file) get no
/// instance.
///
/// What touches what (g_mover.c and g_trigger.c, as the game's G_TouchTriggers and the
/// player's ClientImpacts call them): a character touches the triggers its body's box overlaps
/// (QuakeMoverSystem::triggers_touched: door triggers, plat triggers, trigger_multiple), and
/// touches a mover it stands on or has in its contact list (Touch_Plat, Touch_Button). The
/// touches of a step are those of the characters where they stand when advance() starts.
///
/// One difference from the game, on purpose: when the scene cannot move a mover (a character
/// trapped between it and the level), the game holds the whole team still for the frame and
/// shifts its trajectory's start; here the instance stays where it was, the system is told
/// (doors and plats reverse from where the system has them, one step's travel ahead), and the
/// next step moves the instance to wherever the system then says, pushing as it goes.
///
/// Errors: std::invalid_argument from the scene or the system (a dt that is not finite and
/// positive); both must outlive this object.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "collision/scene.hpp"
#include "collision_io/quake_movers.hpp"

namespace collision::io {

class QuakeSceneMovers {
 public:
  static constexpr std::uint32_t kNoInstance = std::numeric_limits<std::uint32_t>::max();
  static constexpr std::size_t kNoMover = std::numeric_limits<std::size_t>::max();

  /// Adds an instance to `scene` for every mover with triangles, at its pose at time 0 (doors
  /// closed, plats down, trains at their first corner).
  QuakeSceneMovers(const QuakeMovers& movers, Scene& scene);

  /// Mover m's instance id, or kNoInstance.
  std::uint32_t instance(std::size_t mover) const { return instance_.at(mover); }
  /// The mover an instance stands for, or kNoMover (an instance added by someone else).
  std::size_t mover(std::uint32_t instance) const;
  const QuakeMovers& movers() const { return *movers_; }
  const QuakeMoverSystem& system() const { return system_; }
  /// For use() (a shot door) and blocked() by the caller.
  QuakeMoverSystem& system() { return system_; }
  double time() const { return system_.time(); }

  /// What the scene's characters touch where they stand now.
  MoverTouches touches() const;

  /// One step of dt seconds (finite, > 0): the characters' touches at the current time go to
  /// the system, the system runs to time() + dt, every mover's instance is moved there
  /// (Scene::move_kinematic), the scene advances by dt (moving every other instance by its
  /// velocity too), and each blocked mover is reported to the system.
  void advance(float dt);

  /// Runs the system to `t` (>= time()) with no touches and places the instances there without
  /// pushing (Scene::set_pose): the map as it stands at t, for queries.
  void place_at(double t);

  /// Mover m's pose in the scene's terms (the instance's position and rotation) at the system's
  /// current time.
  Pose scene_pose(std::size_t mover) const;

 private:
  const QuakeMovers* movers_;
  Scene* scene_;
  QuakeMoverSystem system_;
  std::vector<std::uint32_t> instance_;  ///< by mover
  std::vector<std::size_t> mover_;       ///< by instance id (kNoMover for the others)
};

}  // namespace collision::io
