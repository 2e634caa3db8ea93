// Linked into the core's test programs (prism_test_support): with PRISM_TEST_DAZ=1 in the
// environment, every test runs with MXCSR's denormals-are-zero and flush-to-zero modes on, as
// a game may set them (the SSE paths must give the same answers there). CI runs the core's
// suites once so (tools/test.sh).
#include "denormals_are_zero.hpp"

#include <gtest/gtest.h>

namespace {

class DenormalsAreZero : public testing::EmptyTestEventListener {
  void OnTestStart(const testing::TestInfo&) override { prism_test::set_denormals_are_zero(); }
};

const bool registered = [] {
  if (prism_test::denormals_are_zero_requested()) {
    testing::UnitTest::GetInstance()->listeners().Append(new DenormalsAreZero);
  }
  return true;
}();

}  // namespace
