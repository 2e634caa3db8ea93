#pragma once
/// @file domain_2d.hpp
/// The input domain of the 2D core (namespace collision::planar): the coordinates and lengths
/// on which its exact predicates are exact and its double arithmetic neither overflows nor
/// underflows.
///
/// The domain: every coordinate, and every length a caller gives (a radius, a height, a
/// displacement's components), is 0 or has a magnitude in [2^-200, 2^200] (about 6.2e-61 to
/// 1.6e60). Doom's vertices are 16-bit integers (|x| <= 32768 = 2^15): every map lies inside
/// with 185 binary orders of magnitude to spare, and so does any point between two of its
/// vertices at a double's resolution.
///
/// Checked once at each entry point: intersect_segments(), make_polygon(),
/// build_sector_boundaries() (so SectorWorld: the map's vertices and heights),
/// SectorLocator::locate(), locate_sector_brute_force(), sweep_circle_segment(), sweep_circle()
/// and move_body() throw std::invalid_argument with the reason from the functions below;
/// prism-query's sector, segments and walk2d commands name the line or the option. The building
/// blocks (orient2d, dot_sign, closest points, the point-in-polygon tests on a Polygon) take the
/// domain as a precondition and do not check it. Coordinates the core computes itself (a
/// position after a move, a slide) are flushed to 0 when they fall below 2^-200
/// (flush_below_domain_2d), so input inside the domain is never refused midway.
///
/// Why these numbers. A length here is a coordinate or a difference of two: at most 2^201 (the
/// difference of two coordinates of 2^200, rounded up), and, when it is not zero, at least
/// 2^-252 (two coordinates of at least 2^-200 are both multiples of ulp(2^-200) = 2^-252, and
/// so is their difference). Hence
///  - a product of up to five lengths stays below 2^1005 < DBL_MAX (2^1024): no infinity, no
///    NaN. The largest products: orient2d's and dot_sign's filter terms (two differences) and
///    their exact fallback (two coordinates, summed six or eight times); intersect_segments'
///    reported point, a coordinate times Cramer's determinant (three); the moving circle's
///    discriminant (four). Coordinates of 1e150 = 2^498, beyond the domain,
///    overflowed exactly there: Cramer's point was inf / inf = NaN; at 1e154 the filter's
///    products were infinite and the kind `none`.
///  - a nonzero product of up to four lengths stays at least 2^-1008, a normal double
///    (>= 2^-1022): Shewchuk's error bounds, which assume no underflow, hold. The filter's
///    bound multiplies two differences by about 2^-52 (2^-556 at least); the exact fallback's
///    two-product keeps a product's rounding error exactly, and that error is a multiple of
///    2^-504 (both factors are multiples of 2^-252), so it never underflows. Coordinates of
///    1e-200 = 2^-664 broke this: their products (2^-1328) flushed to zero, so two crossing
///    segments looked collinear and were answered `overlap`.
/// The predicates alone would allow about 2^510 and 2^-433; the bounds are set at +-200 so that the
/// moving circle's products of four lengths and the segments' reported points are inside too,
/// and one rule covers every entry point.

#include <cmath>
#include <string>

#include <glm/ext/vector_double2.hpp>

namespace collision::planar {

/// Largest magnitude of a coordinate or length: 2^200 (about 1.6e60).
inline constexpr double kMaxMagnitude2d = 0x1p200;

/// Smallest nonzero magnitude of a coordinate or length: 2^-200 (about 6.2e-61).
inline constexpr double kMinMagnitude2d = 0x1p-200;

/// True when v is 0 or its magnitude is in [kMinMagnitude2d, kMaxMagnitude2d]. NaN and
/// infinities are outside.
inline bool in_domain_2d(double v) {
  const double a = std::fabs(v);
  return a <= kMaxMagnitude2d && (a >= kMinMagnitude2d || a == 0.0);  // NaN fails both
}

inline bool in_domain_2d(const glm::dvec2& p) { return in_domain_2d(p.x) && in_domain_2d(p.y); }

/// p with each coordinate of magnitude below kMinMagnitude2d replaced by 0: for points the core
/// computes itself (a position after a move, a slide's remaining displacement), which can land
/// a hair from zero when the inputs are near 2^-200. Moving a point by less than 2^-200 units
/// changes no answer the core promises; leaving it would take it out of the domain.
inline glm::dvec2 flush_below_domain_2d(glm::dvec2 p) {
  if (std::fabs(p.x) < kMinMagnitude2d) p.x = 0.0;
  if (std::fabs(p.y) < kMinMagnitude2d) p.y = 0.0;
  return p;
}

/// Why v is outside the domain ("is not finite", "is beyond +-2^200 (about 1.6e60)", "is
/// nonzero and below 2^-200 (about 6.2e-61) in magnitude"), or nullptr when it is inside.
const char* domain_error_2d(double v);

/// Throws std::invalid_argument "<what>: <value> <domain_error_2d>" when p is outside the
/// domain (`what` names the argument, e.g. "intersect_segments: c").
void require_in_domain_2d(const glm::dvec2& p, const char* what);
/// The same for one value (a radius, a height).
void require_in_domain_2d(double v, const char* what);

}  // namespace collision::planar
