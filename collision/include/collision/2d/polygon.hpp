#pragma once
/// @file polygon.hpp
/// Point in polygon (after "Crashing into the New Year: Collision Detection", Game Developer,
/// 1999, and the classic tests it cites).
///
/// Shapes: a Polygon is one closed loop of vertices (the edge from the last vertex back to
/// the first is implied; do not repeat the first vertex). Either orientation is accepted.
/// A Region is several loops (an outer boundary and its holes, or several pieces); its inside
/// is decided by the nonzero winding rule (winding_number) or by the even-odd rule
/// (ray crossings over all loops). Holes wound opposite to their outer loop give the same
/// answer under both rules.
///
/// Boundary rule (every method): a point exactly on an edge or on a vertex is INSIDE.
/// Each method first asks on_boundary() (exact), then decides points off the boundary, where all
/// methods agree exactly because every sign they use comes from the exact orient2d().
///
/// Units: whatever the vertices are in; nothing here depends on scale inside the 2D domain.
/// Errors: make_polygon() throws PolygonError for fewer than 3 vertices, a non-finite
/// coordinate or one outside the 2D domain (domain_2d.hpp), or zero area (all vertices on one
/// line): such a loop has no inside. The tests take their point inside that domain as a
/// precondition (unchecked: they run per point of a hot loop).

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "collision/2d/predicates.hpp"

namespace collision::planar {

class PolygonError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct Polygon {
  std::vector<Vec2> vertices;  ///< one closed loop, first vertex not repeated
};

/// Several loops whose union of edges bounds the region (outer loops and holes).
struct Region {
  std::vector<Polygon> loops;
};

/// Validates and returns the polygon. Throws PolygonError ("polygon has 2 vertices; at least 3
/// are needed", "polygon vertex 4 is not finite", "polygon has zero area: its vertices are
/// collinear").
Polygon make_polygon(std::vector<Vec2> vertices);

/// Signed area by the shoelace formula: positive when counterclockwise.
double signed_area(const Polygon& polygon);

/// True when `p` lies exactly on an edge or a vertex (exact).
bool on_boundary(const Polygon& polygon, const Vec2& p);

/// The point-in-polygon methods of "Crashing into the New Year", in the field's terms.
enum class PointInPolygonMethod : std::uint8_t {
  kConvexSigns,  ///< edge-normal signs: inside iff p is on the inner side of every edge (convex only)
  kAngleSum,     ///< sum of the angles subtended by the edges at p: 2 pi (inside) or 0
  kQuadrant,     ///< quadrant counting around p: the winding number times 4 (the article's Listing 1)
  kCrossing,     ///< ray crossing along +x, even-odd (Graphics Gems IV, the article's Listing 2)
};
const char* to_string(PointInPolygonMethod method);

/// The article's convex test: p is inside when, for every edge, the edge's inward normal and the
/// vector from the edge to p do not point apart (orient2d of edge and p never has the sign
/// opposite to the polygon's orientation). Correct only for convex polygons (for a concave one
/// it answers "inside the intersection of the edges' half-planes").
bool contains_convex(const Polygon& polygon, const Vec2& p);

/// Angle sum: the signed angles subtended at p by each edge add to 2 pi times the winding
/// number. The magnitude of each angle is atan2(|cross|, dot) in double; its sign is exact
/// (orient2d), so the sum is off by at most a few ulps per edge and rounds to the right
/// multiple of 2 pi. Inside when the winding number is nonzero.
bool contains_angle_sum(const Polygon& polygon, const Vec2& p);
/// The winding number as the angle sum computes it (0 on the boundary is not defined: check
/// on_boundary first).
int winding_number_angle_sum(const Polygon& polygon, const Vec2& p);

/// Quadrant counting (the article's Listing 1): the plane around p is cut into four quadrants
/// (half-open, so every vertex other than p is in exactly one); each edge adds +1 for a quarter
/// turn counterclockwise, -1 clockwise, +-2 for a diagonal jump decided by which side of p the
/// edge passes (orient2d). The total is 4 x the winding number. Inside when nonzero.
bool contains_quadrant(const Polygon& polygon, const Vec2& p);
/// The winding number by quadrant counting (exact; undefined on the boundary).
int winding_number(const Polygon& polygon, const Vec2& p);

/// Ray crossing (even-odd; the article's Listing 2, after Graphics Gems IV): count the edges
/// that cross the ray from p towards +x, an edge counting when its ends are on opposite sides of
/// the line y = py (half-open: an end with y == py counts as above) and it passes to the right
/// of p (orient2d, no division). Inside when odd.
bool contains_crossing(const Polygon& polygon, const Vec2& p);
/// The number of crossings (exact; its parity is the even-odd answer off the boundary).
int crossing_count(const Polygon& polygon, const Vec2& p);

/// Dispatches to one of the methods above (boundary rule included).
bool contains(const Polygon& polygon, const Vec2& p, PointInPolygonMethod method);

/// Region tests: on any loop's boundary -> inside; otherwise nonzero total winding number.
bool on_boundary(const Region& region, const Vec2& p);
int winding_number(const Region& region, const Vec2& p);
bool contains_nonzero(const Region& region, const Vec2& p);
/// Even-odd over all loops' edges.
bool contains_even_odd(const Region& region, const Vec2& p);

// Single-edge building blocks, shared with the Doom sectors (exact).
/// True when p is on the closed segment a-b.
bool on_segment(const Vec2& a, const Vec2& b, const Vec2& p);
/// +1 / -1 when edge a->b crosses the ray from p towards +x going up / down, else 0
/// (half-open rule of contains_crossing). Summing it over a closed loop gives the winding
/// number off the boundary (Sunday's formulation).
int ray_crossing(const Vec2& a, const Vec2& b, const Vec2& p);

}  // namespace collision::planar
