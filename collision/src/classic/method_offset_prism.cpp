// The offset prism method (after weiqubo's collision-detection article, Intel's Chinese developer
// blog, 2012): the body's centre as a point moving from its old to its new position, tested
// against each triangle's offset plane S' and clipped by the edge and acute-angle clip planes
// (the planes in exact terms: the trace format document, "The offset prism").
// Response: put the new position back onto S' plus a small epsilon, so the move continues
// parallel to the plane.
//
// Faithful, flaws included, because the debugger exists to show them:
// - only a crossing of S' from the front (old distance > 0, new distance <= 0) counts, so a
//   move that starts behind a triangle, or beside it below S', passes straight through;
// - the prism has square edges and corners where the exact swept sphere is rounded: it stops a
//   body above the rim that would not touch, and never tests the slab's sides;
// - triangles are processed in turn and each response changes the new position that the next
//   triangle sees (the old position stays fixed), so several triangles may correct one move.
//
// Where this differs from the source's listing, on purpose: the clip planes test the
// crossing point (the listing tests the old position), the radius and epsilon are parameters
// (the listing hard-codes D = 5 and 0.2), and the arithmetic is double.
#include <cmath>

#include <glm/geometric.hpp>

#include "move/methods.hpp"
#include "classic/classic_methods.hpp"

namespace collision::detail {

namespace {

Verdict clip_verdict(const OffsetPrism& prism, const glm::dvec3& x) {
  for (const PlaneD& p : prism.edge_clip) {
    if (p.distance(x) < 0.0) return Verdict::kOutsideEdgeClip;
  }
  for (const PlaneD& p : prism.acute_clip) {
    if (p.distance(x) < 0.0) return Verdict::kOutsideAcuteClip;
  }
  return Verdict::kHit;
}

}  // namespace

MoveResult move_offset_prism(const World& world, const Body& body, const glm::vec3& position,
                             const glm::vec3& displacement, const MoveParams& params, Trace* trace,
                             const ClassicOptions& options) {
  const double radius = classic_radius(body);
  const double margin = classic_margin(params, radius);
  const double epsilon =
      params.offset_prism_epsilon ? static_cast<double>(*params.offset_prism_epsilon) : 0.001 * radius;

  const glm::dvec3 old_pos(position);
  glm::dvec3 new_pos = old_pos + glm::dvec3(displacement);

  SlideIteration* it = nullptr;
  if (trace != nullptr) {
    it = &trace->iterations.emplace_back();
    it->phase = MovePhase::kMove;
    it->start = position;
    it->desired_end = glm::vec3(new_pos);
  }

  MoveResult result;
  result.iterations = 1;
  glm::dvec3 last_crossing(0.0), last_n(0.0);

  CandidateWalk candidates(world, options.all_triangles,
                           radius + kPrismReachInMargins * margin);
  candidates.add_wide_prisms(radius, margin);
  candidates.cover(old_pos);
  candidates.cover(new_pos);
  const TriangleMesh& mesh = world.mesh();
  for (std::uint32_t i = candidates.next(); i != kNoTriangle; i = candidates.next()) {
    const Triangle tri = mesh.triangle(i);
    const OffsetPrism prism = make_offset_prism(glm::dvec3(tri.a), glm::dvec3(tri.b),
                                                glm::dvec3(tri.c), radius, margin);
    // The source's precheck: old in front of S', new on or behind it. A degenerate prism has all
    // distances 0 and never passes.
    const double start_side = prism.offset_plane.distance(old_pos);
    const double end_side = prism.offset_plane.distance(new_pos);
    const bool crosses = start_side > 0.0 && end_side <= 0.0;

    Verdict verdict = Verdict::kNoCrossing;
    glm::dvec3 tested = new_pos;
    double toi = 1.0;
    if (crosses) {
      toi = start_side / (start_side - end_side);  // > 0: the denominator is >= start_side
      tested = old_pos + toi * (new_pos - old_pos);
      verdict = clip_verdict(prism, tested);
    }
    if (it != nullptr) {
      TriangleTest& test = it->tests.emplace_back();
      test.triangle = i;
      record_offset_prism(prism, tested, test);
      test.verdict = verdict;
      test.toi = static_cast<float>(toi);
      test.feature = verdict == Verdict::kHit ? Feature::kFace : Feature::kNone;
    }
    if (verdict != Verdict::kHit) continue;

    // The response: back onto S', epsilon in front of it (the source's
    // vnewpos += n * (fdistance - n·vnewpos + 0.2)).
    new_pos += prism.n * (prism.offset_plane.d - glm::dot(prism.n, new_pos) + epsilon);
    candidates.cover(new_pos);
    result.hit = true;
    result.last_normal = glm::vec3(prism.n);
    last_crossing = tested;
    last_n = prism.n;
    if (it != nullptr) {
      it->hit = true;
      it->toi = static_cast<float>(toi);
      it->triangle = i;
      it->normal = result.last_normal;
      it->feature = Feature::kFace;
      add_crease_normal(*it, result.last_normal);
    }
  }

  result.position = glm::vec3(new_pos);
  if (it != nullptr) {
    it->reached = result.position;
    if (result.hit) {
      // The centre at contact is the crossing point; from there the body slid to `reached`.
      // The contact point is the crossing point's foot on the triangle's plane.
      it->contact_point = glm::vec3(last_crossing - last_n * radius);
      it->slide = glm::vec3(new_pos - last_crossing);
    }
  }
  return result;
}

MoveResult move_offset_prism(const World& world, const Body& body, const glm::vec3& position,
                             const glm::vec3& displacement, const MoveParams& params,
                             Trace* trace) {
  return move_offset_prism(world, body, position, displacement, params, trace, ClassicOptions{});
}

}  // namespace collision::detail
