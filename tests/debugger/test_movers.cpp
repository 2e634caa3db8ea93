// A level's movers in the debugger (debugger/movers.hpp): stepped with the body, kept in the
// frame history (stepping back shows them where they were, exactly), drawn where they stand, and
// the two tours: oa_bases7's rides its lift, assets/oa_dm1_door.walk presses oa_dm1's button and
// walks through the bar door that blocks the same walk when the button is not pressed.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "debugger/app.hpp"
#include "debugger/scene.hpp"
#include "debugger/session.hpp"
#include "debugger/walk_script.hpp"
#include "renderer/image.hpp"

namespace {

namespace fs = std::filesystem;

bool have_maps() { return fs::exists("/usr/share/games/openarena/baseoa/pak1-maps.pk3"); }

nlohmann::json run(debugger::RunOptions o, const std::string& name, int* anomalies = nullptr) {
  o.width = 640;
  o.height = 360;
  o.validation = true;
  o.out = (fs::path(PRISM_TEST_OUTPUT_DIR) / name).string();
  fs::remove_all(o.out);
  const debugger::HeadlessResult r = debugger::run_headless(o);
  EXPECT_EQ(r.validation_messages, 0u) << "validation messages were printed above";
  if (anomalies) *anomalies = r.anomalies;
  std::ifstream in(r.report);
  return nlohmann::json::parse(in);
}

double z_at(const nlohmann::json& report, int frame) { return report["frames"][frame]["position"][2].get<double>(); }

// The session keeps the movers with its keyframes: every frame's state and mover poses, asked
// for out of order after the walk, are the ones the walk produced (bit for bit), and the lift's
// pose follows its ride.
TEST(Movers, SessionStepsBackToTheMoversAndStatesItRecorded) {
  if (!have_maps()) GTEST_SKIP() << "openarena-081-maps is not installed";
  const debugger::Scene scene = debugger::load_scene("oa_bases7");
  ASSERT_TRUE(scene.movers);
  ASSERT_FALSE(scene.default_walk.empty());
  debugger::Session session(*scene.world, debugger::spawn_config(scene), scene.movers);
  const debugger::WalkScript walk = debugger::parse_walk_script(scene.default_walk);
  const int frames = 400;
  std::vector<collision::CharacterState> states{session.last_state()};
  std::vector<debugger::MoverFrame> movers{*session.last_movers()};
  for (int f = 0; f < frames; ++f) {
    session.push(debugger::walk_input(walk, f, session.config().dt, scene.up, scene.spawn_yaw));
    states.push_back(session.last_state());
    movers.push_back(*session.last_movers());
  }
  std::uint32_t lift = 0;
  for (std::size_t m = 0; m < scene.movers->movers().movers.size(); ++m) {
    if (scene.movers->movers().movers[m].model == 3) lift = scene.movers->instance(m);
  }
  for (const int f : {399, 0, 250, 63, 64, 65, 130, 1, 320}) {
    const collision::CharacterState s = session.state_at(f);
    EXPECT_EQ(s.position, states[static_cast<std::size_t>(f)].position) << "frame " << f;
    EXPECT_EQ(s.ground_instance, states[static_cast<std::size_t>(f)].ground_instance) << "frame " << f;
    const std::optional<debugger::MoverFrame> m = session.movers_at(f);
    ASSERT_TRUE(m);
    ASSERT_EQ(m->poses.size(), movers[static_cast<std::size_t>(f)].poses.size());
    for (std::size_t i = 0; i < m->poses.size(); ++i) {
      EXPECT_EQ(m->poses[i].position, movers[static_cast<std::size_t>(f)].poses[i].position) << "frame " << f;
    }
  }
  // The lift rests 267 units down, and is at the top once the ride is over.
  EXPECT_NEAR(session.movers_at(0)->poses[lift].position.z, -16.0f - 267.0f + 16.0f + 8.0f, 30.0f);
  EXPECT_NEAR(session.movers_at(330)->poses[lift].position.z - session.movers_at(0)->poses[lift].position.z, 267.0f, 1e-3f);
  // A re-traced frame on the lift names it.
  collision::Trace trace;
  const collision::CharacterState on = session.retrace(200, trace);
  EXPECT_EQ(on.ground_instance, lift);
  EXPECT_EQ(trace.ground.instance, lift);
}

// oa_bases7's tour: from the floor by the spawn (z -288: the centre at -288 + 16 + skin) onto
// the lift, carried 267 units up to stand on its top (-16 + 16 + skin), off at the top; on the
// ground throughout, no anomaly, and the replayed session gives the same frames.
TEST(Movers, OaBases7TourRidesTheLiftToTheTop) {
  if (!have_maps()) GTEST_SKIP() << "openarena-081-maps is not installed";
  debugger::RunOptions o;
  o.scene = "oa_bases7";
  o.frames = 440;
  o.capture_frames = {200};
  o.find_anomalies = true;
  int anomalies = -1;
  const nlohmann::json j = run(o, "movers_bases7", &anomalies);
  EXPECT_EQ(anomalies, 0);
  const double skin = 0.16;  // 1% of the radius 16
  EXPECT_NEAR(z_at(j, 30), -288.0 + 16.0 + skin, 1e-3);
  EXPECT_NEAR(z_at(j, 350), -16.0 + 16.0 + skin, 1e-3);
  int rising = 0;
  for (int f = 30; f < 350; ++f) {
    ASSERT_EQ(j["frames"][f]["ground"], "on-ground") << "frame " << f;
    ASSERT_GE(z_at(j, f + 1), z_at(j, f) - 1e-3) << "frame " << f;  // never sinks on the way up
    rising += z_at(j, f + 1) > z_at(j, f) + 1.0;                     // 100 units/s: 1.67 a frame
  }
  EXPECT_NEAR(rising, 160, 2);  // 2.67 s of travel at 60 Hz
  EXPECT_GT(j["frames"][439]["position"][1].get<double>(), 150.0);  // walked off at the top
  // Replayed from its session: the same positions, bit for bit.
  debugger::RunOptions replay;
  replay.session = (fs::path(PRISM_TEST_OUTPUT_DIR) / "movers_bases7" / "session.prism").string();
  replay.frames = 440;
  const nlohmann::json k = run(replay, "movers_bases7_replay");
  ASSERT_EQ(k["frames"].size(), j["frames"].size());
  for (std::size_t f = 0; f < j["frames"].size(); ++f) {
    ASSERT_EQ(k["frames"][f]["position"], j["frames"][f]["position"]) << "frame " << f;
  }
  // The capture shows the lift in the movers' colour under the body.
  const renderer::RgbaImage png =
      renderer::read_png((fs::path(PRISM_TEST_OUTPUT_DIR) / "movers_bases7" / "oa_bases7_f000200.png").string());
  int slate = 0;
  for (std::uint32_t y = 0; y < png.height; ++y) {
    for (std::uint32_t x = 0; x < png.width; ++x) {
      const std::uint8_t* p = png.at(x, y);
      slate += p[2] > p[0] + 15 && p[2] > p[1] + 10;  // the slate blue, lit or under a panel (the level is brown)
    }
  }
  EXPECT_GT(slate, static_cast<int>(png.width * png.height / 10)) << "the lift covers part of the picture";
}

// oa_dm1's bar door: with the button pressed the body walks north through the bars' line
// (y 1352..1368) between x 412 and 464; without it, the same walk from the gap between the bars
// stops against their edges.
TEST(Movers, OaDm1DoorTourPressesTheButtonAndWalksThroughTheDoor) {
  if (!have_maps()) GTEST_SKIP() << "openarena-081-maps is not installed";
  debugger::RunOptions o;
  o.scene = "oa_dm1";
  o.walk = std::string(PRISM_SOURCE_DIR) + "/assets/oa_dm1_door.walk";
  o.setup.spawn = glm::vec3(456.0f, 1256.0f, -127.0f);
  o.frames = 300;
  o.capture_frames = {185};
  const nlohmann::json through = run(o, "movers_door");
  const auto& p = through["frames"][299]["position"];
  EXPECT_GT(p[1].get<double>(), 1368.0 + 100.0);
  EXPECT_GT(p[0].get<double>(), 412.0);
  EXPECT_LT(p[0].get<double>(), 464.0);
  // The same from the gap without pressing the button: the bars stand.
  const std::string no_press = (fs::path(PRISM_TEST_OUTPUT_DIR) / "door_no_press.walk").string();
  std::ofstream(no_press) << "0.5\n0.75\n2.5 yaw 90 forward 1 speed 0.5\n";
  o.walk = no_press;
  o.setup.spawn = glm::vec3(438.0f, 1256.0f, -127.0f);
  const nlohmann::json blocked = run(o, "movers_door_closed");
  const double y = blocked["frames"][299]["position"][1].get<double>();
  // At x 438 the sphere (r 16) meets both bars' vertical edges (x 428 and 448, 10 units to either
  // side) with its skin kept: its centre stops sqrt((16 + 0.16)^2 - 10^2) short of y 1352.
  EXPECT_NEAR(y, 1352.0 - std::sqrt(16.16 * 16.16 - 100.0), 0.01);
}

}  // namespace
