#pragma once
// Depenetration (step 1), the skin kept to what the body touches (step 4), and the faces the
// body touches at the start that its first move is clipped against.
// Internal, included by step.cpp alone (see step.hpp).
#include "character/step.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <glm/ext/vector_double3.hpp>
#include <glm/geometric.hpp>

namespace collision::detail::character {
namespace {

// Adds triangle `index`'s plane, its normal turned to the side of `towards` (the body's
// side), to `out` unless a plane already there is the same (coplanar tiles under the body).
inline void Step::add_touching(const Contact& c, const glm::dvec3& towards, TouchingPlane (&out)[kMaxTouching],
                               std::size_t& n) const {
  const std::uint32_t index = c.triangle;
  glm::vec3 face = world.face_normal(c);
  if (glm::dot(glm::dvec3(face), towards) < 0.0) face = -face;
  if (n < kMaxTouching && std::none_of(out, out + n, [&](const TouchingPlane& o) { return glm::dot(o.normal, face) > 0.999f; })) {
    out[n++] = TouchingPlane{MovePhase::kMove, face, index, c.instance};
  }
}

inline std::size_t Step::touching(const std::vector<Contact>& start, TouchingPlane (&out)[kMaxTouching]) const {
  std::size_t n = 0;
  for (const Contact& c : start) {
    if (n == kMaxTouching) break;
    if (c.feature != Feature::kFace || !(c.distance >= 0.0f && c.distance <= at_skin()) ||
        !world.has_triangle(c)) {
      continue;
    }
    add_touching(c, glm::dvec3(c.normal), out, n);
  }
  return n;
}

// Step 1: pushes the body out of overlapping triangles (gap < 0) along their contact normals,
// by `recovery` of what would bring each to the skin, at most max_recovery_push, and never
// with its centre through a triangle it does not overlap. Returns the overlapped triangles
// (ascending; the scratch holds them until the next step).
// `start`: the contacts at `pos` within the reach; those with gaps <= 0 are what
// find_contacts gives with reach 0.
inline const std::vector<std::uint64_t>& Step::recover(glm::vec3& pos, const std::vector<Contact>& start) const {
  std::vector<Contact>& all = scratch.probe;
  all.clear();
  for (const Contact& c : start) {
    if (c.distance <= 0.0f) all.push_back(c);
  }
  const std::vector<Contact>& cs = constraining(all);
  std::vector<std::uint64_t>& overlapped = scratch.overlapped;
  overlapped.clear();
  Depenetration d;
  glm::vec3 x(0.0f);
  for (const Contact& c : cs) {
    if (c.distance >= 0.0f) continue;
    overlapped.push_back(contact_key(c));
    d.depth = std::max(d.depth, -c.distance);
  }
  if (overlapped.empty()) return overlapped;
  for (int it = 0; it < 8; ++it) {  // Gauss-Seidel over the overlaps
    for (const Contact& c : cs) {
      if (c.distance >= 0.0f) continue;
      const float gap = c.distance + glm::dot(c.normal, x);
      if (gap < skin) x += c.normal * (skin - gap);
    }
  }
  x *= p.recovery;
  const float len = glm::length(x);
  if (len > *p.max_recovery_push) x *= *p.max_recovery_push / len;
  if (len > 0.0f) {
    // (Every triangle overlapped counts, internal edges too: a capsule whose axis lies in a
    // box's face has its centre on the face's other triangle, an internal edge of it.)
    const RayHit ray = world.raycast(pos, x);
    const auto overlaps = [&](std::uint64_t key) {
      return std::any_of(all.begin(), all.end(), [key](const Contact& c) { return contact_key(c) == key && c.distance < 0.0f; });
    };
    if (ray.hit && !overlaps(contact_key(ray.instance, ray.triangle))) {
      // Stop one skin short of the triangle the centre would cross (along the push as clamped).
      x *= std::max(0.0f, ray.t - skin / std::max(glm::length(x), skin));
    }
  }
  pos += x;
  d.happened = true;
  d.push = x;
  if (trace) trace->depenetration = d;
  return overlapped;
}

// Step 4: moves the body so that every touched triangle is exactly one skin away: triangles
// inside the skin push it out, and triangles the move pushed into (normal against `disp`)
// that ended just beyond the skin pull it in. Triangles still being recovered from an overlap
// are left to the recovery rate. `found` tells whether `contacts` end as find_contacts gives
// them at the returned position (not when their gaps were moved by the push). `at_pos`, when
// given, is what find_contacts gives at `pos` with the reach (the step's start, where the
// move ended where it began: pressed into a corner or a wall head-on), taken instead of
// looking them up.
inline glm::vec3 Step::keep_skin(glm::vec3 pos, const glm::vec3& disp, const std::vector<std::uint64_t>& recovering,
                                 std::vector<Contact>& contacts, bool& found, const std::vector<Contact>* at_pos) const {
  found = true;
  if (at_pos) {
    contacts.assign(at_pos->begin(), at_pos->end());
  } else {
    world.find_contacts(body, pos, reach, contacts);
  }
  const std::vector<Contact>& cs = constraining(contacts);
  glm::vec3 x(0.0f);
  bool any = false;
  const float dead_band = this->dead_band();  // closer than this to the skin is left alone
  for (int it = 0; it < 4; ++it) {
    bool moved = false;  // a pass that moves nothing leaves every later pass nothing to move
    for (const Contact& c : cs) {
      if (c.distance < -skin || std::binary_search(recovering.begin(), recovering.end(), contact_key(c))) continue;
      const float gap = c.distance + glm::dot(c.normal, x);
      const bool pushed_into = glm::dot(c.normal, disp) < 0.0f;
      if (gap < skin - dead_band || (pushed_into && gap > skin + dead_band)) {
        x += c.normal * (skin - gap);
        moved = any = true;
      }
    }
    if (!moved) break;
  }
  if (any) {
    const float limit = 2.0f * skin + *p.contact_tolerance;
    const float len = glm::length(x);
    if (len > limit) x *= limit / len;
    pos += x;
    // Gaps to faces move by n·x exactly; near an edge or corner, or after a longer push, the
    // contacts are looked up again.
    const bool exact = len <= 1e-3f * radius &&
                       std::all_of(contacts.begin(), contacts.end(), [](const Contact& c) { return c.feature == Feature::kFace; });
    if (exact) {
      found = false;
      for (Contact& c : contacts) c.distance += glm::dot(c.normal, x);
      contacts.erase(std::remove_if(contacts.begin(), contacts.end(), [&](const Contact& c) { return c.distance > reach; }),
                     contacts.end());
    } else {
      world.find_contacts(body, pos, reach, contacts);
    }
  }
  classify(contacts);
  return pos;
}

}  // namespace
}  // namespace collision::detail::character
