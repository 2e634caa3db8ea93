// prism-query character: the public interface (flags, script lines, CSV columns) on a written
// metre-scale scene: a floor y = 0 and a 45 degree ramp, Y up.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "run_command.hpp"

namespace {

using prism_test::CommandRun;

CommandRun run(const std::string& args) { return prism_test::run_command(std::string(PRISM_QUERY) + " " + args); }

std::string write(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  for (std::string f; std::getline(ss, f, sep);) out.push_back(f);
  if (!line.empty() && line.back() == sep) out.emplace_back();
  return out;
}

const char* kScene =
    "v -10 0 -5\nv 10 0 -5\nv 10 0 5\nv -10 0 5\n"
    "v 0 0 -5\nv 5 5 -5\nv 5 5 5\nv 0 0 5\n"
    "f 1 3 2\nf 1 4 3\nf 5 7 6\nf 5 8 7\n";

}  // namespace

TEST(CharacterCommand, PrintsOneLinePerFrameWithTheDocumentedColumns) {
  const std::string mesh = write("ramp.obj", kScene);
  const std::string script = write("ramp.script", "# settle, walk up the ramp, jump\n30 0 0 0\n\n90 2 0 0\n20 0 0 0 jump\n");
  const CommandRun r = run("character " + mesh + " --script " + script +
                    " --sphere 0.3 --up y --gravity 9.81 --skin 0.02 --start -2,0.4,0");
  ASSERT_EQ(r.status, 0) << r.out;
  std::stringstream lines(r.out);
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(lines, line);) rows.push_back(split(line, ','));
  ASSERT_EQ(rows.size(), 140u);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    ASSERT_EQ(rows[i].size(), 12u) << "frame " << i;
    EXPECT_EQ(rows[i][0], std::to_string(i));
    const std::string& g = rows[i][7];
    EXPECT_TRUE(g == "on_ground" || g == "on_steep_ground" || g == "in_air") << g;
  }
  // Frame 29: resting on the floor one skin above it, touching floor triangles only.
  EXPECT_NEAR(std::stof(rows[29][2]), 0.32f, 3e-5f);
  EXPECT_EQ(rows[29][7], "on_ground");
  EXPECT_EQ(rows[29][9], "1");
  for (const std::string& t : split(rows[29][11], ';')) EXPECT_TRUE(t == "0" || t == "1") << t;
  // Frame 119: on the ramp (x > 0.2), on walkable ground with the ramp's normal, contacts 2;3.
  EXPECT_GT(std::stof(rows[119][1]), 0.2f);
  EXPECT_EQ(rows[119][7], "on_ground");
  EXPECT_NEAR(std::stof(rows[119][8]), -0.70710678f, 1e-4f);
  EXPECT_NEAR(std::stof(rows[119][9]), 0.70710678f, 1e-4f);
  // Frame 121: in the air after the jump, no contacts.
  EXPECT_EQ(rows[121][7], "in_air");
  EXPECT_EQ(rows[121][11], "");
  EXPECT_EQ(rows[121][8] + rows[121][9] + rows[121][10], "000");
}

TEST(CharacterCommand, MalformedScriptLineIsAnErrorWithItsLineNumber) {
  const std::string mesh = write("ramp2.obj", kScene);
  const std::string script = write("bad.script", "10 0 0 0\n# ok\n5 1 x 0\n");
  const CommandRun r = run("character " + mesh + " --script " + script + " --sphere 0.3");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("bad.script:3"), std::string::npos) << r.out;
  const CommandRun j = run("character " + mesh + " --script " + write("j.script", "10 0 0 0 hop\n") + " --sphere 0.3");
  EXPECT_EQ(j.status, 1);
  EXPECT_NE(j.out.find("j.script:1"), std::string::npos) << j.out;
  const CommandRun f = run("character " + mesh + " --script " + write("f.script", "0 0 0 0\n") + " --sphere 0.3");
  EXPECT_EQ(f.status, 1);
  EXPECT_NE(f.out.find("f.script:1"), std::string::npos) << f.out;
}

TEST(CharacterCommand, NegativeGravityAndBadParametersAreClearErrors) {
  const std::string mesh = write("ramp3.obj", kScene);
  const std::string script = write("ok.script", "10 0 0 0\n");
  for (const char* bad : {"--gravity -9.81", "--recovery 2", "--skin 0.3", "--max-slope 95", "--step -1",
                          "--hz 0"}) {
    const CommandRun r = run("character " + mesh + " --script " + script + " --sphere 0.3 " + bad);
    EXPECT_EQ(r.status, 1) << bad << ": " << r.out;
    EXPECT_NE(r.out.find("prism-query"), std::string::npos) << bad << ": " << r.out;
  }
}

TEST(CharacterCommand, BoxAndCapsuleRestOneSkinAboveTheFloorAtTheirHalfHeight) {
  const std::string mesh = write("floor_shapes.obj", kScene);
  const std::string script = write("rest.script", "30 0 0 0\n");
  // A box of half height 0.5 and a capsule of radius 0.25 and half height 0.25 (0.5 from the
  // centre to its bottom), skin 0.02: both rest with the centre at y = 0.52.
  for (const char* shape : {"--box 0.25,0.5,0.25", "--capsule 0.25,0.25"}) {
    const CommandRun r = run("character " + mesh + " --script " + script + " " + shape +
                             " --up y --gravity 9.81 --skin 0.02 --start -2,0.6,0");
    ASSERT_EQ(r.status, 0) << shape << ": " << r.out;
    std::stringstream lines(r.out);
    std::string line, last;
    while (std::getline(lines, line)) last = line;
    const auto row = split(last, ',');
    ASSERT_EQ(row.size(), 12u) << shape;
    EXPECT_NEAR(std::stof(row[2]), 0.52f, 3e-5f) << shape;
    EXPECT_EQ(row[7], "on_ground") << shape;
  }
  const CommandRun both = run("character " + mesh + " --script " + script + " --box 1,1,1 --capsule 1,1");
  EXPECT_NE(both.status, 0) << "one body at a time";
}

// prism-query character with a scene file (*.json) in place of the level: a lift (a box
// instance with a key that stops it) carries the scripted character, which then walks into a
// standing character; the contacts column names them iN:T and cN. A bad scene file is an
// error naming the file and the key, exit status 1, no row written.
namespace {

// A floor y = 0 (the level, beside the scene file); a lift 2 x 0.5 x 2 at x = 5 rising at
// 0.5 m/s until t = 1 s; a sphere standing at x = -2.
std::string lift_scene() {
  write("scene_floor.obj", "v -20 0 -20\nv 20 0 -20\nv 20 0 20\nv -20 0 20\nf 1 3 2\nf 1 4 3\n");
  return write("lift_scene.json", R"({
    "level": "scene_floor.obj",
    "instances": [{"box": [1, 0.25, 1], "position": [5, 0.25, 0], "velocity": [0, 0.5, 0],
                   "keys": [{"time": 1.0, "velocity": [0, 0, 0]}]}],
    "characters": [{"sphere": 0.3, "skin": 0.02, "position": [-2, 0.32, 0]}]
  })");
}

}  // namespace

TEST(SceneFileCommand, CharacterRidesTheLiftThenWalksIntoTheStandingCharacterNamingBoth) {
  const std::string scene = lift_scene();
  const std::string script = write("lift.script", "90 0 0 0\n150 -4 0 0\n");
  const CommandRun r =
      run("character " + scene + " --script " + script + " --sphere 0.3 --up y --skin 0.02 --start 5,0.82,0");
  ASSERT_EQ(r.status, 0) << r.out;
  std::stringstream lines(r.out);
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(lines, line);) rows.push_back(split(line, ','));
  ASSERT_EQ(rows.size(), 240u);
  // Frame 59: the lift has risen 0.5 (top at 1.0): the character one skin above it, on it.
  EXPECT_NEAR(std::stof(rows[59][2]), 1.32f, 1e-3f);
  EXPECT_EQ(rows[59][7], "on_ground");
  for (const std::string& c : split(rows[59][11], ';')) EXPECT_EQ(c.rfind("i0:", 0), 0u) << c;
  // Frame 89: the lift stopped at t = 1 s.
  EXPECT_NEAR(std::stof(rows[89][2]), 1.32f, 1e-3f);
  // The end: stopped by the standing character (both skins kept: centres 0.64 apart), on the floor.
  EXPECT_NEAR(std::stof(rows[239][1]), -2.0f + 0.64f, 1e-3f);
  EXPECT_NEAR(std::stof(rows[239][2]), 0.32f, 1e-4f);
  const std::vector<std::string> last = split(rows[239][11], ';');
  EXPECT_NE(std::find(last.begin(), last.end(), "c0"), last.end()) << rows[239][11];
}

// A scene file's characters stand: gravity, no input. One placed a metre above the floor falls
// to it (one skin above) and then blocks the scripted character there; left hanging, the walker
// would pass under it (centres a metre apart) to x = -4.
TEST(SceneFileCommand, StandingCharacterFallsToTheFloorAndBlocksThere) {
  write("fall_floor.obj", "v -20 0 -20\nv 20 0 -20\nv 20 0 20\nv -20 0 20\nf 1 3 2\nf 1 4 3\n");
  const std::string scene = write("fall_scene.json", R"({
    "level": "fall_floor.obj",
    "characters": [{"sphere": 0.3, "skin": 0.02, "position": [-2, 1.32, 0]}]
  })");
  const std::string script = write("fall.script", "60 0 0 0\n60 -4 0 0\n");
  const CommandRun r =
      run("character " + scene + " --script " + script + " --sphere 0.3 --up y --skin 0.02 --start 0,0.32,0");
  ASSERT_EQ(r.status, 0) << r.out;
  std::stringstream lines(r.out);
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(lines, line);) rows.push_back(split(line, ','));
  ASSERT_EQ(rows.size(), 120u);
  EXPECT_NEAR(std::stof(rows[119][1]), -2.0f + 0.64f, 1e-3f);
  EXPECT_NEAR(std::stof(rows[119][2]), 0.32f, 1e-4f);
  const std::vector<std::string> last = split(rows[119][11], ';');
  EXPECT_NE(std::find(last.begin(), last.end(), "c0"), last.end()) << rows[119][11];
}

TEST(SceneFileCommand, BadSceneFileIsAnErrorNamingTheFileAndTheKey) {
  const std::string script = write("still.script", "1 0 0 0\n");
  const std::string bad = write("bad_scene.json", R"({"instances": [{"box": [1, -1, 1]}]})");
  CommandRun r = run("character " + bad + " --script " + script + " --sphere 0.3 --up y --start 0,1,0");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("bad_scene.json: instances[0].box:"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.rfind("prism-query: ", 0), 0u) << r.out;  // the error alone: no row written
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  const std::string unknown = write("unknown_scene.json", R"({"instances": [{"box": [1, 1, 1], "spin": 2}]})");
  r = run("character " + unknown + " --script " + script + " --sphere 0.3 --up y --start 0,1,0");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("unknown_scene.json: instances[0]: unknown key 'spin'"), std::string::npos) << r.out;
  const std::string broken = write("broken_scene.json", "{\"instances\": [");
  r = run("character " + broken + " --script " + script + " --sphere 0.3 --up y --start 0,1,0");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("broken_scene.json: not JSON"), std::string::npos) << r.out;
}

// sweep, ray and move with a scene file take --time T: the lift as it stands at T (it rises
// 0.5 m/s from a top at 0.5 until t = 1 s); hits name the instance's triangle iN:T, static
// triangles by their index as before. --time with a plain level answers that level as a scene
// (a mesh: the same answers as without it); outside [0, 1e6] it is an error.
TEST(SceneFileCommand, SweepRayAndMoveSeeTheSceneAtTime) {
  const std::string scene = lift_scene();
  const std::string queries = write("lift_queries.csv", "5,5,0,0,-10,0\n-5,5,0,0,-10,0\n");
  CommandRun r = run("ray " + scene + " " + queries + " --time 0.5");
  ASSERT_EQ(r.status, 0) << r.out;
  std::vector<std::string> rows = split(r.out, '\n');
  ASSERT_EQ(rows.size(), 3u) << r.out;  // two lines (split keeps the empty field after the last)
  EXPECT_NEAR(std::stof(split(rows[0], ',')[1]), (5.0f - 0.75f) / 10.0f, 1e-6f);  // the lift's top at 0.75
  EXPECT_EQ(split(rows[0], ',')[8].rfind("i0:", 0), 0u) << rows[0];
  EXPECT_NEAR(std::stof(split(rows[1], ',')[1]), 0.5f, 1e-6f);  // the floor
  const std::string floor_triangle = split(rows[1], ',')[8];
  EXPECT_TRUE(floor_triangle == "0" || floor_triangle == "1") << rows[1];
  r = run("sweep " + scene + " " + queries + " --sphere 0.3 --time 2");
  ASSERT_EQ(r.status, 0) << r.out;
  rows = split(r.out, '\n');
  EXPECT_NEAR(std::stof(split(rows[0], ',')[1]), (5.0f - 1.3f) / 10.0f, 1e-6f);  // stopped at 1.0 since t = 1
  r = run("move " + scene + " " + queries + " --sphere 0.3 --time 0");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NEAR(std::stof(split(split(r.out, '\n')[0], ',')[1]), 0.5f + 0.3f + 0.003f, 1e-4f);  // one skin (1%) above
  // Its trace names the lift's triangle as instance 0's, the floor's as the static level's (no key).
  const std::string trace_path = ::testing::TempDir() + "lift_move_trace.jsonl";
  r = run("move " + scene + " " + queries + " --sphere 0.3 --time 0 --trace " + trace_path);
  ASSERT_EQ(r.status, 0) << r.out;
  std::ifstream trace_in(trace_path);
  const std::string trace_text((std::istreambuf_iterator<char>(trace_in)), std::istreambuf_iterator<char>());
  const std::vector<std::string> trace_lines = split(trace_text, '\n');
  ASSERT_GE(trace_lines.size(), 2u);
  EXPECT_NE(trace_lines[0].find("\"instance\":\"i0\""), std::string::npos) << trace_lines[0];
  EXPECT_EQ(trace_lines[1].find("\"instance\""), std::string::npos) << trace_lines[1];
  const std::string mesh = write("plain_floor.obj", "v -20 0 -20\nv 20 0 -20\nv 20 0 20\nv -20 0 20\nf 1 3 2\nf 1 4 3\n");
  r = run("ray " + mesh + " " + queries + " --time 1");
  ASSERT_EQ(r.status, 0) << r.out;
  const CommandRun plain = run("ray " + mesh + " " + queries);
  ASSERT_EQ(plain.status, 0) << plain.out;
  EXPECT_EQ(r.out, plain.out);
  r = run("ray " + scene + " " + queries + " --time -1");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.out.find("--time"), std::string::npos) << r.out;
}

// A Quake 3 map with --time (or as a scene file's level) brings its movers: oa_dm1's bar door *4
// (x 448..464, y 1352..1368, z -144..-24) stands closed at time 0, and a ray across it that the
// static world lets through to the wall at x 480 stops on the door's face at x 448 (i3:T: the
// door is the map's fourth mover); the door stays closed at 5 s with nobody pressing its button.
TEST(SceneFileCommand, QuakeMapWithTimeAnswersWithItsDoorsClosed) {
  const std::string queries = write("door_ray.csv", "440,1360,-84,40,0,0\n");
  const CommandRun plain = run("ray oa_dm1 " + queries);
  ASSERT_EQ(plain.status, 0) << plain.out;
  EXPECT_EQ(plain.out, "1,1,480,1360,-84,-1,0,0,3252\n");
  for (const std::string& level : {std::string("oa_dm1 --time 0"), std::string("oa_dm1 --time 5"),
                                  write("oa_dm1_scene.json", R"({"level": "oa_dm1"})")}) {
    const CommandRun r = run("ray " + level + " " + queries);
    ASSERT_EQ(r.status, 0) << r.out;
    const std::vector<std::string> f = split(split(r.out, '\n')[0], ',');
    ASSERT_EQ(f.size(), 9u) << r.out;
    EXPECT_EQ(f[0], "1") << level;
    EXPECT_NEAR(std::stof(f[1]), 0.2f, 1e-6f) << level;  // x 448
    EXPECT_EQ(f[8].rfind("i3:", 0), 0u) << level << ": " << r.out;
  }
}

namespace {

// A scene file whose level is a Quake 3 map steps the map's movers with the scripted character:
// dropped onto oa_bases7's lift *3 (x -1856..-1728, y -96..96; its top at z -16 raised, 267 units
// down at rest), whose trigger it stands in, a Quake-sized capsule (radius 15, half height 13:
// 28 from centre to foot; skin 1% of the radius, 0.15) rides it 267 units up in 2.67 s and ends
// standing on its top at its skin, z = -16 + 28 + 0.15, on the lift all the way (its contacts
// name the lift's triangles iN:T).
TEST(SceneFileCommand, CharacterRidesAQuakeMapsLiftFromASceneFile) {
  const std::string scene = write("bases7_scene.json", R"({"level": "oa_bases7"})");
  const std::string script = write("stand_240.txt", "240 0 0 0\n");
  const CommandRun r = run("character " + scene + " --script " + script + " --capsule 15,13 --start -1792,0,-250");
  ASSERT_EQ(r.status, 0) << r.out;
  const std::vector<std::string> rows = split(r.out, '\n');
  ASSERT_EQ(rows.size(), 241u);
  EXPECT_NEAR(std::stof(split(rows[239], ',')[3]), -16.0f + 28.0f + 0.15f, 1e-3f) << rows[239];
  for (int f = 5; f < 240; ++f) {
    const std::vector<std::string> c = split(rows[static_cast<std::size_t>(f)], ',');
    ASSERT_EQ(c[7], "on_ground") << rows[static_cast<std::size_t>(f)];
    EXPECT_EQ(c[11].rfind('i', 0), 0u) << "frame " << f << ": " << rows[static_cast<std::size_t>(f)];
  }
}

}  // namespace

// random with a scene file: its queries start inside the box of the level and the instances at
// time 0 (the floor spans x, z in [-20, 20] at y = 0; the lift's top is at 0.5; a scene of an
// instance alone, a box about (100, 0, 0), bounds its queries by that box).
TEST(SceneFileCommand, RandomStartsInsideTheScenesBounds) {
  CommandRun r = run("random " + lift_scene() + " --count 200 --seed 3");
  ASSERT_EQ(r.status, 0) << r.out;
  std::vector<std::string> rows = split(r.out, '\n');
  ASSERT_EQ(rows.size(), 201u);
  float top = 0.0f;
  for (int i = 0; i < 200; ++i) {
    const std::vector<std::string> f = split(rows[static_cast<std::size_t>(i)], ',');
    ASSERT_EQ(f.size(), 6u) << rows[static_cast<std::size_t>(i)];
    EXPECT_GE(std::stof(f[0]), -20.0f);
    EXPECT_LE(std::stof(f[0]), 20.0f);
    EXPECT_GE(std::stof(f[1]), 0.0f);
    EXPECT_LE(std::stof(f[1]), 0.5f);
    top = std::max(top, std::stof(f[1]));
  }
  EXPECT_GT(top, 0.45f);  // the lift's box counts: the floor alone is flat
  const std::string alone = write("instance_alone.json", R"({"instances": [{"box": [1, 2, 3], "position": [100, 0, 0]}]})");
  r = run("random " + alone + " --count 50 --seed 1");
  ASSERT_EQ(r.status, 0) << r.out;
  rows = split(r.out, '\n');
  ASSERT_EQ(rows.size(), 51u);
  for (int i = 0; i < 50; ++i) {
    const std::vector<std::string> f = split(rows[static_cast<std::size_t>(i)], ',');
    EXPECT_NEAR(std::stof(f[0]), 100.0f, 1.0f + 1e-4f);
    EXPECT_NEAR(std::stof(f[1]), 0.0f, 2.0f + 1e-4f);
    EXPECT_NEAR(std::stof(f[2]), 0.0f, 3.0f + 1e-4f);
  }
}

// walk on a scene file: with nothing moving in it, its walks are the walks through its level,
// line for line (the Scene's step is the World's); the summary says the same.
TEST(SceneFileCommand, WalkOnASceneOfALevelAloneIsTheWalkThroughTheLevel) {
  const std::string level = std::string(PRISM_SOURCE_DIR) + "/assets/default_scene.obj";
  const std::string scene = write("level_alone.json", "{\"level\": \"" + level + "\"}");
  const auto without_rate = [](const std::string& out) {
    std::string kept;
    for (const std::string& line : split(out, '\n')) {
      if (line.rfind("moves/s:", 0) != 0) kept += line + "\n";
    }
    return kept;
  };
  const CommandRun a = run("walk --sphere 0.5 " + scene + " --walks 4 --frames 300 --seed 2");
  const CommandRun b = run("walk --sphere 0.5 '" + level + "' --walks 4 --frames 300 --seed 2");
  ASSERT_EQ(a.status, 0) << a.out;
  ASSERT_EQ(b.status, 0) << b.out;
  EXPECT_EQ(std::count(a.out.begin(), a.out.end(), '\n'), 4 * 300 + 6);  // the CSV lines and the summary's six
  EXPECT_EQ(without_rate(a.out), without_rate(b.out));
}

// walk on a scene with a platform that covers a third of the floor and rises 0.5 in its first
// second, then stops (a pillar in a corner makes the random starts' box tall enough for starts
// above the platform): the walks that start on it ride it (one skin above its top on every frame
// they stand on it away from its edge: the top at frame f is 0.5 + 0.5 min((f + 1) / 60, 1)),
// and nothing ends deeper than the skin in the platform, the standing character or the floor.
TEST(SceneFileCommand, WalksRideARisingPlatformOneSkinAboveItAndNeverSinkIntoIt) {
  write("scene_floor.obj", "v -20 0 -20\nv 20 0 -20\nv 20 0 20\nv -20 0 20\nf 1 3 2\nf 1 4 3\n");
  const std::string scene = write("platform_scene.json", R"({
    "level": "scene_floor.obj",
    "instances": [{"box": [12, 0.25, 12], "position": [0, 0.25, 0], "velocity": [0, 0.5, 0],
                   "keys": [{"time": 1.0, "velocity": [0, 0, 0]}]},
                  {"box": [0.5, 3, 0.5], "position": [-18, 3, -18]}],
    "characters": [{"sphere": 0.3, "skin": 0.02, "position": [-16, 0.32, 0]}]
  })");
  const CommandRun r = run("walk --sphere 0.3 --up y " + scene + " --walks 12 --frames 150 --seed 5");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("frames in overlap deeper than skin: 0\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("passes through a wall: 0\n"), std::string::npos) << r.out;
  int riding = 0, rising = 0;
  for (const std::string& line : split(r.out, '\n')) {
    const std::vector<std::string> f = split(line, ',');
    if (f.size() != 6u) continue;
    const int frame = std::stoi(f[1]);
    const float x = std::stof(f[2]), y = std::stof(f[3]), z = std::stof(f[4]);
    if (f[5] != "1" || std::max(std::fabs(x), std::fabs(z)) > 11.0f || y < 0.45f) continue;
    const float top = 0.5f + 0.5f * std::min(static_cast<float>(frame + 1) / 60.0f, 1.0f);
    EXPECT_NEAR(y, top + 0.3f + 0.003f, 0.01f) << line;  // the default skin, 1% of the radius
    ++riding;
    rising += frame < 59;
  }
  EXPECT_GT(riding, 200);  // walks do ride it (not vacuous), and while it rises
  EXPECT_GT(rising, 50);
  const CommandRun classic = run("walk --sphere 0.3 --up y " + scene + " --walks 1 --frames 5 --method offset-prism");
  EXPECT_EQ(classic.status, 1);
  EXPECT_NE(classic.out.find("platform_scene.json: a scene moves characters with the robust method only"),
            std::string::npos) << classic.out;
}
