// The sphere classification (after "三维游戏中相机与世界的碰撞检测及响应", "Camera-world collision
// detection and response in 3D games"): move the sphere to its new position, then classify its
// centre against each triangle's plane (front, behind, intersecting when |distance| < r); for an intersecting
// triangle take the contact point c - n·distance, accept it inside the triangle (the source's
// angle sum) or within the edge reach of an edge (closest point on each edge segment to the
// centre), and push the sphere out along the normal by the overlap, on the centre's side.
//
// Faithful, flaws included: the test looks only at the end position, so a move longer than
// the wall's thickness plus the diameter passes through it untouched, and a centre that got
// past a thin wall's middle is pushed out on the far side; the angle sum with its 0.99 factor
// accepts contact points slightly outside a triangle (up to 0.8% of an edge's length); a
// centre exactly on the plane is pushed to the back, as the source's `distance > 0` test does.
//
// Differences from the listing, on purpose: the normal is the mesh's own,
// normalize((B-A) x (C-A)); the listing computes (C-A) x (B-A), the opposite winding. The
// response does not depend on the normal's sign, only which side is called "front" does, and
// using the mesh's normal makes "front" mean the same side for both sources and the trace.
// The arithmetic is double.
#include <algorithm>
#include <cmath>
#include <numbers>

#include <glm/geometric.hpp>

#include "move/methods.hpp"
#include "classic/classic_methods.hpp"

namespace collision::detail {

namespace {

// How far from the sphere's centre the BVH looks for triangles, in max(radius, edge reach).
// A hit needs the sphere to cut the plane and the contact point inside (loosely) or the centre
// within reach of an edge; 4 leaves room for the angle sum's looseness on edges up to about
// 500 radii long (see ClassicOptions::all_triangles for the exact loop).
constexpr double kClassifyReach = 4.0;

// The source's AngleBetweenVectors: acos of the normalised dot product, 0 when that is NaN
// (a zero-length vector, or a ratio rounded past +-1).
double angle_between(const glm::dvec3& u, const glm::dvec3& v) {
  const double angle = std::acos(glm::dot(u, v) / (glm::length(u) * glm::length(v)));
  return std::isnan(angle) ? 0.0 : angle;
}

// The source's ClosestPointOnLine: the closest point of segment ab to p.
glm::dvec3 closest_point_on_segment(const glm::dvec3& a, const glm::dvec3& b,
                                    const glm::dvec3& p, Feature& feature) {
  const double length = glm::distance(a, b);
  const glm::dvec3 dir = (b - a) / length;
  const double t = glm::dot(dir, p - a);
  feature = Feature::kVertex;
  if (t <= 0.0) return a;
  if (t >= length) return b;
  feature = Feature::kEdge;
  return a + dir * t;
}

}  // namespace

bool inside_by_angle_sum(const glm::dvec3& p, const glm::dvec3& a, const glm::dvec3& b,
                         const glm::dvec3& c) {
  constexpr double kMatchFactor = 0.99;  // the source's MATCH_FACTOR
  const glm::dvec3 corner[3] = {a, b, c};
  double angle = 0.0;
  for (int i = 0; i < 3; ++i) angle += angle_between(corner[i] - p, corner[(i + 1) % 3] - p);
  return angle >= kMatchFactor * (2.0 * std::numbers::pi);
}

bool inside_by_edge_signs(const glm::dvec3& p, const glm::dvec3& a, const glm::dvec3& b,
                          const glm::dvec3& c) {
  const glm::dvec3 n = glm::cross(b - a, c - a);
  return glm::dot(n, glm::cross(b - a, p - a)) >= 0.0 &&
         glm::dot(n, glm::cross(c - b, p - b)) >= 0.0 &&
         glm::dot(n, glm::cross(a - c, p - c)) >= 0.0;
}

MoveResult move_sphere_classify(const World& world, const Body& body, const glm::vec3& position,
                                const glm::vec3& displacement, const MoveParams& params,
                                Trace* trace, const ClassicOptions& options) {
  const double radius = classic_radius(body);
  const double reach = classic_margin(params, radius);

  // The source moves first and looks afterwards.
  const glm::dvec3 desired = glm::dvec3(position) + glm::dvec3(displacement);
  glm::dvec3 center = desired;

  SlideIteration* it = nullptr;
  if (trace != nullptr) {
    it = &trace->iterations.emplace_back();
    it->phase = MovePhase::kMove;
    it->start = position;
    it->desired_end = glm::vec3(center);
  }

  MoveResult result;
  result.iterations = 1;

  CandidateWalk candidates(world, options.all_triangles,
                           kClassifyReach * std::max(radius, reach));
  candidates.cover(center);
  const TriangleMesh& mesh = world.mesh();
  for (std::uint32_t i = candidates.next(); i != kNoTriangle; i = candidates.next()) {
    const Triangle tri = mesh.triangle(i);
    const glm::dvec3 a(tri.a), b(tri.b), c(tri.c);
    const OffsetPrism prism = make_offset_prism(a, b, c, radius, reach);
    if (it != nullptr) {
      // The planes are the offset prism's, recorded so the debugger can draw both methods alike; the
      // tested point is the centre as this triangle saw it (earlier push-outs moved it).
      TriangleTest& test = it->tests.emplace_back();
      test.triangle = i;
      record_offset_prism(prism, center, test);
      test.verdict = Verdict::kOutsideTriangle;
    }
    if (!prism.valid) continue;  // no plane to classify against (degenerate input only)

    // ClassifySphere: signed distance of the centre to the triangle's plane.
    const glm::dvec3& n = prism.n;
    const double distance = glm::dot(n, center) - glm::dot(n, a);
    Verdict verdict = Verdict::kOutsideTriangle;
    Feature feature = Feature::kNone;
    if (std::fabs(distance) < radius) {
      const glm::dvec3 contact = center - n * distance;
      const bool inside = options.angle_sum_inside ? inside_by_angle_sum(contact, a, b, c)
                                                   : inside_by_edge_signs(contact, a, b, c);
      if (inside) {
        verdict = Verdict::kHit;
        feature = Feature::kFace;
      } else {
        // EdgeSphereCollision: the first edge whose closest point is within reach of the centre.
        const glm::dvec3 corner[3] = {a, b, c};
        for (int e = 0; e < 3 && verdict != Verdict::kHit; ++e) {
          Feature f = Feature::kNone;
          const glm::dvec3 q = closest_point_on_segment(corner[e], corner[(e + 1) % 3], center, f);
          if (glm::distance(q, center) < reach) {
            verdict = Verdict::kHit;
            feature = f;
          }
        }
      }
      if (verdict == Verdict::kHit) {
        // GetCollisionOffset: out along the normal by the overlap, on the centre's side.
        const glm::dvec3 push = distance > 0.0 ? n * (radius - distance) : -n * (radius + distance);
        const glm::dvec3 side = distance > 0.0 ? n : -n;
        center += push;
        candidates.cover(center);
        result.hit = true;
        result.last_normal = glm::vec3(side);
        if (it != nullptr) {
          it->hit = true;
          it->triangle = i;
          it->normal = result.last_normal;
          it->contact_point = glm::vec3(contact);
          it->feature = feature;
          add_crease_normal(*it, result.last_normal);
        }
      }
    } else {
      verdict = distance >= radius ? Verdict::kFront : Verdict::kBehind;
    }
    if (it != nullptr) {
      it->tests.back().verdict = verdict;
      it->tests.back().feature = feature;
    }
  }

  result.position = glm::vec3(center);
  if (it != nullptr) {
    it->reached = result.position;
    // No time of contact: the source looks at the end of the move only. The slide vector holds
    // the total push-out the responses applied.
    it->toi = 1.0f;
    it->slide = glm::vec3(center - desired);
  }
  return result;
}

MoveResult move_sphere_classify(const World& world, const Body& body, const glm::vec3& position,
                                const glm::vec3& displacement, const MoveParams& params,
                                Trace* trace) {
  return move_sphere_classify(world, body, position, displacement, params, trace,
                              ClassicOptions{});
}

}  // namespace collision::detail
