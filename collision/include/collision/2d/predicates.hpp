#pragma once
/// @file predicates.hpp
/// Exact orientation predicate for the 2D core (namespace collision::planar).
///
/// Convention: x to the right (east), y up (north); a counterclockwise turn is positive.
///
/// orient2d(a, b, c) returns the sign of the determinant
///     | ax - cx   ay - cy |
///     | bx - cx   by - cy |  = (a - c) x (b - c),
/// twice the signed area of triangle abc: +1 when c lies to the LEFT of the directed line a->b
/// (abc counterclockwise), -1 to the right, 0 exactly on the line.
///
/// The sign is exact for every input in the 2D domain (domain_2d.hpp: each coordinate 0 or of
/// magnitude in [2^-200, 2^200]), a precondition these functions do not check: beyond it
/// their products overflow (coordinates past about 1e150) or underflow (below about 1e-150)
/// and the sign is a guess. The entry points that take a caller's coordinates check it. It
/// follows J. R. Shewchuk, "Adaptive Precision Floating-Point
/// Arithmetic and Fast Robust Geometric Predicates" (1997): the determinant is first evaluated
/// in double with his stage-A error bound (3 + 16 eps) eps (|detleft| + |detright|); only when
/// the rounded value is inside that bound (rare: the point is within a few ulps of the line)
/// the determinant is evaluated exactly as a floating-point expansion (two-product and
/// two-sum, his Grow-Expansion with zero elimination), whose sign is the sign of its
/// largest component. The naive formula `(bx - ax) * (py - ay) - (by - ay) * (px - ax)` is
/// NOT exact for integer vertices and double query points, because `py - ay` already rounds
/// (tests/collision2d/test_predicates.cpp shows such points on Doom-sized coordinates).

#include <glm/ext/vector_double2.hpp>
#include <glm/geometric.hpp>

namespace collision::planar {

using Vec2 = glm::dvec2;

/// Exact sign of (a - c) x (b - c): +1 when c is left of a->b, -1 right, 0 on the line.
int orient2d(const Vec2& a, const Vec2& b, const Vec2& c);

/// The same determinant evaluated naively in double (for comparison and tests only: its sign
/// can be wrong near the line).
double orient2d_naive(const Vec2& a, const Vec2& b, const Vec2& c);

/// Exact sign of (b - a) . (c - a) (the dot product of two difference vectors), by the same
/// filter and expansion fallback. +1, 0 or -1.
int dot_sign(const Vec2& a, const Vec2& b, const Vec2& c);

/// 2D cross product u x v = ux vy - uy vx (rounded).
inline double cross(const Vec2& u, const Vec2& v) { return u.x * v.y - u.y * v.x; }

}  // namespace collision::planar
