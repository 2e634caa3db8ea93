// Live mode's frame control and key scripts, without a window: stepping shows exactly the
// recorded frames, branching drops the later ones, pause on event stops on the event's frame.
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "debugger/scene.hpp"
#include "debugger/walk_script.hpp"
#include "live/controls.hpp"
#include "live/frame_control.hpp"

namespace {

using namespace debugger;
using namespace debugger::live;

struct Fixture {
  LiveState s;
  WalkScript walk;
  InputSource source;
  Fixture() {
    s.scene = load_scene("default");
    s.base_params.up = s.scene.up;
    SessionConfig c;
    c.body = s.scene.body;
    c.params = s.base_params;
    c.start = s.scene.spawn;
    c.start_yaw = s.scene.spawn_yaw;
    start_recording(s, c);
    walk = parse_walk_script(s.scene.default_walk);
    source = [this](int f) { return walk_input(walk, f, s.session->config().dt, s.scene.up, s.scene.spawn_yaw); };
  }
  bool same(const collision::CharacterState& a, const collision::CharacterState& b) {
    return a.position == b.position && a.velocity == b.velocity && a.ground == b.ground;
  }
};

TEST(LiveFrameControl, StepBackAndForwardShowExactlyTheRecordedFrames) {
  Fixture f;
  std::vector<collision::CharacterState> after;
  for (int i = 0; i < 150; ++i) {
    record_frame(f.s, f.source(i));
    after.push_back(f.s.view.after);
  }
  EXPECT_TRUE(at_end(f.s));
  FrameCommand back;
  back.step = -10;
  apply_command(f.s, back, f.source);
  EXPECT_TRUE(f.s.playback.paused);
  EXPECT_EQ(f.s.view.frame, 139);
  EXPECT_TRUE(f.same(f.s.view.after, after[139]));
  step_frames(f.s, -1, f.source);
  EXPECT_EQ(f.s.view.frame, 138);
  EXPECT_TRUE(f.same(f.s.view.after, after[138]));
  EXPECT_TRUE(f.same(f.s.view.before, after[137]));
  step_frames(f.s, 1, f.source);
  EXPECT_TRUE(f.same(f.s.view.after, after[139]));
  EXPECT_EQ(f.s.session->frame_count(), 150) << "stepping inside the recording records nothing";
  show_frame(f.s, 149);
  step_frames(f.s, 1, f.source);  // past the end: a new frame
  EXPECT_EQ(f.s.session->frame_count(), 151);
  EXPECT_EQ(f.s.view.frame, 150);
}

TEST(LiveFrameControl, BranchDropsTheLaterFramesTheirEventsAndPlots) {
  Fixture f;
  for (int i = 0; i < 300; ++i) record_frame(f.s, f.source(i));
  const std::size_t events = f.s.timeline.events.size();
  show_frame(f.s, 100);
  branch_here(f.s);
  EXPECT_EQ(f.s.session->frame_count(), 101);
  EXPECT_EQ(f.s.timeline.speed.size(), 101u);
  EXPECT_LT(f.s.timeline.events.size(), events);
  for (const Event& e : f.s.timeline.events) EXPECT_LE(e.frame, 100);
  EXPECT_TRUE(at_end(f.s));
}

TEST(LiveFrameControl, PauseOnContactBeginStopsOnTheFirstWallHit) {
  Fixture f;
  f.s.playback.pause_on[static_cast<std::size_t>(EventKind::kContactBegin)] = true;
  for (int tick = 0; tick < 600 && !f.s.playback.paused; ++tick) advance(f.s, f.s.session->config().dt, f.source);
  ASSERT_TRUE(f.s.playback.paused);
  EXPECT_EQ(f.s.view.frame, 69) << "the tour's first wall contact (the first stair riser)";
  EXPECT_NE(f.s.playback.paused_by.find("contact_begin"), std::string::npos);
  // Previous / next event from there.
  EXPECT_EQ(neighbour_event(f.s.timeline, 69, +1), std::nullopt);
  ASSERT_TRUE(neighbour_event(f.s.timeline, 69, -1).has_value() || f.s.timeline.events.front().frame == 69);
}

TEST(LiveFrameControl, NextAnomalySkipsOtherEventsInBothDirections) {
  Timeline t;
  t.events = {{EventKind::kContactBegin, 3, {}}, {EventKind::kJitter, 5, {}}, {EventKind::kCrease, 7, {}},
              {EventKind::kEarlyCatch, 9, {}}, {EventKind::kStepUp, 12, {}}};
  EXPECT_EQ(neighbour_event(t, 0, +1, true), 5);
  EXPECT_EQ(neighbour_event(t, 5, +1, true), 9);
  EXPECT_EQ(neighbour_event(t, 9, +1, true), std::nullopt);
  EXPECT_EQ(neighbour_event(t, 12, -1, true), 9);
  EXPECT_EQ(neighbour_event(t, 9, -1, true), 5);
  EXPECT_EQ(neighbour_event(t, 5, -1, true), std::nullopt);
  EXPECT_EQ(neighbour_event(t, 5, +1), 7);  // every event without the flag
}

TEST(LiveFrameControl, NextAnomalyKeyJumpsToTheSeedsFailureOnAZooScene) {
  LiveState s;
  s.scene = load_scene("zoo:wedge");
  s.base_params.up = s.scene.up;
  SessionConfig c;
  c.body = s.scene.body;
  c.params = s.base_params;
  c.params.move.method = collision::Method::kOffsetPrism;
  c.start = s.scene.spawn;
  c.start_yaw = s.scene.spawn_yaw;
  start_recording(s, c);
  const WalkScript walk = parse_walk_script(s.scene.default_walk);
  for (int i = 0; i < 150; ++i) record_frame(s, walk_input(walk, i, c.dt, s.scene.up, c.start_yaw));
  show_frame(s, 0);
  FrameCommand next;
  next.anomaly_jump = 1;
  apply_command(s, next, [&](int f) { return walk_input(walk, f, c.dt, s.scene.up, c.start_yaw); });
  EXPECT_EQ(s.view.frame, 126) << "seed 000 caught by the wedge's prism spike";
  EXPECT_TRUE(s.playback.paused);
}

// While the window records new frames (playing at the end of the recording), the view's moving
// parts are those after each new frame, as stepping back to the frame shows them: a scene
// file's lift rising 0.5 m/s is drawn where it stands (it was drawn at its start while the body
// and the standing character moved on), and the character on it with it.
TEST(LiveFrameControl, RecordingNewFramesShowsTheMoversWhereTheyStand) {
  const std::string dir = ::testing::TempDir() + "live_movers";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/floor.obj") << "v -20 0 -20\nv 20 0 -20\nv 20 0 20\nv -20 0 20\nf 1 3 2\nf 1 4 3\n";
  std::ofstream(dir + "/scene.json") << R"({"level": "floor.obj",
    "instances": [{"box": [1, 0.25, 1], "position": [5, 0.25, 0], "velocity": [0, 0.5, 0]}],
    "characters": [{"sphere": 0.3, "skin": 0.02, "position": [5, 0.82, 0]}]})";
  LiveState s;
  SceneSetup setup;
  setup.body = collision::Body::sphere(0.3f);
  setup.spawn = glm::vec3(0.0f, 0.303f, 0.0f);
  s.scene = load_scene(dir + "/scene.json", setup);
  ASSERT_TRUE(s.scene.movers);
  start_recording(s, spawn_config(s.scene));
  for (int i = 0; i < 30; ++i) record_frame(s, FrameInput{});
  ASSERT_TRUE(s.view.movers);
  EXPECT_EQ(s.view.movers->frames, 30);
  EXPECT_NEAR(s.view.movers->poses[0].position.y, 0.25f + 0.5f * 30.0f / 60.0f, 1e-4f);
  ASSERT_EQ(s.view.movers->characters.size(), 1u);
  EXPECT_NEAR(s.view.movers->characters[0].position.y, 0.82f + 0.25f, 2e-3f);
  const MoverFrame recorded = *s.view.movers;
  show_frame(s, 10);
  show_frame(s, 29);
  EXPECT_EQ(s.view.movers->poses[0].position, recorded.poses[0].position);
  EXPECT_EQ(s.view.movers->characters[0].position, recorded.characters[0].position);
}

TEST(KeyScript, ParsesEventsAndNamesTheBadLine) {
  KeyScript k = parse_key_script("# test\n3 tap P\n1 down W\n2 click 10 20\n5 compare offset-prism\n9 exit\n");
  ASSERT_EQ(k.events.size(), 5u);
  EXPECT_EQ(k.events[0].tick, 1);
  const InputFrame t1 = scripted_input(k, 1);
  EXPECT_TRUE(t1.was_pressed(Key::kW));
  EXPECT_TRUE(t1.is_held(Key::kW));
  const InputFrame t2 = scripted_input(k, 2);
  EXPECT_FALSE(t2.was_pressed(Key::kW));
  EXPECT_TRUE(t2.is_held(Key::kW));
  ASSERT_TRUE(t2.click.has_value());
  EXPECT_TRUE(scripted_input(k, 3).was_pressed(Key::kP));
  EXPECT_FALSE(scripted_input(k, 4).is_held(Key::kP)) << "a tap releases the key after its frame";
  try {
    parse_key_script("1 tap P\n2 tap NOPE\n");
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("line 2"), std::string::npos) << e.what();
  }
}

}  // namespace
