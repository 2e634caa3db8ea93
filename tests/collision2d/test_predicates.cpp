// orient2d is exact where the naive double formula is not: integer (Doom-sized) vertices and
// double query points, compared with an exact 128-bit integer evaluation.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "collision/2d/predicates.hpp"

using collision::planar::orient2d;
using collision::planar::Vec2;

namespace {

__extension__ typedef __int128 Int128;

// Exact sign of (b - a) x (p - a) for integer a, b and |p| >= 1 (so p * 2^52 is an integer).
int reference_orient(const Vec2& a, const Vec2& b, const Vec2& p) {
  const Int128 scale = Int128{1} << 52;
  const Int128 ax = static_cast<Int128>(a.x), ay = static_cast<Int128>(a.y);
  const Int128 bx = static_cast<Int128>(b.x), by = static_cast<Int128>(b.y);
  const Int128 px = static_cast<Int128>(std::ldexp(p.x, 52));
  const Int128 py = static_cast<Int128>(std::ldexp(p.y, 52));
  const Int128 det = (bx - ax) * (py - ay * scale) - (by - ay) * (px - ax * scale);
  return det > 0 ? 1 : det < 0 ? -1 : 0;
}

// The formula the issue calls naive: `py - ay` and `px - ax` round.
int naive_orient(const Vec2& a, const Vec2& b, const Vec2& p) {
  const double d = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
  return d > 0 ? 1 : d < 0 ? -1 : 0;
}

}  // namespace

TEST(Orient2d, SignsOfATriangle) {
  EXPECT_EQ(orient2d({0, 0}, {1, 0}, {0, 1}), 1);
  EXPECT_EQ(orient2d({0, 0}, {1, 0}, {0, -1}), -1);
  EXPECT_EQ(orient2d({0, 0}, {1, 0}, {5, 0}), 0);
  EXPECT_EQ(orient2d({0, 0}, {0, 0}, {5, 3}), 0);
}

TEST(Orient2d, ExactForIntegerVerticesAndDoublePointsWhereTheNaiveFormulaIsWrong) {
  std::mt19937_64 rng(9);
  std::uniform_int_distribution<int> coord(-32768, 32767);
  std::uniform_real_distribution<double> lambda(0.0, 1.0);
  std::uniform_int_distribution<int> ulps(-4, 4);
  int tested = 0, naive_wrong = 0, exact_wrong = 0, on_line = 0;
  for (int i = 0; i < 200000; ++i) {
    const Vec2 a{static_cast<double>(coord(rng)), static_cast<double>(coord(rng))};
    const Vec2 b{static_cast<double>(coord(rng)), static_cast<double>(coord(rng))};
    if (a == b) continue;
    // A point near the line a-b with a small magnitude (fine ulps, far from the vertices).
    const double l = lambda(rng);
    Vec2 p = a + l * (b - a);
    for (int k = ulps(rng); k != 0; k += k > 0 ? -1 : 1) p.x = std::nextafter(p.x, k > 0 ? 1e9 : -1e9);
    for (int k = ulps(rng); k != 0; k += k > 0 ? -1 : 1) p.y = std::nextafter(p.y, k > 0 ? 1e9 : -1e9);
    if (std::fabs(p.x) < 1.0 || std::fabs(p.y) < 1.0) continue;
    ++tested;
    const int ref = reference_orient(a, b, p);
    on_line += ref == 0;
    naive_wrong += naive_orient(a, b, p) != ref;
    exact_wrong += orient2d(a, b, p) != ref;
    // Same determinant with the points in any cyclic order.
    exact_wrong += orient2d(b, p, a) != ref;
    exact_wrong += orient2d(p, a, b) != ref;
  }
  EXPECT_GT(tested, 100000);
  EXPECT_EQ(exact_wrong, 0);
  EXPECT_GT(naive_wrong, 100) << "the naive formula should fail on some of these points";
  std::printf("points %d, exactly on the line %d, naive formula wrong %d, orient2d wrong %d\n",
              tested, on_line, naive_wrong, exact_wrong);
}

TEST(Orient2d, AWorkedExampleWhereTheNaiveSignIsWrong) {
  // Vertices on Doom's int16 grid, the query point within an ulp of the line near x = 3:
  // `py - ay` = y + 29999 needs more than 53 bits and rounds, and the naive formula says the
  // point is exactly on the line; it is to the right (the 128-bit evaluation agrees).
  const Vec2 a{-30000.0, -29999.0};
  const Vec2 b{30001.0, 30000.0};
  const Vec2 p{0x1.8p+1, 0x1.7ffd44f601ffap+1};
  EXPECT_EQ(naive_orient(a, b, p), 0);
  EXPECT_EQ(reference_orient(a, b, p), -1);
  EXPECT_EQ(orient2d(a, b, p), -1);
}
