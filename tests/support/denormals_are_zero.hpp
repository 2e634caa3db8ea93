#pragma once
// The SSE denormals-are-zero and flush-to-zero modes (MXCSR bits 6 and 15), as a game may run
// with them: the core's SSE paths must give the same answers there. Shared by the tests that
// switch them on around one check and by the PRISM_TEST_DAZ listener (denormals_are_zero.cpp).
#include <xmmintrin.h>

#include <cstdlib>
#include <cstring>

namespace prism_test {

inline constexpr unsigned kDenormalsAreZeroBits = 0x8040u;  // FTZ (bit 15) | DAZ (bit 6)

/// True when the environment asks every test to run in these modes (PRISM_TEST_DAZ=1).
inline bool denormals_are_zero_requested() {
  const char* value = std::getenv("PRISM_TEST_DAZ");
  return value != nullptr && std::strcmp(value, "1") == 0;
}

inline void set_denormals_are_zero() { _mm_setcsr(_mm_getcsr() | kDenormalsAreZeroBits); }

/// Runs `f` with MXCSR set to `mode`, then restores the caller's MXCSR.
template <class F>
void with_mxcsr(unsigned mode, F&& f) {
  const unsigned saved = _mm_getcsr();
  _mm_setcsr(mode);
  f();
  _mm_setcsr(saved);
}

/// Runs `f` with both modes on, then restores the caller's MXCSR. (Why it matters: the BVH
/// traversal orders children by keys that are tiny denormal floats near time 0, every child
/// after a start overlap; compared as floats under DAZ they would be equal, and a min/max
/// network could keep one child twice and lose another. Queries must still give exactly what
/// the brute-force loops give.)
template <class F>
void with_denormals_are_zero(F&& f) {
  with_mxcsr(_mm_getcsr() | kDenormalsAreZeroBits, f);
}

/// Runs `f` with both modes off (as a game that never sets them runs), then restores the
/// caller's MXCSR: for the checks that compare the two modes, also under PRISM_TEST_DAZ=1.
template <class F>
void without_denormals_are_zero(F&& f) {
  with_mxcsr(_mm_getcsr() & ~kDenormalsAreZeroBits, f);
}

}  // namespace prism_test
