#pragma once
/// @file anomalies.hpp
/// The anomaly finder: looks at every frame of a session (the states before and after, the
/// input, the frame's Trace) and flags what a user should not see, with the frame and the
/// triangles involved. It judges the outcome, never the method, so it works the same on the
/// robust method and the seeds, and on any level.
///
/// Kinds and their thresholds (r: the body's smallest radius; skin: the move's skin width, 1% of
/// r unless set; "horizontal": perpendicular to the scene's up):
/// - pass_through (tunnelling): the straight segment from the centre before to the centre
///   after crosses a solid triangle (a ray cast; the triangle crossed is listed).
/// - ends_in_overlap (overlap deeper than the skin): the body ends the frame more than one skin
///   inside a triangle (the character's skin solve keeps a skin of gap, so the robust method
///   never gets there). Lists every triangle that deep.
/// - no_progress (stuck): on walkable ground before and after, the input asks to move, the body
///   moves less than 2% of the input's horizontal displacement, and the way is free: the body
///   lifted by the step height sweeps freely twice the input's displacement ahead, has room to
///   lift, and finds no too-steep slope there. Lists the contacts.
/// - jitter: under an unchanged input, over the last 8 frames (two periods of 4) the horizontal
///   move reverses (consecutive moves more than 120 degrees apart, both longer than 2 skins) at
///   least 3 times, and the net horizontal displacement is under half the path walked (periods
///   2, 3 and 4 all reverse at least 3 times in 8 frames). Lists the contacts.
/// - ghost_bump (--find-anomalies): on walkable ground whose triangle is flat (face normal
///   within 2.5 degrees of up), no jump asked, no step-up, every triangle the frame hit flat too,
///   and the body rises above its rest on the ground's plane (its extent along up plus the
///   skin; a body that starts lower stands on a real edge, a stair's nose, and may roll up onto
///   the face) by more than 1% of r in the frame or leaves with an upward velocity above 2%
///   of the walk speed. Lists the triangles hit.
/// - lost_speed (--find-anomalies): on walkable ground before and after, touching one wall (every
///   non-walkable contact's horizontal normal within 10 degrees of the first) before and after,
///   the input unchanged from the frame before and pushing into the wall, its part along the wall
///   at least a quarter of it, and the way along the wall free for two frames of that part: the
///   body moves along the wall at less than half the input's part along it. Lists the walls.
/// - early_catch (--find-anomalies): a slide iteration (move, walk, vertical or step-forward) hit
///   a triangle with the body's centre, at the time of contact, more than r + 2 skins from every
///   solid triangle that lies on the hit's side (its direction to the centre within 45 degrees of
///   the hit normal; ellipsoids: measured in the body's unit-sphere space, scaled by r). A swept
///   body touches what it hits, so a gap means the method caught it early on nothing (seed
///   000's unclipped offset prism spike at an acute corner). Lists the triangle hit.
/// - push_away (--find-anomalies; beyond the seven, for its seam bug): the body moves in
///   one frame more than a quarter of r farther than its velocities can carry it (the larger of
///   the velocity before and the input's, times dt, plus gravity's dt^2): a push-out response
///   that throws the body off a seam or out of a heap. Lists the triangles hit.

#include <cstdint>
#include <deque>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/character.hpp"
#include "collision/trace.hpp"
#include "collision/world.hpp"
#include "debugger/events.hpp"
#include "debugger/session.hpp"

namespace debugger {

/// The thresholds above, as numbers (for tests and docs/zoo.md).
struct AnomalyThresholds {
  float overlap_skins = 1.0f;
  float stuck_fraction = 0.02f;
  int jitter_window = 8;
  int jitter_reversals = 3;
  float jitter_net_fraction = 0.5f;
  float flat_degrees = 2.5f;
  float bump_rise_radius_fraction = 0.01f;
  float bump_speed_walk_fraction = 0.02f;
  float wall_spread_degrees = 10.0f;
  float lost_speed_fraction = 0.5f;
  float early_catch_skins = 2.0f;
  float push_away_radius_fraction = 0.25f;
};

class AnomalyFinder {
 public:
  /// `params` as the session resolved them. `all_kinds`: the finder's further kinds too
  /// (ghost bump, lost speed, early catch); otherwise today's four.
  AnomalyFinder(const collision::World& world, const collision::Body& body,
                const collision::CharacterParams& params, float dt, bool all_kinds,
                AnomalyThresholds thresholds = {});
  /// Appends the anomalies of frame `frame` (from `before` to `after` with `input`) to `out`.
  void find(int frame, const collision::CharacterState& before, const collision::CharacterState& after,
            const FrameInput& input, const collision::Trace& trace, std::vector<Event>& out);
  /// Judges the frames that follow with `body` and `params` (a fork's, from the frame it
  /// starts at): depths, radii and skins are the body's that ran the frame. What the finder
  /// remembers of the frames before (the last moves and inputs) is kept.
  void follow(const collision::Body& body, const collision::CharacterParams& params);

 private:
  const collision::World* world_;
  collision::Body body_;
  collision::CharacterParams params_;
  float dt_;
  float skin_;
  bool all_kinds_;
  AnomalyThresholds th_;
  std::deque<glm::vec3> moves_;  ///< horizontal displacement of the last frames
  std::deque<glm::vec3> wishes_;
  bool had_input_ = false;
  glm::vec3 last_wish_{0.0f};
};

}  // namespace debugger
