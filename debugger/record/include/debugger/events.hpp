#pragma once
/// @file events.hpp
/// Events of a frame, found by comparing it with the frames before: what a user wants to jump
/// to or pause on. Anomalies are the events that mean the collision went wrong.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/character.hpp"
#include "collision/trace.hpp"
#include "collision/world.hpp"
#include "debugger/session.hpp"

namespace debugger {

class AnomalyFinder;

enum class EventKind : std::uint8_t {
  kContactBegin,     ///< a wall (non-ground) contact starts
  kContactEnd,
  kIterationLimit,   ///< a slide used every iteration and was still hitting
  kCrease,           ///< the slide was constrained by two or more planes
  kDepenetration,
  kStartOverlap,     ///< an iteration began inside geometry
  kGroundLost,
  kGroundFound,
  kStepUp,
  kSteepGround,      ///< the body comes onto ground steeper than the walkable limit
  // Anomalies:
  kEndsInOverlap,    ///< the body ends the frame deeper inside geometry than the skin allows
  kPassThrough,      ///< the centre's path crossed a solid triangle
  kNoProgress,       ///< the wish asked to move, the way was free, the body did not move
  kJitter,           ///< the body keeps reversing direction under the same input
  // The anomaly finder's further kinds (--find-anomalies; debugger/record/include/debugger/anomalies.hpp):
  kGhostBump,        ///< a vertical velocity spike on flat walkable ground (an internal edge)
  kLostSpeed,        ///< sliding along one wall much slower than the input's part along it
  kEarlyCatch,       ///< a hit stopped the body farther from the triangle than radius + skin
  kPushAway,         ///< the body jumped farther in a frame than its velocities carry it
  kCount
};
const char* to_string(EventKind kind);
bool is_anomaly(EventKind kind);

/// A distance an anomaly measured, for the view to draw as a dimension (early_catch: the gap
/// between the body where the hit caught it and the nearest geometry on the hit's side).
struct Measured {
  glm::vec3 geometry{0.0f};  ///< the geometry's nearest point (world coordinates)
  glm::vec3 body{0.0f};      ///< the body's nearest point to it
  float length = 0.0f;       ///< |body - geometry|, mesh units: the number the detail prints
};

struct Event {
  EventKind kind;
  int frame;
  std::string detail;
  std::vector<std::uint32_t> triangles = {};  ///< the triangles involved (anomalies), ascending
  std::optional<Measured> measured = std::nullopt;  ///< what the detail's number measured, if drawn
};

/// The suffix of a frame's capture name (`SCENE_fFRAME` + it + `.png`): "_" and the last anomaly's
/// kind, else the first event's; "" for no event. Headless names its captures so, and the zoo
/// table (zoo_table.hpp) links them by it.
std::string capture_tag(const std::vector<Event>& events);

/// Walks frame by frame; keeps what it needs of the frames before (contact, ground, moves).
/// Its anomalies come from an AnomalyFinder: the four kinds always on (overlap, pass-through, no
/// progress, jitter) always, the finder's further kinds when `find_anomalies` is set.
class EventDetector {
 public:
  EventDetector(const collision::World& world, const collision::Body& body,
                const collision::CharacterParams& params, float dt, bool find_anomalies = false);
  ~EventDetector();
  EventDetector(EventDetector&&) noexcept;
  EventDetector& operator=(EventDetector&&) noexcept;
  /// Events of frame `frame`, which went from `before` to `after` with `input`, as `trace` says.
  std::vector<Event> detect(int frame, const collision::CharacterState& before,
                            const collision::CharacterState& after, const FrameInput& input,
                            const collision::Trace& trace);
  /// Judges the frames that follow with a fork's `body` and `params` (Session::segment_at):
  /// a replayed session calls it at each fork, before the fork's first frame.
  void follow(const collision::Body& body, const collision::CharacterParams& params);

 private:
  collision::CharacterParams params_;
  float skin_;
  bool wall_contact_ = false;
  bool started_ = false;
  std::unique_ptr<AnomalyFinder> finder_;
};

/// True when a contact of normal `normal` met in a phase `phase` of a character step (an
/// iteration's hit, or a plane the step started touching: Trace::touching) is a wall rather
/// than the ground.
bool is_wall_contact(collision::MovePhase phase, glm::vec3 normal, glm::vec3 up, float max_slope_degrees);

}  // namespace debugger
