// A bug exported as a test (collision/recording_case.hpp, debugger/case_export.hpp, prism-query
// recording --export and replay): a game's calls on oa_dm1, each cut down to the triangles
// within its reach, re-run there to the level's result bit for bit, in a case a few kilobytes
// long; a case edited to hold another result is flagged.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "collision/batch.hpp"
#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "collision/character.hpp"
#include "collision/contacts.hpp"
#include "collision/move.hpp"
#include "collision/queries.hpp"
#include "collision/recording.hpp"
#include "collision/recording_case.hpp"
#include "collision/recording_file.hpp"
#include "collision/world.hpp"
#include "collision_io/level.hpp"
#include "debugger/case_export.hpp"
#include "recording_edit.hpp"
#include "recording_helpers.hpp"
#include "run_command.hpp"

namespace {

namespace fs = std::filesystem;

// ctest runs each test in its own process, side by side: each its own files.
std::string scratch(const std::string& name) { return prism_test::temp_path(name + "_" + std::to_string(::getpid())); }
fs::path scratch_dir(const std::string& name) {
  return fs::temp_directory_path() / ("prism_test_" + name + "_" + std::to_string(::getpid()));
}

// oa_dm1 and a recording of a short game on it: a capsule player walking from the first spawn
// (update_character), two bots in a batch, and each query kind once a frame from the player.
struct Game {
  collision::World world;
  std::string path;
  static constexpr int kFrames = 40;

  Game() : world(collision::io::load_level("oa_dm1").mesh), path(scratch("case_game")) {
    const collision::io::Level level = collision::io::load_level("oa_dm1");
    const glm::vec3 up = level.up;
    const collision::Body body = collision::Body::capsule(15.0f, 13.0f, up);
    collision::CharacterParams params;
    params.up = up;
    collision::Recorder recorder(path);
    recorder.attach(world);
    collision::CharacterState player;
    player.position = level.spawns.at(0).origin;
    std::vector<collision::CharacterState> bots(2);
    for (std::size_t i = 0; i < bots.size(); ++i) bots[i].position = level.spawns.at(i + 1).origin;
    std::vector<collision::CharacterInput> inputs(bots.size());
    for (int frame = 0; frame < kFrames; ++frame) {
      recorder.begin_frame(frame / 60.0);
      const collision::RecordingLabel label("player");
      const float a = static_cast<float>(frame) * 0.05f;
      const glm::vec3 wish(std::cos(a), std::sin(a), 0.0f);
      collision::CharacterInput in;
      in.velocity = wish * 320.0f;
      collision::update_character(world, body, player, in, 1.0f / 60.0f, params);  // call 0
      for (auto& bi : inputs) bi.velocity = -wish * 200.0f;
      collision::step_characters(world, body, bots, inputs, 1.0f / 60.0f, params, 2);  // call 1
      const glm::vec3 eye = player.position + up * 20.0f;
      const glm::vec3 look = glm::vec3(wish.y, -wish.x, -0.2f) * 600.0f;
      collision::raycast(world, eye, look);                                           // 2
      collision::sweep_sphere(world, eye, 8.0f, look * 0.5f);                          // 3
      collision::sweep_box(world, eye, glm::vec3(10, 6, 4), look * 0.5f);              // 4
      collision::sweep_capsule(world, eye, 6.0f, 10.0f, up, look * 0.5f);              // 5
      collision::sweep_ellipsoid(world, eye, glm::vec3(12, 8, 20), look * 0.5f);       // 6
      std::vector<std::uint32_t> ids;
      collision::overlap_sphere(world, player.position, 40.0f, ids);                   // 7
      collision::overlap_aabb(world, {player.position - 30.0f, player.position + 30.0f}, ids);  // 8
      std::vector<collision::Contact> contacts;
      collision::find_contacts(world, body, player.position, 2.0f, contacts);          // 9
      collision::move(world, collision::Body::sphere(12.0f), eye, look * 0.3f, {});    // 10
      recorder.end_frame();
    }
  }
  ~Game() { std::remove(path.c_str()); }
};

Game& game() {
  static Game g;
  return g;
}

TEST(RecordingCase, EachCallAloneReRunsOnItsFewTrianglesAsOnTheWholeLevel) {
  const collision::RecordingFile file(game().path);
  const collision::World& world = game().world;
  ASSERT_EQ(file.frames().size(), static_cast<std::size_t>(Game::kFrames));
  std::size_t largest = 0;
  for (const std::uint64_t frame : {0u, 17u, 39u}) {
    const auto& calls = file.frames()[frame].calls;
    ASSERT_EQ(calls.size(), 11u);
    for (std::size_t i = 0; i < calls.size(); ++i) {
      SCOPED_TRACE("frame " + std::to_string(frame) + " call " + std::to_string(i) + " " + collision::to_string(calls[i].kind));
      const collision::RecordingCase c = collision::extract_case(file, world, {frame, frame, i});
      ASSERT_EQ(c.calls.size(), 1u);
      EXPECT_TRUE(c.calls[0].matches_recording);
      EXPECT_FALSE(c.calls[0].whole_level);
      EXPECT_GT(c.level.triangle_count(), 0u);
      EXPECT_LT(c.level.triangle_count(), file.level().triangle_count() / 10);
      largest = std::max(largest, c.level.triangle_count());
      // The level's triangles, in its order, corners and normals bit for bit.
      ASSERT_EQ(c.level_triangles.size(), c.level.triangle_count());
      EXPECT_TRUE(std::is_sorted(c.level_triangles.begin(), c.level_triangles.end()));
      for (std::size_t t = 0; t < c.level.triangle_count(); ++t) {
        const auto a = c.level.triangle(t), b = file.level().triangle(c.level_triangles[t]);
        ASSERT_EQ(std::memcmp(&a, &b, sizeof a), 0);
        ASSERT_EQ(c.level.normals[t], file.level().normals[c.level_triangles[t]]);
      }
      // Written as a recording: it re-runs to the results it holds.
      const std::string path = scratch("case_one");
      collision::write_case_recording(file, c, path);
      const collision::RecordingFile back(path);
      ASSERT_EQ(back.frames().size(), 1u);
      ASSERT_EQ(back.frames()[0].calls.size(), 1u);
      EXPECT_EQ(back.frames()[0].seconds, file.frames()[frame].seconds);
      EXPECT_EQ(back.labels()[back.frames()[0].calls[0].label], "player");
      const collision::World small(back.level());
      EXPECT_EQ(collision::replay_difference(small, back.frames()[0].calls[0]), "");
      // A ray or sweep: the same hit, its triangle the level's through the case's numbers.
      if (const auto recorded = collision::recorded_query(calls[i])) {
        const auto now = collision::recorded_query(back.frames()[0].calls[0]);
        ASSERT_TRUE(now);
        if (recorded->kind == collision::CallKind::kRaycast) {
          EXPECT_EQ(now->ray.hit, recorded->ray.hit);
          EXPECT_EQ(now->ray.t, recorded->ray.t);
          if (recorded->ray.hit) {
            EXPECT_EQ(c.level_triangles.at(now->ray.triangle), recorded->ray.triangle);
          }
        } else {
          EXPECT_EQ(now->sweep.hit, recorded->sweep.hit);
          EXPECT_EQ(now->sweep.toi, recorded->sweep.toi);
          if (recorded->sweep.hit) {
            EXPECT_EQ(c.level_triangles.at(now->sweep.triangle), recorded->sweep.triangle);
          }
        }
      }
      std::remove(path.c_str());
    }
  }
  EXPECT_GT(largest, 0u);
}

TEST(RecordingCase, AFrameRangeKeepsEveryCallInOrderWithItsFrameTime) {
  const collision::RecordingFile file(game().path);
  const collision::RecordingCase c = collision::extract_case(file, game().world, {10, 12, std::nullopt});
  ASSERT_EQ(c.calls.size(), 33u);
  EXPECT_EQ(c.calls.front().frame, 10u);
  EXPECT_EQ(c.calls.back().frame, 12u);
  EXPECT_EQ(c.calls.back().index, 10u);
  const std::string path = scratch("case_range");
  collision::write_case_recording(file, c, path);
  const collision::RecordingFile back(path);
  ASSERT_EQ(back.frames().size(), 3u);
  EXPECT_EQ(back.frames()[2].seconds, file.frames()[12].seconds);
  EXPECT_EQ(back.character_count(), 3u);  // the player and the two bots
  const collision::World small(back.level());
  for (const auto& f : back.frames())
    for (const auto& call : f.calls) EXPECT_EQ(collision::replay_difference(small, call), "");
  std::remove(path.c_str());
}

TEST(RecordingCase, ASelectionTheFileDoesNotHaveIsAnErrorNamingIt) {
  const collision::RecordingFile file(game().path);
  try {
    (void)collision::extract_case(file, game().world, {500, 500, std::nullopt});
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("no calls in frame 500 (its frames are 0 to 39)"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(file.name()), std::string::npos);
  }
  EXPECT_THROW((void)collision::extract_case(file, game().world, {3, 3, 11}), std::invalid_argument);
  EXPECT_THROW((void)debugger::parse_case_selection("3:x"), std::invalid_argument);
  EXPECT_THROW((void)debugger::parse_case_selection("9-3"), std::invalid_argument);
  const auto s = debugger::parse_case_selection("12:4");
  EXPECT_EQ(s.first_frame, 12u);
  EXPECT_EQ(s.call, 4u);
}

// The command line: export a ray, replay it (exit 0), then edit the case's recorded t (with its
// chunk's checksum made right again): replay exits 1 and says how it changed.
TEST(RecordingCase, PrismQueryExportsACaseOfAFewKilobytesAndReplayFlagsAnEditedResult) {
  const fs::path dir = scratch_dir("case_dir");
  fs::remove_all(dir);
  const std::string q = PRISM_QUERY;
  const auto exported = prism_test::run_command(q + " recording " + game().path + " --export 20:2 --out " + dir.string());
  ASSERT_EQ(exported.status, 0) << exported.out;
  EXPECT_NE(exported.out.find("1 call, "), std::string::npos) << exported.out;
  std::uintmax_t bytes = 0;
  for (const char* name : {"case.prec", "level.obj", "triangles.csv", "case_test.cpp"}) {
    ASSERT_TRUE(fs::exists(dir / name)) << name;
    bytes += fs::file_size(dir / name);
  }
  EXPECT_LT(bytes, 16u * 1024u);  // of a 7,434-triangle level's 3.6 MB of recording
  const auto replay = prism_test::run_command(q + " replay " + dir.string());
  EXPECT_EQ(replay.status, 0) << replay.out;
  EXPECT_NE(replay.out.find("1 calls re-run, 0 differ"), std::string::npos) << replay.out;

  // The snippet names the call and checks its hit.
  std::ifstream snippet(dir / "case_test.cpp");
  const std::string source((std::istreambuf_iterator<char>(snippet)), std::istreambuf_iterator<char>());
  EXPECT_NE(source.find("collision::raycast(world, "), std::string::npos);
  EXPECT_NE(source.find("raycast \"player\""), std::string::npos);

  // Edit the recorded t (RayHit: hit, invalid_input, then t) and mend the chunk's checksum.
  std::vector<std::uint8_t> bytes_of = prism_test::read_bytes((dir / "case.prec").string());
  const collision::RecordingFile before((dir / "case.prec").string());
  const auto& call = before.frames()[0].calls[0];
  ASSERT_EQ(call.kind, collision::CallKind::kRaycast);
  ASSERT_EQ(call.result[0], 1) << "the ray should hit";
  const auto found = std::search(bytes_of.begin(), bytes_of.end(), call.result.begin(), call.result.end());
  ASSERT_NE(found, bytes_of.end());
  // RecordedCall::offset is the file offset of the call's inputs, its result right after them.
  EXPECT_EQ(static_cast<std::size_t>(found - bytes_of.begin()), call.offset + call.inputs.size());
  EXPECT_TRUE(std::equal(call.inputs.begin(), call.inputs.end(), bytes_of.begin() + static_cast<std::ptrdiff_t>(call.offset)));
  const std::size_t t_at = static_cast<std::size_t>(found - bytes_of.begin()) + 2;
  float t = 0;
  std::memcpy(&t, bytes_of.data() + t_at, 4);
  t = std::nextafter(t, 2.0f);
  std::memcpy(bytes_of.data() + t_at, &t, 4);
  const std::size_t chunk = before.frames()[0].offset;
  const std::uint32_t crc = prism_test::chunk_crc(bytes_of, chunk);
  std::memcpy(bytes_of.data() + chunk + 4, &crc, 4);
  const std::string edited = scratch("case_edited");
  std::ofstream(edited, std::ios::binary).write(reinterpret_cast<const char*>(bytes_of.data()), static_cast<std::streamsize>(bytes_of.size()));
  const auto flagged = prism_test::run_command(q + " replay " + edited);
  EXPECT_EQ(flagged.status, 1) << flagged.out;
  EXPECT_NE(flagged.out.find("frame 0 call 0 (raycast"), std::string::npos) << flagged.out;
  EXPECT_NE(flagged.out.find("1 calls re-run, 1 differ"), std::string::npos) << flagged.out;
  EXPECT_NE(flagged.out.find(": recorded hit at t "), std::string::npos) << flagged.out;
  EXPECT_NE(flagged.out.find("; now hit at t "), std::string::npos) << flagged.out;

  // Errors: a frame it does not have, and --out without --export.
  const auto missing = prism_test::run_command(q + " recording " + game().path + " --export 99:0 --out " + dir.string());
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.out.find("no calls in frame 99"), std::string::npos) << missing.out;
  EXPECT_NE(prism_test::run_command(q + " recording " + game().path + " --out " + dir.string()).status, 0);
  std::remove(edited.c_str());
  fs::remove_all(dir);
}

#ifdef PRISM_CXX
// The exported GoogleTest file builds against the core and passes: a capsule sweep's case, whose
// file makes the call itself and checks its toi, triangle, normal and point.
TEST(RecordingCase, TheExportedTestCompilesAndPasses) {
  const fs::path dir = scratch_dir("case_snippet");
  fs::remove_all(dir);
  const collision::RecordingFile file(game().path);
  std::uint64_t frame = 0;  // the first frame whose capsule sweep (call 5) hits
  while (frame < Game::kFrames && !collision::recorded_query(file.frames()[frame].calls[5])->sweep.hit) ++frame;
  ASSERT_LT(frame, static_cast<std::uint64_t>(Game::kFrames));
  (void)debugger::export_case(file, {frame, frame, 5}, dir.string(), "test");
  const std::string exe = (dir / "case_test").string();
  const auto built = prism_test::run_command(std::string(PRISM_CXX) + " -std=c++20 -I" PRISM_CORE_INCLUDE +
                                             " -DPRISM_CASE_FILE='\"" + (dir / "case.prec").string() + "\"' " +
                                             (dir / "case_test.cpp").string() + " " PRISM_CORE_LIBRARY +
                                             " -ltbb -lz -lgtest -lgtest_main -pthread -o " + exe);
  ASSERT_EQ(built.status, 0) << built.out;
  const auto ran = prism_test::run_command(exe);
  EXPECT_EQ(ran.status, 0) << ran.out;
  EXPECT_NE(ran.out.find("[  PASSED  ] 2 tests."), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("CalledDirectly"), std::string::npos) << ran.out;
  fs::remove_all(dir);
}
#endif

}  // namespace
