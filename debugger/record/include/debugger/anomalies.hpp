#pragma once
/// @file anomalies.hpp
/// The anomaly finder, the only one: the debugger's events and reports, prism-query walk, the
/// seeded random walks (prism_walks/random_walk.hpp) and their tests all judge frames here. It
/// looks at a frame (the states before and after, the input, and for the debugger's kinds the
/// frame's Trace) and flags what a user should not see, with the frame and the triangles
/// involved. It judges the outcome, never the method, so it works the same on the robust method
/// and the seeds, and on any level.
///
/// Every threshold is relative to the body: a fraction of r (the body's smallest radius), of the
/// skin (the move's skin width, 1% of r unless set), of a speed, or an angle. None is a length
/// in mesh units, so a rule means the same on a metre-scale mesh and on a Quake map whose unit
/// is an inch. "Horizontal": perpendicular to the scene's up. One rule per kind:
/// - ends_in_overlap (overlap deeper than the skin): the body ends the frame more than one skin
///   inside a solid triangle (depth: -collision::distance_to_triangle over the triangles within
///   the body's bounding radius; the character's skin solve keeps a skin of gap, so the robust
///   method never gets there). Lists every triangle that deep. The walks count these frames as
///   "frames in overlap deeper than skin".
/// - pass_through (tunnelling): the straight segment from the centre before to the centre
///   after crosses a solid triangle (a ray cast; the triangle crossed is listed). The walks
///   count these frames as "passes through a wall".
/// - no_progress (stuck in a frame): on walkable ground before and after, the input asks to move,
///   the body moves less than 2% of the input's horizontal displacement, and the way is free:
///   the body lifted by the step height sweeps freely twice the input's displacement ahead, has
///   room to lift, and finds no too-steep slope there. Lists the contacts.
/// - stuck_walk (stuck for a second; the walks' "stuck walks", once per walk): more than 60
///   frames (a second at 60 Hz) in which the centre stays within r/16 of where the count began
///   while, every one of those frames, the body swept r along the wish touches nothing.
///   Why r/16: the rule was written as "1 unit" for the Quake player (r = 16), where r/16 is
///   the same 1 unit; as an absolute length it meant 2.5 r for the default scene's 0.4 body and
///   20 r for a 0.05 one, whose every walk at its own (size-derived) pace then counted as stuck.
///   Every test and golden input counts the same under both (zero stuck walks); the counts that
///   differ are listed in docs/architecture.md ("The anomaly finder").
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
  int stuck_walk_frames = 60;
  float stuck_walk_radius_fraction = 1.0f / 16.0f;
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

/// The stuck_walk rule's count for one walk. Feed it every frame's end position.
class StuckWatch {
 public:
  /// `radius`: the body's smallest radius r (> 0); the walk moves when it leaves r * fraction.
  explicit StuckWatch(float radius, const AnomalyThresholds& thresholds = {});
  /// `free`: the body swept r along the wish touched nothing this frame (false when there is no
  /// wish). Returns true exactly once per walk, on the frame the walk becomes stuck.
  bool update(const glm::vec3& position, bool free);
  bool stuck() const { return reported_; }

 private:
  float distance_;
  int frames_limit_;
  glm::vec3 anchor_{0.0f};
  int frames_ = 0;
  bool reported_ = false;
};

/// What the rules the random walks count say of one of their frames.
struct WalkFrameVerdict {
  float overlap_beyond_skin = 0.0f;  ///< > 0: ends_in_overlap, by this much beyond the skin
  std::uint32_t overlap_triangle = collision::kNoTriangle;  ///< the deepest triangle then
  /// What overlap_triangle belongs to: the static level here (a scene walk sets an instance, or
  /// collision::kCharacterInstance + a character with no triangle).
  std::uint32_t overlap_instance = collision::kStaticLevel;
  bool passes_through = false;       ///< pass_through
  std::uint32_t wall_triangle = collision::kNoTriangle;     ///< the triangle crossed then
  bool stuck = false;                ///< stuck_walk: the walk became stuck on this frame
};

class AnomalyFinder {
 public:
  /// `params` as the session resolved them. `all_kinds`: the finder's further kinds too
  /// (ghost bump, lost speed, early catch); otherwise the four always on.
  AnomalyFinder(const collision::World& world, const collision::Body& body,
                const collision::CharacterParams& params, float dt, bool all_kinds,
                AnomalyThresholds thresholds = {});
  /// Appends the anomalies of frame `frame` (from `before` to `after` with `input`) to `out`.
  void find(int frame, const collision::CharacterState& before, const collision::CharacterState& after,
            const FrameInput& input, const collision::Trace& trace, std::vector<Event>& out);
  /// The rules a random walk counts (ends_in_overlap, pass_through, stuck_walk) on its next
  /// frame, from `before` to `after` with `input`; no Trace needed. One finder per walk (the
  /// stuck_walk count is the walk's).
  WalkFrameVerdict judge_walk_frame(const collision::CharacterState& before, const collision::CharacterState& after,
                                    const collision::WalkInput& input);
  /// Judges the frames that follow with `body` and `params` (a fork's, from the frame it
  /// starts at): depths, radii and skins are the body's that ran the frame. What the finder
  /// remembers of the frames before (the last moves and inputs) is kept.
  void follow(const collision::Body& body, const collision::CharacterParams& params);

  // The measurements the rules share (mesh units):
  /// How far the body centred at `centre` overlaps a solid triangle beyond the skin (> 0: an
  /// ends_in_overlap; 0 otherwise). `deep`, when given, receives the triangles deeper than the
  /// skin, ascending; `deepest`, the deepest of them.
  float overlap_beyond_skin(const glm::vec3& centre, std::vector<std::uint32_t>* deep = nullptr,
                            std::uint32_t* deepest = nullptr) const;
  /// True when the segment from -> to crosses a solid triangle (pass_through); the triangle goes
  /// to `triangle` and the fraction of the segment to `t`.
  bool passes_through_wall(const glm::vec3& from, const glm::vec3& to, std::uint32_t* triangle = nullptr,
                           float* t = nullptr) const;
  /// True when the body at `centre` swept r along the unit direction `dir` touches nothing.
  bool free_along(const glm::vec3& centre, const glm::vec3& dir) const;

 private:
  /// The deepest overlap with a solid triangle deeper than the ends_in_overlap threshold (0:
  /// none); the triangles that deep go to `deep` (ascending), the deepest to `deepest_triangle`.
  float deepest_overlap(const glm::vec3& centre, std::vector<std::uint32_t>* deep,
                        std::uint32_t* deepest_triangle) const;

  const collision::World* world_;
  collision::Body body_;
  collision::CharacterParams params_;
  float dt_;
  float skin_;
  bool all_kinds_;
  AnomalyThresholds th_;
  StuckWatch stuck_;
  std::deque<glm::vec3> moves_;  ///< horizontal displacement of the last frames
  std::deque<glm::vec3> wishes_;
  bool had_input_ = false;
  glm::vec3 last_wish_{0.0f};
};

}  // namespace debugger
