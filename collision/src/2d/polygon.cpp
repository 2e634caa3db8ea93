// Point in polygon: the four methods of "Crashing into the New Year", all with exact signs (see polygon.hpp).
#include "collision/2d/polygon.hpp"

#include <cmath>
#include <cstddef>
#include <numbers>
#include <string>

#include "collision/2d/domain_2d.hpp"

namespace collision::planar {

Polygon make_polygon(std::vector<Vec2> vertices) {
  if (vertices.size() < 3) {
    throw PolygonError("polygon has " + std::to_string(vertices.size()) +
                       " vertices; at least 3 are needed");
  }
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    if (!std::isfinite(vertices[i].x) || !std::isfinite(vertices[i].y)) {
      throw PolygonError("polygon vertex " + std::to_string(i) + " is not finite");
    }
    // The exact signs below and in every test on the polygon hold in the 2D domain only.
    for (const double v : {vertices[i].x, vertices[i].y}) {
      if (const char* why = domain_error_2d(v)) {
        throw PolygonError("polygon vertex " + std::to_string(i) + ": a coordinate " + why +
                           " (outside the 2D input domain, collision/2d/domain_2d.hpp)");
      }
    }
  }
  bool any_turn = false;
  for (std::size_t i = 2; i < vertices.size() && !any_turn; ++i) {
    any_turn = orient2d(vertices[0], vertices[1], vertices[i]) != 0;
  }
  // vertices[0] == vertices[1] would make every orientation zero: look for any non-collinear
  // triple through a pair of distinct vertices instead.
  if (!any_turn) {
    for (std::size_t j = 1; j < vertices.size() && !any_turn; ++j) {
      if (vertices[j] == vertices[0]) continue;
      for (std::size_t i = 1; i < vertices.size() && !any_turn; ++i) {
        any_turn = orient2d(vertices[0], vertices[j], vertices[i]) != 0;
      }
    }
  }
  if (!any_turn) {
    throw PolygonError("polygon has zero area: its vertices are collinear");
  }
  return Polygon{std::move(vertices)};
}

double signed_area(const Polygon& polygon) {
  const auto& v = polygon.vertices;
  double twice = 0.0;
  for (std::size_t i = 0, j = v.size() - 1; i < v.size(); j = i++) twice += cross(v[j], v[i]);
  return 0.5 * twice;
}

bool on_segment(const Vec2& a, const Vec2& b, const Vec2& p) {
  // The box test first: it is exact and rejects almost every segment without a predicate.
  if (!(std::fmin(a.x, b.x) <= p.x && p.x <= std::fmax(a.x, b.x) &&
        std::fmin(a.y, b.y) <= p.y && p.y <= std::fmax(a.y, b.y))) {
    return false;
  }
  return orient2d(a, b, p) == 0;
}

int ray_crossing(const Vec2& a, const Vec2& b, const Vec2& p) {
  const bool a_above = a.y >= p.y;
  const bool b_above = b.y >= p.y;
  if (a_above == b_above) return 0;
  // Upward edge (b above): it passes right of p when p is left of a->b.
  if (b_above) return orient2d(a, b, p) > 0 ? 1 : 0;
  return orient2d(a, b, p) < 0 ? -1 : 0;
}

bool on_boundary(const Polygon& polygon, const Vec2& p) {
  const auto& v = polygon.vertices;
  for (std::size_t i = 0, j = v.size() - 1; i < v.size(); j = i++) {
    if (on_segment(v[j], v[i], p)) return true;
  }
  return false;
}

const char* to_string(PointInPolygonMethod method) {
  switch (method) {
    case PointInPolygonMethod::kConvexSigns: return "convex";
    case PointInPolygonMethod::kAngleSum: return "angle-sum";
    case PointInPolygonMethod::kQuadrant: return "quadrant";
    case PointInPolygonMethod::kCrossing: return "crossing";
  }
  return "?";
}

bool contains_convex(const Polygon& polygon, const Vec2& p) {
  const auto& v = polygon.vertices;
  bool left = false, right = false;
  for (std::size_t i = 0, j = v.size() - 1; i < v.size(); j = i++) {
    const int s = orient2d(v[j], v[i], p);
    left |= s > 0;
    right |= s < 0;
    if (left && right) return false;  // p is outside some edge's half-plane
  }
  return true;  // zero signs only where p is on an edge's line: the boundary counts as inside
}

int winding_number_angle_sum(const Polygon& polygon, const Vec2& p) {
  const auto& v = polygon.vertices;
  double sum = 0.0;
  for (std::size_t i = 0, j = v.size() - 1; i < v.size(); j = i++) {
    const Vec2 u = v[j] - p;
    const Vec2 w = v[i] - p;
    const int s = orient2d(v[j], v[i], p);
    if (s == 0) {
      // p on the edge's line but off the edge (callers test the boundary first): the edge
      // points straight towards or away from p and subtends no angle.
      continue;
    }
    const double angle = std::atan2(std::fabs(cross(u, w)), u.x * w.x + u.y * w.y);
    sum += s > 0 ? angle : -angle;
  }
  return static_cast<int>(std::lround(sum / (2.0 * std::numbers::pi)));
}

bool contains_angle_sum(const Polygon& polygon, const Vec2& p) {
  return on_boundary(polygon, p) || winding_number_angle_sum(polygon, p) != 0;
}

namespace {
// Half-open quadrants around p: 0 = (+x, +y] ... every point other than p is in exactly one.
inline int quadrant(const Vec2& v, const Vec2& p) {
  if (v.x > p.x && v.y >= p.y) return 0;
  if (v.x <= p.x && v.y > p.y) return 1;
  if (v.x < p.x && v.y <= p.y) return 2;
  return 3;
}
}  // namespace

int winding_number(const Polygon& polygon, const Vec2& p) {
  const auto& v = polygon.vertices;
  int quarter_turns = 0;
  int qa = quadrant(v.back(), p);
  for (std::size_t i = 0, j = v.size() - 1; i < v.size(); j = i++) {
    const int qb = quadrant(v[i], p);
    switch ((qb - qa + 4) % 4) {
      case 0: break;
      case 1: quarter_turns += 1; break;
      case 3: quarter_turns -= 1; break;
      default:  // diagonal: counterclockwise when p is left of the edge
        quarter_turns += orient2d(v[j], v[i], p) > 0 ? 2 : -2;
        break;
    }
    qa = qb;
  }
  return quarter_turns / 4;
}

bool contains_quadrant(const Polygon& polygon, const Vec2& p) {
  // The winding number with the boundary test folded into the same pass: an edge can hold p
  // only if its box does, and only then is the predicate needed for it.
  const auto& v = polygon.vertices;
  int quarter_turns = 0;
  int qa = quadrant(v.back(), p);
  for (std::size_t i = 0, j = v.size() - 1; i < v.size(); j = i++) {
    const int qb = quadrant(v[i], p);
    const int step = (qb - qa + 4) % 4;
    if (step == 0) {
      if (on_segment(v[j], v[i], p)) return true;
    } else if (step == 2) {
      const int o = orient2d(v[j], v[i], p);
      if (o == 0) return true;  // a diagonal jump through p's lines: on the line means on the edge
      quarter_turns += o > 0 ? 2 : -2;
    } else {
      if (on_segment(v[j], v[i], p)) return true;
      quarter_turns += step == 1 ? 1 : -1;
    }
    qa = qb;
  }
  return quarter_turns != 0;
}

int crossing_count(const Polygon& polygon, const Vec2& p) {
  const auto& v = polygon.vertices;
  int crossings = 0;
  for (std::size_t i = 0, j = v.size() - 1; i < v.size(); j = i++) {
    crossings += ray_crossing(v[j], v[i], p) != 0 ? 1 : 0;
  }
  return crossings;
}

bool contains_crossing(const Polygon& polygon, const Vec2& p) {
  // Even-odd with the boundary test folded in: an edge whose y range misses p.y can neither
  // hold p nor cross the ray, so most edges cost two comparisons (Graphics Gems IV's trick).
  const auto& v = polygon.vertices;
  bool inside = false;
  for (std::size_t i = 0, j = v.size() - 1; i < v.size(); j = i++) {
    const Vec2& a = v[j];
    const Vec2& b = v[i];
    if ((a.y < p.y && b.y < p.y) || (a.y > p.y && b.y > p.y)) continue;
    if (on_segment(a, b, p)) return true;
    if (ray_crossing(a, b, p) != 0) inside = !inside;
  }
  return inside;
}

bool contains(const Polygon& polygon, const Vec2& p, PointInPolygonMethod method) {
  switch (method) {
    case PointInPolygonMethod::kConvexSigns: return contains_convex(polygon, p);
    case PointInPolygonMethod::kAngleSum: return contains_angle_sum(polygon, p);
    case PointInPolygonMethod::kQuadrant: return contains_quadrant(polygon, p);
    case PointInPolygonMethod::kCrossing: return contains_crossing(polygon, p);
  }
  return false;
}

bool on_boundary(const Region& region, const Vec2& p) {
  for (const Polygon& loop : region.loops) {
    if (on_boundary(loop, p)) return true;
  }
  return false;
}

int winding_number(const Region& region, const Vec2& p) {
  int w = 0;
  for (const Polygon& loop : region.loops) w += winding_number(loop, p);
  return w;
}

bool contains_nonzero(const Region& region, const Vec2& p) {
  return on_boundary(region, p) || winding_number(region, p) != 0;
}

bool contains_even_odd(const Region& region, const Vec2& p) {
  if (on_boundary(region, p)) return true;
  int crossings = 0;
  for (const Polygon& loop : region.loops) crossings += crossing_count(loop, p);
  return (crossings & 1) != 0;
}

}  // namespace collision::planar
