// The character step's pipeline (the steps listed in collision/character.hpp): the parameters
// resolved, the state validated, then depenetration, velocity, the move, the skin, step-up,
// stick to floor, contacts and ground state; and the public calls on it.
#include "character/ground.hpp"
#include "character/skin.hpp"
#include "character/step.hpp"
#include "character/step_up.hpp"
#include "character/step_on.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include "geometry/finite.hpp"
#include "move/methods.hpp"
#include "recording/record_call.hpp"

namespace collision {

namespace detail::character {

namespace {

using detail::finite;

// One phase's move by the step's method. `straight`: one sweep, no slide (step-up's lift).
inline MoveResult Step::run(const glm::vec3& from, const glm::vec3& disp, MovePhase phase, bool steep_as_wall,
                            std::span<const TouchingPlane> touching, bool straight) const {
  const std::size_t before = trace ? trace->iterations.size() : 0;
  // Each phase's move is checked against the input domain like a call to move(): a sweep
  // answering invalid_input must never read as "nothing hit" (the body would pass through).
  // The body and the move parameters were checked at the step's start (validate_state): only
  // the position and displacement are new; outside the domain, validate_move says why.
  if (!in_domain_move(from, disp)) detail::validate_move(body, from, disp, p.move);
  MoveParams mp = p.move;
  if (straight) mp.max_iterations = 1;
  MoveResult r;
  switch (mp.method) {
    case Method::kRobust:
      r = detail::move_robust(world, body, from, disp, mp, trace,
                              {phase, p.up, min_walkable_cos, steep_as_wall, touching});
      break;
    case Method::kOffsetPrism:
      r = detail::move_offset_prism(classic_world(), body, from, disp, mp, trace);
      break;
    case Method::kSphereClassify:
      r = detail::move_sphere_classify(classic_world(), body, from, disp, mp, trace);
      break;
    case Method::kBoxEdges:
      r = detail::move_box_edges(classic_world(), body, from, disp, mp, trace);
      break;
  }
  if (trace) {
    for (std::size_t i = before; i < trace->iterations.size(); ++i) trace->iterations[i].phase = phase;
  }
  return r;
}

// What a step derives from its parameters and body alone.
struct Resolved {
  CharacterParams params;   // CharacterParams::resolved
  float min_walkable_cos;   // walkable_normal's bound: cos(max_slope_degrees), less a hair
  bool move_valid;          // validate_move accepts the body and params.move (checked on a zero move)
};

Resolved resolve(const CharacterParams& params, const Body& body) {
  Resolved r{params.resolved(body), 0.0f, true};
  r.min_walkable_cos = std::cos(glm::radians(r.params.max_slope_degrees)) - 1e-6f;
  try {
    detail::validate_move(body, glm::vec3(0.0f), glm::vec3(0.0f), r.params.move);
  } catch (const std::invalid_argument&) {
    r.move_valid = false;  // each step's validate_state then says why, in its own order
  }
  return r;
}

// resolve() for a step. It is a pure function of the parameters and the body, and a caller
// passes the same ones frame after frame: each thread keeps its last answer and gives it again
// when both are the same byte for byte (then every field has the same bits; padding that
// differs only costs a new resolution). Anything else, and anything resolved() refuses, is
// resolved (and refused) as before.
static_assert(std::is_trivially_copyable_v<CharacterParams> && std::is_trivially_copyable_v<Body>);
Resolved resolved_for_step(const CharacterParams& params, const Body& body) {
  struct Last {
    bool valid = false;
    CharacterParams params;
    Body body;
    Resolved resolved;
  };
  thread_local Last last;
  if (last.valid && std::memcmp(&params, &last.params, sizeof params) == 0 &&
      std::memcmp(&body, &last.body, sizeof body) == 0) {
    return last.resolved;
  }
  const Resolved r = resolve(params, body);  // throws on a refused input, which is not kept
  last.valid = true;
  std::memcpy(&last.params, &params, sizeof params);  // the bytes, padding too, as compared above
  std::memcpy(&last.body, &body, sizeof body);
  last.resolved = r;
  return r;
}

// Removes from v every part that pushes into a contact (a few passes for corners).
glm::vec3 remove_into(glm::vec3 v, const std::vector<Contact>& cs) {
  for (int pass = 0; pass < 3; ++pass) {
    bool changed = false;
    for (const Contact& c : cs) {
      const float into = glm::dot(v, c.normal);
      if (into < 0.0f) {
        v -= c.normal * into;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return v;
}

// validate_move(body, position, velocity, params.move), whose body and parameter checks the
// resolution ran once: only the position and velocity are checked each step, unless those did
// not pass (then validate_move says why, in its order).
void validate_state(const Body& body, const CharacterState& s, const Resolved& r) {
  if (!r.move_valid || !in_domain_move(s.position, s.velocity)) {
    detail::validate_move(body, s.position, s.velocity, r.params.move);
  }
  if (!finite(s.input_velocity)) throw std::invalid_argument("character: state input_velocity is not finite");
}

Step make_step(const Collider& world, const Body& body, const Resolved& r, Trace* trace) {
  const CharacterParams& p = r.params;
  const float skin = p.move.resolved_skin(body);
  return Step{world, body, p, trace, skin, skin + *p.contact_tolerance, body.min_radius(), r.min_walkable_cos,
              thread_scratch()};
}

void fill_ground_trace(const Step& s, const CharacterState& out, Trace* trace) {
  if (!trace) return;
  GroundProbe& g = trace->ground;
  g.probed = true;
  g.from = out.position;
  g.to = out.position - s.p.up * (s.body.extent_along(s.p.up) + s.reach);
  g.state = out.ground;
  g.normal = out.ground_normal;
  g.triangle = out.ground_triangle;
  g.instance = out.ground_instance;
  for (const Contact& c : out.contacts) {
    if (c.triangle == out.ground_triangle && c.instance == out.ground_instance) g.distance = c.distance;
  }
}

// refresh_contacts from `state` into `out`, which may be `state` itself.
void refresh_into(const Collider& world, const Body& body, const CharacterState& state, const Resolved& r,
                  CharacterState& out) {
  validate_state(body, state, r);
  const Step s = make_step(world, body, r, nullptr);
  if (&out != &state) out = state;
  s.contacts_at(out.position, out.contacts);
  out.contacts_key = s.key_at(out.position, out.contacts);
  s.ground_from(out.contacts, out);
}

// The step, from `state` into `out`, which may be `state` itself: everything read from the
// state is read before `out` is written (its contacts, the start's, until step 6 replaces
// them; its position through `start_position`). Writing into a state the caller keeps reuses
// its contact list's memory.
void step_into(const Collider& world, const Body& body, const CharacterState& state, const CharacterInput& input,
               float dt, const CharacterParams& params, Trace* trace, CharacterState& out) {
  const Resolved r = resolved_for_step(params, body);
  const CharacterParams& p = r.params;
  if (!std::isfinite(dt) || dt < 0.0f) throw std::invalid_argument("character: dt must be finite and >= 0");
  if (!finite(input.velocity)) throw std::invalid_argument("character: input velocity is not finite");
  if (!finite(input.ground_velocity)) throw std::invalid_argument("character: input ground_velocity is not finite");
  validate_state(body, state, r);
  if (dt == 0.0f) {
    refresh_into(world, body, state, r, out);
    return;
  }
  const glm::vec3 start_position = state.position;
  if (trace) {
    trace->clear();
    trace->method = p.move.method;
    trace->start = state.position;
  }
  const Step s = make_step(world, body, r, trace);
  const glm::vec3 up = p.up;
  const bool robust = p.move.method == Method::kRobust;

  // 1. Depenetration (only the robust method recovers: the classic methods are shown as they are),
  // from the contacts at the start: the state's where its key says they were found here (the
  // last step's end), else looked up.
  glm::vec3 pos = state.position;
  const std::vector<Contact>* start = &state.contacts;
  if (robust && state.contacts_key != s.key_at(pos, state.contacts)) {
    s.world.find_contacts(body, pos, s.reach, s.scratch.start);
    start = &s.scratch.start;
  }
  static const std::vector<std::uint64_t> kNone;
  const std::vector<std::uint64_t>& recovering = robust ? s.recover(pos, *start) : kNone;
  // The contacts at `at` when it is the step's start, bit for bit (the robust method's start
  // contacts are exactly what find_contacts gives there, trusted by the key or looked up), else
  // none.
  const auto where_started = [&](const glm::vec3& at) -> const std::vector<Contact>* {
    return robust && std::memcmp(&at, &start_position, sizeof at) == 0 ? start : nullptr;
  };

  // 2. Velocity.
  const glm::vec3 carried = state.velocity - state.input_velocity;
  const float away_speed = s.radius / 3.0f;  // Jolt's 0.1 m/s for its 0.3 m character
  const bool supported = state.ground == GroundState::kOnGround &&
                         glm::dot(carried - input.ground_velocity, up) < away_speed;
  const bool jumped = supported && input.jump;
  glm::vec3 v_free = supported ? input.ground_velocity + (jumped ? up * *p.jump_speed : glm::vec3(0.0f)) : carried;
  v_free -= up * (*p.gravity * dt);
  glm::vec3 v_in = s.horizontal(input.velocity);
  const glm::vec3 disp = (v_free + v_in) * dt;
  if (trace) trace->desired = disp;

  // 3. The move, and 4. the skin (robust method). The first move starts clipped against the
  // faces the body touches at the start, as a sweep into each would: on ground, that is
  // gravity's push into the floor.
  TouchingPlane touched_faces[Step::kMaxTouching];
  const std::span<const TouchingPlane> touching(
      touched_faces, robust && recovering.empty() ? s.touching(*start, touched_faces) : 0);
  std::vector<Contact>& contacts = s.scratch.contacts;
  bool have_contacts = false;  // `contacts` are those at `pos`
  bool found = true;           // and exactly what find_contacts gives there
  if (supported && !jumped) {
    // Standing still on walkable ground: gravity presses into the ground and never slides.
    const bool idle = v_in == glm::vec3(0.0f) && input.ground_velocity == glm::vec3(0.0f);
    if (!idle) {
      const glm::vec3 walk_start = pos;
      pos = s.run(pos, disp, MovePhase::kWalk, true, touching).position;
      // A move into the skin of a wall stops one skin from it, as if it had hit.
      if (robust) {
        pos = s.keep_skin(pos, disp, recovering, contacts, found, where_started(pos));
      } else {
        s.contacts_at(pos, contacts);
      }
      have_contacts = true;
      // Step-up: only when the walk fell short and a steep contact blocks the input.
      const glm::vec3 want = s.horizontal(disp);
      const float want_len = glm::length(want);
      if (*p.step_height > 0.0f && want_len > 0.0f) {
        const glm::vec3 dir = want / want_len;
        const float achieved = std::max(0.0f, glm::dot(s.horizontal(pos - walk_start), dir));
        bool steep_ahead = false;
        for (const Contact& c : contacts) {
          steep_ahead = steep_ahead || (!s.walkable_normal(c.normal) && glm::dot(c.normal, dir) < 0.0f);
        }
        glm::vec3 stepped;
        if (achieved + 1e-4f * s.radius < want_len && steep_ahead &&
            s.step_up(pos, dir, want_len - achieved, contacts, stepped)) {
          pos = stepped;
          have_contacts = false;
        }
      }
    }
  } else {
    // In the air and on steep ground: the carried velocity (gravity, jump, slides) against the
    // real surfaces, so steep slopes slide the body down; then the input with steep contacts
    // as walls, so it never climbs them (Jolt's vertical constraint planes for steep slopes).
    // Away from everything (no contacts at the start) one move does both.
    if (v_in == glm::vec3(0.0f) || start->empty()) {
      pos = s.run(pos, disp, MovePhase::kVertical, false, touching).position;
    } else {
      pos = s.run(pos, v_free * dt, MovePhase::kVertical, false, touching).position;
      pos = s.run(pos, v_in * dt, MovePhase::kWalk, true).position;
    }
  }
  if (!have_contacts) {
    if (robust) {
      pos = s.keep_skin(pos, disp, recovering, contacts, found, where_started(pos));
    } else {
      s.contacts_at(pos, contacts);
    }
  }

  // 5. Stick to floor.
  const bool on_walkable = std::any_of(contacts.begin(), contacts.end(), [](const Contact& c) { return c.walkable; });
  if (supported && !jumped && !on_walkable && *p.snap_distance > 0.0f && glm::dot(v_free, up) <= 0.0f) {
    glm::vec3 snapped;
    if (s.settle(pos, *p.snap_distance + s.skin, snapped)) {
      std::vector<Contact>& there = s.scratch.probe;
      s.contacts_at(snapped, there);
      if (std::any_of(there.begin(), there.end(), [](const Contact& c) { return c.walkable; })) {
        if (trace) trace->snapped_down = glm::dot(pos - snapped, up) > 2.0f * s.skin;
        pos = snapped;
        contacts.swap(there);
        found = true;
      }
    }
  }

  // 6. Contacts, ground and velocity (the state is no longer read: `out` may be it).
  out.position = pos;
  out.contacts.assign(contacts.begin(), contacts.end());
  out.contacts_key = found ? s.key_at(pos, out.contacts) : 0;
  s.ground_from(out.contacts, out);
  const std::vector<Contact>& constraints = s.constraining(out.contacts);
  // The carried velocity meets walkable ground by the surface that holds the body (a ledge's
  // edge by the ledge's top face): standing on an edge leaves no sideways velocity behind.
  std::vector<Contact>& supports = s.scratch.supports;
  supports.assign(constraints.begin(), constraints.end());
  for (Contact& c : supports) {
    if (c.walkable) c.normal = s.support_normal(c, out.contacts);
  }
  v_free = remove_into(v_free, supports);
  // The input meets steep contacts as walls (their normals flattened), as it did in the move.
  std::vector<Contact>& as_walls = s.scratch.walls;
  as_walls.assign(constraints.begin(), constraints.end());
  for (Contact& c : as_walls) {
    const glm::vec3 flat = s.horizontal(c.normal);
    if (!c.walkable && glm::dot(c.normal, up) > 0.0f && glm::length(flat) > 1e-6f) c.normal = glm::normalize(flat);
  }
  v_in = remove_into(v_in, as_walls);
  out.velocity = v_free + v_in;
  out.input_velocity = v_in;
  out.effective_velocity = (pos - start_position) / dt;
  fill_ground_trace(s, out, trace);
  if (trace) trace->end = pos;
}


}  // namespace

}  // namespace detail::character

void detail::update_character_on(const Collider& world, const Body& body, CharacterState& state,
                                  const CharacterInput& input, float dt, const CharacterParams& params, Trace* trace) {
  detail::character::step_into(world, body, state, input, dt, params, trace, state);
}

void detail::refresh_contacts_on(const Collider& world, const Body& body, CharacterState& state,
                                 const CharacterParams& params) {
  detail::character::refresh_into(world, body, state, detail::character::resolved_for_step(params, body), state);
}

using detail::character::refresh_into;
using detail::character::resolved_for_step;
using detail::character::step_into;

CharacterState refresh_contacts(const World& world, const Body& body, const CharacterState& state,
                                const CharacterParams& params) {
  PRISM_RECORD_RETURN(world, RefreshCall, (detail::recording::character_id(state), body, state, params),
                      refresh_contacts(world, body, state, params));
  CharacterState out;
  refresh_into(world, body, state, resolved_for_step(params, body), out);
  return out;
}

CharacterState step_character(const World& world, const Body& body, const CharacterState& state,
                              const CharacterInput& input, float dt, const CharacterParams& params,
                              Trace* trace) {
  PRISM_RECORD_RETURN(world, StepCall, (detail::recording::character_id(state), body, state, input, dt, params),
                      step_character(world, body, state, input, dt, params, trace));
  CharacterState out;
  step_into(world, body, state, input, dt, params, trace, out);
  return out;
}

void update_character(const World& world, const Body& body, CharacterState& state, const CharacterInput& input,
                      float dt, const CharacterParams& params, Trace* trace) {
  PRISM_RECORD_OUT(world, StepCall, (detail::recording::character_id(state), body, state, input, dt, params),
                   state, update_character(world, body, state, input, dt, params, trace));
  step_into(world, body, state, input, dt, params, trace, state);
}

}  // namespace collision
