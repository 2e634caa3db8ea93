// The build rounds as the source is written: no a * b + c contracted into a fused multiply-add,
// whatever the target (the top-level CMakeLists.txt passes -ffp-contract=off). Without it a
// -march=native build on an FMA machine computes the sweeps and predicates with different
// rounding from the default build, and this test fails there.
#include <gtest/gtest.h>

#include "denormals_are_zero.hpp"

namespace {

// a * b - c * d with a == c and b == d: exactly 0 when both products are rounded, the rounding
// error of c * d (not 0) when the first product is fused into the subtraction.
double cross_difference(double a, double b, double c, double d) { return a * b - c * d; }

}  // namespace

TEST(FloatingPoint, ProductsAreRoundedAsWrittenOnEveryTarget) {
  volatile double x = 1.0 + 0x1p-27;  // x * x = 1 + 2^-26 + 2^-54: the last term rounds away
  const double a = x, b = x, c = x, d = x;
  EXPECT_EQ(cross_difference(a, b, c, d), 0.0);
  volatile float y = 1.0f + 0x1p-12f;
  const float e = y;
  EXPECT_EQ(e * e - e * e, 0.0f);
}

// The PRISM_TEST_DAZ switch (tests/support/denormals_are_zero.cpp) takes effect: with it, a
// denormal reads as 0 in SSE arithmetic and a denormal result is flushed to 0; without it,
// both survive (the default mode, which the rest of the suite runs in).
TEST(FloatingPoint, DenormalsAreZeroSwitchTakesEffect) {
  const bool daz = prism_test::denormals_are_zero_requested();
  volatile float denormal = 1e-40f;
  volatile float tiny = 1e-30f;
  const float sum = denormal + 0.0f;
  const float product = tiny * 1e-10f;
  EXPECT_EQ(sum == 0.0f, daz);
  EXPECT_EQ(product == 0.0f, daz);
}
