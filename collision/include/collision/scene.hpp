#pragma once
/// @file scene.hpp
/// A Scene: the static level (a World, shared) plus moving instances (doors, lifts, platforms,
/// crates) and characters, with every query of the core against all of them: rays, sweeps of
/// every body shape, contacts, collide-and-slide, and the character step on and against moving
/// geometry (after Jolt's CharacterVirtual; movers pushing characters after Quake 3's
/// g_mover.c G_MoverPush; queries into an instance's frame after Quake 3's
/// CM_TransformedBoxTrace and Embree's instancing).
///
/// Shapes. An instance is a triangle mesh with its own BVH in its own frame (a World, shared
/// between instances of the same mesh), or a box (half extents, its 12 triangles). A character
/// is a Body (sphere, ellipsoid, box, capsule) with its own CharacterState and parameters.
///
/// Units and conventions: the level's units, seconds. An instance's pose is a rigid transform,
/// world = rotation * local + position; the rotation is a unit quaternion (glm::quat, fields
/// x, y, z, w; note glm's constructor takes w first: glm::quat(w, x, y, z)), normalised when
/// set. Linear velocity in units/s; angular velocity in rad/s about the instance's position,
/// right-handed (a positive y component turns +x towards -z).
///
/// Ids: add_mesh/add_box return instance ids 0, 1, 2, ... that stay valid (remove() leaves a
/// hole, never renumbers). Characters get their own ids 0, 1, ... (add_character). A hit or
/// contact names what it touched in its `instance` field: kStaticLevel for the static level,
/// an instance id (< kCharacterInstance), or kCharacterInstance + character id; `triangle`
/// is then the index in that instance's mesh (a box's 12: scene_box_mesh's order), 0 for a
/// character. A Trace of a scene's move names the instance of what each iteration hit
/// (SlideIteration::instance), the ground's and the touching planes'; its candidates
/// (SlideIteration::tests) are the static level's triangles, then the instances' near the
/// iteration's sweep (TriangleTest::instance; their planes in world space at the pose they had
/// during the move). The other characters are bodies, not triangles, and are not listed.
///
/// Design (and its cost). Broad phase: a dynamic AABB tree over the instances' world boxes
/// (collision/instance_tree.hpp, after Box2D's b2DynamicTree), kept current where an instance
/// moves (advance, set_pose): each leaf holds a fat box (the world box grown by a quarter of its
/// largest extent and stretched over four steps of its motion), so a moving instance costs a
/// containment test a step and only one that leaves its fat box is taken out and put back
/// (O(log n), balanced by rotations). Not a refit (a first build's topology degrades as the
/// instances wander) nor a rebuild each step (O(n log n) whatever moved). A query walks the fat
/// boxes, checks the exact world boxes (packed as six float arrays, InstanceBounds), takes the
/// instances its move enters, nearest entry first, and stops at the first whose entry is later
/// than its best hit. bench_scene with 1,000 moving and turning instances on eight OpenArena
/// maps (docs/benchmarks.md, 2026-12-07): advance 82-118 us a step, median (Bullet's update
/// 0.9-2.2 ms); sphere sweeps 9.7-15x Bullet's btCollisionWorld, but 6x on oa_dm3 (its sweeps
/// almost never meet anything: Bullet answers in 1.6 us, Prism's tree walk costs 0.2 us); rays
/// 1.2-5.3x. An
/// instance is entered in its own frame:
///  - boxes and ellipsoids, which a rotation would change: the swept box turned into that frame
///    conservatively (the box of the turned box, grown by 2^-20 of its extent), the triangles
///    found by the instance's BVH (overlap_aabb), and the exact narrow phase run in WORLD space
///    on those triangles moved to their pose (sweep_triangle): exactly what the same triangles
///    give in a static World. The only difference is the rounding of the moved corners (in
///    double, rounded once to float: within half an ulp, 2^-24 of each coordinate's magnitude,
///    of the exact transform of the float corner). Cost: a transform of three corners a
///    candidate (about 15 ns) on top of the narrow phase, and no pruning by the best hit
///    inside the instance.
///  - spheres and capsules, which a rotation leaves the same shape (a capsule's axis turned
///    with it), and rays: the query turned into the instance's frame (centre, move, axis, in
///    double, rounded once) and answered by the instance's own World (its BVH, its SIMD
///    packets), the hit's point and normal turned back (Quake 3's CM_TransformedBoxTrace).
///    The error is the rounding of the turned query, which a grazing contact magnifies.
/// The oracle test (tests/collision/scene) holds sweeps of every shape, rays and contacts
/// against a World of the same moved triangles: the times of impact agree within 1e-4 units
/// along moves of up to 21 units at coordinates up to 25 (worst seen 2e-5), rays within 1e-6
/// of their length, contact gaps within 1e-5.
///
/// Characters as bodies: each blocks the others' queries as its body grown by its skin (so
/// two characters touching keep both skins between them, as Jolt does). Exact for pairs of
/// spheres and capsules with parallel axes (a ray against their Minkowski capsule) and for any
/// body against a box (the box's triangles, the narrow phase); an ellipsoid against a sphere,
/// capsule or ellipsoid, and capsules with different axes, take the ellipsoid's or capsule's
/// bounding sphere (conservative: they stop early, never pass through). A ray starting inside
/// a character's box does not hit it; a capsule crossing an instance's triangle takes the
/// World's edge exit (contacts.hpp), worked out in the instance's frame.
///
/// Order of a frame, and what it changes. advance(dt) first moves the instances by their
/// velocities, then, instance by instance in id order, carries the characters standing on it
/// (the instance's rigid motion applied to their centre: on a spinning platform a character
/// turns with it and stays at its radius) and pushes the characters it moves into (the
/// displacement of their centre under the instance's motion, and out to their skin where they
/// were closer), each as a collide-and-slide move against everything but that instance. "Moves
/// into": seen from the instance, the character's centre moving from where the motion would
/// take it back to where it stands (a turn's chord) meets the instance, or ends within its
/// skin. Instances are kinematic: nothing but characters stops them (they pass through the
/// level and each other). A character that cannot be moved the whole way (it would end
/// closer than its skin to the mover: trapped against the level, another instance or
/// character) is never pushed into them: the
/// instance is put back where it was this step, every character it moved is put back, and both
/// are flagged blocked (Quake 3's G_MoverPush failing). Then the game steps its characters
/// (update_character), in any order: each sees the others where they stand at that moment, so
/// two characters walking into each other in the same frame end where the order puts them
/// (the first moves up to the second, the second is blocked by the first where it ended);
/// characters that do not touch are independent of the order.
///
/// Ground velocity: a character's step does not move it with its ground (advance carried it);
/// SceneCharacter::ground_velocity reports the ground's velocity at the contact (linear plus
/// angular x r, as Jolt's GetGroundVelocity), and a jump takes it on: the state's velocity
/// after the jump's step is the jump's plus the ground's, so the character keeps the ground's
/// way in the air (a jump off a rising lift goes higher). In the jump's own frame advance()
/// carried it already, so the step itself moves it by the jump alone: the ground's velocity is
/// counted once. While it stands, the state's velocity leaves the ground's out (advance carries
/// it); Jolt's GetLinearVelocity has it.
///
/// Errors: an unknown or removed id, a non-finite or non-unit-able pose or velocity, dt < 0,
/// a box outside the body domain throw std::invalid_argument naming the argument. Queries take
/// the World's domain (collision/domain.hpp) and answer invalid_input as it does.
/// Thread safety: queries are const and may run in parallel; advance, set_pose and the
/// character calls modify the scene and must not run concurrently with anything on it
/// (update_characters runs its own threads).

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include <glm/ext/matrix_double3x3.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "collision/body.hpp"
#include "collision/character.hpp"
#include "collision/contacts.hpp"
#include "collision/instance_tree.hpp"
#include "collision/move.hpp"
#include "collision/world.hpp"

namespace collision {

/// The first `instance` value naming a character (kCharacterInstance + its id).
inline constexpr std::uint32_t kCharacterInstance = 0x40000000u;

/// The instances' exact world boxes, packed: six arrays of floats (the broad phase's leaves
/// are fat boxes; a query checks these); a removed instance's is empty.
struct InstanceBounds {
  std::vector<float> min_x, min_y, min_z, max_x, max_y, max_z;
  std::size_t size() const { return min_x.size(); }
  Aabb box(std::size_t i) const {
    Aabb b;
    b.min = {min_x[i], min_y[i], min_z[i]};
    b.max = {max_x[i], max_y[i], max_z[i]};
    return b;
  }
};

/// An instance's placement: world = rotation * local + position.
struct Pose {
  glm::vec3 position{0.0f};
  glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  ///< identity (glm's constructor: w first)
};

struct SceneInstance {
  std::shared_ptr<const World> mesh;  ///< the triangles in the instance's own frame
  bool is_box = false;
  glm::vec3 half_extents{0.0f};       ///< a box's
  Pose pose;
  glm::vec3 velocity{0.0f};           ///< units/s
  glm::vec3 angular_velocity{0.0f};   ///< rad/s about pose.position, right-handed
  Aabb local_bounds;                  ///< the box of its triangles in its frame (empty: none)
  Aabb world_bounds;                  ///< the box of its triangles at its pose
  glm::dmat3 rotation_matrix{1.0};    ///< pose.rotation as a matrix (kept by the scene)
  bool blocked = false;               ///< the last advance could not move it (a character in the way)
  bool alive = true;
  /// Set by move_kinematic: the pose the next advance puts it at (then cleared).
  bool has_target = false;
  Pose target;
  /// advance's last turn a step (the rotation by |w| dt about w), kept while w and dt stay.
  glm::dquat step_turn{1.0, 0.0, 0.0, 0.0};
  glm::vec3 step_turn_spin{0.0f};
  float step_turn_dt = 0.0f;
};

struct SceneCharacter {
  Body body;
  CharacterParams params;
  CharacterState state;
  /// The ground's velocity at the ground contact (units/s): zero on the static level.
  glm::vec3 ground_velocity{0.0f};
  /// The last advance pushed or carried it and could not do it the whole way: it was left where
  /// it stood and the mover was stopped.
  bool blocked = false;
};

class Scene {
 public:
  /// `level` may be null or empty: a scene of instances alone.
  explicit Scene(std::shared_ptr<const World> level);

  const World& level() const { return *level_; }

  /// A triangle mesh instance (its own BVH, built once, shared). Returns its id.
  std::uint32_t add_mesh(std::shared_ptr<const World> mesh, const Pose& pose = {});
  /// A box of `half_extents` (each in the body domain) centred on the pose's position.
  std::uint32_t add_box(const glm::vec3& half_extents, const Pose& pose = {});
  void remove(std::uint32_t id);
  /// Kinematic: teleports the instance (no push: advance() is what pushes).
  void set_pose(std::uint32_t id, const Pose& pose);
  void set_velocity(std::uint32_t id, const glm::vec3& velocity, const glm::vec3& angular_velocity);
  /// Kinematic, driven by a target (Jolt's BodyInterface::MoveKinematic): sets the velocities
  /// that take the instance from its pose to `target` in `dt` (> 0; the shorter way round for
  /// the turn), and the next advance() puts it exactly at `target` (whatever that advance's dt),
  /// carrying and pushing the characters on the way as for any velocity. If that push cannot be
  /// made the instance stays where it was (blocked), and the target is dropped.
  void move_kinematic(std::uint32_t id, const Pose& target, float dt);
  const SceneInstance& instance(std::uint32_t id) const;
  std::size_t instance_slots() const { return instances_.size(); }
  /// The velocity of the instance's material point at `p` (linear + angular x (p - position)).
  glm::vec3 point_velocity(std::uint32_t id, const glm::vec3& p) const;

  /// Moves the instances by their velocities over dt (>= 0) and carries and pushes the
  /// characters (see the file comment).
  void advance(float dt);

  /// A character (robust method only: the classic methods move through a World alone). Its
  /// contacts are looked up at `state.position`. Returns its id.
  std::uint32_t add_character(const Body& body, const CharacterParams& params, const CharacterState& state);
  const SceneCharacter& character(std::uint32_t id) const;
  std::size_t character_count() const { return characters_.size(); }
  /// Teleports a character (its contacts looked up there).
  void set_character_position(std::uint32_t id, const glm::vec3& position);
  /// Puts back a state this scene gave the character (SceneCharacter::state at some earlier
  /// time: a debugger's keyframe), as it was: its contacts and ground are not looked up again,
  /// so stepping on from it repeats what followed it, bit for bit, when the instances and the
  /// other characters stand where they stood then. Its ground velocity is looked up.
  void set_character_state(std::uint32_t id, const CharacterState& state);
  /// Another body and parameters for the character from now on (resolved for the body; the
  /// robust method only, as add_character); its contacts are looked up for the new body.
  void set_character_body(std::uint32_t id, const Body& body, const CharacterParams& params);
  /// One step of character `id` against the scene (the others block it), in place.
  void update_character(std::uint32_t id, const CharacterInput& input, float dt, Trace* trace = nullptr);
  /// One step of every character (inputs[i] for character i; one input a character, else
  /// std::invalid_argument), on `threads` threads as collision/batch.hpp runs its items. Each
  /// character meets the others where they stood before the call, so the result is the same bit
  /// for bit for any thread count and does not depend on the order; the price: two characters
  /// closing on each other in one call can each take the same gap and end up to their two
  /// steps' travel inside each other's skin-grown body (the next step's depenetration pushes
  /// them apart). update_character one by one never overlaps but depends on the order.
  void update_characters(std::span<const CharacterInput> inputs, float dt, unsigned threads = 0);

  /// Changes whenever anything moves (never 0): part of the characters' contacts digest.
  std::uint64_t version() const { return version_; }

  // Internal, for the queries (collision/src/scene/).
  const std::vector<SceneInstance>& instances() const { return instances_; }
  /// Every instance's world_bounds, packed (the exact test at the broad phase's leaves).
  const InstanceBounds& instance_bounds() const { return bounds_; }
  /// The broad phase over the instances' world boxes (collision/instance_tree.hpp).
  const InstanceTree& instance_tree() const { return tree_; }
  const std::vector<SceneCharacter>& characters() const { return characters_; }

 private:
  void touch();
  /// The instance's derived parts at its pose; `motion` stretches its broad-phase leaf.
  void place(std::uint32_t id, const glm::vec3& motion = glm::vec3(0.0f));
  SceneInstance& live(std::uint32_t id, const char* what);
  bool push_characters(std::uint32_t id, const Pose& before, float dt);
  void refresh_character(std::uint32_t id);
  void refresh_characters();

  std::shared_ptr<const World> level_;
  std::vector<SceneInstance> instances_;
  InstanceBounds bounds_;
  InstanceTree tree_;
  void set_bounds(std::uint32_t id, const Aabb& b);
  std::vector<SceneCharacter> characters_;
  std::uint64_t version_ = 0;
};

/// The 12 triangles of a box of `half_extents` about the origin, outward-wound (two a face:
/// -x, +x, -y, +y, -z, +z).
TriangleMesh scene_box_mesh(const glm::vec3& half_extents);

/// The queries of queries.hpp, body.hpp and contacts.hpp against the scene: the static level,
/// every instance at its pose and every character. Ties go to the static level, then the
/// lower instance id, then the lower triangle index.
RayHit raycast(const Scene& scene, const glm::vec3& origin, const glm::vec3& delta);
/// What a scene query meets besides the level and the instances.
struct SceneQueryFilter {
  /// The characters' bodies (grown by their skins). A pick of triangles (a debugger's click:
  /// characters are bodies, not triangles) leaves them out.
  bool characters = true;
};
/// raycast() meeting what `filter` lets in.
RayHit raycast(const Scene& scene, const glm::vec3& origin, const glm::vec3& delta, const SceneQueryFilter& filter);
SweepHit sweep(const Scene& scene, const Body& body, const glm::vec3& center, const glm::vec3& delta,
               const SweepOptions& options = {});
/// Ascending by (static level first, then instance id, then triangle index).
void find_contacts(const Scene& scene, const Body& body, const glm::vec3& center, float reach,
                   std::vector<Contact>& out);
/// move() against the scene (robust method only; throws std::invalid_argument otherwise).
MoveResult move(const Scene& scene, const Body& body, const glm::vec3& position, const glm::vec3& displacement,
                const MoveParams& params, Trace* trace = nullptr);

}  // namespace collision
