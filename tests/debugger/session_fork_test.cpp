// A fork keeps the past: Session::fork after truncate leaves every earlier state and trace as
// it was, and later frames run with the new method and body.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "debugger/scene.hpp"
#include "debugger/session.hpp"
#include "debugger/session_file.hpp"

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

TEST(SessionFork, ASavedForkedBranchReplaysItsWholeHistoryFromFrameZero) {
  const debugger::Scene scene = debugger::load_scene("default");
  debugger::Session parent(*scene.world, debugger::spawn_config(scene));
  for (int f = 0; f < 120; ++f) parent.push(forward(0.3f));

  // Fork at frame 60 to seed 000 and a larger body, then fork again at 90 to seed 001.
  debugger::Session branch = parent;
  branch.truncate(60);
  collision::CharacterParams params = branch.config().params;
  params.move.method = collision::Method::kOffsetPrism;
  branch.fork(collision::Body::sphere(0.45f), params);
  for (int f = 0; f < 30; ++f) branch.push(forward(0.3f));
  params.move.method = collision::Method::kSphereClassify;
  branch.fork(collision::Body::sphere(0.45f), params);
  for (int f = 0; f < 30; ++f) branch.push(forward(-0.4f));
  ASSERT_EQ(branch.segments().size(), 3u);

  const std::string path =
      (std::filesystem::path(PRISM_TEST_OUTPUT_DIR) / "forked_branch.prism").string();
  debugger::save_session(path, scene.spec, branch);
  const debugger::SessionRecording rec = debugger::load_session(path);
  ASSERT_EQ(rec.forks.size(), 2u);
  EXPECT_EQ(rec.config.params.move.method, collision::Method::kRobust);
  const debugger::Session loaded = debugger::replay(*scene.world, rec);

  ASSERT_EQ(loaded.frame_count(), branch.frame_count());
  ASSERT_EQ(loaded.segments().size(), 3u);
  for (int f = 0; f < 60; ++f)  // before the fork: the parent's frames, bit for bit
    ASSERT_EQ(loaded.state_at(f + 1).position, parent.state_at(f + 1).position) << "frame " << f;
  for (int f = 0; f < branch.frame_count(); ++f)  // all of it: the branch's
    ASSERT_EQ(loaded.state_at(f + 1).position, branch.state_at(f + 1).position) << "frame " << f;
  EXPECT_NE(loaded.state_at(120).position, parent.state_at(120).position);
  for (int f : {59, 60, 89, 90, 119}) {
    collision::Trace a, b;
    loaded.retrace(f, a);
    branch.retrace(f, b);
    EXPECT_EQ(a.method, b.method) << "frame " << f;
    EXPECT_EQ(a.end, b.end) << "frame " << f;
  }
  EXPECT_EQ(loaded.segment_at(60).body.radii.x, 0.45f);
  EXPECT_EQ(loaded.segment_at(90).params.move.method, collision::Method::kSphereClassify);

  // Saved again, the file is the same (the forks round-trip).
  const std::string again = path + ".again";
  debugger::save_session(again, scene.spec, loaded);
  auto read = [](const std::string& p) {
    std::ifstream in(p);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  EXPECT_EQ(read(path), read(again));
}

}  // namespace
