#pragma once
/// @file trace.hpp
/// The Trace: plain data recording every decision one move took, for the debugger to draw and
/// for tools to diff. Filled only when a non-null Trace* is passed (no cost otherwise).
///
/// Planes are stored as a unit normal and an offset: the plane is {p : n·p = d}, and a point's
/// signed distance is n·p - d. For the offset prism of a triangle (the offset prism method; the exact geometry
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
  /// Offset prism: point vs offset plane, clipped by edge and acute-angle planes (after
  /// weiqubo's collision-detection article on Intel's Chinese developer blog, 2012).
  kOffsetPrism,
  /// Sphere classification: sphere classified against each plane, push-out response (after
  /// "三维游戏中相机与世界的碰撞检测及响应", "Camera-world collision detection and response in
  /// 3D games", in the magazine 电脑编程技巧与维护).
  kSphereClassify,
  /// Box edges: the box's 12 edges cast as segments at the new position (after Tao Yang,
  /// "自定义的AABB碰撞检测算法", "A custom AABB collision detection algorithm", 2010).
  kBoxEdges,
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
  kNoCrossing,       ///< offset prism: the point does not cross the offset plane from the front
  kOutsideEdgeClip,  ///< offset prism: the crossing point lies outside an edge clip plane
  kOutsideAcuteClip, ///< offset prism: the crossing point lies outside an acute-angle clip plane
  kFront,            ///< sphere classification: sphere entirely in front of the plane
  kBehind,           ///< sphere classification: sphere entirely behind the plane
  kOutsideTriangle,  ///< sphere classification: intersecting the plane, contact point outside triangle+radius
  kBackFace,         ///< ignored: approached from behind (one-sided, or front-face methods)
  kStartOverlap,     ///< already overlapping at the start of the iteration
};
const char* to_string(Verdict v);

/// One candidate triangle as a method tested it.
struct TriangleTest {
  std::uint32_t triangle = kNoTriangle;
  /// What `triangle` belongs to in a scene (SweepHit::instance): kStaticLevel on a World or for
  /// the level's triangles, else the instance id (triangle then indexes its own mesh; the
  /// planes and distances are in world space, at the instance's pose during the move).
  std::uint32_t instance = kStaticLevel;
  Plane offset_plane;      ///< triangle plane moved by the radius along its normal (the offset prism's S')
  Plane edge_clip[3];      ///< edges AB, BC, CA: inside when distance >= 0 (moved out by L)
  Plane acute_clip[3];     ///< opposite-vertex caps for AB, BC, CA: inside when distance >= 0
  /// Signed distances of the tested point to each plane. Offset prism: the crossing point (or the
  /// new position when nothing crosses); sphere classification: the centre as this triangle saw it, after
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

/// Box edges: one of the box's 12 edges cast as a segment against the scene.
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
  /// What `triangle` belongs to in a scene (SweepHit::instance): kStaticLevel on a World.
  std::uint32_t instance = kStaticLevel;
  glm::vec3 slide{0.0f};  ///< remaining displacement after projection onto the contact planes
  std::vector<glm::vec3> crease;  ///< normals of the planes constraining the slide (0..3)
  std::vector<TriangleTest> tests;
  std::vector<EdgeCast> edge_casts;  ///< box edges only: the 12 edges and what each hit
};

enum class GroundState : std::uint8_t { kInAir, kOnGround, kOnSteepGround };
const char* to_string(GroundState g);

struct GroundProbe {
  bool probed = false;
  glm::vec3 from{0.0f}, to{0.0f};  ///< the downward probe sweep
  GroundState state = GroundState::kInAir;
  glm::vec3 normal{0.0f};
  std::uint32_t triangle = kNoTriangle;
  std::uint32_t instance = kStaticLevel;  ///< what `triangle` belongs to (CharacterState::ground_instance)
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
  std::uint32_t instance = kStaticLevel;  ///< what `triangle` belongs to (Contact::instance)
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

/// The offset prism of a triangle (the offset prism method) for a body of radius r and edge margin L, with
/// distances of point p. Fills every plane field and distance of `out` (verdict untouched).
/// A degenerate or non-finite triangle gets all-zero planes and distances (never NaN), so no
/// crossing is ever reported against it.
void offset_prism(const Triangle& tri, float radius, float margin, const glm::vec3& p,
                  TriangleTest& out);

}  // namespace collision
