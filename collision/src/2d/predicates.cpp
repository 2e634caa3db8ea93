// Shewchuk's adaptive orientation predicate: a filtered double evaluation with an exact
// expansion fallback (see predicates.hpp for the reference).
#include "collision/2d/predicates.hpp"

#include <array>
#include <cmath>
#include <cstddef>

namespace collision::planar {
namespace {

constexpr double kEpsilon = 0x1p-53;  // half an ulp of 1: Shewchuk's epsilon
constexpr double kBoundA = (3.0 + 16.0 * kEpsilon) * kEpsilon;
constexpr double kSplitter = 134217729.0;  // 2^27 + 1

// a + b = x + y exactly, x = fl(a + b).
inline void two_sum(double a, double b, double& x, double& y) {
  x = a + b;
  const double bv = x - a;
  const double av = x - bv;
  y = (a - av) + (b - bv);
}

inline void split(double a, double& hi, double& lo) {
  const double c = kSplitter * a;
  const double big = c - a;
  hi = c - big;
  lo = a - hi;
}

// a * b = x + y exactly, x = fl(a * b) (Dekker's product; std::fma would do the same where
// the hardware has it, but the split keeps the result identical on every target).
inline void two_product(double a, double b, double& x, double& y) {
  x = a * b;
  double ahi, alo, bhi, blo;
  split(a, ahi, alo);
  split(b, bhi, blo);
  const double err1 = x - ahi * bhi;
  const double err2 = err1 - alo * bhi;
  const double err3 = err2 - ahi * blo;
  y = alo * blo - err3;
}

// An expansion: nonoverlapping components in increasing magnitude, zeros removed.
struct Expansion {
  std::array<double, 32> c{};
  std::size_t n = 0;
  // Grow-Expansion with zero elimination: adds b exactly.
  void add(double b) {
    std::size_t out = 0;
    double q = b;
    for (std::size_t i = 0; i < n; ++i) {
      double sum, err;
      two_sum(q, c[i], sum, err);
      q = sum;
      if (err != 0.0) c[out++] = err;
    }
    if (q != 0.0) c[out++] = q;
    n = out;
  }
  void add_product(double a, double b) {
    double x, y;
    two_product(a, b, x, y);
    add(y);
    add(x);
  }
  int sign() const {
    if (n == 0) return 0;
    return c[n - 1] > 0.0 ? 1 : -1;
  }
};

}  // namespace

double orient2d_naive(const Vec2& a, const Vec2& b, const Vec2& c) {
  return (a.x - c.x) * (b.y - c.y) - (a.y - c.y) * (b.x - c.x);
}

int orient2d(const Vec2& a, const Vec2& b, const Vec2& c) {
  const double detleft = (a.x - c.x) * (b.y - c.y);
  const double detright = (a.y - c.y) * (b.x - c.x);
  const double det = detleft - detright;
  const double bound = kBoundA * (std::fabs(detleft) + std::fabs(detright));
  if (det > bound) return 1;
  if (-det > bound) return -1;
  // Exact: (ax - cx)(by - cy) - (ay - cy)(bx - cx) expanded into six products (the cx cy
  // terms cancel): ax by - ax cy - cx by - ay bx + ay cx + cy bx.
  Expansion e;
  e.add_product(a.x, b.y);
  e.add_product(-a.x, c.y);
  e.add_product(-c.x, b.y);
  e.add_product(-a.y, b.x);
  e.add_product(a.y, c.x);
  e.add_product(c.y, b.x);
  return e.sign();
}

int dot_sign(const Vec2& a, const Vec2& b, const Vec2& c) {
  // (bx - ax)(cx - ax) + (by - ay)(cy - ay)
  const double l = (b.x - a.x) * (c.x - a.x);
  const double r = (b.y - a.y) * (c.y - a.y);
  const double d = l + r;
  const double bound = kBoundA * (std::fabs(l) + std::fabs(r));
  if (d > bound) return 1;
  if (-d > bound) return -1;
  // Expanded: bx cx - bx ax - ax cx + ax ax + by cy - by ay - ay cy + ay ay.
  Expansion e;
  e.add_product(b.x, c.x);
  e.add_product(-b.x, a.x);
  e.add_product(-a.x, c.x);
  e.add_product(a.x, a.x);
  e.add_product(b.y, c.y);
  e.add_product(-b.y, a.y);
  e.add_product(-a.y, c.y);
  e.add_product(a.y, a.y);
  return e.sign();
}

}  // namespace collision::planar
