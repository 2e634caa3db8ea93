#pragma once
// Internal: the ray-triangle test of one BvhPacket4, inline, so that the ray traversal
// (queries.cpp) holds it in its own loop: no call per leaf packet, and no spill of the
// traversal's broadcast slab values around one (a call clobbers every vector register).
// Not a public header.
#include <immintrin.h>

#include <glm/vec3.hpp>

#include "bvh/bvh_layout.hpp"
#include "bvh/simd4.hpp"

namespace collision::detail {

/// A segment, broadcast once per query.
struct Segment4 {
  Segment4(const glm::vec3& origin, const glm::vec3& delta) {
    for (int a = 0; a < 3; ++a) {
      o[a] = _mm_set1_ps(origin[a]);
      d[a] = _mm_set1_ps(delta[a]);
    }
  }
  __m128 o[3], d[3];
};

/// Möller–Trumbore (1997) on four triangles, double-sided: the lanes hit within [0, t_max],
/// with their t in `t_out`. The same operations in the same order on either path (every build
/// compiles with -ffp-contract=off): the SSE and AVX2 traversals get the same bits.
/// Without a branch until the result: an early return on "no lane left" (a zero determinant,
/// u outside [0, 1]) saved some twenty instructions on a miss, but branched on the packet's
/// data, often the cache miss the ray waits on, and a misprediction there discards the loads
/// already issued past it. Measured on the dense mesh's and oa_shouse's hit rays: 2-5% faster
/// without. No lane makes an infinity or a NaN, so that a caller's unmasked floating-point
/// exceptions never trap here.
[[gnu::always_inline]] inline int ray_hits(const BvhPacket4& t, const Segment4& s, float t_max, float t_out[4]) {
  const __m128 ax = _mm_load_ps(t.ax), ay = _mm_load_ps(t.ay), az = _mm_load_ps(t.az);
  const __m128 e1x = _mm_sub_ps(_mm_load_ps(t.bx), ax), e1y = _mm_sub_ps(_mm_load_ps(t.by), ay),
               e1z = _mm_sub_ps(_mm_load_ps(t.bz), az);
  const __m128 e2x = _mm_sub_ps(_mm_load_ps(t.cx), ax), e2y = _mm_sub_ps(_mm_load_ps(t.cy), ay),
               e2z = _mm_sub_ps(_mm_load_ps(t.cz), az);
  // pv = d x e2
  const __m128 pvx = _mm_sub_ps(_mm_mul_ps(s.d[1], e2z), _mm_mul_ps(s.d[2], e2y));
  const __m128 pvy = _mm_sub_ps(_mm_mul_ps(s.d[2], e2x), _mm_mul_ps(s.d[0], e2z));
  const __m128 pvz = _mm_sub_ps(_mm_mul_ps(s.d[0], e2y), _mm_mul_ps(s.d[1], e2x));
  const __m128 det = dot3(e1x, e1y, e1z, pvx, pvy, pvz);
  __m128 ok = _mm_cmpneq_ps(det, _mm_setzero_ps());
  // A zero determinant (an unused lane, a triangle parallel to the ray) becomes +-1 (its bits
  // ored with 1's), a lane masked out anyway: no division by zero, which would trap where a
  // caller has unmasked floating-point exceptions. Other lanes divide by det itself.
  const __m128 one = _mm_set1_ps(1.0f), zero = _mm_setzero_ps();
  const __m128 inv = _mm_div_ps(one, _mm_or_ps(det, _mm_andnot_ps(ok, one)));
  const __m128 tvx = _mm_sub_ps(s.o[0], ax), tvy = _mm_sub_ps(s.o[1], ay), tvz = _mm_sub_ps(s.o[2], az);
  const __m128 u = _mm_mul_ps(dot3(tvx, tvy, tvz, pvx, pvy, pvz), inv);
  ok = _mm_and_ps(ok, _mm_and_ps(_mm_cmpge_ps(u, zero), _mm_cmple_ps(u, one)));
  // qv = tv x e1
  const __m128 qvx = _mm_sub_ps(_mm_mul_ps(tvy, e1z), _mm_mul_ps(tvz, e1y));
  const __m128 qvy = _mm_sub_ps(_mm_mul_ps(tvz, e1x), _mm_mul_ps(tvx, e1z));
  const __m128 qvz = _mm_sub_ps(_mm_mul_ps(tvx, e1y), _mm_mul_ps(tvy, e1x));
  const __m128 w = _mm_mul_ps(dot3(s.d[0], s.d[1], s.d[2], qvx, qvy, qvz), inv);
  ok = _mm_and_ps(ok, _mm_and_ps(_mm_cmpge_ps(w, zero), _mm_cmple_ps(_mm_add_ps(u, w), one)));
  const __m128 tt = _mm_mul_ps(dot3(e2x, e2y, e2z, qvx, qvy, qvz), inv);
  ok = _mm_and_ps(ok, _mm_and_ps(_mm_cmpge_ps(tt, zero), _mm_cmple_ps(tt, _mm_set1_ps(t_max))));
  _mm_storeu_ps(t_out, tt);
  return _mm_movemask_ps(ok);
}

}  // namespace collision::detail
