// Run-time choice of the SIMD path: the 8-wide AVX2 traversal where the CPU has it.
#include <cstdlib>
#include <cstring>

#include "collision/bvh.hpp"

namespace collision {

bool cpu_has_avx2() {
  // libgcc's check includes the OS's support for the YMM state (XGETBV), not only CPUID.
  // __builtin_cpu_init first: a World built by a static constructor may ask before libgcc's
  // own constructor has filled in the CPU's features.
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0 && __builtin_cpu_supports("fma") != 0;
  }();
  return has;
}

bool bvh_uses_avx2() {
  static const bool use = [] {
    const char* choice = std::getenv("PRISM_SIMD");
    return cpu_has_avx2() && !(choice != nullptr && std::strcmp(choice, "sse") == 0);
  }();
  return use;
}

}  // namespace collision
