#pragma once
// Internal: small SSE helpers shared by the traversal and the packet tests.
#include <immintrin.h>

#include <type_traits>

#include <glm/vec3.hpp>

namespace collision::detail {

/// The node width a query's traversal uses (with_node_width picks it): a tag for
/// traverse_segment and for the packet tests, which have a version for each path.
using Nodes4 = std::integral_constant<int, 4>;
using Nodes8 = std::integral_constant<int, 8>;

/// 1 / d in each lane, kept finite: +-1e26 (with d's sign) where |d| <= 1e-26 (or d is a NaN),
/// so that (plane - origin) * inverse never multiplies inf by zero, and origin * inverse stays
/// finite for any origin of the input domain (|o| <= 2^41 with the margins: 2.2e12 x 1e26 <
/// FLT_MAX), as the 8-wide traversal's fused form needs. A move of 1e-26 or less on an axis is
/// taken as none: every caller's box is grown by a rounding allowance of at least 4e-6, which
/// covers it. No lane divides by zero (a caller's unmasked floating-point traps stay quiet).
inline __m128 finite_inverse(__m128 d) {
  const __m128 sign_bit = _mm_set1_ps(-0.0f), one = _mm_set1_ps(1.0f);
  const __m128 usable = _mm_cmpgt_ps(_mm_andnot_ps(sign_bit, d), _mm_set1_ps(1e-26f));
  const __m128 inverse = _mm_div_ps(one, _mm_or_ps(_mm_and_ps(usable, d), _mm_andnot_ps(usable, one)));
  const __m128 huge = _mm_or_ps(_mm_and_ps(sign_bit, d), _mm_set1_ps(1e26f));
  return _mm_or_ps(_mm_and_ps(usable, inverse), _mm_andnot_ps(usable, huge));
}

inline __m128 load3(const glm::vec3& v) { return _mm_setr_ps(v.x, v.y, v.z, 0.0f); }

/// a . b on four lanes, (ax bx + ay by) + az bz: the packet tests' and the ray test's one order.
[[gnu::always_inline]] inline __m128 dot3(__m128 ax, __m128 ay, __m128 az, __m128 bx, __m128 by, __m128 bz) {
  return _mm_add_ps(_mm_add_ps(_mm_mul_ps(ax, bx), _mm_mul_ps(ay, by)), _mm_mul_ps(az, bz));
}

/// Lane `a` of v in all four lanes.
template <int a>
__m128 broadcast_lane(__m128 v) {
  return _mm_shuffle_ps(v, v, _MM_SHUFFLE(a, a, a, a));
}

}  // namespace collision::detail
