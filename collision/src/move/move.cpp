// move(): dispatch, validation, and the robust collide-and-slide.
#include "collision/move.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <glm/geometric.hpp>

#include "collision/domain.hpp"
#include "geometry/finite.hpp"

#include "move/methods.hpp"
#include "recording/record_call.hpp"

namespace collision {

namespace {

using detail::finite;

// One candidate of record_candidates: triangle `index` of `instance` (kStaticLevel: the
// level's), `tri` in world space with unit normal `normal`.
TriangleTest test_candidate(const Triangle& tri, const glm::vec3& normal, std::uint32_t instance, std::uint32_t index,
                            const Body& body, const glm::vec3& p, const glm::vec3& d, const SweepOptions& options,
                            const SweepHit& hit) {
  const float r = body.min_radius();
  TriangleTest test;
  offset_prism(tri, r, r, p, test);
  test.triangle = index;
  test.instance = instance;
  test.tested_point = p;
  const SweepHit h = sweep_triangle(tri, body, p, d, options, index, &test.separating_axis);
  if (!h.hit) {
    const bool back = options.one_sided && glm::dot(normal, p - tri.a) < 0.0f;
    test.verdict = back ? Verdict::kBackFace : Verdict::kNoContact;
  } else {
    test.toi = h.toi;
    test.feature = h.feature;
    test.verdict = h.start_overlap                                                      ? Verdict::kStartOverlap
                   : (hit.hit && index == hit.triangle && instance == hit.instance) ? Verdict::kHit
                                                                                     : Verdict::kContactLater;
  }
  return test;
}

// Trace only: every candidate triangle near the iteration's sweep and what the sweep made of it:
// the level's, then in a scene the instances' at their poses (the narrow phase run on their
// world-space corners, as the scene's sweep runs it for boxes and ellipsoids; for spheres and
// capsules, which the scene answers in the instance's frame, a candidate's toi may differ from
// the accepted hit's by that rounding, and the hit is the one with the hit's name). Characters
// are bodies, not triangles: a hit on one is named by the iteration alone.
void record_candidates(const detail::Collider& collider, const Body& body, const glm::vec3& p, const glm::vec3& d,
                       const SweepOptions& options, const SweepHit& hit, float skin, SlideIteration& rec) {
  // Grown past radius + skin, so the surface a body slides on (one skin away) is listed.
  const glm::vec3 grow = body.half_size() * 1.01f + glm::vec3(2.0f * skin);
  Aabb box;
  box.min = glm::min(p, p + d) - grow;
  box.max = glm::max(p, p + d) + grow;
  const World& level = collider.level();
  std::vector<std::uint32_t> candidates;
  overlap_aabb(level, box, candidates);
  for (std::uint32_t index : candidates) {
    rec.tests.push_back(test_candidate(level.mesh().triangle(index), level.mesh().normals[index], kStaticLevel, index,
                                       body, p, d, options, hit));
  }
  if (!collider.scene()) return;
  std::vector<detail::InstanceTriangle> movers;
  detail::scene_candidates(*collider.scene(), box, movers);
  for (const detail::InstanceTriangle& m : movers) {
    const glm::vec3 n = collider.face_normal(m.instance, m.triangle, glm::vec3(0.0f));
    rec.tests.push_back(test_candidate(m.world, n, m.instance, m.triangle, body, p, d, options, hit));
  }
}

// Quake 3's PM_SlideMove clipping: slide along one plane, along the crease of two, stop at
// three. Returns the clipped displacement.
glm::vec3 clip_to_planes(const glm::vec3& rem, const glm::vec3* planes, int count) {
  for (int i = 0; i < count; ++i) {
    if (glm::dot(rem, planes[i]) >= 0.0f) continue;
    glm::vec3 clip = rem - planes[i] * glm::dot(rem, planes[i]);
    for (int j = 0; j < count; ++j) {
      if (j == i || glm::dot(clip, planes[j]) >= 0.0f) continue;
      clip -= planes[j] * glm::dot(clip, planes[j]);
      if (glm::dot(clip, planes[i]) >= 0.0f) continue;
      // Into both: only the crease of i and j is left.
      const glm::vec3 crease = glm::cross(planes[i], planes[j]);
      const float len = glm::length(crease);
      if (len < 1e-6f) return glm::vec3(0.0f);
      const glm::vec3 dir = crease / len;
      clip = dir * glm::dot(dir, rem);
      for (int k = 0; k < count; ++k) {
        if (k != i && k != j && glm::dot(clip, planes[k]) < 0.0f) return glm::vec3(0.0f);  // three planes: stop
      }
    }
    return clip;
  }
  return rem;
}

// The plane a contact normal adds to a slide: itself, or flattened onto the ground plane where
// steep contacts are walls.
glm::vec3 slide_normal(const glm::vec3& normal, const detail::SlideConstraints& constraints) {
  if (constraints.steep_as_wall && glm::dot(normal, constraints.up) < constraints.min_walkable_cos) {
    const glm::vec3 flat = normal - constraints.up * glm::dot(normal, constraints.up);
    const float flat_len = glm::length(flat);
    if (flat_len > 1e-3f) return flat / flat_len;
  }
  return normal;
}

}  // namespace

float MoveParams::resolved_skin(const Body& b) const {
  return skin_width ? *skin_width : 0.01f * b.min_radius();
}

namespace detail {

void validate_move(const Body& body, const glm::vec3& position, const glm::vec3& displacement,
                   const MoveParams& params) {
  // The input domain (collision/domain.hpp): nothing outside it reaches a sweep. The common
  // case is accepted by the inline checks (a character step validates each of its phases);
  // the full ones, which say why, run only when those do not accept.
  if (!in_domain_body(body)) {
    throw std::invalid_argument(std::string("move: body: ") + body_domain_error(body));
  }
  if (!in_domain_move(position, displacement)) {  // = move_domain_error == nullptr, which implies
    if (const char* why = point_domain_error(position)) {  // point_domain_error == nullptr
      throw std::invalid_argument(std::string("move: position: ") + why);
    }
    if (const char* why = move_domain_error(position, displacement)) {
      throw std::invalid_argument(std::string("move: displacement: ") + why);
    }
  }
  if (params.max_iterations < 1) throw std::invalid_argument("move: max_iterations must be >= 1");
  const auto check = [](const std::optional<float>& v, const char* name) {
    if (v && !(std::isfinite(*v) && *v >= 0.0f)) {
      throw std::invalid_argument(std::string("move: ") + name + " must be finite and >= 0");
    }
  };
  check(params.skin_width, "skin_width");
  check(params.edge_margin, "edge_margin");
  check(params.offset_prism_epsilon, "seed_epsilon");  // the message keeps its words (output strings stay)
  if (params.skin_width && *params.skin_width >= body.min_radius()) {
    throw std::invalid_argument("move: skin_width must be smaller than the body's radius");
  }
}

void begin_trace(Trace* trace, const MoveParams& params, const glm::vec3& position, const glm::vec3& displacement) {
  if (!trace) return;
  trace->clear();
  trace->method = params.method;
  trace->start = position;
  trace->desired = displacement;
}

MoveResult move_robust(const Collider& world, const Body& body, const glm::vec3& position,
                       const glm::vec3& displacement, const MoveParams& params, Trace* trace,
                       const SlideConstraints& constraints) {
  const float skin = params.resolved_skin(body);
  SweepOptions options;
  options.one_sided = params.one_sided;
  MoveResult result;
  glm::vec3 pos = position;
  glm::vec3 rem = displacement;
  glm::vec3 planes[3];
  int plane_count = 0;
  const float tiny = 1e-4f * skin;
  for (const TouchingPlane& touched : constraints.touching) {
    const glm::vec3 n = slide_normal(touched.normal, constraints);
    if (plane_count == 3 || glm::dot(rem, n) >= 0.0f) continue;  // only those the move presses into
    if (std::none_of(planes, planes + plane_count, [&](const glm::vec3& q) { return glm::dot(q, n) > 0.999f; })) {
      planes[plane_count++] = n;
      if (trace) trace->touching.push_back({constraints.phase, n, touched.triangle, touched.instance});
    }
  }
  if (plane_count > 0) {
    rem = clip_to_planes(rem, planes, plane_count);
    if (glm::dot(rem, displacement) <= 0.0f) rem = glm::vec3(0.0f);
  }
  for (int it = 0; it < params.max_iterations; ++it) {
    if (glm::dot(rem, rem) <= tiny * tiny) {
      rem = glm::vec3(0.0f);
      break;
    }
    const SweepHit hit = world.sweep(body, pos, rem, options);
    // validate_move() admitted the move; a slide that still leaves the domain (pushed out at
    // its very edge) stops here rather than reading "invalid" as "nothing hit".
    if (hit.invalid_input) throw std::invalid_argument("move: a slide iteration left the input domain");
    ++result.iterations;
    SlideIteration* rec = nullptr;
    if (trace) {
      rec = &trace->iterations.emplace_back();
      rec->phase = constraints.phase;
      rec->start = pos;
      rec->desired_end = pos + rem;
      rec->hit = hit.hit;
      rec->start_overlap = hit.start_overlap;
      rec->toi = hit.toi;
      rec->contact_point = hit.point;
      rec->normal = hit.normal;
      rec->feature = hit.feature;
      rec->triangle = hit.triangle;
      rec->instance = hit.instance;
      record_candidates(world, body, pos, rem, options, hit, skin, *rec);
    }
    if (!hit.hit) {
      pos += rem;
      rem = glm::vec3(0.0f);
      if (rec) rec->reached = pos;
      break;
    }
    result.hit = true;
    result.last_normal = hit.normal;
    if (hit.start_overlap) {
      // Leave the overlap along the contact normal; the displacement is kept for the next sweep.
      result.start_overlap = true;
      pos += hit.normal * (hit.penetration + skin);
      if (rec) {
        rec->reached = pos;
        rec->slide = rem;
      }
      continue;
    }
    // Advance to the contact, backing off along the move so the gap to the plane is the skin.
    const float len = glm::length(rem);
    const glm::vec3 dir = rem / len;
    const float travel = hit.toi * len;
    const float cos_in = -glm::dot(dir, hit.normal);
    const float backoff = cos_in > 1e-3f ? std::min(travel, skin / cos_in) : travel;
    pos += dir * (travel - backoff);
    rem -= dir * (travel - backoff);

    const glm::vec3 n = slide_normal(hit.normal, constraints);
    bool seen = false;
    for (int i = 0; i < plane_count; ++i) {
      if (glm::dot(planes[i], n) > 0.999f) {
        // The same plane twice: rounding left us touching it; nudge out along it, unless the
        // nudge itself would run into other geometry (then the slide goes on from here).
        const SweepHit nudge = world.sweep(body, pos, n * skin, options);
        if (!nudge.hit) pos += n * skin;
        seen = true;
      }
    }
    if (!seen) {
      if (plane_count == 3) {  // keep the newest three
        planes[0] = planes[1];
        planes[1] = planes[2];
        plane_count = 2;
      }
      planes[plane_count++] = n;
    }
    rem = clip_to_planes(rem, planes, plane_count);
    // Never slide backwards against the requested move (acute corners would jitter).
    if (glm::dot(rem, displacement) <= 0.0f) rem = glm::vec3(0.0f);
    if (rec) {
      rec->reached = pos;
      rec->slide = rem;
      // The crease set: the contact planes the slide now runs along (or all, when stopped).
      const float len_rem = glm::length(rem);
      for (int i = 0; i < plane_count; ++i) {
        if (len_rem == 0.0f || std::fabs(glm::dot(rem, planes[i])) <= 1e-4f * len_rem) {
          rec->crease.push_back(planes[i]);
        }
      }
    }
  }
  result.blocked = glm::dot(rem, rem) > tiny * tiny;
  result.position = pos;
  return result;
}

}  // namespace detail

MoveResult move(const World& world, const Body& body, const glm::vec3& position,
                const glm::vec3& displacement, const MoveParams& params, Trace* trace) {
  PRISM_RECORD_RETURN(world, MoveCall, (body, position, displacement, params),
                      move(world, body, position, displacement, params, trace));
  detail::validate_move(body, position, displacement, params);
  detail::begin_trace(trace, params, position, displacement);
  MoveResult r;
  switch (params.method) {
    case Method::kRobust:
      r = detail::move_robust(world, body, position, displacement, params, trace);
      break;
    case Method::kOffsetPrism:
      r = detail::move_offset_prism(world, body, position, displacement, params, trace);
      break;
    case Method::kSphereClassify:
      r = detail::move_sphere_classify(world, body, position, displacement, params, trace);
      break;
    case Method::kBoxEdges:
      r = detail::move_box_edges(world, body, position, displacement, params, trace);
      break;
  }
  if (trace) trace->end = r.position;
  return r;
}

}  // namespace collision
