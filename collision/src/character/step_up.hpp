#pragma once
// Step-up (Jolt's WalkStairs: lift, move forward, settle) and the settling down that
// stick-to-floor shares.
// Internal, included by step.cpp alone (see step.hpp).
#include "character/step.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <glm/ext/vector_double3.hpp>
#include <glm/geometric.hpp>

namespace collision::detail::character {
namespace {

// Sweeps straight down by `distance` and rests the body one skin above what it hits.
// Returns false when nothing is hit or the body starts in overlap. `probed`, when given, tells
// whether the scratch probe ends holding the contacts at `out` within 4 skin + tolerance.
inline bool Step::settle(const glm::vec3& from, float distance, glm::vec3& out, bool* probed) const {
  if (probed) *probed = false;
  const SweepHit hit = world.sweep(body, from, -p.up * distance, SweepOptions{});
  if (!hit.hit || hit.start_overlap) return false;
  const float cos_in = glm::dot(hit.normal, p.up);
  if (cos_in < 0.5f) {
    // Landed on something steep (a riser's edge met near its equator): backing off along up
    // would float the body; keep the skin along the contact normal instead.
    out = from - p.up * (hit.toi * distance) + hit.normal * skin;
    return true;
  }
  out = from - p.up * std::max(0.0f, hit.toi * distance - skin / cos_in);
  // Backing off skin / cos is exact above a face; above an edge or corner the gap grows
  // faster than that, so a few Newton steps along up bring the nearest gap to the skin.
  std::vector<Contact>& cs = scratch.probe;
  for (int it = 0; it < 4; ++it) {
    world.find_contacts(body, out, 4.0f * skin + *p.contact_tolerance, cs);
    const Contact* nearest = nullptr;
    for (const Contact& c : cs) {  // what the body rests on: contacts facing up (< 60 degrees)
      if (glm::dot(c.normal, p.up) >= 0.5f && (!nearest || c.distance < nearest->distance)) nearest = &c;
    }
    if (!nearest || std::fabs(nearest->distance - skin) <= 1e-6f * radius) {
      if (probed) *probed = true;
      break;
    }
    out -= p.up * ((nearest->distance - skin) / glm::dot(nearest->normal, p.up));
  }
  return true;
}

// Whether the steep contacts that held the walk back (`walk`: the contacts at the walk's end;
// those whose normal is against `dir`) all hold the body back at the lifted height `lifted`
// too: each still touched, still steep, its normal still against `dir`. Then what blocked
// the walk rises above the step height: a wall, not a stair's riser, whose top the lifted
// body would clear (a riser at most the step height tall lies wholly below the lifted body).
// `touched` gets the faces among them that the lifted body touches at the skin or closer
// without overlapping (their exact gaps, as touching() takes them from find_contacts): the
// forward move from there starts against those (most forward moves that follow are against
// two walls of a corner, which clip it to nothing before any sweep).
inline bool Step::walled_above(const glm::vec3& lifted, const glm::vec3& dir, const std::vector<Contact>& walk,
                               TouchingPlane (&touched)[kMaxTouching], std::size_t& touched_count) const {
  touched_count = 0;
  bool any = false, all = true;
  for (const Contact& c : walk) {
    if (!held_back(c, dir)) continue;
    const TriangleDistance d = world.distance(c, body, lifted, reach);
    if (d.invalid_input || !(d.distance <= static_cast<double>(reach))) {
      all = false;
      continue;
    }
    const glm::vec3 n(d.normal);
    if (walkable_normal(n) || !(glm::dot(n, dir) < 0.0f)) {
      all = false;
    } else {
      any = true;
    }
    if (d.feature == Feature::kFace && d.distance >= 0.0 && d.distance <= static_cast<double>(at_skin())) {
      add_touching(c, d.normal, touched, touched_count);
    }
  }
  return any && all;
}

// Whether walled_above holds at every height the lift can reach from `start` (a straight
// sweep up by 0 to the step height), known from the contacts alone, for a sphere or a
// capsule: every contact walled_above tests (the steep ones against `dir`) is a face whose
// plane the body's core (the centre, or the capsule's segment ends) stays outside of and
// within reach of, facing it as steep and against `dir` by a margin, with the core's
// projection inside the triangle by a margin, at both ends of the lift. Then the same holds
// all along the lift (the projections move along segments, the gaps linearly, and a
// segment's gap to a plane is its nearer end's), the body's nearest point to the triangle
// projects into its face, and step-up fails whatever the lift meets: its sweep is not needed.
// No contact may be close to an overlap (the lift's sweep would push the body out sideways):
// then, and for other shapes and methods, the lift is swept.
inline bool Step::walled_all_the_way(const glm::vec3& start, const glm::vec3& dir, const std::vector<Contact>& walk) const {
  if (p.move.method != Method::kRobust || !(body.is_sphere() || body.shape == Shape::kCapsule)) return false;
  const double r = body.radii.x, lift = *p.step_height;
  // In-plane, from every edge; the gap's is a tenth of it. Both cover the float rounding of
  // the lifted position the lift's sweep would reach (a few ulps of its coordinates).
  const double extent = std::max({std::fabs(start.x), std::fabs(start.y), std::fabs(start.z)}) + lift +
                        static_cast<double>(body.half_height);
  const double margin = 1e-3 * r + 1e-5 * extent;
  // The core at the lift's bottom and top: [0, 1] the centre, or [0, 2] the segment's ends,
  // then the same lifted.
  const glm::dvec3 from(start), up(p.up), lifted = up * lift;
  glm::dvec3 core[4];
  int n_core = 0;
  if (body.shape == Shape::kCapsule) {
    // (The axis normalized, as the capsule's exact tests take it: it may be 1e-3 off unit.)
    const glm::dvec3 half = glm::normalize(glm::dvec3(body.axis)) * static_cast<double>(body.half_height);
    core[0] = from - half;
    core[1] = from + half;
    n_core = 2;
  } else {
    core[0] = from;
    n_core = 1;
  }
  for (int k = 0; k < n_core; ++k) core[n_core + k] = core[k] + lifted;
  bool any = false;
  for (const Contact& c : walk) {
    if (!(c.distance > 0.5f * skin)) return false;
    if (!held_back(c, dir)) continue;
    Triangle t;
    if (c.feature != Feature::kFace || !world.triangle(c, t)) return false;
    const glm::dvec3 v[3] = {glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c)};
    const glm::dvec3 wound = glm::cross(v[1] - v[0], v[2] - v[0]);  // the winding's normal
    const double area2 = glm::length(wound);
    if (!(area2 > 0.0)) return false;
    const glm::dvec3 nw = wound / area2;
    const double side = glm::dot(nw, from - v[0]) >= 0.0 ? 1.0 : -1.0;
    const glm::dvec3 n = nw * side;  // towards the body
    if (!(glm::dot(n, up) < static_cast<double>(min_walkable_cos) - 1e-4) || !(glm::dot(n, glm::dvec3(dir)) < -1e-4)) {
      return false;
    }
    // The body's gap at the bottom and at the top of the lift: its core's nearest point's.
    double gap[2] = {1e300, 1e300};
    for (int k = 0; k < 2 * n_core; ++k) {
      const double s_k = glm::dot(n, core[k] - v[0]);
      if (!(s_k > 0.5 * r)) return false;
      gap[k / n_core] = std::min(gap[k / n_core], s_k - r);
      for (int i = 0; i < 3; ++i) {
        const glm::dvec3 e = v[(i + 1) % 3] - v[i];
        if (!(glm::dot(core[k] - v[i], glm::cross(nw, e)) >= margin * glm::length(e))) return false;
      }
    }
    if (!(std::max(gap[0], gap[1]) <= static_cast<double>(reach) - 0.1 * margin)) return false;
    any = true;
  }
  return any;
}

// Jolt's WalkStairs: from where walking was blocked, lift by the step height (straight up: one
// sweep that stops at what it meets, no slide, as Jolt and Quake 3's PM_StepSlideMove cast
// it), move forward by what is left of the walk (at least min_step_forward beyond the skin,
// which held the body back from the riser), and settle back down. Succeeds only on walkable
// ground (looked for step_forward_test further on when the first landing is on a stair's
// edge), higher than the start. A try whose lifted body is still held back by everything
// that blocked the walk (a wall) ends there, before the forward move: most tries are against
// walls. It may give up a step the forward move would have found by sliding along such a
// wall, past where the walk ended (a riser the body has not touched yet): a later step climbs
// it once it is touched.
inline bool Step::step_up(const glm::vec3& start, const glm::vec3& dir, float forward, const std::vector<Contact>& walk,
                          glm::vec3& out) const {
  // Untraced, a try against walls that hold the body back all along the lift ends here, with
  // the answer the lift would give; a trace sweeps the lift, for the debugger to draw.
  if (!trace && walled_all_the_way(start, dir, walk)) return false;
  StepUp s;
  s.attempted = true;
  // The reason is put into words only for a trace: a step without one allocates nothing here.
  const char* reason = nullptr;
  bool too_steep = false;
  const MoveResult lift = run(start, p.up * *p.step_height, MovePhase::kStepUp, false, {}, true);
  const float height = glm::dot(lift.position - start, p.up);
  glm::vec3 landed;
  bool probed = false;  // the scratch probe holds the contacts where land() landed
  TouchingPlane touched[kMaxTouching];  // the walls the lifted body touches (walled_above)
  std::size_t touched_count = 0;
  if (height <= skin) {
    reason = "no headroom above the body";
  } else if (walled_above(lift.position, dir, walk, touched, touched_count)) {
    reason = "what held the walk back still does at the lifted height: a wall, not a step";
  } else if (land(lift.position, dir * std::max(forward, *p.min_step_forward + skin), height, {touched, touched_count},
                  landed, reason, probed)) {
    bool floor = walkable_here(landed, probed);
    glm::vec3 ahead;
    const char* why = nullptr;
    if (!floor) floor = land(lift.position, dir * std::max(forward, *p.step_forward_test), height,
                             {touched, touched_count}, ahead, why, probed) &&
                        walkable_here(ahead, probed);
    if (!floor) {
      too_steep = true;
    } else if (glm::dot(landed - start, p.up) <= skin) {
      reason = "landed no higher than walking";
    } else {
      s.succeeded = true;
      s.height = glm::dot(landed - start, p.up);
      reason = "stepped onto walkable ground";
      out = landed;
    }
  }
  if (trace) {
    s.reason = too_steep ? "the step's surface is too steep, also " + std::to_string(*p.step_forward_test) + " further on"
                         : std::string(reason);
    trace->step_up = s;
  }
  return s.succeeded;
}

// Moves forward at the lifted height, starting against the faces `touching` there, and
// settles down by `height` + skin (`probed`: as for settle).
inline bool Step::land(const glm::vec3& lifted, const glm::vec3& forward, float height, std::span<const TouchingPlane> touching,
                       glm::vec3& landed, const char*& why, bool& probed) const {
  probed = false;
  const MoveResult fwd = run(lifted, forward, MovePhase::kStepForward, true, touching);
  if (glm::length(horizontal(fwd.position - lifted)) < 1e-4f * radius) {
    why = "blocked at the lifted height";
    return false;
  }
  if (!settle(fwd.position, height + skin, landed, &probed)) {
    why = "no floor under the step";
    return false;
  }
  if (trace) {
    SlideIteration& it = trace->iterations.emplace_back();
    it.phase = MovePhase::kStepDown;
    it.start = fwd.position;
    it.desired_end = fwd.position - p.up * (height + skin);
    it.reached = landed;
  }
  return true;
}

// Whether the body at `pos` rests on a triangle whose own contact normal is walkable (a
// stair's edge does not count here: step-up must find the tread itself). `probed`: the
// scratch probe holds the contacts at `pos` within a longer reach (settle's last look), which
// answer without a new query: a query with the shorter reach finds exactly those of them
// within it, as both compute each gap the same way.
inline bool Step::walkable_here(const glm::vec3& pos, bool probed) const {
  std::vector<Contact>& cs = scratch.probe;
  if (probed) {
    bool at_reach = false;
    for (const Contact& c : cs) {
      if (c.distance > reach || !walkable_normal(c.normal)) continue;
      if (c.distance < reach) return true;
      // A gap rounded to the reach exactly may have been just beyond it in double: ask.
      at_reach = true;
    }
    if (!at_reach) return false;
  }
  world.find_contacts(body, pos, reach, cs);
  for (const Contact& c : cs) {
    if (walkable_normal(c.normal)) return true;
  }
  return false;
}

}  // namespace
}  // namespace collision::detail::character
