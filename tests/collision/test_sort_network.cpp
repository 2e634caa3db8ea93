// The 8-wide traversal's sorting network (bvh_traverse.hpp, sort8_ascending): a ray's pushes at a
// node that enters three or more children come out of it, so it must sort any eight keys as
// std::sort does: entry-time keys, the key of a child not entered (0x7FFFFFFF), repeats.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <random>

#include <gtest/gtest.h>

#include "bvh/bvh_traverse.hpp"
#include "collision/bvh.hpp"

namespace {

using Keys = std::array<std::int32_t, 8>;

__attribute__((target("avx2,fma"))) Keys sorted_by_network(const Keys& in) {
  alignas(32) Keys out;
  const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in.data()));
  _mm256_store_si256(reinterpret_cast<__m256i*>(out.data()), collision::detail::sort8_ascending(v));
  return out;
}

TEST(SortNetwork, SortsEveryPermutationOfDistinctKeys) {
  if (!collision::cpu_has_avx2()) GTEST_SKIP() << "this CPU has no AVX2: the network is never run";
  Keys keys = {0, 1, 2, 3, 4, 5, 6, 7};
  int permutations = 0;
  do {
    const Keys sorted = sorted_by_network(keys);
    ASSERT_TRUE(std::is_sorted(sorted.begin(), sorted.end())) << "permutation " << permutations;
    ASSERT_EQ(sorted, (Keys{0, 1, 2, 3, 4, 5, 6, 7}));
    ++permutations;
  } while (std::next_permutation(keys.begin(), keys.end()));
  EXPECT_EQ(permutations, 40320);
}

TEST(SortNetwork, SortsTraversalKeysWithRepeatsAndChildrenNotEntered) {
  if (!collision::cpu_has_avx2()) GTEST_SKIP() << "this CPU has no AVX2: the network is never run";
  std::mt19937 rng(18);
  std::uniform_real_distribution<float> time(0.0f, 1.0f);
  std::uniform_int_distribution<int> pick(0, 3);
  for (int trial = 0; trial < 20000; ++trial) {
    Keys keys;
    for (int lane = 0; lane < 8; ++lane) {
      const int kind = pick(rng);
      const float t = kind == 0 ? 0.0f : kind == 1 ? 0.5f : time(rng);  // repeats: 0 and 0.5 often
      const auto bits = std::bit_cast<std::int32_t>(t);
      keys[lane] = kind == 3 && lane % 2 == 0 ? 0x7FFFFFFF : ((bits & ~7) | lane);  // some not entered
    }
    Keys expected = keys;
    std::sort(expected.begin(), expected.end());
    ASSERT_EQ(sorted_by_network(keys), expected) << "trial " << trial;
  }
}

}  // namespace
