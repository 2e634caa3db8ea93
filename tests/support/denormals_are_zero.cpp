// Linked into the core's test programs (prism_test_support): with PRISM_TEST_DAZ=1 in the
// environment, every test runs with MXCSR's denormals-are-zero and flush-to-zero modes on, as
// a game may set them (the SSE paths must give the same answers there). CI runs the core's
// suites once so (tools/test.sh).
#include <immintrin.h>

#include <cstdlib>
#include <cstring>

#include <gtest/gtest.h>

namespace {

class DenormalsAreZero : public testing::EmptyTestEventListener {
  void OnTestStart(const testing::TestInfo&) override { _mm_setcsr(_mm_getcsr() | 0x8040u); }
};

const bool registered = [] {
  const char* value = std::getenv("PRISM_TEST_DAZ");
  if (value != nullptr && std::strcmp(value, "1") == 0) {
    testing::UnitTest::GetInstance()->listeners().Append(new DenormalsAreZero);
  }
  return true;
}();

}  // namespace
