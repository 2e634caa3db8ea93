// The inspector's "why" of each candidate (debugger/src/live/candidate_why.hpp).
#include <string>

#include <gtest/gtest.h>

#include "live/candidate_why.hpp"

namespace {

TEST(CandidateWhy, OnlyTheAcceptedHitOfAnIterationIsCalledTheEarliest) {
  // The offset-prism method marks every triangle it hits: two hits of one iteration, at toi
  // 0.072 and 0.006, were both "(the earliest)" in the inspector.
  collision::SlideIteration it;
  it.desired_end = {1.0f, 0.0f, 0.0f};
  it.hit = true;
  it.toi = 0.006f;
  const collision::Triangle tri{{2, -1, -1}, {2, 1, -1}, {2, 0, 1}};
  const collision::Body body = collision::Body::sphere(0.5f);
  collision::TriangleTest later;
  later.verdict = collision::Verdict::kHit;
  later.toi = 0.072f;
  later.feature = collision::Feature::kFace;
  collision::TriangleTest earliest = later;
  earliest.toi = 0.006f;
  const std::string why_later = debugger::live::candidate_why(it, later, tri, body, it.toi);
  const std::string why_earliest = debugger::live::candidate_why(it, earliest, tri, body, it.toi);
  EXPECT_EQ(why_later, "hit at toi 0.0720 on its face, after the accepted 0.0060");
  EXPECT_EQ(why_earliest, "hit at toi 0.0060 on its face (the earliest)");
}

}  // namespace
