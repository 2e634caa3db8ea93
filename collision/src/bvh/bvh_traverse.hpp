#pragma once
// Internal: traversal of the BVH, SSE over the 4-wide nodes or AVX2 over the 8-wide ones (where
// Bvh::nodes8 was built: bvh_uses_avx2()). Not a public header.
#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "bvh/bvh_grid.hpp"
#include "bvh/bvh_occupancy.hpp"
#include "bvh/bvh_layout.hpp"
#include "bvh/simd4.hpp"

namespace collision::detail {

inline constexpr int kStackSize = 256;  // > 3 x the deepest tree build_bvh makes (about 75 binary levels)
inline constexpr int kStackSize8 = 544;  // > 7 x the same depth: a wide node pushes up to 7

/// A segment from `origin` by `delta` whose box is grown by `margin` per axis (the swept body's
/// half extent plus traversal_allowance()): what a traversal tests the nodes against. A leaf
/// function may replace the caller's (a shrinking reach), and says so (traverse_segment).
struct SegmentBox {
  glm::vec3 origin, delta, margin;
  /// For a round body, read only by the round reach test (traverse_segment<true>): its core's
  /// half extent (a capsule's half height times |axis|; zero for a sphere) and its reach beyond
  /// the core (its radius plus the margin's allowance).
  glm::vec3 core{0.0f};
  float reach = 0.0f;
};

/// What a segment query grows its box by beyond the body's half extent, for the traversal's
/// float tests (the occupancy bits, the start grid, the slab test): half the query's rounding
/// allowance (rounding_allowance: 4e-6, about 67 x 2^-24, of the scale S, the largest
/// coordinate of the move and the level). Those tests are off from exact box tests by a few
/// roundings of quantities below about 2S: the shifted origin (2^-24 of |origin| + margin),
/// the product origin * inv and the fused difference (2^-24 each of a time whose distance
/// along the move is at most |delta| <= 2S, where it decides: a time past 1 or below 0 is
/// clamped either way), and the inverse (2^-24 relative, so 2^-23 over two axes): about 8 x
/// 2^-24 S in all, a quarter of this margin (the tests catch a zero margin; a twentieth of the
/// allowance still passes them). The whole allowance, as before, would reach past the 1/32-unit
/// skin of a resting character on levels past 7,800 units, so that every walking sweep there
/// entered its floor's leaves. The packet tests keep their own slacks.
inline float traversal_allowance(float allowance) { return 0.5f * allowance; }

/// The sign-ordered slab test's values for the three axes at once (lane 3 unused): the finite
/// inverse of the direction, and the origin shifted to meet each axis's entry and exit plane
/// so that (plane - shifted origin) * inverse is exact. `negative`: bit a set where the
/// direction's axis a is negative (the inverse's sign: never 0).
struct SlabValues {
  __m128 inv, near, far;
  int negative;
  explicit SlabValues(const SegmentBox& s) {
    inv = finite_inverse(load3(s.delta));
    // Growing the box by m moves its min plane by -m and its max plane by +m. Written
    // without a branch (the direction's signs are as random as the queries): m with the
    // inverse's sign (exactly copysign(1, inv) * m), added to and taken from the origin.
    const __m128 toward = _mm_xor_ps(load3(s.margin), _mm_and_ps(inv, _mm_set1_ps(-0.0f)));
    const __m128 origin = load3(s.origin);
    near = _mm_add_ps(origin, toward);
    far = _mm_sub_ps(origin, toward);
    negative = _mm_movemask_ps(inv) & 7;
  }
};

/// Where each axis's entry plane and exit plane lie in a node (min_x, min_y, min_z, max_x, ...:
/// `width` floats each), as float offsets, per sign pattern of the direction
/// (SlabValues::negative): min_* where the axis is positive, max_* where it is negative.
struct SlabOffsets {
  int near[3], far[3];
};
template <int width>
inline constexpr SlabOffsets kSlabOffsets[8] = {
    {{0 * width, 1 * width, 2 * width}, {3 * width, 4 * width, 5 * width}},
    {{3 * width, 1 * width, 2 * width}, {0 * width, 4 * width, 5 * width}},
    {{0 * width, 4 * width, 2 * width}, {3 * width, 1 * width, 5 * width}},
    {{3 * width, 4 * width, 2 * width}, {0 * width, 1 * width, 5 * width}},
    {{0 * width, 1 * width, 5 * width}, {3 * width, 4 * width, 2 * width}},
    {{3 * width, 1 * width, 5 * width}, {0 * width, 4 * width, 2 * width}},
    {{0 * width, 4 * width, 5 * width}, {3 * width, 1 * width, 2 * width}},
    {{3 * width, 4 * width, 5 * width}, {0 * width, 1 * width, 2 * width}}};

/// A SegmentBox tested against the four children of a BvhNode4 with the sign-ordered slab
/// test: an empty child (min = +inf, max = -inf) always misses.
struct SweptSegment {
  __m128 origin_near[3];  // origin shifted so that (entry plane - origin_near) * inv is exact
  __m128 origin_far[3];
  __m128 inv_dir[3];
  const SlabOffsets* offsets;  // of the entry and exit planes' arrays in a BvhNode4 (kSlabOffsets<4>)

  explicit SweptSegment(const SegmentBox& box) {
    const SlabValues v(box);
    inv_dir[0] = broadcast_lane<0>(v.inv);
    inv_dir[1] = broadcast_lane<1>(v.inv);
    inv_dir[2] = broadcast_lane<2>(v.inv);
    origin_near[0] = broadcast_lane<0>(v.near);
    origin_near[1] = broadcast_lane<1>(v.near);
    origin_near[2] = broadcast_lane<2>(v.near);
    origin_far[0] = broadcast_lane<0>(v.far);
    origin_far[1] = broadcast_lane<1>(v.far);
    origin_far[2] = broadcast_lane<2>(v.far);
    offsets = &kSlabOffsets<4>[v.negative];
  }

  /// Entry times of the four children; returns a bit mask of those entered within [0, t_max].
  int test(const BvhNode4& node, float t_max, __m128& t_enter) const {
    const float* base = reinterpret_cast<const float*>(&node);
    __m128 tn = _mm_setzero_ps();
    __m128 tf = _mm_set1_ps(t_max);
    for (int a = 0; a < 3; ++a) {
      tn = _mm_max_ps(tn, _mm_mul_ps(_mm_sub_ps(_mm_load_ps(base + offsets->near[a]), origin_near[a]), inv_dir[a]));
      tf = _mm_min_ps(tf, _mm_mul_ps(_mm_sub_ps(_mm_load_ps(base + offsets->far[a]), origin_far[a]), inv_dir[a]));
    }
    t_enter = tn;
    return _mm_movemask_ps(_mm_cmple_ps(tn, tf));
  }
};

/// A node or leaf packet the traversal will visit later, and its entry time.
struct TraversalEntry {
  std::uint32_t ref;
  std::uint32_t packet;
  float t;
};

/// The traversal's next node: the nearest pending entry still entered before `t_max` (popped,
/// with those passed over); false when none is left.
inline bool pop_entered(const TraversalEntry* stack, int& top, float t_max, std::uint32_t& ref,
                        std::uint32_t& packet) {
  while (top > 0) {
    const TraversalEntry& e = stack[--top];
    if (e.t <= t_max) {
      ref = e.ref;
      packet = e.packet;
      return true;
    }
  }
  return false;
}

/// A pushed entry's first two cache lines, fetched now so that their misses overlap the work
/// on the nearer child (Fetch::kPushed). `nodes`: Bvh::nodes or Bvh::nodes8, as the traversal
/// reads. (Two, three or four lines of a 256-byte BvhNode8 measured alike, within this
/// machine's noise: two, as for BvhNode4.)
template <class Node>
void prefetch_entry(const std::vector<Node>& nodes, const Bvh& bvh, const TraversalEntry& e) {
  const char* next = (e.ref & BvhNode4::kLeafBit) == 0 ? reinterpret_cast<const char*>(&nodes[e.ref])
                                                       : reinterpret_cast<const char*>(&bvh.packets[e.packet]);
  _mm_prefetch(next, _MM_HINT_T0);
  _mm_prefetch(next + 64, _MM_HINT_T0);
}

/// When the traversal starts fetching the children it will visit.
enum class Fetch {
  /// A pushed sibling's first two lines, as it is pushed (prefetch_entry): the sweeps, whose
  /// leaves cost far more than their cache misses.
  kPushed,
  /// Every entered child's lines as soon as its node is tested (prefetch_entered): all of an
  /// inner node, and the first three lines of each of a leaf's packets (what the ray test
  /// reads). Rays: on the dense mesh a hit ray waits on its leaves' and nodes' misses, and
  /// fetching them all at once, before the branches that pick the next one, gained 3-8% on
  /// long rays and the dense mesh's. (Sphere sweeps with it: no change on oa_dm1, q3dm6ish or
  /// the dense mesh, within noise; their leaves' exact tests, not the misses, set their pace.)
  kEntered,
};

/// How the 8-wide traversal pushes the children of a node that enters three or more. (The 4-wide
/// one always sorts its three or four by a network.)
enum class Push {
  /// Each one inserted in order of entry time as it is pushed: a loop whose length and exits
  /// depend on the times. The sweeps: few of their nodes enter three children, and with the
  /// network below they ran 0.7-1.4% slower (sphere sweeps on five maps, geometric mean).
  kInsertion,
  /// All eight keys sorted by a network (sort8_ascending) and seven slots written whatever the
  /// count, without a branch on the times. Rays, whose long ones cross many such nodes: long
  /// rays 0-3.4% faster against Embree on eight maps (1.6% geometric mean; oa_shouse 0.81x ->
  /// 0.82-0.83x), run in turn with the insertion; those that stay short unchanged.
  kNetwork,
};

/// The children of `node` in lane mask `entered`, fetched (Fetch::kEntered).
template <class Node>
inline void prefetch_entered(const std::vector<Node>& nodes, const Bvh& bvh, const Node& node, unsigned entered) {
  for (; entered != 0; entered &= entered - 1) {
    const int lane = __builtin_ctz(entered);
    const std::uint32_t child = node.child[lane];
    if ((child & BvhNode4::kLeafBit) == 0) {
      const char* next = reinterpret_cast<const char*>(&nodes[child]);
      for (std::size_t line = 0; line < sizeof(Node); line += 64) _mm_prefetch(next + line, _MM_HINT_T0);
    } else {
      const BvhPacket4* packet = &bvh.packets[node.packet[lane]];
      for (std::uint32_t k = 0; k < (BvhNode4::leaf_count(child) + 3) / 4; ++k) {
        const char* next = reinterpret_cast<const char*>(packet + k);
        _mm_prefetch(next, _MM_HINT_T0);
        _mm_prefetch(next + 64, _MM_HINT_T0);
        _mm_prefetch(next + 128, _MM_HINT_T0);
      }
    }
  }
}

/// Two children entered, lanes i and j of `node` with entry times t: the nearer one is the
/// next node (ref, packet), the other is pushed (a tie goes down lane i).
template <Fetch kFetch, class Node>
inline void nearer_of_two(const std::vector<Node>& nodes, const Bvh& bvh, const Node& node, int i, int j,
                          const float* t, TraversalEntry* stack, int& top, std::uint32_t& ref,
                          std::uint32_t& packet) {
  const bool j_nearer = t[j] < t[i];
  const int near = j_nearer ? j : i, far = j_nearer ? i : j;
  const TraversalEntry e{node.child[far], node.packet[far], t[far]};
  if constexpr (kFetch == Fetch::kPushed) prefetch_entry(nodes, bvh, e);
  stack[top++] = e;
  ref = node.child[near];
  packet = node.packet[near];
}

/// The same values broadcast to eight lanes, with offsets into a BvhNode8 (eight floats per
/// array), built from the SegmentBox directly where the 8-wide traversal runs. The slab test
/// there is one fused multiply-subtract a plane: plane * inv - origin * inv, the second product
/// rounded once here. That moves a time by at most half an ulp of origin * inv (plus the
/// final rounding both forms have), far inside the margin's own reach in time (the rounding
/// allowance, 4e-6 of the largest coordinate, over the move): still never a node missed that
/// the exact box test would enter.
struct SweptSegment8 {
  __m256 scaled_near[3], scaled_far[3], inv_dir[3];  // origin_near * inv, origin_far * inv, inv
  const SlabOffsets* offsets;  // into a BvhNode8 (kSlabOffsets<8>)
  __attribute__((target("avx2,fma"))) explicit SweptSegment8(const SegmentBox& box) {
    const SlabValues v(box);
    const __m128 near = _mm_mul_ps(v.near, v.inv), far = _mm_mul_ps(v.far, v.inv);
    inv_dir[0] = _mm256_broadcastss_ps(v.inv);
    inv_dir[1] = _mm256_broadcastss_ps(broadcast_lane<1>(v.inv));
    inv_dir[2] = _mm256_broadcastss_ps(_mm_movehl_ps(v.inv, v.inv));
    scaled_near[0] = _mm256_broadcastss_ps(near);
    scaled_near[1] = _mm256_broadcastss_ps(broadcast_lane<1>(near));
    scaled_near[2] = _mm256_broadcastss_ps(_mm_movehl_ps(near, near));
    scaled_far[0] = _mm256_broadcastss_ps(far);
    scaled_far[1] = _mm256_broadcastss_ps(broadcast_lane<1>(far));
    scaled_far[2] = _mm256_broadcastss_ps(_mm_movehl_ps(far, far));
    offsets = &kSlabOffsets<8>[v.negative];
  }
};

/// For a round body (a sphere, a capsule: a core grown by a radius; SegmentBox::core and reach):
/// the box of the core's path over the whole move and the reach squared. A child box whose gaps
/// to the path's box on the three axes, added in squares, exceed the reach lies farther than
/// that from every point of the path (the slab test keeps the corners of the grown box, where
/// the distance exceeds it: about half of that box's volume where the child is small beside the
/// body). The float gaps are off from the exact ones by an ulp or two of the coordinates, far
/// inside the traversal margin the reach includes; the 1e-5 covers the squares' rounding.
/// RoundPath holds that bound in scalars; RoundReach8 and RoundReach4 broadcast it for their
/// node widths (their false versions are empty: the other queries do without).
struct RoundPath {
  float lo[3], hi[3], reach2;
  explicit RoundPath(const SegmentBox& box) {
    const glm::vec3 end = box.origin + box.delta;
    for (int a = 0; a < 3; ++a) {
      lo[a] = std::min(box.origin[a], end[a]) - box.core[a];
      hi[a] = std::max(box.origin[a], end[a]) + box.core[a];
    }
    reach2 = box.reach * box.reach * (1.0f + 1e-5f);
  }
};

template <bool kRound>
struct RoundReach8 {
  explicit RoundReach8(const SegmentBox&) {}
};

template <>
struct RoundReach8<true> {
  __m256 path_lo[3], path_hi[3], reach2;
  __attribute__((target("avx2,fma"))) explicit RoundReach8(const SegmentBox& box) {
    const RoundPath path(box);
    for (int a = 0; a < 3; ++a) {
      path_lo[a] = _mm256_set1_ps(path.lo[a]);
      path_hi[a] = _mm256_set1_ps(path.hi[a]);
    }
    reach2 = _mm256_set1_ps(path.reach2);
  }
  /// The lanes of `node` whose boxes come within the reach of the path.
  __attribute__((target("avx2,fma"))) __m256 near_enough(const BvhNode8& node) const {
    __m256 gap2 = _mm256_setzero_ps();
    for (int a = 0; a < 3; ++a) {
      const __m256 lo = _mm256_load_ps(node.min_x + 8 * a), hi = _mm256_load_ps(node.max_x + 8 * a);
      const __m256 gap = _mm256_max_ps(_mm256_max_ps(_mm256_sub_ps(lo, path_hi[a]), _mm256_sub_ps(path_lo[a], hi)),
                                       _mm256_setzero_ps());
      gap2 = _mm256_fmadd_ps(gap, gap, gap2);
    }
    return _mm256_cmp_ps(gap2, reach2, _CMP_LE_OQ);
  }
};

/// The same test over the four children of a BvhNode4, with SSE (traverse_segment's SSE path).
template <bool kRound>
struct RoundReach4 {
  explicit RoundReach4(const SegmentBox&) {}
};

template <>
struct RoundReach4<true> {
  __m128 path_lo[3], path_hi[3], reach2;
  explicit RoundReach4(const SegmentBox& box) {
    const RoundPath path(box);
    for (int a = 0; a < 3; ++a) {
      path_lo[a] = _mm_set1_ps(path.lo[a]);
      path_hi[a] = _mm_set1_ps(path.hi[a]);
    }
    reach2 = _mm_set1_ps(path.reach2);
  }
  /// The lanes of `node` whose boxes come within the reach of the path, as a bit mask.
  int near_enough(const BvhNode4& node) const {
    __m128 gap2 = _mm_setzero_ps();
    for (int a = 0; a < 3; ++a) {
      const __m128 lo = _mm_load_ps(node.min_x + 4 * a), hi = _mm_load_ps(node.max_x + 4 * a);
      const __m128 gap =
          _mm_max_ps(_mm_max_ps(_mm_sub_ps(lo, path_hi[a]), _mm_sub_ps(path_lo[a], hi)), _mm_setzero_ps());
      gap2 = _mm_add_ps(gap2, _mm_mul_ps(gap, gap));
    }
    return _mm_movemask_ps(_mm_cmple_ps(gap2, reach2));
  }
};

/// One layer of sort8_ascending: each lane and its partner's, the lanes in kTakeMax keeping the
/// greater.
template <int kTakeMax>
__attribute__((target("avx2,fma"))) inline __m256i compare_exchange8(__m256i v, __m256i partner) {
  return _mm256_blend_epi32(_mm256_min_epi32(v, partner), _mm256_max_epi32(v, partner), kTakeMax);
}

/// Eight 32-bit keys sorted ascending by a bitonic network (six layers of compare-exchange),
/// without a branch.
__attribute__((target("avx2,fma"))) inline __m256i sort8_ascending(__m256i v) {
  v = compare_exchange8<0x66>(v, _mm256_shuffle_epi32(v, _MM_SHUFFLE(2, 3, 0, 1)));
  v = compare_exchange8<0x3C>(v, _mm256_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 3, 2)));
  v = compare_exchange8<0x5A>(v, _mm256_shuffle_epi32(v, _MM_SHUFFLE(2, 3, 0, 1)));
  v = compare_exchange8<0xF0>(v, _mm256_permute2x128_si256(v, v, 1));
  v = compare_exchange8<0xCC>(v, _mm256_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 3, 2)));
  v = compare_exchange8<0xAA>(v, _mm256_shuffle_epi32(v, _MM_SHUFFLE(2, 3, 0, 1)));
  return v;
}

/// traverse_segment over the 8-wide nodes, with AVX2 and FMA (compiled for them whatever the
/// build's flags; called only where the CPU has both). The slab test of SweptSegment::test on
/// eight lanes (in the fused form above), from the box's values broadcast once, and again after
/// a leaf that replaced the box. Of two children entered, the nearer is descended into and the
/// other pushed; of three or more, the nearest is found as in the 4-wide traversal (integer
/// keys, so that denormals-are-zero cannot make two lanes equal) and descended into, and the
/// others are pushed in order of entry time, the nearest of them on top. `kRound`: a round
/// body's box, whose children are also tested by RoundReach8.
template <bool kRound, Fetch kFetch, Push kPush, class LeafFn>
__attribute__((target("avx2,fma"))) void traverse_segment8(const Bvh& bvh, const SegmentBox& box, float& t_max_out,
                                                      LeafFn& leaf) {
  using Entry = TraversalEntry;
  std::uint32_t ref = bvh.root8, packet = 0;
  if (!grid_start_segment<8>(bvh, box.origin, box.delta, box.margin, ref)) return;
  // A local copy, written back at the end: the caller's float may alias the stores of the loop
  // (a leaf's float times), which would make every node reload it.
  float t_max = t_max_out;
  Entry stack[kStackSize8 + 7];  // + 7: the sorted pushes write seven slots, whatever they keep
  int top = 0;
  SweptSegment8 seg8(box);
  RoundReach8<kRound> round8(box);
  for (;;) {
    if ((ref & BvhNode4::kLeafBit) == 0) {
      const BvhNode8& node = bvh.nodes8[ref];
      const float* base = node.min_x;
      __m256 tn = _mm256_setzero_ps();
      __m256 tf = _mm256_set1_ps(t_max);
      for (int a = 0; a < 3; ++a) {
        tn = _mm256_max_ps(tn, _mm256_fmsub_ps(_mm256_load_ps(base + seg8.offsets->near[a]), seg8.inv_dir[a],
                                               seg8.scaled_near[a]));
        tf = _mm256_min_ps(tf, _mm256_fmsub_ps(_mm256_load_ps(base + seg8.offsets->far[a]), seg8.inv_dir[a],
                                               seg8.scaled_far[a]));
      }
      __m256 entered = _mm256_cmp_ps(tn, tf, _CMP_LE_OQ);
      if constexpr (kRound) entered = _mm256_and_ps(entered, round8.near_enough(node));
      const unsigned mask = static_cast<unsigned>(_mm256_movemask_ps(entered));
      if constexpr (kFetch == Fetch::kEntered) prefetch_entered(bvh.nodes8, bvh, node, mask);
      if (mask != 0) {
        if ((mask & (mask - 1)) == 0) {  // one child entered: go straight down
          const int i = __builtin_ctz(mask);
          ref = node.child[i];
          packet = node.packet[i];
          continue;
        }
        alignas(32) float t[8];
        _mm256_store_ps(t, tn);
        const unsigned others = mask & (mask - 1);
        if ((others & (others - 1)) == 0) {  // two: the nearer one down, the other pushed
          nearer_of_two<kFetch>(bvh.nodes8, bvh, node, __builtin_ctz(mask), __builtin_ctz(others), t, stack, top, ref,
                                packet);
          continue;
        }
        // Three or more: the nearest entered child (the least key: entry time bits with the low
        // three replaced by the lane; a child not entered gets a key above any time, and so
        // lane 7) is descended into; the others are pushed, farthest first.
        const __m256i keys = _mm256_blendv_epi8(
            _mm256_set1_epi32(0x7FFFFFFF),
            _mm256_or_si256(_mm256_andnot_si256(_mm256_set1_epi32(7), _mm256_castps_si256(tn)),
                            _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)),
            _mm256_castps_si256(entered));
        int nearest;
        if constexpr (kPush == Push::kNetwork) {
          // All keys sorted; the entered ones, past the nearest, pushed from the farthest: the
          // sorted keys reversed within the count (those past it are leftovers, written above
          // the new top).
          const __m256i sorted = sort8_ascending(keys);
          nearest = _mm256_cvtsi256_si32(sorted) & 7;
          const int count = __builtin_popcount(mask);
          alignas(32) std::int32_t order[8];
          _mm256_store_si256(reinterpret_cast<__m256i*>(order),
                             _mm256_permutevar8x32_epi32(
                                 sorted, _mm256_sub_epi32(_mm256_set1_epi32(count - 1),
                                                          _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7))));
          for (int k = 0; k < 7; ++k) {
            const int lane = order[k] & 7;
            stack[top + k] = Entry{node.child[lane], node.packet[lane], t[lane]};
          }
          if constexpr (kFetch == Fetch::kPushed) {
            for (int k = 0; k < count - 1; ++k) prefetch_entry(bvh.nodes8, bvh, stack[top + k]);
          }
          top += count - 1;
        } else {
          __m256i least = _mm256_min_epi32(keys, _mm256_permute2x128_si256(keys, keys, 1));
          least = _mm256_min_epi32(least, _mm256_shuffle_epi32(least, _MM_SHUFFLE(1, 0, 3, 2)));
          least = _mm256_min_epi32(least, _mm256_shuffle_epi32(least, _MM_SHUFFLE(2, 3, 0, 1)));
          nearest = _mm256_cvtsi256_si32(least) & 7;
          const int first = top;
          for (unsigned rest = mask & ~(1u << nearest); rest != 0; rest &= rest - 1) {
            const int lane = __builtin_ctz(rest);
            Entry e{node.child[lane], node.packet[lane], t[lane]};
            if constexpr (kFetch == Fetch::kPushed) prefetch_entry(bvh.nodes8, bvh, e);
            int j = top++;
            for (; j > first && stack[j - 1].t < e.t; --j) stack[j] = stack[j - 1];
            stack[j] = e;
          }
        }
        ref = node.child[nearest];
        packet = node.packet[nearest];
        continue;
      }
    } else {
      if constexpr (std::is_void_v<decltype(leaf(0u, 0u, 0u, t_max))>) {
        leaf(BvhNode4::leaf_first(ref), BvhNode4::leaf_count(ref), packet, t_max);
      } else if (leaf(BvhNode4::leaf_first(ref), BvhNode4::leaf_count(ref), packet, t_max)) {
        seg8 = SweptSegment8(box);  // the leaf replaced the box
        round8 = RoundReach8<kRound>(box);
      }
    }
    if (!pop_entered(stack, top, t_max, ref, packet)) break;
  }
  t_max_out = t_max;
}

/// Runs `body(Nodes8{})` where the BVH has 8-wide nodes (bvh_uses_avx2()), else
/// `body(Nodes4{})`, and returns what it returns. The body is a query's whole traversal with its
/// locals: each width gets its own copy, so that the SSE one keeps them in registers (the AVX2
/// traversal is a function of its own, and what its leaf function reaches lives in memory).
template <class Body>
decltype(auto) with_node_width(const Bvh& bvh, Body&& body) {
  if (bvh.has_nodes8()) return body(Nodes8{});
  return body(Nodes4{});
}

/// Visits the leaves whose grown boxes the segment enters before `t_max`, nearest first.
/// `leaf(first, count, packet, t_max)` may lower t_max (a closer hit), which prunes the rest.
/// The nearest entered child is descended into directly; only its siblings touch the stack.
/// `leaf` may also replace the caller's `box` with a smaller one (a shrinking reach): nodes
/// expanded afterwards are tested against it (stacked entries keep their entry times). A leaf
/// function that does returns bool, true when it did (the traversal then builds its slab
/// values again); one that never does may return void. The first argument picks the nodes:
/// Nodes8, the 8-wide ones with AVX2 (traverse_segment8), where with_node_width chose them.
/// The occupancy bits are not read here: each segment query asks them first (start_segment),
/// before it sets up anything else.
/// `kRound`: the box is a round body's (SegmentBox::core and reach set), and the traversal also
/// passes over children beyond that reach from the core's path (RoundReach8, RoundReach4):
/// worth its cost where the leaves are small beside the body (use_round_reach). `kFetch` and
/// `kPush`: when the children's lines are fetched, and how three or more are pushed.
template <bool kRound = false, Fetch kFetch = Fetch::kPushed, Push kPush = Push::kInsertion, class LeafFn>
void traverse_segment(Nodes8, const Bvh& bvh, const SegmentBox& box, float& t_max, LeafFn&& leaf) {
  if (!bvh.empty()) traverse_segment8<kRound, kFetch, kPush>(bvh, box, t_max, leaf);
}

/// Whether a round body of `radius` (a sphere's, a capsule's) is worth the round reach test
/// (traverse_segment<true>): its radius is at least the median leaf's size (a dense mesh under
/// a character-sized sphere: three quarters of the leaves the slab test enters lie beyond the
/// reach; on a level's large faces, a few percent, and the test costs more than it saves).
inline bool use_round_reach(const Bvh& bvh, float radius) { return radius >= bvh.median_leaf_extent; }

/// The same over the 4-wide nodes, with SSE. (kPush is for the 8-wide traversal: here three or
/// four children entered always go through a sorting network, as Push::kNetwork's do.)
template <bool kRound = false, Fetch kFetch = Fetch::kPushed, Push kPush = Push::kInsertion, class LeafFn>
void traverse_segment(Nodes4, const Bvh& bvh, const SegmentBox& box, float& t_max_out, LeafFn&& leaf) {
  if (bvh.empty()) return;
  using Entry = TraversalEntry;
  std::uint32_t ref = bvh.root, packet = 0;
  if (!grid_start_segment<4>(bvh, box.origin, box.delta, box.margin, ref)) return;
  float t_max = t_max_out;  // a local copy, as in traverse_segment8
  Entry stack[kStackSize + 3];  // + 3: the sorted pushes write three slots, whatever they keep
  int top = 0;
  SweptSegment seg(box);
  RoundReach4<kRound> round4(box);
  for (;;) {
    if ((ref & BvhNode4::kLeafBit) == 0) {  // inner node (empty children are never entered)
      const BvhNode4& node = bvh.nodes[ref];
      __m128 tv;
      int mask = seg.test(node, t_max, tv);
      if constexpr (kRound) mask &= round4.near_enough(node);
      if constexpr (kFetch == Fetch::kEntered) prefetch_entered(bvh.nodes, bvh, node, static_cast<unsigned>(mask));
      if (mask != 0) {
        const int mask_all = mask;
        const int i = __builtin_ctz(static_cast<unsigned>(mask));
        mask &= mask - 1;
        if (mask == 0) {  // one child entered: go straight down
          ref = node.child[i];
          packet = node.packet[i];
          continue;
        }
        if ((mask & (mask - 1)) == 0) {  // two: the nearer one down, the other pushed
          alignas(16) float t[4];
          _mm_store_ps(t, tv);
          const int j = __builtin_ctz(static_cast<unsigned>(mask));
          nearer_of_two<kFetch>(bvh.nodes, bvh, node, i, j, t, stack, top, ref, packet);
          continue;
        }
        // Three or four: sorted without a branch, since which child is nearest is as
        // random as the queries. Each entered child's key is the bit pattern of its entry time
        // with the two low bits replaced by its lane: as integers, ordered as the times are but
        // for ties and 3 ulps (t >= 0; a t of -0 sorts first, as it should); a child not
        // entered gets a key above any time. Compared as integers, not floats: with the
        // denormals-are-zero mode a game may set, keys near time 0 would compare equal as
        // floats and a min/max pair could return one lane twice. The stack keeps each child's
        // own time (a key may exceed it: at time 0 after a start overlap, pruning by the key
        // would drop a child).
        const __m128i low_bits = _mm_set1_epi32(3);
        const __m128i entered = _mm_cmpgt_epi32(
            _mm_and_si128(_mm_set1_epi32(mask_all), _mm_set_epi32(8, 4, 2, 1)), _mm_setzero_si128());
        const __m128i keys_in =
            _mm_or_si128(_mm_andnot_si128(low_bits, _mm_castps_si128(tv)), _mm_set_epi32(3, 2, 1, 0));
        const __m128i keys_out = _mm_set_epi32(0x7F7FFFFF, 0x7F7FFFFE, 0x7F7FFFFD, 0x7F7FFFFC);
        const __m128i keys = _mm_or_si128(_mm_and_si128(entered, keys_in), _mm_andnot_si128(entered, keys_out));
        // A sorting network: pairs (0, 1) and (2, 3), then their minima and maxima, then the
        // middle two. (SSE2 has no integer min or max: a compare and a select.)
        const auto min_max = [](__m128i a, __m128i b, __m128i& lo, __m128i& hi) {
          const __m128i a_less = _mm_cmplt_epi32(a, b);
          lo = _mm_or_si128(_mm_and_si128(a_less, a), _mm_andnot_si128(a_less, b));
          hi = _mm_or_si128(_mm_and_si128(a_less, b), _mm_andnot_si128(a_less, a));
        };
        __m128i lo1, hi1, lo2, hi2;
        min_max(keys, _mm_shuffle_epi32(keys, _MM_SHUFFLE(2, 3, 0, 1)), lo1, hi1);
        const __m128i pairs = _mm_castps_si128(
            _mm_shuffle_ps(_mm_castsi128_ps(lo1), _mm_castsi128_ps(hi1), _MM_SHUFFLE(2, 0, 2, 0)));  // m0 m1 M0 M1
        min_max(pairs, _mm_shuffle_epi32(pairs, _MM_SHUFFLE(2, 3, 0, 1)), lo2, hi2);
        alignas(16) std::int32_t lo[4], hi[4];
        _mm_store_si128(reinterpret_cast<__m128i*>(lo), lo2);
        _mm_store_si128(reinterpret_cast<__m128i*>(hi), hi2);
        const std::int32_t sorted[4] = {lo[0], std::min(hi[0], lo[2]), std::max(hi[0], lo[2]), hi[2]};
        static constexpr int kEntered[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
        const int n = kEntered[mask_all];
        // Push the n - 1 farther ones, farthest first (the nearest of them ends on top); the
        // slots past them are written too and left unused.
        alignas(16) float t[4];
        _mm_store_ps(t, tv);
        for (int j = 0; j < 3; ++j) {
          const int lane = sorted[(n - 1 - j) & 3] & 3;
          stack[top + j] = Entry{node.child[lane], node.packet[lane], t[lane]};
        }
        // The pushed siblings are mostly visited later: start fetching them now, so that their
        // cache misses overlap the work on the nearest one.
        if constexpr (kFetch == Fetch::kPushed) {
          for (int j = 0; j < n - 1; ++j) prefetch_entry(bvh.nodes, bvh, stack[top + j]);
        }
        top += n - 1;
        const int nearest = sorted[0] & 3;
        ref = node.child[nearest];
        packet = node.packet[nearest];
        continue;
      }
    } else {
      if constexpr (std::is_void_v<decltype(leaf(0u, 0u, 0u, t_max))>) {
        leaf(BvhNode4::leaf_first(ref), BvhNode4::leaf_count(ref), packet, t_max);
      } else if (leaf(BvhNode4::leaf_first(ref), BvhNode4::leaf_count(ref), packet, t_max)) {
        seg = SweptSegment(box);  // the leaf replaced the box
        round4 = RoundReach4<kRound>(box);
      }
    }
    if (!pop_entered(stack, top, t_max, ref, packet)) break;
  }
  t_max_out = t_max;
}

/// The children of a node in `mask` (those whose boxes the query box overlaps): a leaf is
/// visited, an inner node pushed. (An empty child's box overlaps nothing: it is never in mask.)
template <class Node, class LeafFn>
inline void visit_children(const Node& node, unsigned mask, std::uint32_t* stack, int& top, LeafFn& leaf) {
  for (; mask != 0; mask &= mask - 1) {
    const int i = __builtin_ctz(mask);
    const std::uint32_t child = node.child[i];
    if (BvhNode4::is_leaf(child)) {
      leaf(BvhNode4::leaf_first(child), BvhNode4::leaf_count(child), node.packet[i]);
    } else {
      stack[top++] = child;
    }
  }
}

/// traverse_box's walk of the 4-wide nodes, with SSE, from the inner node `start`.
template <class LeafFn>
void traverse_box4(const Bvh& bvh, std::uint32_t start, const Aabb& box, LeafFn& leaf) {
  std::uint32_t stack[kStackSize];
  int top = 0;
  stack[top++] = start;
  const __m128 qmin[3] = {_mm_set1_ps(box.min.x), _mm_set1_ps(box.min.y), _mm_set1_ps(box.min.z)};
  const __m128 qmax[3] = {_mm_set1_ps(box.max.x), _mm_set1_ps(box.max.y), _mm_set1_ps(box.max.z)};
  while (top > 0) {
    const BvhNode4& node = bvh.nodes[stack[--top]];
    const float* mins[3] = {node.min_x, node.min_y, node.min_z};
    const float* maxs[3] = {node.max_x, node.max_y, node.max_z};
    __m128 ok = _mm_castsi128_ps(_mm_set1_epi32(-1));
    for (int a = 0; a < 3; ++a) {
      ok = _mm_and_ps(ok, _mm_cmple_ps(_mm_load_ps(mins[a]), qmax[a]));
      ok = _mm_and_ps(ok, _mm_cmple_ps(qmin[a], _mm_load_ps(maxs[a])));
    }
    visit_children(node, static_cast<unsigned>(_mm_movemask_ps(ok)), stack, top, leaf);
  }
}

/// The same over the 8-wide nodes, with AVX2 (compiled for it whatever the build's flags;
/// called only where Bvh::nodes8 was built, so the CPU has it), from the inner node `start`.
template <class LeafFn>
__attribute__((target("avx2"))) void traverse_box8(const Bvh& bvh, std::uint32_t start, const Aabb& box,
                                                   LeafFn& leaf) {
  std::uint32_t stack[kStackSize8];  // pops one and pushes at most eight a level: 7 x depth + 1
  int top = 0;
  stack[top++] = start;
  const __m256 qmin[3] = {_mm256_set1_ps(box.min.x), _mm256_set1_ps(box.min.y), _mm256_set1_ps(box.min.z)};
  const __m256 qmax[3] = {_mm256_set1_ps(box.max.x), _mm256_set1_ps(box.max.y), _mm256_set1_ps(box.max.z)};
  while (top > 0) {
    const BvhNode8& node = bvh.nodes8[stack[--top]];
    const float* mins[3] = {node.min_x, node.min_y, node.min_z};
    const float* maxs[3] = {node.max_x, node.max_y, node.max_z};
    __m256 ok = _mm256_cmp_ps(_mm256_load_ps(mins[0]), qmax[0], _CMP_LE_OQ);
    ok = _mm256_and_ps(ok, _mm256_cmp_ps(qmin[0], _mm256_load_ps(maxs[0]), _CMP_LE_OQ));
    for (int a = 1; a < 3; ++a) {
      ok = _mm256_and_ps(ok, _mm256_cmp_ps(_mm256_load_ps(mins[a]), qmax[a], _CMP_LE_OQ));
      ok = _mm256_and_ps(ok, _mm256_cmp_ps(qmin[a], _mm256_load_ps(maxs[a]), _CMP_LE_OQ));
    }
    visit_children(node, static_cast<unsigned>(_mm256_movemask_ps(ok)), stack, top, leaf);
  }
}

/// Visits the leaves whose boxes overlap `box` (closed intervals): `leaf(first, count, packet)`,
/// the leaf's triangles in Bvh::triangles and its first packet in Bvh::packets. The first
/// argument picks the nodes, as for traverse_segment (with_node_width chose it). In no set
/// order: every caller sorts what it collects. A box the occupancy bits clear visits nothing.
template <int W, class LeafFn>
void traverse_box(std::integral_constant<int, W>, const Bvh& bvh, const Aabb& box, LeafFn&& leaf) {
  if (bvh.empty()) return;
  std::uint32_t ref = W == 8 ? bvh.root8 : bvh.root;
  const __m128 lo = load3(box.min), hi = load3(box.max), h = _mm_set1_ps(0.5f);
  const __m128 center = _mm_mul_ps(_mm_add_ps(lo, hi), h), half = _mm_mul_ps(_mm_sub_ps(hi, lo), h);
  if (!occupancy_may_meet(bvh.occupancy, center, half) || !grid_start<W>(bvh, center, half, ref)) return;
  if (BvhNode4::is_leaf(ref)) {  // the root (no grid then)
    leaf(BvhNode4::leaf_first(ref), BvhNode4::leaf_count(ref), 0u);
  } else if constexpr (W == 8) {
    traverse_box8(bvh, ref, box, leaf);
  } else {
    traverse_box4(bvh, ref, box, leaf);
  }
}

}  // namespace collision::detail
