#pragma once
// Internal: SSE traversal of the 4-wide BVH. Not a public header.
#include <immintrin.h>

#include <cmath>
#include <cstdint>

#include "collision/bvh.hpp"

namespace collision::detail {

inline constexpr int kStackSize = 256;  // > 3 x the deepest tree build_bvh makes (about 75 binary levels)

/// A segment with its box grown by `margin` per axis (the swept body's half extent plus a
/// rounding allowance), tested against child boxes with the sign-ordered slab test: an empty
/// child (min = +inf, max = -inf) always misses.
struct SweptSegment {
  __m128 origin_near[3];  // origin shifted so that (entry plane - origin_near) * inv is exact
  __m128 origin_far[3];
  __m128 inv_dir[3];
  int near_offset[3];  // float offset of the entry plane's array in BvhNode4 (min_* or max_*)
  int far_offset[3];

  SweptSegment(const glm::vec3& o, const glm::vec3& d, const glm::vec3& m) {
    for (int a = 0; a < 3; ++a) {
      // Keep 1/d finite so that (plane - o) * inv never multiplies inf by zero.
      const float inv = std::fabs(d[a]) > 1e-30f ? 1.0f / d[a] : std::copysign(1e30f, d[a]);
      const bool negative = inv < 0.0f;
      inv_dir[a] = _mm_set1_ps(inv);
      // Growing the box by m moves its min plane by -m and its max plane by +m.
      origin_near[a] = _mm_set1_ps(negative ? o[a] - m[a] : o[a] + m[a]);
      origin_far[a] = _mm_set1_ps(negative ? o[a] + m[a] : o[a] - m[a]);
      near_offset[a] = (negative ? 3 + a : a) * 4;
      far_offset[a] = (negative ? a : 3 + a) * 4;
    }
  }

  /// Entry times of the four children; returns a bit mask of those entered within [0, t_max].
  int test(const BvhNode4& node, float t_max, __m128& t_enter) const {
    const float* base = reinterpret_cast<const float*>(&node);
    __m128 tn = _mm_setzero_ps();
    __m128 tf = _mm_set1_ps(t_max);
    for (int a = 0; a < 3; ++a) {
      tn = _mm_max_ps(tn, _mm_mul_ps(_mm_sub_ps(_mm_load_ps(base + near_offset[a]), origin_near[a]), inv_dir[a]));
      tf = _mm_min_ps(tf, _mm_mul_ps(_mm_sub_ps(_mm_load_ps(base + far_offset[a]), origin_far[a]), inv_dir[a]));
    }
    t_enter = tn;
    return _mm_movemask_ps(_mm_cmple_ps(tn, tf));
  }
};

/// Visits the leaves whose grown boxes the segment enters before `t_max`, nearest first.
/// `leaf(first, count, packet, t_max)` may lower t_max (a closer hit), which prunes the rest.
/// The nearest entered child is descended into directly; only its siblings touch the stack.
/// `leaf` may also replace the caller's `seg` with a smaller one (a shrinking reach): nodes
/// expanded afterwards are tested against it (stacked entries keep their entry times).
template <class LeafFn>
void traverse_segment(const Bvh& bvh, const SweptSegment& seg, float& t_max, LeafFn&& leaf) {
  if (bvh.empty()) return;
  struct Entry {
    std::uint32_t ref;
    std::uint32_t packet;
    float t;
  };
  Entry stack[kStackSize];
  int top = 0;
  std::uint32_t ref = bvh.root, packet = 0;
  for (;;) {
    if ((ref & BvhNode4::kLeafBit) == 0) {  // inner node (empty children are never entered)
      const BvhNode4& node = bvh.nodes[ref];
      __m128 tv;
      int mask = seg.test(node, t_max, tv);
      if (mask != 0) {
        alignas(16) float t[4];
        _mm_store_ps(t, tv);
        int i = __builtin_ctz(static_cast<unsigned>(mask));
        mask &= mask - 1;
        if (mask == 0) {  // one child entered: go straight down
          ref = node.child[i];
          packet = node.packet[i];
          continue;
        }
        // Several: keep the nearest, push the others farthest first.
        Entry hits[4];
        int n = 0;
        for (;;) {
          Entry h{node.child[i], node.packet[i], t[i]};
          int j = n++;
          while (j > 0 && hits[j - 1].t < h.t) {
            hits[j] = hits[j - 1];
            --j;
          }
          hits[j] = h;
          if (mask == 0) break;
          i = __builtin_ctz(static_cast<unsigned>(mask));
          mask &= mask - 1;
        }
        // The pushed siblings are mostly visited later: start fetching them now, so that their
        // cache misses overlap the work on the nearest one.
        for (int k = 0; k < n - 1; ++k) {
          const char* next = (hits[k].ref & BvhNode4::kLeafBit) == 0
                                 ? reinterpret_cast<const char*>(&bvh.nodes[hits[k].ref])
                                 : reinterpret_cast<const char*>(&bvh.packets[hits[k].packet]);
          _mm_prefetch(next, _MM_HINT_T0);
          _mm_prefetch(next + 64, _MM_HINT_T0);
          stack[top++] = hits[k];
        }
        ref = hits[n - 1].ref;
        packet = hits[n - 1].packet;
        continue;
      }
    } else {
      leaf(BvhNode4::leaf_first(ref), BvhNode4::leaf_count(ref), packet, t_max);
    }
    // Next: the nearest pending child still entered before t_max.
    for (;;) {
      if (top == 0) return;
      const Entry& e = stack[--top];
      if (e.t <= t_max) {
        ref = e.ref;
        packet = e.packet;
        break;
      }
    }
  }
}

/// Visits the leaves whose boxes overlap `box` (closed intervals).
template <class LeafFn>
void traverse_box(const Bvh& bvh, const Aabb& box, LeafFn&& leaf) {
  if (bvh.empty()) return;
  std::uint32_t stack[kStackSize];
  int top = 0;
  stack[top++] = bvh.root;
  const __m128 qmin[3] = {_mm_set1_ps(box.min.x), _mm_set1_ps(box.min.y), _mm_set1_ps(box.min.z)};
  const __m128 qmax[3] = {_mm_set1_ps(box.max.x), _mm_set1_ps(box.max.y), _mm_set1_ps(box.max.z)};
  while (top > 0) {
    const std::uint32_t ref = stack[--top];
    if (BvhNode4::is_leaf(ref)) {
      leaf(BvhNode4::leaf_first(ref), BvhNode4::leaf_count(ref));
      continue;
    }
    const BvhNode4& node = bvh.nodes[ref];
    const float* mins[3] = {node.min_x, node.min_y, node.min_z};
    const float* maxs[3] = {node.max_x, node.max_y, node.max_z};
    __m128 ok = _mm_castsi128_ps(_mm_set1_epi32(-1));
    for (int a = 0; a < 3; ++a) {
      ok = _mm_and_ps(ok, _mm_cmple_ps(_mm_load_ps(mins[a]), qmax[a]));
      ok = _mm_and_ps(ok, _mm_cmple_ps(qmin[a], _mm_load_ps(maxs[a])));
    }
    int mask = _mm_movemask_ps(ok);
    while (mask) {
      const int i = __builtin_ctz(static_cast<unsigned>(mask));
      mask &= mask - 1;
      stack[top++] = node.child[i];
    }
  }
}

}  // namespace collision::detail
