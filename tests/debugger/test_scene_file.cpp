// A scene file (*.json: collision_io/scene_file.hpp) in the debugger: its instances move at their
// velocities and keys, its characters stand (gravity, no input) and block the body, all kept in
// the frame history (stepping back shows them where they were, exactly); the other characters
// are drawn in olive and the camera follows any of them (--follow cN, key V).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "debugger/app.hpp"
#include "debugger/command_line.hpp"
#include "debugger/overlay.hpp"
#include "debugger/palette.hpp"
#include "debugger/scene.hpp"
#include "debugger/session.hpp"
#include "debugger/session_file.hpp"
#include "renderer/image.hpp"

namespace {

namespace fs = std::filesystem;

// DIR/scene.json holding `json`, beside DIR/floor.obj: a floor y = 0, 40 x 40 (its "level").
std::string write_scene_file(const std::string& dir_name, const std::string& json) {
  const fs::path dir = fs::path(PRISM_TEST_OUTPUT_DIR) / dir_name;
  fs::create_directories(dir);
  std::ofstream(dir / "floor.obj") << "v -20 0 -20\nv 20 0 -20\nv 20 0 20\nv -20 0 20\nf 1 3 2\nf 1 4 3\n";
  std::ofstream(dir / "scene.json") << json;
  return (dir / "scene.json").string();
}

// On the floor: a lift 2 x 0.5 x 2 at x = 5 rising at 0.5 m/s until t = 1 s with c1 standing on
// it; c0 a metre above the floor at x = -2.
std::string write_scene(const std::string& dir_name) {
  return write_scene_file(dir_name, R"({
    "level": "floor.obj",
    "instances": [{"box": [1, 0.25, 1], "position": [5, 0.25, 0], "velocity": [0, 0.5, 0],
                   "keys": [{"time": 1.0, "velocity": [0, 0, 0]}]}],
    "characters": [{"sphere": 0.3, "skin": 0.02, "position": [-2, 1.32, 0]},
                   {"sphere": 0.3, "skin": 0.02, "position": [5, 0.82, 0]}]
  })");
}

debugger::SceneSetup sphere_at_origin() {
  debugger::SceneSetup setup;
  setup.body = collision::Body::sphere(0.3f);
  setup.spawn = glm::vec3(0.0f, 0.303f, 0.0f);
  return setup;
}

debugger::FrameInput walk_west() {
  debugger::FrameInput in;
  in.character.wish = glm::vec3(-1.0f, 0.0f, 0.0f);
  return in;
}

}  // namespace

// c0 falls to the floor (one skin above it), c1 rides the lift to its top at 1.0 + 0.32; the
// body walking west stops against c0 with both skins kept (centres 0.6 + both skins apart, as
// Jolt's CharacterVsCharacter keeps them); every frame's states, asked for out of order after
// the walk, are the ones the walk produced, bit for bit.
TEST(SceneFileSession, OtherCharactersStandRideAndBlockAndStepBackExactly) {
  const debugger::Scene scene = debugger::load_scene(write_scene("scene_file_session"), sphere_at_origin());
  ASSERT_TRUE(scene.movers);
  ASSERT_EQ(scene.movers->character_count(), 2u);
  EXPECT_EQ(scene.movers->own_character(), 2u);
  EXPECT_EQ(scene.name, "scene");
  debugger::Session session(*scene.world, debugger::spawn_config(scene), scene.movers);
  const float skin = session.config().params.move.resolved_skin(session.config().body);
  std::vector<collision::CharacterState> states{session.last_state()};
  std::vector<debugger::MoverFrame> movers{*session.last_movers()};
  const int frames = 180;
  for (int f = 0; f < frames; ++f) {
    session.push(f < 60 ? debugger::FrameInput{} : walk_west());
    states.push_back(session.last_state());
    movers.push_back(*session.last_movers());
  }
  const debugger::MoverFrame& end = movers.back();
  ASSERT_EQ(end.characters.size(), 2u);
  EXPECT_NEAR(end.characters[0].position.y, 0.32f, 1e-4f);
  EXPECT_EQ(end.characters[0].ground, collision::GroundState::kOnGround);
  EXPECT_NEAR(movers[90].characters[1].position.y, 1.0f + 0.32f, 1e-3f);  // the lift stopped at t = 1 s, 0.5 up
  EXPECT_NEAR(end.poses[0].position.y, 0.75f, 1e-4f);
  EXPECT_NEAR(states.back().position.x, -2.0f + 0.6f + 0.02f + skin, 1e-3f);
  bool touches_c0 = false;
  for (const collision::Contact& c : states.back().contacts) touches_c0 |= c.instance == collision::kCharacterInstance;
  EXPECT_TRUE(touches_c0);
  for (const int f : {179, 0, 61, 120, 1, 90, 150}) {
    const collision::CharacterState s = session.state_at(f);
    EXPECT_EQ(s.position, states[static_cast<std::size_t>(f)].position) << "frame " << f;
    const std::optional<debugger::MoverFrame> m = session.movers_at(f);
    ASSERT_TRUE(m);
    for (std::size_t i = 0; i < 2; ++i) {
      EXPECT_EQ(m->characters[i].position, movers[static_cast<std::size_t>(f)].characters[i].position) << "frame " << f;
    }
    EXPECT_EQ(m->poses[0].position, movers[static_cast<std::size_t>(f)].poses[0].position) << "frame " << f;
  }
  // What carries c1 (the note the panels show for a body on a mover).
  EXPECT_EQ(debugger::ground_mover_note(scene.movers.get(), movers[30], movers[30].characters[1]),
            "on box i0, moving 0 0.5 0 units/s");
}

// Headless with --follow c1: the capture frames c1 on its lift, the other characters drawn in
// olive; an unknown character or a malformed value is refused, naming the option.
TEST(SceneFileSession, HeadlessFollowsAnyCharacterAndDrawsTheOthersInOlive) {
  const std::string scene = write_scene("scene_file_headless");
  const fs::path out = fs::path(PRISM_TEST_OUTPUT_DIR) / "scene_file_headless" / "out";
  fs::remove_all(out);
  const debugger::CommandLine c = debugger::parse_command_line(
      {"--headless", "--scene", scene, "--body", "sphere:0.3", "--spawn", "0,0.303,0", "--frames", "90", "--capture-frames",
       "89", "--size", "960x540", "--follow", "c1", "--out", out.string(), "--validation"});
  debugger::RunOptions o = c.options;
  const debugger::HeadlessResult r = debugger::run_headless(o);
  EXPECT_EQ(r.validation_messages, 0u);
  const fs::path png = out / "scene_f000089.png";
  ASSERT_TRUE(fs::exists(png)) << png;
  const renderer::RgbaImage image = renderer::read_png(png.string());
  const renderer::Colour olive = debugger::palette::kOtherCharacter;
  std::size_t olive_pixels = 0, centre_olive = 0;
  for (std::uint32_t y = 0; y < image.height; ++y) {
    for (std::uint32_t x = 0; x < image.width; ++x) {
      const std::uint8_t* p = image.at(x, y);
      const int dr = static_cast<int>(p[0]) - static_cast<int>(olive & 0xFF);
      const int dg = static_cast<int>(p[1]) - static_cast<int>((olive >> 8) & 0xFF);
      const int db = static_cast<int>(p[2]) - static_cast<int>((olive >> 16) & 0xFF);
      if (dr * dr + dg * dg + db * db < 12 * 12) {
        ++olive_pixels;
        if (std::abs(static_cast<int>(x) - 480) < 160 && y < 300) ++centre_olive;
      }
    }
  }
  EXPECT_GT(olive_pixels, 100u);
  EXPECT_GT(centre_olive, 50u) << "the followed character is framed in the middle of the view";

  o.camera.character = 2;
  try {
    debugger::run_headless(o);
    ADD_FAILURE() << "--follow c2 ran";
  } catch (const std::exception& e) {
    EXPECT_EQ(std::string(e.what()), "--follow c2: the scene has 2 other characters (c0, c1)");
  }
  EXPECT_THROW(debugger::parse_command_line({"--follow", "x1"}), std::exception);
  EXPECT_THROW(debugger::parse_command_line({"--follow", "c-1"}), std::exception);
}

// A method change mid-walk on a scene with movers, saved and replayed: the replay is the same
// frames and the same instances and characters (the change forks the history: the movers'
// state at the change need not be in the file).
TEST(SceneFileSession, MethodChangeSavedAndReplayedKeepsTheMoversHistory) {
  const std::string spec = write_scene("scene_file_method");
  const debugger::Scene scene = debugger::load_scene(spec, sphere_at_origin());
  debugger::Session recorded(*scene.world, debugger::spawn_config(scene), scene.movers);
  for (int f = 0; f < 30; ++f) recorded.push(debugger::FrameInput{});
  recorded.set_method(collision::Method::kOffsetPrism);
  for (int f = 30; f < 50; ++f) recorded.push(walk_west());
  recorded.set_method(collision::Method::kRobust);
  for (int f = 50; f < 120; ++f) recorded.push(walk_west());
  const std::string path = (fs::path(PRISM_TEST_OUTPUT_DIR) / "scene_file_method" / "session.prism").string();
  debugger::save_session(path, scene.spec, recorded);
  const debugger::SessionRecording rec = debugger::load_session(path);
  EXPECT_EQ(rec.scene, spec);
  const debugger::Scene again = debugger::load_scene(rec.scene, sphere_at_origin());
  const debugger::Session replayed = debugger::replay(*again.world, rec, nullptr, again.movers);
  ASSERT_EQ(replayed.frame_count(), 120);
  for (const int f : {0, 29, 30, 31, 49, 50, 51, 90, 120}) {
    EXPECT_EQ(replayed.state_at(f).position, recorded.state_at(f).position) << "frame " << f;
    const std::optional<debugger::MoverFrame> a = recorded.movers_at(f), b = replayed.movers_at(f);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->poses[0].position, b->poses[0].position) << "frame " << f;
    EXPECT_EQ(a->characters[1].position, b->characters[1].position) << "frame " << f;
  }
  // The classic method's 20 frames step the level alone: the movers and their keys' clock hold
  // still (movers.hpp), so the lift rises its 0.5 over the 60 robust frames around them.
  EXPECT_NEAR(recorded.movers_at(49)->poses[0].position.y, 0.25f + 0.5f * 30.0f / 60.0f, 1e-4f);
  EXPECT_NEAR(recorded.movers_at(70)->poses[0].position.y, 0.25f + 0.5f * 50.0f / 60.0f, 1e-4f);
  EXPECT_NEAR(recorded.movers_at(120)->poses[0].position.y, 0.75f, 1e-4f);
}

// What a click picks (SessionMovers::raycast): the instances where they stand in the shown frame,
// a rotated one by its own frame, through a character (not a triangle), and the level behind a
// place a mover does not cover; the picked triangle in world space and the mover in words.
TEST(SceneFileSession, PickingFindsAMoverWhereItStandsAndNamesItsTriangle) {
  // i0 rises at 0.5 m/s for 1 s; i1 is 2 x 4 in x, z turned a quarter about y (4 x 2 in the world).
  const std::string file = write_scene_file("scene_file_pick", R"({
    "level": "floor.obj",
    "instances": [{"box": [1, 0.25, 1], "position": [5, 0.25, 0], "velocity": [0, 0.5, 0],
                   "keys": [{"time": 1.0, "velocity": [0, 0, 0]}]},
                  {"box": [1, 0.25, 2], "position": [-8, 0.25, 0], "rotation": [0, 0.70710678, 0, 0.70710678]}],
    "characters": [{"sphere": 0.3, "skin": 0.02, "position": [5, 0.82, 0]}]
  })");
  const debugger::Scene scene = debugger::load_scene(file, sphere_at_origin());
  ASSERT_TRUE(scene.movers);
  debugger::Session session(*scene.world, debugger::spawn_config(scene), scene.movers);
  const debugger::SessionMovers& movers = *scene.movers;
  const glm::vec3 down(0.0f, -10.0f, 0.0f);

  collision::RayHit h = movers.raycast(movers.start(), glm::vec3(5.0f, 5.0f, 0.0f), down);
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.instance, 0u);  // through the character standing on it
  EXPECT_NEAR(h.point.y, 0.5f, 1e-5f);
  EXPECT_NEAR(h.t, 0.45f, 1e-6f);
  EXPECT_NEAR(h.normal.y, 1.0f, 1e-6f);
  const collision::Triangle top = movers.instance_triangle(movers.start(), 0, h.triangle);
  for (const glm::vec3& corner : {top.a, top.b, top.c}) EXPECT_NEAR(corner.y, 0.5f, 1e-6f);

  for (int f = 0; f < 30; ++f) session.push(debugger::FrameInput{});
  const std::optional<debugger::MoverFrame> half = session.movers_at(30);  // t = 0.5 s: 0.25 up
  ASSERT_TRUE(half);
  h = movers.raycast(*half, glm::vec3(5.5f, 5.0f, 0.5f), down);
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.instance, 0u);
  EXPECT_NEAR(h.point.y, 0.75f, 1e-4f);
  EXPECT_EQ(debugger::instance_note(&movers, half, 0, h.point), "box i0, moving 0 0.5 0 units/s");
  const collision::Triangle risen = movers.instance_triangle(*half, 0, h.triangle);
  EXPECT_NEAR(risen.a.y, 0.75f, 1e-4f);

  // The turned box covers x in [-10, -6] and z in [-1, 1]: a point it covers only turned, and one
  // it covers only unturned (the floor there).
  h = movers.raycast(*half, glm::vec3(-6.5f, 5.0f, 0.0f), down);
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.instance, 1u);
  EXPECT_NEAR(h.point.y, 0.5f, 1e-5f);
  EXPECT_EQ(debugger::instance_note(&movers, half, 1, h.point), "box i1, moving 0 0 0 units/s");
  h = movers.raycast(*half, glm::vec3(-8.0f, 5.0f, 1.5f), down);
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.instance, collision::kStaticLevel);
  EXPECT_NEAR(h.point.y, 0.0f, 1e-5f);
  EXPECT_EQ(debugger::instance_note(&movers, half, collision::kStaticLevel, h.point), "");
}

// The body walks east into a box turned 30 degrees about y: the frame's trace lists the box's
// triangles among its candidates (named by their instance), and the overlay paints the one hit
// on the box's own draw in the hits' colour and draws its offset prism where the box stands;
// the level's highlights name the floor's triangles alone.
TEST(SceneFileSession, OverlayHighlightsTheMoverTriangleHitAndDrawsItsPrism) {
  const std::string file = write_scene_file("scene_file_prism", R"({
    "level": "floor.obj",
    "instances": [{"box": [0.5, 1, 0.5], "position": [2, 1, 0], "rotation": [0, 0.25881905, 0, 0.96592583]}]
  })");
  const debugger::Scene scene = debugger::load_scene(file, sphere_at_origin());
  ASSERT_TRUE(scene.movers);
  debugger::Session session(*scene.world, debugger::spawn_config(scene), scene.movers);
  debugger::FrameInput east;
  east.character.wish = glm::vec3(1.0f, 0.0f, 0.0f);
  collision::Trace trace;
  const collision::SlideIteration* hit = nullptr;
  for (int f = 0; f < 240 && !hit; ++f) {
    trace.clear();
    session.push(east, &trace);
    for (const collision::SlideIteration& it : trace.iterations)
      if (it.hit && it.instance == 0u) hit = &it;
  }
  ASSERT_NE(hit, nullptr) << "the body never met the box";
  const auto marked = std::count_if(hit->tests.begin(), hit->tests.end(), [&](const collision::TriangleTest& t) {
    return t.instance == 0u && t.triangle == hit->triangle && t.verdict == collision::Verdict::kHit;
  });
  EXPECT_EQ(marked, 1);

  debugger::OverlayFrame overlay;
  const debugger::TraceMovers movers{scene.movers.get(), &*session.last_movers()};
  debugger::build_overlay(trace, *scene.world, session.config().body, session.last_state(), scene.up, 45.0f,
                          debugger::OverlayOptions{}, overlay, movers);
  ASSERT_GE(overlay.mover_highlights.size(), 1u);
  const renderer::Colour hits = debugger::overlay_style(debugger::Overlay::kHits).colour & 0x00FFFFFFu;
  EXPECT_TRUE(std::any_of(overlay.mover_highlights[0].begin(), overlay.mover_highlights[0].end(),
                          [&](const renderer::TriangleHighlight& h) {
                            return h.triangle == hit->triangle && (h.colour & 0x00FFFFFFu) == hits;
                          }));
  for (const renderer::TriangleHighlight& h : overlay.highlights) EXPECT_LT(h.triangle, 2u);
  const std::pair<std::uint32_t, std::uint32_t> key{0u, hit->triangle};
  EXPECT_NE(std::find(overlay.prism_triangles.begin(), overlay.prism_triangles.end(), key), overlay.prism_triangles.end());
  // Without the movers the overlay cannot pose the box's triangles and leaves them out.
  debugger::build_overlay(trace, *scene.world, session.config().body, session.last_state(), scene.up, 45.0f,
                          debugger::OverlayOptions{}, overlay);
  EXPECT_TRUE(overlay.mover_highlights.empty());
  EXPECT_EQ(std::find(overlay.prism_triangles.begin(), overlay.prism_triangles.end(), key), overlay.prism_triangles.end());
}

// A scene file without a level: an empty static level, the file's instances and characters. The
// default body (a 0.4 sphere for this 20-unit floor) spawns above the floor box's top face, not
// its bottom, lands one skin above it on box i0, and the headless run draws the boxes (the
// movers' slate blue) with no validation message. A file with nothing in it is refused.
TEST(SceneFileSession, SceneWithoutALevelWalksOnItsInstances) {
  const std::string file = write_scene_file("scene_file_no_level", R"({
    "instances": [{"box": [10, 0.5, 10], "position": [0, -0.5, 0]},
                  {"box": [1, 0.25, 1], "position": [4, 0.25, 0], "velocity": [0, 0.5, 0],
                   "keys": [{"time": 1.0, "velocity": [0, 0, 0]}]}],
    "characters": [{"sphere": 0.3, "skin": 0.02, "position": [-2, 1.32, 0]}]
  })");
  const debugger::Scene scene = debugger::load_scene(file);
  EXPECT_EQ(scene.world->mesh().triangle_count(), 0u);
  ASSERT_TRUE(scene.movers);
  EXPECT_EQ(scene.movers->instance_count(), 2u);
  EXPECT_EQ(scene.body.radii.x, 0.4f);
  EXPECT_GT(scene.spawn.y, 0.4f);
  debugger::Session session(*scene.world, debugger::spawn_config(scene), scene.movers);
  for (int f = 0; f < 90; ++f) session.push(debugger::FrameInput{});
  const collision::CharacterState& s = session.last_state();
  const float skin = session.config().params.move.resolved_skin(session.config().body);
  EXPECT_EQ(s.ground, collision::GroundState::kOnGround);
  EXPECT_EQ(s.ground_instance, 0u);
  EXPECT_NEAR(s.position.y, 0.4f + skin, 1e-3f);
  EXPECT_NEAR(session.last_movers()->characters[0].position.y, 0.32f, 1e-3f);  // c0 fell onto it too

  const fs::path out = fs::path(PRISM_TEST_OUTPUT_DIR) / "scene_file_no_level" / "out";
  fs::remove_all(out);
  const debugger::CommandLine c = debugger::parse_command_line(
      {"--headless", "--scene", file, "--frames", "30", "--capture-frames", "29", "--size", "960x540", "--out",
       out.string(), "--validation"});
  const debugger::HeadlessResult r = debugger::run_headless(c.options);
  EXPECT_EQ(r.validation_messages, 0u);
  const renderer::RgbaImage image = renderer::read_png((out / "scene_f000029.png").string());
  std::size_t slate = 0;
  for (std::uint32_t y = 0; y < image.height; ++y)
    for (std::uint32_t x = 0; x < image.width; ++x) {
      const std::uint8_t* p = image.at(x, y);
      // Lit slate blue (palette::kMover, 60 90 170): blue well over red and green.
      if (p[2] > p[0] + 40 && p[2] > p[1] + 20) ++slate;
    }
  EXPECT_GT(slate, image.width * image.height / 4) << "the floor box fills the lower part of the view";

  const std::string empty = write_scene_file("scene_file_empty", R"({"instances": []})");
  try {
    debugger::load_scene(empty);
    ADD_FAILURE() << "an empty scene loaded";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find(empty + ": the scene has no level"), std::string::npos) << e.what();
  }
}
