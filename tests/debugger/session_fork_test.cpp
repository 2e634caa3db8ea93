// A fork keeps the past: Session::fork after truncate leaves every earlier state and trace as
// it was, and later frames run with the new method and body.
#include <gtest/gtest.h>

#include "debugger/scene.hpp"
#include "debugger/session.hpp"

namespace {

debugger::FrameInput forward(float yaw) {
  debugger::FrameInput in;
  in.yaw = yaw;
  in.character.wish = {1.0f, 0.0f, 0.0f};
  return in;
}

TEST(SessionFork, KeepsEveryStateBeforeTheForkAndRunsTheNewMethodAfterIt) {
  const debugger::Scene scene = debugger::load_scene("default");
  debugger::Session session(*scene.world, debugger::spawn_config(scene));
  for (int f = 0; f < 150; ++f) session.push(forward(0.0f));
  const debugger::Session before = session;

  session.truncate(70);
  collision::CharacterParams params = session.config().params;
  params.move.method = collision::Method::kOffsetPrism;
  session.fork(collision::Body::sphere(0.5f), params);
  for (int f = 0; f < 40; ++f) session.push(forward(0.0f));

  ASSERT_EQ(session.frame_count(), 110);
  ASSERT_EQ(session.segments().size(), 2u);
  for (int f = 0; f <= 69; ++f) {
    EXPECT_EQ(session.state_at(f + 1).position, before.state_at(f + 1).position) << "frame " << f;
    collision::Trace a, b;
    session.retrace(f, a);
    before.retrace(f, b);
    EXPECT_EQ(a.method, collision::Method::kRobust);
    EXPECT_EQ(a.end, b.end) << "frame " << f;
  }
  EXPECT_EQ(session.segment_at(69).params.move.method, collision::Method::kRobust);
  EXPECT_EQ(session.segment_at(70).params.move.method, collision::Method::kOffsetPrism);
  EXPECT_EQ(session.segment_at(70).body.radii.x, 0.5f);
  collision::Trace t;
  session.retrace(90, t);
  EXPECT_EQ(t.method, collision::Method::kOffsetPrism);
  // Re-simulation from keyframes agrees with what push returned across the fork.
  EXPECT_EQ(session.state_at(110).position, session.last_state().position);
  debugger::Session replay = session;
  replay.truncate(100);
  EXPECT_EQ(replay.state_at(100).position, session.state_at(100).position);
}

}  // namespace
