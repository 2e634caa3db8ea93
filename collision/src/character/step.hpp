#pragma once
// Internal: one character step's working state and its parts, shared by the files of
// collision/src/character/ (the steps themselves are listed in collision/character.hpp):
//   contacts_digest.cpp  the contacts' digest (CharacterState::contacts_key)
//   ground.hpp           contacts found and classified: walkable, internal edges, ground state
//   skin.hpp             depenetration (step 1), the skin (step 4), the faces touched at the start
//   step_up.hpp          step-up (Jolt's WalkStairs) and the settling that stick-to-floor shares
//   step.cpp             the pipeline: resolution, validation, the phases' moves, the public calls
// Step and the parts' headers are in an anonymous namespace and included by step.cpp alone: the
// whole step is one translation unit, as it was in one file, so that the compiler inlines its
// parts into the pipeline as it did then (as separate files compiled apart, bench_moves' steps
// ran 5% more instructions: no part called once was inlined any more).
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

#include <glm/ext/vector_double3.hpp>
#include <glm/geometric.hpp>

#include "character/contacts_digest.hpp"
#include "collision/character.hpp"
#include "move/collider.hpp"

namespace collision::detail::character {
namespace {

// Lists a step fills again and again, kept from one step to the next on each thread so that
// their memory is reused: a step allocates only the contact list it returns, and nothing in
// place (update_character) once the lists have grown.
struct Scratch {
  std::vector<std::uint64_t> overlapped;  // recover()'s answer: the triangles being recovered from (contact_key)
  std::vector<Contact> contacts;     // the step's contacts, copied into the state at its end
  std::vector<Contact> probe;        // depenetration's, settle's, walkable_here's, the snap's
  std::vector<Contact> constraints;  // what constraining() answers
  std::vector<Contact> supports;     // the step's end: the constraints the carried velocity meets
  std::vector<Contact> walls;        // and those the input meets
  std::vector<Contact> start;        // the contacts at the start, where the state's do not hold
};

inline Scratch& thread_scratch() {
  thread_local Scratch scratch;
  return scratch;
}

struct Step {
  Collider world;  // a World, or a scene as this character sees it
  const Body& body;
  const CharacterParams& p;  // resolved
  Trace* trace;
  float skin;
  float reach;            // skin + contact tolerance: what counts as touching
  float radius;           // smallest radius
  float min_walkable_cos;
  Scratch& scratch;

  // The classic methods move through a World only (a scene's character takes the robust
  // method: Scene::add_character refuses the others).
  const World& classic_world() const {
    if (!world.world()) throw std::invalid_argument("character: a scene's character takes the robust method");
    return *world.world();
  }
  glm::vec3 horizontal(const glm::vec3& v) const { return v - p.up * glm::dot(v, p.up); }
  bool walkable_normal(const glm::vec3& n) const { return glm::dot(n, p.up) >= min_walkable_cos; }

  // keep_skin leaves a gap this close to the skin alone; at_skin() is the farthest gap of a
  // resting contact.
  float dead_band() const { return 1e-5f * radius; }
  float at_skin() const { return skin + dead_band(); }

  // CharacterState::contacts_key for contacts `cs` found at `pos`.
  std::uint64_t key_at(const glm::vec3& pos, const std::vector<Contact>& cs) const {
    return contacts_digest(world.id(), body, reach, pos, cs);
  }

  // ground.hpp
  void contacts_at(const glm::vec3& pos, std::vector<Contact>& c) const;
  void classify(std::vector<Contact>& cs) const;
  bool internal_edge(const Contact& c, const std::vector<Contact>& cs) const;
  const std::vector<Contact>& constraining(const std::vector<Contact>& cs) const;
  glm::vec3 support_normal(const Contact& c, const std::vector<Contact>& cs) const;
  void ground_from(const std::vector<Contact>& cs, CharacterState& out) const;

  // step.cpp
  MoveResult run(const glm::vec3& from, const glm::vec3& disp, MovePhase phase, bool steep_as_wall,
                 std::span<const TouchingPlane> touching = {}, bool straight = false) const;

  // skin.hpp
  // The distinct planes (at most kMaxTouching) of the faces among `start` (the contacts at the
  // step's start) that the body touches at the skin or closer without overlapping: what a move
  // from there meets at once (SlideConstraints::touching). Each is its triangle's normal
  // turned towards the body, the normal a sweep's face hit gives (the contact's own, from the
  // closest point, may be off by rounding). Edges and corners are left to the sweeps: of
  // several touched at equal gaps (a row of tile corners) a sweep meets one, whose normal a
  // plane given here could not pick.
  static constexpr std::size_t kMaxTouching = 4;
  void add_touching(const Contact& c, const glm::dvec3& towards, TouchingPlane (&out)[kMaxTouching],
                    std::size_t& n) const;
  std::size_t touching(const std::vector<Contact>& start, TouchingPlane (&out)[kMaxTouching]) const;
  const std::vector<std::uint64_t>& recover(glm::vec3& pos, const std::vector<Contact>& start) const;
  glm::vec3 keep_skin(glm::vec3 pos, const glm::vec3& disp, const std::vector<std::uint64_t>& recovering,
                      std::vector<Contact>& contacts, bool& found, const std::vector<Contact>* at_pos) const;

  // step_up.hpp
  bool settle(const glm::vec3& from, float distance, glm::vec3& out, bool* probed = nullptr) const;
  // Whether contact `c` (of the walk's end) is one that held back a walk along `dir`: steep,
  // its normal against `dir`. walled_above tests these at the lifted height, and
  // walled_all_the_way must pick exactly the same ones.
  bool held_back(const Contact& c, const glm::vec3& dir) const {
    return !(walkable_normal(c.normal) || glm::dot(c.normal, dir) >= 0.0f);
  }
  bool walled_above(const glm::vec3& lifted, const glm::vec3& dir, const std::vector<Contact>& walk,
                    TouchingPlane (&touched)[kMaxTouching], std::size_t& touched_count) const;
  bool walled_all_the_way(const glm::vec3& start, const glm::vec3& dir, const std::vector<Contact>& walk) const;
  bool step_up(const glm::vec3& start, const glm::vec3& dir, float forward, const std::vector<Contact>& walk,
               glm::vec3& out) const;
  bool land(const glm::vec3& lifted, const glm::vec3& forward, float height, std::span<const TouchingPlane> touching,
            glm::vec3& landed, const char*& why, bool& probed) const;
  bool walkable_here(const glm::vec3& pos, bool probed) const;
};

}  // namespace
}  // namespace collision::detail::character
