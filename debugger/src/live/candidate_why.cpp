// The deciding quantity of each candidate's verdict (see candidate_why.hpp).
#include "live/candidate_why.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <glm/geometric.hpp>

#include "collision/queries.hpp"

namespace debugger::live {
namespace {

// Closest distance from the centre's path (start -> desired end) to the triangle, measured in
// the space where the body is a unit sphere and scaled back by its smallest radius (for a
// sphere: the distance itself). Sampled at 33 points: the reading, not the test.
double closest_along(const collision::SlideIteration& it, const collision::Triangle& t, const collision::Body& body) {
  const glm::dvec3 radii(body.radii);
  const glm::dvec3 a = glm::dvec3(t.a) / radii, b = glm::dvec3(t.b) / radii, c = glm::dvec3(t.c) / radii;
  double best = INFINITY;
  for (int i = 0; i <= 32; ++i) {
    const glm::dvec3 p = glm::mix(glm::dvec3(it.start), glm::dvec3(it.desired_end), i / 32.0) / radii;
    best = std::min(best, glm::length(p - collision::closest_point_on_triangle(p, a, b, c)));
  }
  return best * body.min_radius();
}

const char* kEdges[3] = {"AB", "BC", "CA"};

int most_outside(const float (&d)[3]) {
  return static_cast<int>(std::min_element(std::begin(d), std::end(d)) - std::begin(d));
}

}  // namespace

std::string candidate_why(const collision::SlideIteration& it, const collision::TriangleTest& t,
                          const collision::Triangle& tri, const collision::Body& body, float accepted_toi) {
  char out[192];
  const double r = body.min_radius();
  using V = collision::Verdict;
  switch (t.verdict) {
    case V::kHit:
      // The classic methods mark every triangle they hit; only the accepted toi is the earliest.
      if (t.toi <= accepted_toi) {
        std::snprintf(out, sizeof out, "hit at toi %.4f on its %s (the earliest)", static_cast<double>(t.toi),
                      collision::to_string(t.feature));
      } else {
        std::snprintf(out, sizeof out, "hit at toi %.4f on its %s, after the accepted %.4f", static_cast<double>(t.toi),
                      collision::to_string(t.feature), static_cast<double>(accepted_toi));
      }
      break;
    case V::kContactLater:
      std::snprintf(out, sizeof out, "touched later: toi %.4f > accepted %.4f (%s)", static_cast<double>(t.toi),
                    static_cast<double>(accepted_toi), collision::to_string(t.feature));
      break;
    case V::kNoContact:
      std::snprintf(out, sizeof out, "never touched: closest %.4g > r %.4g along the move", closest_along(it, tri, body), r);
      break;
    case V::kNoCrossing:
      std::snprintf(out, sizeof out, "offset plane S' not crossed from the front: %+.4f", static_cast<double>(t.offset_distance));
      break;
    case V::kOutsideEdgeClip: {
      const int e = most_outside(t.edge_distance);
      std::snprintf(out, sizeof out, "crossing point outside edge clip %s: %+.4f", kEdges[e],
                    static_cast<double>(t.edge_distance[e]));
      break;
    }
    case V::kOutsideAcuteClip: {
      const int e = most_outside(t.acute_distance);
      std::snprintf(out, sizeof out, "crossing point outside acute clip %s: %+.4f", kEdges[e],
                    static_cast<double>(t.acute_distance[e]));
      break;
    }
    case V::kFront:
    case V::kBehind: {
      // The tested centre's distance to the triangle's own plane (the offset plane is r in front).
      const double d = static_cast<double>(t.offset_distance) + r;
      std::snprintf(out, sizeof out, "%s the plane: distance %+.4f, |d| >= r %.4g",
                    t.verdict == V::kFront ? "in front of" : "behind", d, r);
      break;
    }
    case V::kOutsideTriangle:
      std::snprintf(out, sizeof out, "contact point beyond r of the triangle: closest %.4g > r %.4g",
                    closest_along(it, tri, body), r);
      break;
    case V::kBackFace:
      std::snprintf(out, sizeof out, "approached from behind (back face ignored): S' distance %+.4f",
                    static_cast<double>(t.offset_distance));
      break;
    case V::kStartOverlap:
      std::snprintf(out, sizeof out, "overlapping at the iteration's start: closest %.4g < r %.4g",
                    closest_along(it, tri, body), r);
      break;
    default:
      std::snprintf(out, sizeof out, "%s", collision::to_string(t.verdict));
  }
  return out;
}

}  // namespace debugger::live
