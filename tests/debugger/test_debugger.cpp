// The debugger end to end (headless) and its recordings.
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "debugger/app.hpp"
#include "debugger/scene.hpp"
#include "debugger/session.hpp"
#include "debugger/session_file.hpp"
#include "debugger/walk_script.hpp"

namespace {

namespace fs = std::filesystem;
const fs::path kOut = PRISM_TEST_OUTPUT_DIR;

bool same_bits(const collision::CharacterState& a, const collision::CharacterState& b) {
  return std::memcmp(&a.position, &b.position, sizeof a.position) == 0 &&
         std::memcmp(&a.velocity, &b.velocity, sizeof a.velocity) == 0 && a.ground == b.ground &&
         a.ground_triangle == b.ground_triangle;
}

debugger::Session walk_default_scene(const debugger::Scene& scene, int frames) {
  const debugger::SessionConfig config = debugger::spawn_config(scene);
  debugger::Session session(*scene.world, config);
  const debugger::WalkScript walk = debugger::parse_walk_script(scene.default_walk);
  for (int f = 0; f < frames; ++f) session.push(debugger::walk_input(walk, f, config.dt, scene.up, config.start_yaw));
  return session;
}

TEST(Headless, DefaultSceneTourHasNoAnomaliesAndWritesPngsAndReport) {
  // The whole tour: stairs, thin wall, low ceiling, box corner, the 30/45/60 degree ramps, the
  // acute wedge and the obtuse crease (assets/default_scene.walk).
  const debugger::Scene scene = debugger::load_scene("default");
  const int tour_frames =
      static_cast<int>(std::lround(debugger::parse_walk_script(scene.default_walk).duration() * 60.0));
  ASSERT_GT(tour_frames, 2400);
  debugger::RunOptions o;
  o.frames = tour_frames;
  o.out = (kOut / "headless_default").string();
  o.capture_every = 400;
  o.find_anomalies = true;  // every kind of the finder: no false positive on the robust tour
  o.validation = true;
  fs::remove_all(o.out);
  const debugger::HeadlessResult r = debugger::run_headless(o);
  EXPECT_EQ(r.frames, tour_frames);
  EXPECT_EQ(r.anomalies, 0);
  EXPECT_EQ(r.validation_messages, 0u) << "validation messages were printed above";
  ASSERT_GE(r.captures.size(), 4u);
  for (const std::string& c : r.captures) EXPECT_GT(fs::file_size(fs::path(o.out) / c), 10000u) << c;
  std::ifstream in(r.report);
  const nlohmann::json j = nlohmann::json::parse(in);
  EXPECT_EQ(j["summary"]["anomalies"], 0);
  EXPECT_EQ(j["frames"].size(), static_cast<std::size_t>(tour_frames));
  EXPECT_GT(j["summary"]["events"]["step_up"].get<int>(), 0);  // the tour climbs the stairs
  EXPECT_GT(j["summary"]["events"]["contact_begin"].get<int>(), 0);
  EXPECT_GT(j["summary"]["events"]["crease"].get<int>(), 0);  // the wedge and the crease
}

TEST(Session, ReplayFromFileIsBitIdentical) {
  const debugger::Scene scene = debugger::load_scene("default");
  const debugger::Session recorded = walk_default_scene(scene, 700);
  const std::string path = (kOut / "replay.prism").string();
  debugger::save_session(path, scene.spec, recorded);
  const debugger::Session replayed = debugger::replay(*scene.world, debugger::load_session(path));
  ASSERT_EQ(replayed.frame_count(), recorded.frame_count());
  for (int f = 0; f <= recorded.frame_count(); f += 7)
    EXPECT_TRUE(same_bits(recorded.state_at(f), replayed.state_at(f))) << "frame " << f;
  EXPECT_TRUE(same_bits(recorded.last_state(), replayed.last_state()));
}

TEST(Session, StepBackThroughKeyframesIsExact) {
  const debugger::Scene scene = debugger::load_scene("default");
  const debugger::SessionConfig config = debugger::spawn_config(scene);
  debugger::Session session(*scene.world, config);
  const debugger::WalkScript walk = debugger::parse_walk_script(scene.default_walk);
  std::vector<collision::CharacterState> states{session.last_state()};
  for (int f = 0; f < 500; ++f) states.push_back(session.push(debugger::walk_input(walk, f, config.dt, scene.up, 0.0f)));
  for (int f = 500; f >= 0; --f) ASSERT_TRUE(same_bits(session.state_at(f), states[static_cast<std::size_t>(f)])) << f;
  collision::Trace trace;
  EXPECT_TRUE(same_bits(session.retrace(100, trace), states[101]));
}

TEST(Session, ReplayAfterAMethodChangeMidWalkIsBitIdentical) {
  // Changing the method forks the recording at the current end: the saved file replays the
  // frames before it with the old method and those after with the new, bit for bit.
  const debugger::Scene scene = debugger::load_scene("default");
  debugger::Session recorded = walk_default_scene(scene, 300);
  ASSERT_EQ(recorded.last_state().ground, collision::GroundState::kOnGround);
  recorded.set_method(collision::Method::kOffsetPrism);
  const debugger::WalkScript walk = debugger::parse_walk_script(scene.default_walk);
  for (int f = 300; f < 500; ++f) {
    recorded.push(debugger::walk_input(walk, f, recorded.config().dt, scene.up, recorded.config().start_yaw));
  }
  const std::string path = (kOut / "method_change.prism").string();
  debugger::save_session(path, scene.spec, recorded);
  const debugger::Session replayed = debugger::replay(*scene.world, debugger::load_session(path));
  ASSERT_EQ(replayed.frame_count(), 500);
  ASSERT_EQ(replayed.segments().size(), 2u);
  EXPECT_EQ(replayed.segment_at(299).params.move.method, collision::Method::kRobust);
  EXPECT_EQ(replayed.segment_at(300).params.move.method, collision::Method::kOffsetPrism);
  for (int f = 0; f <= recorded.frame_count(); f += 5)
    EXPECT_TRUE(same_bits(recorded.state_at(f), replayed.state_at(f))) << "frame " << f;
}

TEST(SessionFile, Version1FilesStillLoadAtRest) {
  const std::string path = (kOut / "version1.prism").string();
  std::ofstream(path) << "prism-session 1\nscene default\nmethod robust\nbody 0x1.99999ap-2 0x1.99999ap-2 "
                         "0x1.99999ap-2\nup 0x0p+0 0x1p+0 0x0p+0\ncharacter 0x1.68p+5 -0x1p+0 -0x1p+0 -0x1p+0 "
                         "-0x1p+0 -0x1p+0\nmove 4 -0x1p+0 0 -0x1p+0 -0x1p+0\ndt 0x1.111112p-6\n"
                         "start 0x0p+0 0x1.ccccccp-2 0x0p+0 0x0p+0\nframes 1\n"
                         "0x1p+0 0x0p+0 0x0p+0 0 0x1p+0 0x0p+0 0x0p+0\nend 1\n";
  const debugger::SessionRecording rec = debugger::load_session(path);
  EXPECT_EQ(rec.inputs.size(), 1u);
  EXPECT_EQ(rec.config.start_state.velocity, glm::vec3(0.0f));
  EXPECT_EQ(rec.config.start_state.ground, collision::GroundState::kInAir);
}

TEST(SessionFile, TruncatedFileGivesClearError) {
  const debugger::Scene scene = debugger::load_scene("default");
  const std::string path = (kOut / "truncated.prism").string();
  debugger::save_session(path, scene.spec, walk_default_scene(scene, 50));
  fs::resize_file(path, fs::file_size(path) / 2);
  try {
    debugger::load_session(path);
    FAIL() << "no error";
  } catch (const debugger::SessionError& e) {
    EXPECT_NE(std::string(e.what()).find("truncated.prism"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("line"), std::string::npos) << e.what();
  }
}

TEST(SessionFile, CorruptNumberGivesClearError) {
  const std::string path = (kOut / "corrupt.prism").string();
  std::ofstream(path) << "prism-session 1\nscene default\nmethod robust\nbody 0x1p-1 zz 0x1p-1\n";
  EXPECT_THROW(
      {
        try {
          debugger::load_session(path);
        } catch (const debugger::SessionError& e) {
          EXPECT_NE(std::string(e.what()).find("line 4: bad number 'zz'"), std::string::npos) << e.what();
          throw;
        }
      },
      debugger::SessionError);
  EXPECT_THROW(debugger::load_session((kOut / "missing.prism").string()), debugger::SessionError);
}

TEST(WalkScript, UnknownWordNamesTheLine) {
  EXPECT_THROW(debugger::parse_walk_script("1 forward 1\n2 fly\n"), std::runtime_error);
  const debugger::WalkScript s = debugger::parse_walk_script("# c\n1 yaw 90 forward 1 jump\n0.5\n");
  ASSERT_EQ(s.segments.size(), 2u);
  EXPECT_DOUBLE_EQ(s.duration(), 1.5);
}

}  // namespace
