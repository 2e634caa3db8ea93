#pragma once
/// @file quake_movers.hpp
/// Quake 3's moving brush entities ("movers") read from a map, and their behaviour after id
/// Software's code/game/g_mover.c, as a small deterministic state machine with no collision code
/// in it: the caller says which bodies touch what, this says where every mover is.
///
/// Units: Quake units, Z up, seconds; angles in the map are degrees, rotations here are unit
/// quaternions (x, y, z, w), velocities are units/s and rad/s (right-handed about the axis).
///
/// Source (g_mover.c unless named): SP_func_door, SP_func_plat, SP_func_button, SP_func_train,
/// SP_func_static, SP_func_rotating, SP_func_bobbing (defaults and positions); InitMover (speed 100
/// when 0, the duration in whole milliseconds, at least 1); Use_BinaryMover (open 50 ms after the
/// use, hold when open, reverse part way); Reached_BinaryMover (wait, then ReturnToPos1; fires
/// the targets at pos2); MatchTeam and g_utils.c G_FindTeams (a `team` moves as one, its first
/// entity leads); Think_SpawnNewDoorTrigger (team bounds grown 120 on the thinnest axis);
/// SpawnPlatTrigger, Touch_Plat (a body on a raised plat holds it 1 s more),
/// Touch_PlatCenterTrigger; Touch_Button; Blocked_Door (reverse unless CRUSHER);
/// Think_SetupTrainTargets and Reached_Train (path_corner chain, a corner's speed and wait);
/// g_utils.c G_SetMovedir (angle -1 up, -2 down, else yaw; "angles" pitch yaw roll);
/// cm_load.c CMod_LoadSubmodels (model bounds spread by 1) and sv_world.c SV_LinkEntity
/// (absolute bounds grown by 1 more); g_trigger.c trigger_multiple (fires its targets, re-arms
/// after `wait`, 0.5 s by default, once when wait <= 0).
///
/// Differences from the game, on purpose:
///  - Time is continuous: an event happens at its exact time, not at the next 50 ms server frame,
///    so the answer does not depend on the caller's step. Durations stay whole milliseconds.
///  - Not reproduced: sounds, light, damage (`dmg` is read and kept), areaportals, spectators,
///    items and missiles being pushed, the 0..1 random part of trigger_multiple's wait.
///  - A door with `health` (shot open) gets no trigger, as in the game: it opens when the caller
///    calls use() (a shot); a door with a `targetname` opens only when used by its targeter (a
///    button, a trigger_multiple) or use().
///  - "Blocked" needs the collision side: the caller calls blocked() when a mover cannot move;
///    doors and plats reverse (Blocked_Door), crushers (door spawnflag 4) and the rest keep going.
///    The game also holds the whole team still for the blocked frame; the caller does that by
///    not moving its bodies into it.
///  - func_bobbing's velocity is the true derivative of its position (the game's
///    BG_EvaluateTrajectoryDelta scales TR_SINE by 0.5 instead of 2 pi / period).
///  - wait -1 on a door returns at once, as the game's code does (its comment says "never").
///  - A train whose path_corner chain has a dangling target or a corner without one stands at its
///    spawn pose (the game prints a warning and never starts it); a chain that loops back to a
///    corner other than its first (the game would loop forever) runs that loop. Both are listed in
///    QuakeMovers::warnings.
///  - Movers are loaded in the pose the map stores them, translated to their origin; func_rotating
///    and func_train entities stored around an origin brush are moved to their `origin`.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "collision/aabb.hpp"
#include "collision/mesh.hpp"

namespace collision::io {

enum class MoverClass : std::uint8_t { kDoor, kPlat, kButton, kTrain, kStatic, kRotating, kBobbing };
inline constexpr std::size_t kMoverClassCount = 7;
/// "func_door", ..., "func_bobbing".
const char* mover_class_name(MoverClass c);

/// One func_* entity with an inline model (`model "*N"`).
struct QuakeMover {
  MoverClass kind = MoverClass::kStatic;
  std::size_t entity = 0;   ///< index in the entity lump
  int model = 0;            ///< N of "*N"
  /// The inline model's faces in world coordinates at the spawn pose (the map's own pose plus
  /// `origin`); non-solid faces kept and flagged as in the world mesh. May be empty.
  collision::TriangleMesh mesh;
  glm::vec3 origin{0.0f};   ///< the `origin` key (0 when absent): pivot of rotation and bobbing
  glm::vec3 mins{0.0f}, maxs{0.0f};  ///< model bounds as the game sees them (file +-1), model frame
  float speed = 0, wait = 0, lip = 0, height = 0, phase = 0;  ///< after the class's defaults
  glm::vec3 movedir{0.0f};  ///< unit opening direction (doors, buttons)
  int spawnflags = 0;
  int damage = 0;           ///< dmg (read, not applied)
  int health = 0;           ///< health: a shot-open door or button (no trigger, no touch)
  std::string targetname, target, team;
  /// Index (in QuakeMovers::movers) of the first binary mover with the same `team` (G_FindTeams),
  /// itself when it has none or is not a door, plat or button: the team moves as the leader says.
  std::size_t team_leader = static_cast<std::size_t>(-1);
  /// Binary movers (door, plat, button): the rest and the activated origin (START_OPEN already
  /// swapped, as the game does) and the travel time in whole milliseconds (InitMover).
  glm::vec3 pos1{0.0f}, pos2{0.0f};
  int duration_ms = 1;
  /// Trains: the corners in order from the first target; `loop_to` is where the last corner's
  /// target leads back to (its index in `corners`), or -1 when the train never starts.
  struct Corner {
    glm::vec3 origin{0.0f};
    float speed = 0, wait = 0;
    std::size_t entity = 0;
  };
  std::vector<Corner> corners;
  int loop_to = -1;
};

/// A volume whose touching makes movers act: a door team's trigger, a plat's trigger, or a
/// trigger_multiple brush (world box of its model). Bodies "inside" overlap it as closed boxes.
struct QuakeTrigger {
  enum class Kind : std::uint8_t { kDoor, kPlat, kMultiple };
  Kind kind = Kind::kDoor;
  collision::Aabb box;
  std::size_t mover = 0;    ///< the door team's leader or the plat (kDoor, kPlat)
  std::string target;       ///< kMultiple: the targetname it uses
  float wait = 0.5f;        ///< kMultiple
  std::size_t entity = 0;
};

struct QuakeMovers {
  std::vector<QuakeMover> movers;
  std::vector<QuakeTrigger> triggers;
  std::vector<std::string> warnings;  ///< documented fallbacks taken, one line each
  std::size_t count(MoverClass c) const;
};

/// A mover's pose: world = rotation * (p - origin) + origin + translation for a point p of its
/// spawn-pose mesh; velocity of a world point q = linear + angular x (q - (origin + translation)).
struct MoverPose {
  glm::vec3 translation{0.0f};
  glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  ///< glm stores (w, x, y, z); a unit quaternion
  glm::vec3 linear_velocity{0.0f};
  glm::vec3 angular_velocity{0.0f};
};

/// What bodies touch during one step: trigger indices (bodies inside them) and mover indices
/// (a body stands on a plat, presses a button). Duplicates are harmless.
struct MoverTouches {
  std::vector<std::size_t> triggers;
  std::vector<std::size_t> movers;
};

/// The movers' state in time. Deterministic: the same calls give the same poses, whatever the
/// step sizes between them. Time starts at 0 with every door closed (START_OPEN doors at their
/// swapped pos1), every plat down, trains at their first corner.
class QuakeMoverSystem {
 public:
  /// Keeps a pointer to `movers` (usually Level::movers): it must outlive the system. Throws
  /// std::invalid_argument when a door or plat trigger names a mover that is not there.
  explicit QuakeMoverSystem(const QuakeMovers& movers);

  /// Runs every event up to `t` (seconds, not before the last advance), then applies `touches`
  /// at `t` as the game's touch functions do. Throws std::invalid_argument for a t that is
  /// earlier than the last or not finite, or an index out of range.
  void advance(double t, const MoverTouches& touches = {});
  /// The mover was used at the current time (shot, scripted): Use_BinaryMover on its team.
  /// Ignored for classes that are not binary movers.
  void use(std::size_t mover);
  /// The mover could not move into a body (Blocked_Door): doors and plats reverse unless they
  /// are crushers; other classes ignore it.
  void blocked(std::size_t mover);

  double time() const { return time_; }
  MoverPose pose(std::size_t mover) const;
  /// Indices of the triggers that the closed box `body` overlaps.
  std::vector<std::size_t> triggers_touched(const collision::Aabb& body) const;

  enum class State : std::uint8_t { kPos1, kPos2, k1To2, k2To1 };
  State state(std::size_t mover) const;

 private:
  struct Binary {
    State state = State::kPos1;
    double start = 0;        ///< trTime of the current move, seconds
    double think = -1;       ///< when ReturnToPos1 runs, or < 0 when none is pending
  };
  std::size_t leader(std::size_t m) const { return leader_[m]; }
  void match_team(std::size_t lead, State s, double start);
  void use_binary(std::size_t lead, double now);
  void fire_targets(const std::string& target, double now);
  double reach_time(std::size_t lead) const;
  glm::vec3 binary_position(std::size_t m) const;

  const QuakeMovers* def_;
  std::vector<std::size_t> leader_;         ///< team leader of each mover (itself if none)
  std::vector<Binary> binary_;              ///< indexed by mover, used at leaders
  std::vector<double> trigger_rearm_;       ///< kMultiple: fires again from this time
  double time_ = 0;
};

}  // namespace collision::io
