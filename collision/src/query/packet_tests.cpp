#include "query/packet_tests.hpp"

#include <cmath>
#include <limits>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "bvh/simd4.hpp"

namespace collision::detail {

namespace {

[[gnu::always_inline]] inline __m128 abs4(__m128 x) { return _mm_andnot_ps(_mm_set1_ps(-0.0f), x); }

// The combined bound of a round body (a sphere, a capsule: a core, point or segment, grown by a
// radius). Each point of the swept core is apart from each point of the triangle by at least the
// core's least distance to the plane along the normal and, in the plane, by at least its distance
// beyond any edge plane (whose normal e x n lies in the plane), so the two add in squares. Both
// are taken over the whole move up to the limit and lowered by a slack over the float rounding:
// `base_slack` (the rounding allowance twice, and for a capsule 1e-6 of its half height, as the
// float normal and axis can turn a support of 0 into one of about 1.2e-7 h) plus 1e-5 of the
// core's support and of the move along that axis. It rejects the triangles beside the one a body
// lands on (their edge planes hold the landing point out), which each axis alone keeps.

// The core's least distance to the plane: its centre's signed distance runs from d0 to d_end,
// and the core reaches `support` to either side of it.
[[gnu::always_inline]] inline __m128 plane_gap(__m128 d0, __m128 d_end, __m128 support, __m128 base_slack) {
  const __m128 zero = _mm_setzero_ps();
  const __m128 slack = _mm_add_ps(base_slack, _mm_mul_ps(_mm_set1_ps(1e-5f), _mm_add_ps(support, abs4(_mm_sub_ps(d_end, d0)))));
  const __m128 lo = _mm_sub_ps(_mm_min_ps(d0, d_end), support), hi = _mm_add_ps(_mm_max_ps(d0, d_end), support);
  return _mm_max_ps(zero, _mm_sub_ps(_mm_max_ps(lo, _mm_sub_ps(zero, hi)), slack));
}

// Lanes the core stays farther than `radius` (grown by 1e-5) from, by `gap` (plane_gap's) and
// edge plane o (|o| = len): s0 and s1 are o . (centre - corner) at the move's start and its end
// at the limit, `support` the core's reach along o (all three in units of |o|). Compared squared,
// in units of |o|: no division.
[[gnu::always_inline]] inline __m128 beyond_radius(__m128 gap, __m128 s0, __m128 s1, __m128 support, __m128 len,
                                                   __m128 base_slack, __m128 radius) {
  const __m128 slack = _mm_add_ps(_mm_mul_ps(base_slack, len),
                                  _mm_mul_ps(_mm_set1_ps(1e-5f), _mm_add_ps(support, abs4(_mm_sub_ps(s1, s0)))));
  const __m128 edge_gap = _mm_max_ps(_mm_setzero_ps(), _mm_sub_ps(_mm_sub_ps(_mm_min_ps(s0, s1), support), slack));
  const __m128 pg = _mm_mul_ps(gap, len), rr = _mm_mul_ps(_mm_mul_ps(radius, _mm_set1_ps(1.0f + 1e-5f)), len);
  return _mm_cmpgt_ps(_mm_add_ps(_mm_mul_ps(pg, pg), _mm_mul_ps(edge_gap, edge_gap)), _mm_mul_ps(rr, rr));
}

}  // namespace

WorldAxes4::WorldAxes4(const glm::vec3& center, const glm::vec3& extent, const glm::vec3& delta,
                       float allow) {
  // (A body much larger than the scene gets a part of its own size too: see world_axes_in_time.)
  const __m128 e = load3(extent);
  const __m128 grown = _mm_add_ps(_mm_add_ps(e, _mm_set1_ps(allow)), _mm_mul_ps(e, _mm_set1_ps(1e-6f)));
  const __m128 c = load3(center), low = _mm_sub_ps(c, grown), high = _mm_add_ps(c, grown);
  // As the traversal's slab test: a finite inverse, so that 0 * inv never makes a NaN.
  const __m128 inv = finite_inverse(load3(delta));
  lo[0] = broadcast_lane<0>(low), lo[1] = broadcast_lane<1>(low), lo[2] = broadcast_lane<2>(low);
  hi[0] = broadcast_lane<0>(high), hi[1] = broadcast_lane<1>(high), hi[2] = broadcast_lane<2>(high);
  inv_v[0] = broadcast_lane<0>(inv), inv_v[1] = broadcast_lane<1>(inv), inv_v[2] = broadcast_lane<2>(inv);
}

namespace {

// Separating axes in time on the world axes: on axis k the body's interval [lo, hi] + t delta
// overlaps the triangle's [mn, mx] while a <= t delta <= b (a = mn - hi, b = mx - lo); the
// intervals of time are intersected into [entry, exit]. The allowance in lo and hi exceeds the
// float rounding of a and b many times over, and that of the division (relative 2^-23 of
// |a| / |delta|, where |a| is at most twice the scale that the allowance is 4e-6 of plus the
// body's extent, whose 1e-6 is added too): each float interval contains the exact one.
[[gnu::always_inline]] inline void world_axes_in_time(const __m128 mn[3], const __m128 mx[3], const WorldAxes4& w,
                                                      __m128& entry, __m128& exit) {
  for (int a = 0; a < 3; ++a) {
    const __m128 ta = _mm_mul_ps(_mm_sub_ps(mn[a], w.hi[a]), w.inv_v[a]);
    const __m128 tb = _mm_mul_ps(_mm_sub_ps(mx[a], w.lo[a]), w.inv_v[a]);
    entry = _mm_max_ps(entry, _mm_min_ps(ta, tb));
    exit = _mm_min_ps(exit, _mm_max_ps(ta, tb));
  }
}

}  // namespace

SphereSweep4::SphereSweep4(const glm::vec3& center, float r, const glm::vec3& delta,
                           float allow, bool one_sided_)
    : one_sided(one_sided_) {
  for (int a = 0; a < 3; ++a) {
    p[a] = _mm_set1_ps(center[a]);
    v[a] = _mm_set1_ps(delta[a]);
  }
  radius = _mm_set1_ps(r);
  reach = _mm_set1_ps(r + allow);
  plane_reach = _mm_set1_ps(r + 0.5f * allow);
  allowance = _mm_set1_ps(allow);
}

[[gnu::always_inline]] inline int sphere_candidates_body(const BvhPacket4& t, const SphereSweep4& q, float t_limit,
                                                        float max_plane_distance) {
  const __m128 nx = _mm_load_ps(t.nx), ny = _mm_load_ps(t.ny), nz = _mm_load_ps(t.nz);
  const __m128 d0 = _mm_sub_ps(dot3(nx, ny, nz, q.p[0], q.p[1], q.p[2]), _mm_load_ps(t.d));
  const __m128 dn = dot3(nx, ny, nz, q.v[0], q.v[1], q.v[2]);
  const __m128 d1 = _mm_add_ps(d0, dn);
  // Both ends farther than the radius on the same side of the plane. The float distances are
  // off from the exact double ones by at most about 20 x 2^-24 of the scale S the allowance is
  // 4e-6 (67 x 2^-24) of: the products and sums of n.p and of the stored d = n.a (6.5 x 2^-24
  // S each), the float normal's own rounding against the double one over |p - a| (up to 3.5 x
  // 2^-24 S), n.v and the sum d0 + n.v (a few 2^-24 of |v| <= 2S). Half the allowance (33
  // x 2^-24 S) covers that; the full one would keep the floor a resting character hovers 1/32
  // over wherever S passes 7,800 (4e-6 S > 1/32: the large maps), for the box and edge tests
  // below to reject at four times the cost.
  const __m128 neg_reach = _mm_sub_ps(_mm_setzero_ps(), q.plane_reach);
  __m128 reject = _mm_or_ps(_mm_and_ps(_mm_cmpgt_ps(d0, q.plane_reach), _mm_cmpgt_ps(d1, q.plane_reach)),
                            _mm_and_ps(_mm_cmplt_ps(d0, neg_reach), _mm_cmplt_ps(d1, neg_reach)));
  if (q.one_sided) {
    reject = _mm_or_ps(reject, _mm_cmplt_ps(d0, _mm_sub_ps(_mm_setzero_ps(), q.allowance)));
  }
  // The plane (at the radius) is reached after t_limit: so is the triangle.
  const __m128 gap = _mm_sub_ps(abs4(d0), q.reach);
  reject = _mm_or_ps(reject, _mm_and_ps(_mm_cmpgt_ps(gap, _mm_setzero_ps()),
                                        _mm_cmpgt_ps(gap, _mm_mul_ps(_mm_set1_ps(t_limit * 1.0001f), abs4(dn)))));
  const __m128 start_reach = _mm_set1_ps(max_plane_distance);
  reject = _mm_or_ps(reject, _mm_cmpgt_ps(abs4(d0), start_reach));
  if (_mm_movemask_ps(reject) == 0xF) return 0;
  const __m128 ax = _mm_load_ps(t.ax), ay = _mm_load_ps(t.ay), az = _mm_load_ps(t.az);
  const __m128 bx = _mm_load_ps(t.bx), by = _mm_load_ps(t.by), bz = _mm_load_ps(t.bz);
  const __m128 cx = _mm_load_ps(t.cx), cy = _mm_load_ps(t.cy), cz = _mm_load_ps(t.cz);
  const __m128 tx[3] = {ax, bx, cx}, ty[3] = {ay, by, cy}, tz[3] = {az, bz, cz};
  // The centre's end at the limit (grown as the plane's time is): a contact after t_limit does
  // not count. It rounds by an ulp of the move, which the allowance (4e-6 of at least half of
  // it) covers.
  const __m128 tl = _mm_set1_ps(std::min(t_limit * 1.0001f, 1.0f));
  const __m128 end[3] = {_mm_add_ps(q.p[0], _mm_mul_ps(q.v[0], tl)), _mm_add_ps(q.p[1], _mm_mul_ps(q.v[1], tl)),
                         _mm_add_ps(q.p[2], _mm_mul_ps(q.v[2], tl))};
  // Triangle boxes against the box of the centre's path up to the limit: their gaps on the three
  // axes add in squares to a lower bound of the distance from any point of the path to any point
  // of the triangle, which must not exceed the radius. Where a triangle lies flat under the
  // sphere (a dense mesh, a floor of small triangles), this rejects all but the few under the
  // contact, which the box alone keeps. (The gaps round by ulps of the coordinates, far below
  // the allowance in the reach; the 1e-5 covers the squares' rounding at any radius.)
  const __m128 corners[3][3] = {{ax, bx, cx}, {ay, by, cy}, {az, bz, cz}};
  __m128 gap2 = _mm_setzero_ps();
  for (int a = 0; a < 3; ++a) {
    const __m128 mn = _mm_min_ps(corners[a][0], _mm_min_ps(corners[a][1], corners[a][2]));
    const __m128 mx = _mm_max_ps(corners[a][0], _mm_max_ps(corners[a][1], corners[a][2]));
    const __m128 axis_gap = _mm_max_ps(_mm_max_ps(_mm_sub_ps(mn, _mm_max_ps(q.p[a], end[a])),
                                                  _mm_sub_ps(_mm_min_ps(q.p[a], end[a]), mx)),
                                       _mm_setzero_ps());
    gap2 = _mm_add_ps(gap2, _mm_mul_ps(axis_gap, axis_gap));
  }
  const __m128 reach_sq = _mm_mul_ps(_mm_mul_ps(q.reach, q.reach), _mm_set1_ps(1.0f + 1e-5f));
  reject = _mm_or_ps(reject, _mm_cmpgt_ps(gap2, reach_sq));
  if (_mm_movemask_ps(reject) == 0xF) return 0;
  // Planes through each edge, perpendicular to the triangle, facing out: the whole swept
  // sphere up to the limit beyond one of them by more than the radius cannot touch the
  // triangle.
  // And the two combined (beyond_radius): the centre path is the core, of no extent.
  const __m128 zero = _mm_setzero_ps(), base_slack = _mm_add_ps(q.allowance, q.allowance);
  const __m128 core_gap = plane_gap(d0, _mm_add_ps(d0, _mm_mul_ps(dn, tl)), zero, base_slack);
  const __m128 one = _mm_set1_ps(1.0f);
  for (int i = 0; i < 3; ++i) {
    const __m128 ox = _mm_load_ps(t.edge_nx[i]), oy = _mm_load_ps(t.edge_ny[i]), oz = _mm_load_ps(t.edge_nz[i]);
    const __m128 s0 = dot3(ox, oy, oz, _mm_sub_ps(q.p[0], tx[i]), _mm_sub_ps(q.p[1], ty[i]),
                           _mm_sub_ps(q.p[2], tz[i]));
    const __m128 s1 = dot3(ox, oy, oz, _mm_sub_ps(end[0], tx[i]), _mm_sub_ps(end[1], ty[i]),
                           _mm_sub_ps(end[2], tz[i]));
    reject = _mm_or_ps(reject, _mm_and_ps(_mm_cmpgt_ps(s0, q.reach), _mm_cmpgt_ps(s1, q.reach)));
    reject = _mm_or_ps(reject, beyond_radius(core_gap, s0, s1, zero, one, base_slack, q.radius));
    // Once the best is a start overlap only a deeper start overlap can win: the start alone
    // must then lie within max_plane_distance of the triangle, outside no edge plane by more.
    reject = _mm_or_ps(reject, _mm_cmpgt_ps(s0, start_reach));
  }
  return ~_mm_movemask_ps(reject) & 0xF;
}

namespace {

[[gnu::always_inline]] inline __m128 clamp01(__m128 x) {  // a NaN becomes 0 (maxps returns its second operand then)
  return _mm_min_ps(_mm_max_ps(x, _mm_setzero_ps()), _mm_set1_ps(1.0f));
}

[[gnu::always_inline]] inline __m128 max_abs3(__m128 x, __m128 y, __m128 z) {
  return _mm_max_ps(abs4(x), _mm_max_ps(abs4(y), abs4(z)));
}

// y with its zero lanes (+0 or -0) made +1 or -1 (their bits ored with 1's): a divisor that
// never divides by zero, which would trap where a caller has unmasked floating-point exceptions.
// `by_zero`: y's zero lanes.
[[gnu::always_inline]] inline __m128 nonzero_divisor(__m128 y, __m128 by_zero) {
  return _mm_or_ps(y, _mm_and_ps(by_zero, _mm_set1_ps(1.0f)));
}

// x / y where y is not 0; where it is, what IEEE division gives (+inf, -inf, or for 0 / 0 a
// NaN, which every caller here clamps to 0), without dividing by zero or making the NaN: both
// would trap where a caller has unmasked floating-point exceptions. x is finite.
[[gnu::always_inline]] inline __m128 divide(__m128 x, __m128 y) {
  const __m128 zero = _mm_setzero_ps(), by_zero = _mm_cmpeq_ps(y, zero);
  const __m128 q = _mm_div_ps(x, nonzero_divisor(y, by_zero));
  // x / +-0: infinity with the sign of x times that of the zero; 0 / 0 (a NaN) as 0.
  const __m128 sign = _mm_and_ps(_mm_xor_ps(x, y), _mm_set1_ps(-0.0f));
  const __m128 inf = _mm_and_ps(_mm_cmpneq_ps(x, zero), _mm_or_ps(sign, _mm_set1_ps(INFINITY)));
  return _mm_or_ps(_mm_andnot_ps(by_zero, q), _mm_and_ps(by_zero, inf));
}

// Constraint alpha + u beta <= gamma on the interval [lo, hi] of u; `empty` gains the lanes it
// leaves nothing of when beta is 0 (where u is not used: it is divided by 1 there).
[[gnu::always_inline]] inline void clip(__m128 alpha, __m128 beta, __m128 gamma, __m128& lo, __m128& hi,
                                        __m128& empty) {
  const __m128 zero = _mm_setzero_ps();
  const __m128 u = _mm_div_ps(_mm_sub_ps(gamma, alpha), nonzero_divisor(beta, _mm_cmpeq_ps(beta, zero)));
  const __m128 up = _mm_cmpgt_ps(beta, zero), down = _mm_cmplt_ps(beta, zero);
  hi = _mm_or_ps(_mm_and_ps(up, _mm_min_ps(hi, u)), _mm_andnot_ps(up, hi));
  lo = _mm_or_ps(_mm_and_ps(down, _mm_max_ps(lo, u)), _mm_andnot_ps(down, lo));
  empty = _mm_or_ps(empty, _mm_and_ps(_mm_cmpeq_ps(beta, zero), _mm_cmpgt_ps(alpha, gamma)));
}

}  // namespace

[[gnu::always_inline]] inline int sphere_path_candidates_body(const BvhPacket4& t, const SphereSweep4& q,
                                                             float t_limit, int mask) {
  if (mask == 0) return 0;
  const __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1.0f);
  // The path's reach: a contact the exact test accepts may lie a rounding past t_limit.
  const __m128 tl = _mm_set1_ps(t_limit * 1.0001f);
  const __m128 dx = _mm_mul_ps(q.v[0], tl), dy = _mm_mul_ps(q.v[1], tl), dz = _mm_mul_ps(q.v[2], tl);
  const float* xs[3] = {t.ax, t.bx, t.cx};
  const float* ys[3] = {t.ay, t.by, t.cy};
  const float* zs[3] = {t.az, t.bz, t.cz};
  // The start relative to corner i: one float subtraction from the world coordinates, an
  // error of at most 2^-23 of the scale the allowance is 4e-6 of. Recomputed where used rather
  // than kept: nine more live vectors spilled registers (SSE has sixteen), and cost more.
  const auto from_corner = [&](int i, __m128& wx, __m128& wy, __m128& wz) {
    wx = _mm_sub_ps(q.p[0], _mm_load_ps(xs[i]));
    wy = _mm_sub_ps(q.p[1], _mm_load_ps(ys[i]));
    wz = _mm_sub_ps(q.p[2], _mm_load_ps(zs[i]));
  };
  // The slack: 2^-17 of the lane's magnitudes (the bounds' float rounding is a few 2^-24 of
  // them; |e| <= |w_i| + |w_j| is covered by the factor 2), plus a quarter of the allowance
  // (the subtractions), on top of the packet test's reach (radius + allowance: never below
  // the radius, whatever the rounding of that sum).
  __m128 magnitude = max_abs3(dx, dy, dz), wx, wy, wz;
  for (int i = 0; i < 3; ++i) {
    from_corner(i, wx, wy, wz);
    magnitude = _mm_max_ps(magnitude, max_abs3(wx, wy, wz));
  }
  // The edge terms below multiply four lengths (a c, b e): past 2^30 units (lengths up to 2^31)
  // that could overflow a float, and the lanes are kept as they are, untested.
  if (_mm_movemask_ps(_mm_cmpgt_ps(magnitude, _mm_set1_ps(1073741824.0f))) != 0) return mask;
  const __m128 slack = _mm_add_ps(_mm_mul_ps(q.allowance, _mm_set1_ps(0.25f)),
                                  _mm_mul_ps(magnitude, _mm_set1_ps(2.0f / 131072.0f)));
  const __m128 limit = _mm_add_ps(q.reach, slack);

  // The face: the path's part u in [lo, hi] inside the prism {|n.(x - A)| <= r, inside the
  // three edge planes}, each grown by the slack.
  const __m128 nx = _mm_load_ps(t.nx), ny = _mm_load_ps(t.ny), nz = _mm_load_ps(t.nz);
  __m128 lo = zero, hi = one, empty = zero, keep = zero;
  from_corner(0, wx, wy, wz);
  const __m128 h0 = dot3(nx, ny, nz, wx, wy, wz), hd = dot3(nx, ny, nz, dx, dy, dz);
  clip(h0, hd, limit, lo, hi, empty);
  clip(_mm_sub_ps(zero, h0), _mm_sub_ps(zero, hd), limit, lo, hi, empty);
  const __m128 a = dot3(dx, dy, dz, dx, dy, dz);
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3;
    from_corner(i, wx, wy, wz);
    const __m128 ex = _mm_sub_ps(_mm_load_ps(xs[j]), _mm_load_ps(xs[i]));
    const __m128 ey = _mm_sub_ps(_mm_load_ps(ys[j]), _mm_load_ps(ys[i]));
    const __m128 ez = _mm_sub_ps(_mm_load_ps(zs[j]), _mm_load_ps(zs[i]));
    const __m128 c = dot3(ex, ey, ez, ex, ey, ez);
    // Edge i's plane: its unit outward normal, stored with the packet.
    const __m128 ox = _mm_load_ps(t.edge_nx[i]), oy = _mm_load_ps(t.edge_ny[i]), oz = _mm_load_ps(t.edge_nz[i]);
    clip(dot3(ox, oy, oz, wx, wy, wz), dot3(ox, oy, oz, dx, dy, dz), slack, lo, hi, empty);
    // The edge: segment p + s d against corner_i + u e (Ericson 2005, 5.1.9); any (s, u) in the
    // square is a valid start for the bound.
    const __m128 b = dot3(dx, dy, dz, ex, ey, ez);
    const __m128 d = dot3(dx, dy, dz, wx, wy, wz), e = dot3(ex, ey, ez, wx, wy, wz);
    const __m128 denom = _mm_sub_ps(_mm_mul_ps(a, c), _mm_mul_ps(b, b));
    __m128 s = clamp01(divide(_mm_sub_ps(_mm_mul_ps(b, e), _mm_mul_ps(c, d)), denom));
    const __m128 u = clamp01(divide(_mm_add_ps(_mm_mul_ps(b, s), e), c));
    s = clamp01(divide(_mm_sub_ps(_mm_mul_ps(b, u), d), a));
    // r = p + s d - (corner + u e), f = |r|; the gradient is (r.d, -r.e) / f, so the bound
    // f + (least of the linear term over the square) is (f^2 + least of the r.d, r.e terms) / f.
    const __m128 rx = _mm_sub_ps(_mm_add_ps(wx, _mm_mul_ps(s, dx)), _mm_mul_ps(u, ex));
    const __m128 ry = _mm_sub_ps(_mm_add_ps(wy, _mm_mul_ps(s, dy)), _mm_mul_ps(u, ey));
    const __m128 rz = _mm_sub_ps(_mm_add_ps(wz, _mm_mul_ps(s, dz)), _mm_mul_ps(u, ez));
    const __m128 f2 = dot3(rx, ry, rz, rx, ry, rz);
    const __m128 gs = dot3(rx, ry, rz, dx, dy, dz);
    const __m128 gu = _mm_sub_ps(zero, dot3(rx, ry, rz, ex, ey, ez));
    const __m128 ds = _mm_min_ps(_mm_mul_ps(gs, _mm_sub_ps(zero, s)), _mm_mul_ps(gs, _mm_sub_ps(one, s)));
    const __m128 du = _mm_min_ps(_mm_mul_ps(gu, _mm_sub_ps(zero, u)), _mm_mul_ps(gu, _mm_sub_ps(one, u)));
    // Where f is 0 the path meets the edge: kept (without the 0 / 0 the bound would be).
    const __m128 on_edge = _mm_cmpeq_ps(f2, zero);
    const __m128 bound =
        _mm_div_ps(_mm_add_ps(f2, _mm_add_ps(ds, du)), _mm_sqrt_ps(_mm_or_ps(f2, _mm_and_ps(on_edge, one))));
    keep = _mm_or_ps(keep, _mm_or_ps(on_edge, _mm_cmpnlt_ps(limit, bound)));  // within the radius
  }
  keep = _mm_or_ps(keep, _mm_andnot_ps(empty, _mm_cmple_ps(lo, hi)));
  return mask & _mm_movemask_ps(keep);
}

BoxSweep4::BoxSweep4(const glm::vec3& center, const glm::vec3& half, const glm::vec3& delta,
                     float allow, bool one_sided_)
    : world(center, half, delta, allow), one_sided(one_sided_) {
  for (int a = 0; a < 3; ++a) {
    p[a] = _mm_set1_ps(center[a]);
    v[a] = _mm_set1_ps(delta[a]);
    h[a] = _mm_set1_ps(half[a]);
  }
  allowance = _mm_set1_ps(allow);
}

namespace {

// A convex body centred at p swept by v, whose support (half width) along any per-lane
// direction is support(ox, oy, oz, |o|) (|o| passed in: its square root is shared): rejected
// when both ends lie beyond its reach on the same side of the plane, the plane is reached
// after t_limit, the centre is behind a one-sided plane, the world axes separate the body from
// the triangle's bounds throughout [0, t_limit] (their intervals of time, with the plane's, do
// not meet before it), or the whole move lies beyond one of the planes through each edge
// perpendicular to the triangle (as for the sphere), or, when it could only win by a start
// overlap deeper than `min_depth`, its overlap on the normal axis or on an edge plane's axis
// is shallower (see box_candidates). `entry_out`: each lane's lower bound of the time of
// first contact.
template <class Query, class Support>
[[gnu::always_inline]] inline int convex_candidates(const BvhPacket4& t, const Query& q, float t_limit, float min_depth,
                      float entry_out[4], Support&& support) {
  const __m128 nx = _mm_load_ps(t.nx), ny = _mm_load_ps(t.ny), nz = _mm_load_ps(t.nz);
  const __m128 d0 = _mm_sub_ps(dot3(nx, ny, nz, q.p[0], q.p[1], q.p[2]), _mm_load_ps(t.d));
  const __m128 dn = dot3(nx, ny, nz, q.v[0], q.v[1], q.v[2]);
  const __m128 d1 = _mm_add_ps(d0, dn);
  const __m128 slack = _mm_set1_ps(1.0f + 1e-5f);  // room for the float normal's rounding
  const __m128 support_n = _mm_mul_ps(support(nx, ny, nz, _mm_set1_ps(1.0f)), slack);
  const __m128 reach = _mm_add_ps(support_n, q.allowance);
  // The plane slab test keeps half the allowance, as sphere_candidates' does and for the same
  // bound: d0 and d1 are off from the exact distances by at most about 20 x 2^-24 of the scale
  // (the allowance is 67 x 2^-24 of it), and the support's own rounding against the exact
  // normal's (2^-23 of it at most) is inside the 1e-5. So the floor a resting box or capsule
  // hovers 1/32 over is rejected here on maps past 7,800 units too.
  const __m128 plane_reach = _mm_add_ps(support_n, _mm_mul_ps(q.allowance, _mm_set1_ps(0.5f)));
  const __m128 neg_reach = _mm_sub_ps(_mm_setzero_ps(), plane_reach);
  __m128 reject = _mm_or_ps(_mm_and_ps(_mm_cmpgt_ps(d0, plane_reach), _mm_cmpgt_ps(d1, plane_reach)),
                            _mm_and_ps(_mm_cmplt_ps(d0, neg_reach), _mm_cmplt_ps(d1, neg_reach)));
  if (q.one_sided) {
    reject = _mm_or_ps(reject, _mm_cmplt_ps(d0, _mm_sub_ps(_mm_setzero_ps(), q.allowance)));
  }
  const __m128 gap = _mm_sub_ps(abs4(d0), reach);
  reject = _mm_or_ps(reject, _mm_and_ps(_mm_cmpgt_ps(gap, _mm_setzero_ps()),
                                        _mm_cmpgt_ps(gap, _mm_mul_ps(_mm_set1_ps(t_limit * 1.0001f), abs4(dn)))));
  // -gap bounds the depth of a start overlap from above (the overlap on the normal axis).
  reject = _mm_or_ps(reject, _mm_cmpgt_ps(gap, _mm_set1_ps(-min_depth)));
  if (_mm_movemask_ps(reject) == 0xF) return 0;
  const __m128 tx[3] = {_mm_load_ps(t.ax), _mm_load_ps(t.bx), _mm_load_ps(t.cx)};
  const __m128 ty[3] = {_mm_load_ps(t.ay), _mm_load_ps(t.by), _mm_load_ps(t.cy)};
  const __m128 tz[3] = {_mm_load_ps(t.az), _mm_load_ps(t.bz), _mm_load_ps(t.cz)};
  const __m128 corners[3][3] = {{tx[0], tx[1], tx[2]}, {ty[0], ty[1], ty[2]}, {tz[0], tz[1], tz[2]}};
  // The plane's time as a lower bound of the entry (as in the test above), then the world axes.
  // (A speed along the normal below 2^-80 of a unit counts as 2^-80, so that the time stays
  // below 2^122, a lower bound still; a zero one gives an infinite time, as it should.)
  const __m128 speed_n = _mm_mul_ps(_mm_set1_ps(1.0001f), abs4(dn));
  const __m128 moving = _mm_cmpneq_ps(speed_n, _mm_setzero_ps());
  const __m128 entry_n = _mm_and_ps(
      _mm_cmpgt_ps(gap, _mm_setzero_ps()),
      divide(gap, _mm_and_ps(moving, _mm_max_ps(speed_n, _mm_set1_ps(8.271806e-25f)))));  // 2^-80
  const __m128 t_cap = _mm_set1_ps(t_limit * 1.0001f);
  __m128 entry = entry_n, exit = _mm_set1_ps(std::numeric_limits<float>::infinity());
  __m128 mn[3], mx[3];  // the triangles' boxes
  for (int a = 0; a < 3; ++a) {
    mn[a] = _mm_min_ps(corners[a][0], _mm_min_ps(corners[a][1], corners[a][2]));
    mx[a] = _mm_max_ps(corners[a][0], _mm_max_ps(corners[a][1], corners[a][2]));
  }
  world_axes_in_time(mn, mx, q.world, entry, exit);
  reject = _mm_or_ps(reject, _mm_or_ps(_mm_cmpgt_ps(entry, exit), _mm_cmpgt_ps(entry, t_cap)));
  if (_mm_movemask_ps(reject) == 0xF) return 0;
  // The move's end at the limit (grown as the plane's time is): a contact after t_limit does
  // not count, so the move beyond it need not lie inside the edge planes. (p + v t rounds by
  // an ulp of the move, which the allowance, 4e-6 of at least half of it, covers.)
  const __m128 tl = _mm_min_ps(t_cap, _mm_set1_ps(1.0f));
  const __m128 ex0 = _mm_add_ps(q.p[0], _mm_mul_ps(q.v[0], tl)), ey0 = _mm_add_ps(q.p[1], _mm_mul_ps(q.v[1], tl)),
               ez0 = _mm_add_ps(q.p[2], _mm_mul_ps(q.v[2], tl));
  // Once only a deeper start overlap can win, its overlap on every edge plane's axis exceeds
  // min(min_depth, q.shrink_limit) too (see box_candidates).
  const bool overlap_only = min_depth > 0.0f;
  const __m128 shrink = _mm_set1_ps(std::min(min_depth, q.shrink_limit));
  // A round body (the capsule: a segment grown by a radius) also has the combined bound
  // (beyond_radius), its core reaching h |n.u| along the normal and h |o.u| along o.
  [[maybe_unused]] __m128 base_slack = _mm_setzero_ps(), core_gap = _mm_setzero_ps();
  if constexpr (Query::kRound) {
    base_slack = _mm_add_ps(_mm_add_ps(q.allowance, q.allowance), _mm_mul_ps(_mm_set1_ps(1e-6f), q.half_height));
    core_gap = plane_gap(d0, _mm_add_ps(d0, _mm_mul_ps(dn, tl)),
                         _mm_mul_ps(q.half_height, abs4(dot3(nx, ny, nz, q.u[0], q.u[1], q.u[2]))), base_slack);
    // The triangle's box against the box of the core's path up to the limit, their gaps
    // added in squares, as for the sphere (sphere_candidates): no farther than the radius.
    __m128 gap2 = _mm_setzero_ps();
    for (int a = 0; a < 3; ++a) {
      const __m128 vt = _mm_mul_ps(q.v[a], tl);
      const __m128 lo = _mm_add_ps(q.core_lo[a], _mm_min_ps(vt, _mm_setzero_ps()));
      const __m128 hi = _mm_add_ps(q.core_hi[a], _mm_max_ps(vt, _mm_setzero_ps()));
      const __m128 axis_gap = _mm_max_ps(_mm_max_ps(_mm_sub_ps(mn[a], hi), _mm_sub_ps(lo, mx[a])), _mm_setzero_ps());
      gap2 = _mm_add_ps(gap2, _mm_mul_ps(axis_gap, axis_gap));
    }
    reject = _mm_or_ps(reject, _mm_cmpgt_ps(gap2, q.reach_sq));
    if (_mm_movemask_ps(reject) == 0xF) return 0;
  }
  const __m128 one = _mm_set1_ps(1.0f);
  for (int i = 0; i < 3; ++i) {
    const __m128 ox = _mm_load_ps(t.edge_nx[i]), oy = _mm_load_ps(t.edge_ny[i]), oz = _mm_load_ps(t.edge_nz[i]);
    const __m128 limit = _mm_add_ps(_mm_mul_ps(support(ox, oy, oz, one), slack), q.allowance);
    const __m128 s0 = dot3(ox, oy, oz, _mm_sub_ps(q.p[0], tx[i]), _mm_sub_ps(q.p[1], ty[i]), _mm_sub_ps(q.p[2], tz[i]));
    const __m128 s1 = dot3(ox, oy, oz, _mm_sub_ps(ex0, tx[i]), _mm_sub_ps(ey0, ty[i]), _mm_sub_ps(ez0, tz[i]));
    reject = _mm_or_ps(reject, _mm_and_ps(_mm_cmpgt_ps(s0, limit), _mm_cmpgt_ps(s1, limit)));
    if (overlap_only) {  // the start's overlap on this axis is limit - s0
      reject = _mm_or_ps(reject, _mm_cmpgt_ps(s0, _mm_sub_ps(limit, shrink)));
    }
    if constexpr (Query::kRound) {
      const __m128 support_o = _mm_mul_ps(q.half_height, abs4(dot3(ox, oy, oz, q.u[0], q.u[1], q.u[2])));
      reject = _mm_or_ps(reject, beyond_radius(core_gap, s0, s1, support_o, one, base_slack, q.radius));
    }
  }
  _mm_storeu_ps(entry_out, entry);
  return ~_mm_movemask_ps(reject) & 0xF;
}

}  // namespace

[[gnu::always_inline]] inline int box_candidates_body(const BvhPacket4& t, const BoxSweep4& q, float t_limit,
                                                     float min_depth, float entry[4]) {
  return convex_candidates(t, q, t_limit, min_depth, entry, [&](__m128 x, __m128 y, __m128 z, __m128) {
    return dot3(abs4(x), abs4(y), abs4(z), q.h[0], q.h[1], q.h[2]);
  });
}

CapsuleSweep4::CapsuleSweep4(const glm::vec3& center, float r, float h, const glm::vec3& axis,
                             const glm::vec3& delta, float allow, bool one_sided_)
    : world(center, glm::vec3(r) + h * glm::abs(axis), delta, allow), one_sided(one_sided_) {
  for (int a = 0; a < 3; ++a) {
    p[a] = _mm_set1_ps(center[a]);
    v[a] = _mm_set1_ps(delta[a]);
    u[a] = _mm_set1_ps(axis[a]);
    core_lo[a] = _mm_set1_ps(center[a] - h * std::fabs(axis[a]));
    core_hi[a] = _mm_set1_ps(center[a] + h * std::fabs(axis[a]));
  }
  radius = _mm_set1_ps(r);
  half_height = _mm_set1_ps(h);
  // As convex_candidates' slacks: 1e-5 for the float normals and squares, two allowances for
  // the rounding of the boxes' coordinates, 1e-6 h for the float axis.
  const float reach = r * (1.0f + 1e-5f) + 2.0f * allow + 1e-6f * h;
  reach_sq = _mm_set1_ps(reach * reach * (1.0f + 1e-5f));
  shrink_limit = r;
  allowance = _mm_set1_ps(allow);
}

[[gnu::always_inline]] inline int capsule_candidates_body(const BvhPacket4& t, const CapsuleSweep4& q, float t_limit,
                                                         float min_depth, float entry[4]) {
  return convex_candidates(t, q, t_limit, min_depth, entry, [&](__m128 x, __m128 y, __m128 z, __m128 len) {
    const __m128 along = abs4(dot3(x, y, z, q.u[0], q.u[1], q.u[2]));
    return _mm_add_ps(_mm_mul_ps(q.radius, len), _mm_mul_ps(q.half_height, along));
  });
}

ContactBound4::ContactBound4(const Body& body, const glm::vec3& center, float reach, float slack_)
    : shape(body.shape), point_core(body.is_sphere()) {
  glm::vec3 u = body.axis;
  const float u_len = glm::length(u);
  if (u_len > 0.0f) u /= u_len;  // as the exact test normalizes it (capsule_triangle_distance)
  for (int a = 0; a < 3; ++a) {
    c[a] = _mm_set1_ps(center[a]);
    axis[a] = _mm_set1_ps(u[a]);
    radii[a] = _mm_set1_ps(body.radii[a]);
  }
  half_height = _mm_set1_ps(body.half_height);
  slack = _mm_set1_ps(slack_);
  const float radius = point_core || shape == Shape::kCapsule ? body.radii.x : 0.0f;
  const float limit = radius * (1.0f + 1e-5f) + reach;
  limit_sq = _mm_set1_ps(limit * limit * (1.0f + 1e-5f));
}

[[gnu::always_inline]] inline int contact_candidates_body(const BvhPacket4& t, const ContactBound4& q) {
  // The core's support along a unit direction, grown by 1e-5 for its float rounding.
  const auto core_support = [&](__m128 x, __m128 y, __m128 z) {
    __m128 s;
    switch (q.shape) {
      case Shape::kCapsule: s = _mm_mul_ps(q.half_height, abs4(dot3(x, y, z, q.axis[0], q.axis[1], q.axis[2]))); break;
      case Shape::kBox: s = dot3(abs4(x), abs4(y), abs4(z), q.radii[0], q.radii[1], q.radii[2]); break;
      default: return _mm_setzero_ps();  // a sphere (an ellipsoid does not get here)
    }
    return _mm_mul_ps(s, _mm_set1_ps(1.0f + 1e-5f));
  };
  int valid = 0;
  for (int lane = 0; lane < 4; ++lane) valid |= (t.slot[lane] != BvhPacket4::kEmptyLane) << lane;
  // An ellipsoid's contact distance is the gap between parallel planes that separate it from
  // the triangle, which can be less than the Euclidean distance this bound is below: no cull.
  if (q.shape == Shape::kEllipsoid && !q.point_core) return valid;
  const __m128 zero = _mm_setzero_ps();
  const __m128 nx = _mm_load_ps(t.nx), ny = _mm_load_ps(t.ny), nz = _mm_load_ps(t.nz);
  const __m128 d0 = _mm_sub_ps(dot3(nx, ny, nz, q.c[0], q.c[1], q.c[2]), _mm_load_ps(t.d));
  const __m128 plane_gap = _mm_max_ps(zero, _mm_sub_ps(_mm_sub_ps(abs4(d0), core_support(nx, ny, nz)), q.slack));
  const float* xs[3] = {t.ax, t.bx, t.cx};
  const float* ys[3] = {t.ay, t.by, t.cy};
  const float* zs[3] = {t.az, t.bz, t.cz};
  __m128 edge_gap = zero;
  for (int i = 0; i < 3; ++i) {
    const __m128 ox = _mm_load_ps(t.edge_nx[i]), oy = _mm_load_ps(t.edge_ny[i]), oz = _mm_load_ps(t.edge_nz[i]);
    const __m128 s = dot3(ox, oy, oz, _mm_sub_ps(q.c[0], _mm_load_ps(xs[i])), _mm_sub_ps(q.c[1], _mm_load_ps(ys[i])),
                          _mm_sub_ps(q.c[2], _mm_load_ps(zs[i])));
    edge_gap = _mm_max_ps(edge_gap, _mm_sub_ps(_mm_sub_ps(s, core_support(ox, oy, oz)), q.slack));
  }
  const __m128 gap2 = _mm_add_ps(_mm_mul_ps(plane_gap, plane_gap), _mm_mul_ps(edge_gap, edge_gap));
  // (An unused lane, not in `valid`, has a gap of about kEmptyLaneOffset.)
  return ~_mm_movemask_ps(_mm_cmpgt_ps(gap2, q.limit_sq)) & valid;
}

// Each kernel twice: for the SSE path as the build's flags compile it, and for the AVX2 path
// with VEX encoding (three-operand forms, no register copies). The same operations in the same
// order on four lanes (and no fused multiply-add: every build compiles with -ffp-contract=off),
// so both give the same bits; only the instruction count differs.
int sphere_candidates(Nodes4, const BvhPacket4& t, const SphereSweep4& q, float t_limit,
                      float max_plane_distance) {
  return sphere_candidates_body(t, q, t_limit, max_plane_distance);
}
__attribute__((target("avx2")))
int sphere_candidates(Nodes8, const BvhPacket4& t, const SphereSweep4& q, float t_limit,
                      float max_plane_distance) {
  return sphere_candidates_body(t, q, t_limit, max_plane_distance);
}

int sphere_path_candidates(Nodes4, const BvhPacket4& t, const SphereSweep4& q, float t_limit, int mask) {
  return sphere_path_candidates_body(t, q, t_limit, mask);
}
__attribute__((target("avx2")))
int sphere_path_candidates(Nodes8, const BvhPacket4& t, const SphereSweep4& q, float t_limit, int mask) {
  return sphere_path_candidates_body(t, q, t_limit, mask);
}

int box_candidates(Nodes4, const BvhPacket4& t, const BoxSweep4& q, float t_limit, float min_depth,
                   float entry[4]) {
  return box_candidates_body(t, q, t_limit, min_depth, entry);
}
__attribute__((target("avx2")))
int box_candidates(Nodes8, const BvhPacket4& t, const BoxSweep4& q, float t_limit, float min_depth,
                   float entry[4]) {
  return box_candidates_body(t, q, t_limit, min_depth, entry);
}

int capsule_candidates(Nodes4, const BvhPacket4& t, const CapsuleSweep4& q, float t_limit, float min_depth,
                       float entry[4]) {
  return capsule_candidates_body(t, q, t_limit, min_depth, entry);
}
__attribute__((target("avx2")))
int capsule_candidates(Nodes8, const BvhPacket4& t, const CapsuleSweep4& q, float t_limit, float min_depth,
                       float entry[4]) {
  return capsule_candidates_body(t, q, t_limit, min_depth, entry);
}

int contact_candidates(Nodes4, const BvhPacket4& t, const ContactBound4& q) {
  return contact_candidates_body(t, q);
}
__attribute__((target("avx2")))
int contact_candidates(Nodes8, const BvhPacket4& t, const ContactBound4& q) {
  return contact_candidates_body(t, q);
}

}  // namespace collision::detail
