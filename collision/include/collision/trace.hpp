#pragma once
/// @file trace.hpp
/// The Trace: plain data recording every decision one move took, for the debugger to draw and
/// for tools to diff. Filled only when a non-null Trace* is passed (no cost otherwise).
///
/// Planes are stored as a unit normal and an offset: the plane is {p : n·p = d}, and a point's
/// signed distance is n·p - d. For the offset prism of a triangle (seed 000; the exact geometry
/// is in docs/trace-format.md, "The offset prism") "inside" means: offset plane distance crosses from > 0 to <= 0 during
/// the move, and every clip-plane distance is >= 0 (the clip planes face into the prism).

#include <cstdint>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/queries.hpp"

namespace collision {

/// The collision method a move uses. All take the same inputs and fill the same Trace.
enum class Method : std::uint8_t {
  kRobust,          ///< exact swept sphere/ellipsoid, collide-and-slide (Fauerby 2003, Quake 3)
  kOffsetPrism,     ///< seed 000: point vs offset plane, clipped by edge and acute-angle planes
  kSphereClassify,  ///< seed 001: sphere classified against each plane, push-out response
  kBoxEdges,        ///< seed 004: the box's 12 edges cast as segments at the new position
};
const char* to_string(Method m);
/// Parses "robust", "offset-prism", "sphere-classify" or "box-edges"; returns false on
/// anything else.
bool parse_method(const std::string& text, Method& out);

struct Plane {
  glm::vec3 normal{0.0f};
  float offset = 0.0f;  ///< n·p = offset
  float distance(const glm::vec3& p) const;
};

/// Why a candidate triangle was accepted or rejected.
enum class Verdict : std::uint8_t {
  kHit,              ///< the accepted (earliest) contact of this iteration
  kContactLater,     ///< touched, but after the accepted contact
  kNoContact,        ///< the swept body never touches it during this move
  kNoCrossing,       ///< seed 000: the point does not cross the offset plane from the front
  kOutsideEdgeClip,  ///< seed 000: the crossing point lies outside an edge clip plane
  kOutsideAcuteClip, ///< seed 000: the crossing point lies outside an acute-angle clip plane
  kFront,            ///< seed 001: sphere entirely in front of the plane
  kBehind,           ///< seed 001: sphere entirely behind the plane
  kOutsideTriangle,  ///< seed 001: intersecting the plane, contact point outside triangle+radius
  kBackFace,         ///< ignored: approached from behind (one-sided, or front-face methods)
  kStartOverlap,     ///< already overlapping at the start of the iteration
};
const char* to_string(Verdict v);

/// One candidate triangle as a method tested it.
struct TriangleTest {
  std::uint32_t triangle = kNoTriangle;
  Plane offset_plane;      ///< triangle plane moved by the radius along its normal (seed 000's S')
  Plane edge_clip[3];      ///< edges AB, BC, CA: inside when distance >= 0 (moved out by L)
  Plane acute_clip[3];     ///< opposite-vertex caps for AB, BC, CA: inside when distance >= 0
  /// Signed distances of the tested point to each plane. Seed 000: the crossing point (or the
  /// new position when nothing crosses); seed 001: the centre as this triangle saw it, after
  /// earlier push-outs of the same move; robust: the centre at the start of the iteration.
  float offset_distance = 0.0f;
  float edge_distance[3] = {0, 0, 0};
  float acute_distance[3] = {0, 0, 0};
  glm::vec3 tested_point{0.0f};
  Verdict verdict = Verdict::kNoContact;
  float toi = 1.0f;  ///< time of contact when touched
  Feature feature = Feature::kNone;
  /// Box bodies, robust method: for a triangle the move never touches, the separating axis that
  /// kept it apart over the whole move (unit, from the triangle towards the box); zero otherwise.
  glm::vec3 separating_axis{0.0f};
};

/// Seed 004: one of the box's 12 edges cast as a segment against the scene.
struct EdgeCast {
  glm::vec3 from{0.0f}, to{0.0f};  ///< the edge at the tested position
  bool hit = false;
  float t = 1.0f;                  ///< hit point = from + t * (to - from)
  glm::vec3 point{0.0f};
  glm::vec3 normal{0.0f};          ///< the hit triangle's unit normal, turned towards the box's start
  std::uint32_t triangle = kNoTriangle;
};

/// Which part of a character step a slide iteration belongs to.
enum class MovePhase : std::uint8_t {
  kMove,         ///< a plain move() call
  kWalk,         ///< character: the horizontal move along the ground
  kStepUp,       ///< character: lifting the body to try a stair
  kStepForward,  ///< character: the horizontal move at the lifted height
  kStepDown,     ///< character: settling back onto the stair
  kVertical,     ///< character: gravity / jump
  kSnapDown,     ///< character: keeping contact walking down stairs and slopes
  kDepenetrate,  ///< character: pushing out of a start in overlap
};
const char* to_string(MovePhase p);

/// One collide-and-slide iteration.
struct SlideIteration {
  MovePhase phase = MovePhase::kMove;
  glm::vec3 start{0.0f};
  glm::vec3 desired_end{0.0f};  ///< start + the displacement this iteration tried
  glm::vec3 reached{0.0f};      ///< where the body ended this iteration
  bool hit = false;
  bool start_overlap = false;
  float toi = 1.0f;
  glm::vec3 contact_point{0.0f};
  glm::vec3 normal{0.0f};
  Feature feature = Feature::kNone;
  std::uint32_t triangle = kNoTriangle;
  glm::vec3 slide{0.0f};  ///< remaining displacement after projection onto the contact planes
  std::vector<glm::vec3> crease;  ///< normals of the planes constraining the slide (0..3)
  std::vector<TriangleTest> tests;
  std::vector<EdgeCast> edge_casts;  ///< seed 004 only: the 12 edges and what each hit
};

enum class GroundState : std::uint8_t { kInAir, kOnGround, kOnSteepGround };
const char* to_string(GroundState g);

struct GroundProbe {
  bool probed = false;
  glm::vec3 from{0.0f}, to{0.0f};  ///< the downward probe sweep
  GroundState state = GroundState::kInAir;
  glm::vec3 normal{0.0f};
  std::uint32_t triangle = kNoTriangle;
  float distance = 0.0f;  ///< gap between the body and the ground
};

struct StepUp {
  bool attempted = false;
  bool succeeded = false;
  float height = 0.0f;   ///< how far up the body was lifted
  std::string reason;    ///< why it succeeded or failed, in words
};

struct Depenetration {
  bool happened = false;
  glm::vec3 push{0.0f};  ///< total displacement applied to leave the overlap
  float depth = 0.0f;    ///< deepest overlap found
};

/// A surface a character's move started against: the body touched its face at the skin and the
/// move pressed into it, so the move was clipped against its plane before any sweep (as a sweep
/// meeting it at once would have clipped it).
struct TouchingPlane {
  MovePhase phase = MovePhase::kMove;
  glm::vec3 normal{0.0f};  ///< the plane the slide kept to (a steep one flattened in walk phases)
  std::uint32_t triangle = kNoTriangle;
};

/// Everything one move decided. Trace::clear() keeps capacity for reuse frame after frame.
struct Trace {
  Method method = Method::kRobust;
  glm::vec3 start{0.0f};
  glm::vec3 desired{0.0f};  ///< the requested displacement
  glm::vec3 end{0.0f};
  std::vector<SlideIteration> iterations;
  /// What the step's moves started clipped against: the first move's, and a step-up's forward
  /// move at the lifted height.
  std::vector<TouchingPlane> touching;
  GroundProbe ground;
  StepUp step_up;
  bool snapped_down = false;
  Depenetration depenetration;

  void clear();
};

/// The offset prism of a triangle (seed 000) for a body of radius r and edge margin L, with
/// distances of point p. Fills every plane field and distance of `out` (verdict untouched).
/// A degenerate or non-finite triangle gets all-zero planes and distances (never NaN), so no
/// crossing is ever reported against it.
void offset_prism(const Triangle& tri, float radius, float margin, const glm::vec3& p,
                  TriangleTest& out);

}  // namespace collision
