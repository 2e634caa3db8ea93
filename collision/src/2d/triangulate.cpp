// Ear clipping of one simple loop (see triangulate.hpp).
#include "collision/2d/triangulate.hpp"

#include <algorithm>
#include <numeric>

namespace collision::planar {

namespace {
// p inside or on triangle abc (counterclockwise).
bool in_triangle(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& p) {
  return orient2d(a, b, p) >= 0 && orient2d(b, c, p) >= 0 && orient2d(c, a, p) >= 0;
}
}  // namespace

Triangulation triangulate_loop(const std::vector<Vec2>& loop) {
  Triangulation out;
  const std::size_t n = loop.size();
  if (n < 3) {
    out.complete = n == 0;
    return out;
  }
  double twice = 0.0;
  for (std::size_t i = 0, j = n - 1; i < n; j = i++) twice += cross(loop[j], loop[i]);
  std::vector<std::uint32_t> idx(n);
  std::iota(idx.begin(), idx.end(), 0u);
  if (twice < 0.0) std::reverse(idx.begin(), idx.end());
  std::size_t guard = 0;
  std::size_t i = 0;
  while (idx.size() > 3 && guard < idx.size()) {
    const std::size_t m = idx.size();
    const std::uint32_t ia = idx[(i + m - 1) % m], ib = idx[i % m], ic = idx[(i + 1) % m];
    const Vec2 &a = loop[ia], &b = loop[ib], &c = loop[ic];
    const int turn = orient2d(a, b, c);
    if (turn == 0 && dot_sign(b, a, c) <= 0) {
      // b lies on the segment a-c (a collinear run): drop it, no triangle.
      idx.erase(idx.begin() + static_cast<long>(i % m));
      guard = 0;
      if (!idx.empty()) i %= idx.size();
      continue;
    }
    bool ear = turn > 0;
    for (std::size_t k = 0; ear && k < m; ++k) {
      const std::uint32_t q = idx[k];
      if (q == ia || q == ib || q == ic) continue;
      if (loop[q] == a || loop[q] == b || loop[q] == c) continue;  // a pinch vertex
      ear = !in_triangle(a, b, c, loop[q]);
    }
    if (ear) {
      out.triangles.push_back({ia, ib, ic});
      idx.erase(idx.begin() + static_cast<long>(i % m));
      guard = 0;
    } else {
      ++i;
      ++guard;
    }
    if (!idx.empty()) i %= idx.size();
  }
  if (idx.size() == 3) {
    if (orient2d(loop[idx[0]], loop[idx[1]], loop[idx[2]]) > 0) out.triangles.push_back({idx[0], idx[1], idx[2]});
  } else {
    out.complete = false;
  }
  return out;
}

}  // namespace collision::planar
