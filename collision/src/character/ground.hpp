#pragma once
// Contacts found and classified for a step: walkable or not, internal edges of a surface,
// the support normal, and the ground state they give.
// Internal, included by step.cpp alone (see step.hpp).
#include "character/step.hpp"

#include <cmath>
#include <vector>

#include <glm/geometric.hpp>

namespace collision::detail::character {
namespace {

inline void Step::contacts_at(const glm::vec3& pos, std::vector<Contact>& c) const {
  world.find_contacts(body, pos, reach, c);
  classify(c);
}

// Marks walkable contacts. An edge or corner contact (a stair's nosing, a ramp's crest) has a
// tilted normal, but the body is held by the walkable face it belongs to: when another touched
// triangle shares the contact point and its face, turned towards the body, is walkable, the
// contact is walkable too.
inline void Step::classify(std::vector<Contact>& cs) const {
  for (Contact& c : cs) {
    c.walkable = walkable_normal(c.normal) ||
                 (c.feature != Feature::kFace && glm::dot(c.normal, p.up) > 0.0f &&
                  walkable_normal(support_normal(c, cs)));
  }
}

// An edge or corner contact that lies in the plane of a surface the body is closer to (another
// touched triangle: a face contact at least as close, or any contact strictly closer) is an
// internal edge of that surface (a floor's diagonal, a tile's corner beside the tile edge the
// body runs along): its tilted normal is an artefact of the triangulation, so it neither
// pushes nor removes velocity. Contacts at equal gaps off a face all stay (coplanar tiles
// meeting under the body give the same normal).
inline bool Step::internal_edge(const Contact& c, const std::vector<Contact>& cs) const {
  if (c.feature == Feature::kFace) return false;
  for (const Contact& o : cs) {
    if (o.triangle == c.triangle && o.instance == c.instance) continue;
    const bool closer = o.feature == Feature::kFace ? o.distance <= c.distance : o.distance < c.distance;
    if (!closer) continue;
    const glm::vec3 n = world.face_normal(o);
    if (std::fabs(glm::dot(c.point - o.point, n)) <= 1e-4f * radius) return true;
  }
  return false;
}

// The contacts that constrain the body: all but internal edges. The answer lives in the
// scratch until the next call.
inline const std::vector<Contact>& Step::constraining(const std::vector<Contact>& cs) const {
  std::vector<Contact>& out = scratch.constraints;
  out.clear();
  for (const Contact& c : cs) {
    if (!internal_edge(c, cs)) out.push_back(c);
  }
  return out;
}

// The support normal of a walkable contact: its own normal, or the walkable face it rests on.
inline glm::vec3 Step::support_normal(const Contact& c, const std::vector<Contact>& cs) const {
  if (walkable_normal(c.normal)) return c.normal;
  glm::vec3 best = c.normal;
  for (const Contact& o : cs) {
    if (glm::length(o.point - c.point) > 1e-3f * radius) continue;
    glm::vec3 n = world.face_normal(o);
    if (glm::dot(n, c.normal) < 0.0f) n = -n;
    if (glm::dot(n, p.up) > glm::dot(best, p.up)) best = n;
  }
  return best;
}

// Ground state from the contacts: walkable ground wins; otherwise ground steeper than the
// limit, up to vertical walls; otherwise the air. The ground contact is the most level one.
inline void Step::ground_from(const std::vector<Contact>& cs, CharacterState& out) const {
  out.ground = GroundState::kInAir;
  out.ground_normal = glm::vec3(0.0f);
  out.ground_triangle = kNoTriangle;
  out.ground_instance = kStaticLevel;
  float best = -2.0f;
  for (const Contact& c : cs) {
    if (!c.walkable) continue;
    const glm::vec3 n = support_normal(c, cs);
    if (glm::dot(n, p.up) > best) {
      best = glm::dot(n, p.up);
      out.ground = GroundState::kOnGround;
      out.ground_normal = n;
      out.ground_triangle = c.triangle;
      out.ground_instance = c.instance;
    }
  }
  if (out.ground == GroundState::kOnGround) return;
  for (const Contact& c : cs) {
    const float up = glm::dot(c.normal, p.up);
    if (up < -1e-3f || up <= best) continue;  // ceilings are not ground
    best = up;
    out.ground = GroundState::kOnSteepGround;
    out.ground_normal = c.normal;
    out.ground_triangle = c.triangle;
    out.ground_instance = c.instance;
  }
}

}  // namespace
}  // namespace collision::detail::character
