// The Scene's characters: their steps against the scene (the others blocking), and the
// movers' pushes (Quake 3's G_MoverPush: riders carried, bodies in the way pushed, a push that
// cannot be made stops the mover). scene.hpp describes the order and what it changes.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <glm/geometric.hpp>

#include "character/step_on.hpp"
#include "move/collider.hpp"
#include "move/methods.hpp"
#include "query/parallel_items.hpp"
#include "scene/frame.hpp"
#include "scene/scene_internal.hpp"

namespace collision {

namespace {

// The nearest contact between the character at `at` and instance `id` (distance infinity
// beyond `reach`).
Contact nearest(const Scene& scene, std::uint32_t id, const SceneCharacter& c, const glm::vec3& at, float reach) {
  thread_local std::vector<Contact> cs;
  cs.clear();
  detail::instance_contacts(scene, id, c.body, at, reach, cs);
  Contact best;
  best.distance = INFINITY;
  for (const Contact& x : cs) {
    if (x.distance < best.distance) best = x;
  }
  return best;
}

// The ground's velocity at the character's ground contact (linear + angular x r, Jolt's
// GetGroundVelocity): zero on the static level, in the air or on another character.
glm::vec3 ground_velocity_of(const Scene& scene, const SceneCharacter& c) {
  if (c.state.ground != GroundState::kOnGround || c.state.ground_instance >= kCharacterInstance) return glm::vec3(0.0f);
  for (const Contact& k : c.state.contacts) {
    if (k.instance == c.state.ground_instance && k.triangle == c.state.ground_triangle) {
      return scene.point_velocity(k.instance, k.point);
    }
  }
  return glm::vec3(0.0f);
}

// A jump off moving ground takes the ground's velocity on (Jolt's character does: a jump off a
// rising lift goes higher, off a moving platform keeps its way), from the frame after the jump:
// in the jump's own frame advance() has already carried the character with its ground, so the
// step's displacement leaves it out and only the velocity it ends with has it.
void take_on_ground_velocity(const glm::vec3& ground_velocity, bool jumped, CharacterState& state) {
  if (jumped) state.velocity += ground_velocity;
}

float gap_to(const Scene& scene, std::uint32_t id, const SceneCharacter& c, const glm::vec3& at, float reach) {
  return nearest(scene, id, c, at, reach).distance;
}

}  // namespace

std::uint32_t Scene::add_character(const Body& body, const CharacterParams& params, const CharacterState& state) {
  if (characters_.size() >= kStaticLevel - kCharacterInstance) throw std::invalid_argument("scene: too many characters");
  SceneCharacter c;
  c.body = body;
  c.params = params.resolved(body);  // throws naming the field
  if (c.params.move.method != Method::kRobust) {
    throw std::invalid_argument("scene: add_character: a scene's character takes the robust method");
  }
  c.state = state;
  characters_.push_back(c);
  touch();
  refresh_character(static_cast<std::uint32_t>(characters_.size() - 1));
  return static_cast<std::uint32_t>(characters_.size() - 1);
}

const SceneCharacter& Scene::character(std::uint32_t id) const {
  if (id >= characters_.size()) throw std::invalid_argument("scene: no character " + std::to_string(id));
  return characters_[id];
}

void Scene::set_character_position(std::uint32_t id, const glm::vec3& position) {
  character(id);
  characters_[id].state.position = position;
  touch();
  refresh_character(id);
}

void Scene::set_character_state(std::uint32_t id, const CharacterState& state) {
  character(id);
  SceneCharacter& c = characters_[id];
  c.state = state;
  touch();
  c.ground_velocity = ground_velocity_of(*this, c);
}

void Scene::set_character_body(std::uint32_t id, const Body& body, const CharacterParams& params) {
  character(id);
  CharacterParams p = params.resolved(body);  // throws naming the field
  if (p.move.method != Method::kRobust) {
    throw std::invalid_argument("scene: set_character_body: a scene's character takes the robust method");
  }
  characters_[id].body = body;
  characters_[id].params = p;
  touch();
  refresh_character(id);
}

void Scene::refresh_character(std::uint32_t id) {
  SceneCharacter& c = characters_[id];
  const detail::SceneView view{this, id};
  detail::refresh_contacts_on(detail::Collider(view), c.body, c.state, c.params);
  c.ground_velocity = ground_velocity_of(*this, c);
}

void Scene::refresh_characters() {
  for (std::uint32_t id = 0; id < characters_.size(); ++id) refresh_character(id);
}

void Scene::update_character(std::uint32_t id, const CharacterInput& input, float dt, Trace* trace) {
  character(id);
  SceneCharacter& c = characters_[id];
  const bool jumping = input.jump && c.state.ground == GroundState::kOnGround;
  const glm::vec3 ground_velocity = c.ground_velocity;
  const detail::SceneView view{this, id};
  detail::update_character_on(detail::Collider(view), c.body, c.state, input, dt, c.params, trace);
  take_on_ground_velocity(ground_velocity, jumping && c.state.ground != GroundState::kOnGround, c.state);
  touch();  // the others' contacts with it are stale
  refresh_character(id);
}

void Scene::update_characters(std::span<const CharacterInput> inputs, float dt, unsigned threads) {
  if (inputs.size() != characters_.size()) {
    throw std::invalid_argument("scene: update_characters: " + std::to_string(inputs.size()) + " inputs for " +
                                std::to_string(characters_.size()) + " characters");
  }
  // Every step reads the scene as it stands (the others' old states) and writes its own copy.
  std::vector<CharacterState> next(characters_.size());
  detail::parallel_items(characters_.size(), threads, [&](std::size_t i) {
    const SceneCharacter& c = characters_[i];
    const bool jumping = inputs[i].jump && c.state.ground == GroundState::kOnGround;
    next[i] = c.state;
    const detail::SceneView view{this, static_cast<std::uint32_t>(i)};
    detail::update_character_on(detail::Collider(view), c.body, next[i], inputs[i], dt, c.params, nullptr);
    take_on_ground_velocity(c.ground_velocity, jumping && next[i].ground != GroundState::kOnGround, next[i]);
  });
  for (std::size_t i = 0; i < next.size(); ++i) characters_[i].state = std::move(next[i]);
  touch();
  refresh_characters();
}

bool Scene::push_characters(std::uint32_t id, const Pose& before, float /*dt*/) {
  const detail::Frame f0(before), f1(instances_[id].pose);
  struct Moved {
    std::uint32_t character;
    CharacterState state;
  };
  std::vector<Moved> moved;
  for (std::uint32_t k = 0; k < characters_.size(); ++k) {
    SceneCharacter& c = characters_[k];
    c.blocked = false;
    const glm::vec3 at = c.state.position;
    // Where the instance's motion takes the character's centre (attached to it).
    const glm::vec3 target = glm::vec3(f1.to_world(f0.to_local(glm::dvec3(at))));
    const float skin = c.params.move.resolved_skin(c.body);
    const bool rider = c.state.ground == GroundState::kOnGround && c.state.ground_instance == id;
    if (!rider) {
      // The mover reaches the character when, seen from the mover, the character moving from
      // `target` back to where it stands meets it (the chord of a turn), or ends within its skin.
      const SweepHit h = detail::sweep_instance(*this, id, c.body, target, at - target, SweepOptions{});
      if (!h.hit && !(gap_to(*this, id, c, at, skin) < skin * (1.0f - 1e-3f))) continue;
    }
    // Seen from the mover the character stood at `target`: the push takes it there, and out to
    // its skin where it was closer (pressed between the mover and something else).
    const Contact near = nearest(*this, id, c, target, skin);
    const glm::vec3 push = target - at + (near.distance < skin ? near.normal * (skin - near.distance) : glm::vec3(0.0f));
    moved.push_back({k, c.state});
    const detail::SceneView view{this, k, id};
    MoveResult r;
    try {
      detail::validate_move(c.body, at, push, c.params.move);
      r = detail::move_robust(detail::Collider(view), c.body, at, push, c.params.move, nullptr);
    } catch (const std::invalid_argument&) {
      r.position = at;  // a push out of the domain is a push that cannot be made
    }
    c.state.position = r.position;
    // Pushed or carried short of the way (a wall, a ceiling): the mover would end in it, or
    // closer to it than the character can hold its skin.
    if (gap_to(*this, id, c, r.position, skin) < skin * (1.0f - 1e-3f)) {
      for (const Moved& m : moved) characters_[m.character].state = m.state;
      c.blocked = true;
      return false;
    }
  }
  return true;
}

}  // namespace collision
