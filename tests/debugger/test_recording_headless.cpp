// prism --headless --recording (issue 42): a game's recording made by examples/record_game on
// oa_dm1 (a player, three bots in a batch, 330 rays and sweeps a frame on two threads), run
// headless: report.json holds the recorded positions bit for bit and every call re-runs to its
// recorded result; a result edited in the file is flagged in its frame and nowhere else.
#include <gtest/gtest.h>
#include <unistd.h>

#include <bit>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "collision/recording_file.hpp"
#include "debugger/app.hpp"
#include "debugger/call_table.hpp"
#include "debugger/game_recording.hpp"
#include "debugger/recording_review.hpp"
#include "debugger/what_if.hpp"
#include "debugger/command_line.hpp"
#include "recording_edit.hpp"
#include "refusal.hpp"
#include "run_command.hpp"

namespace {

namespace fs = std::filesystem;

constexpr int kFrames = 60;  // record_game's frames after its frame 0 of placements

// ctest runs each test in its own process, side by side: each its own files.
fs::path scratch(const std::string& name, const std::string& extension = "") {
  return fs::path(PRISM_TEST_OUTPUT_DIR) / ("recording_" + name + "_" + std::to_string(::getpid()) + extension);
}

// One recording for the file's tests.
const std::string& game() {
  static const std::string path = [] {
    const std::string p = scratch("game", ".prec").string();
    const auto r = prism_test::run_command(std::string(RECORD_GAME) + " oa_dm1 " + p + " " + std::to_string(kFrames) + " 2");
    if (r.status != 0) throw std::runtime_error("record_game failed: " + r.out);
    return p;
  }();
  return path;
}

nlohmann::json read_json(const fs::path& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

debugger::RunOptions options(const std::string& recording, const std::string& out) {
  debugger::RunOptions o;
  o.recording = recording;
  o.out = out;
  o.width = 480;
  o.height = 360;
  o.validation = true;
  return o;
}

TEST(RecordingHeadless, ReportHoldsTheRecordedStatesBitForBitAndEveryCallReRunsToItsResult) {
  const fs::path out = scratch("whole");
  fs::remove_all(out);
  const debugger::HeadlessResult r = debugger::run_headless(options(game(), out.string()));
  EXPECT_EQ(r.validation_messages, 0u);
  EXPECT_EQ(r.frames, kFrames + 1);
  ASSERT_FALSE(r.captures.empty());
  for (const std::string& c : r.captures) EXPECT_GT(fs::file_size(out / c), 5000u) << c;
  const std::string stem = fs::path(game()).stem().string();
  for (const std::string& c : r.captures) EXPECT_EQ(c.rfind(stem + "_f", 0), 0u) << c;  // named after the file
  EXPECT_NE(r.captures.back().find("_f000060"), std::string::npos) << r.captures.back();  // the last frame

  const nlohmann::json j = read_json(out / "report.json");
  EXPECT_EQ(j["characters"], 4);
  EXPECT_EQ(j["level_triangles"], 7434);
  const nlohmann::json& s = j["summary"];
  EXPECT_EQ(s["frames"], kFrames + 1);
  EXPECT_EQ(s["calls_differing"], 0);
  EXPECT_TRUE(s["frames_differing"].empty());
  // Each worker frame: 300 rays and 30 sweeps; the player's update and the bots' batch.
  EXPECT_EQ(s["by_kind"]["raycast"]["calls"], 300 * kFrames);
  EXPECT_EQ(s["by_kind"]["sweep_sphere"]["calls"], 30 * kFrames);
  EXPECT_EQ(s["by_kind"]["step_character"]["calls"], kFrames);
  EXPECT_EQ(s["by_kind"]["step_characters"]["calls"], kFrames);
  EXPECT_EQ(s["by_kind"]["refresh_contacts"]["calls"], 4);
  EXPECT_EQ(s["by_label"]["player"]["calls"], kFrames);
  EXPECT_EQ(s["by_label"]["spawn"]["calls"], 4);
  EXPECT_EQ(s["calls"], 332 * kFrames + 4);

  // The positions, frame by frame and character by character, are the recorded ones bit for
  // bit (collision::RecordingFile::character_steps, which prism-query recording --characters prints).
  const collision::RecordingFile file(game());
  const std::vector<collision::CharacterStepRecord> steps = file.character_steps();
  std::size_t next = 0, calls_seen = 0;
  for (const nlohmann::json& f : j["frames"]) {
    for (const nlohmann::json& c : f["characters"]) {
      EXPECT_TRUE(c["rerun_matched"].get<bool>()) << "frame " << f["frame"] << " c" << c["character"];
      if (c["placed"].get<bool>()) continue;
      ASSERT_LT(next, steps.size());
      const collision::CharacterStepRecord& want = steps[next++];
      EXPECT_EQ(f["frame"].get<std::uint64_t>(), want.frame);
      EXPECT_EQ(c["character"].get<std::uint32_t>(), want.character);
      const std::vector<float> p = c["position"].get<std::vector<float>>();
      EXPECT_EQ(std::bit_cast<std::uint32_t>(p[0]), std::bit_cast<std::uint32_t>(want.x));
      EXPECT_EQ(std::bit_cast<std::uint32_t>(p[1]), std::bit_cast<std::uint32_t>(want.y));
      EXPECT_EQ(std::bit_cast<std::uint32_t>(p[2]), std::bit_cast<std::uint32_t>(want.z));
    }
    for (const nlohmann::json& c : f["calls"]) {
      EXPECT_TRUE(c["rerun_matched"].get<bool>());
      EXPECT_FALSE(c.contains("difference"));
      ++calls_seen;
    }
  }
  EXPECT_EQ(next, steps.size());
  EXPECT_EQ(calls_seen, 332u * kFrames + 4u);
  // Results read as --check describes them: a ray's, and the player's step (its state bit for bit
  // above) at its position.
  std::set<std::string> ray_results;
  for (const nlohmann::json& c : j["frames"][5]["calls"])
    if (c["kind"] == "raycast") ray_results.insert(c["result"].get<std::string>().substr(0, 9));
  EXPECT_TRUE(ray_results.contains("hit at t ")) << "in a closed map, rays of 1,024 units hit";
  ray_results.erase("hit at t ");
  ray_results.erase("no hit");
  EXPECT_TRUE(ray_results.empty()) << *ray_results.begin();
  for (const nlohmann::json& c : j["frames"][5]["calls"])
    if (c["label"] == "player") {
      EXPECT_EQ(c["result"].get<std::string>().rfind("ends at (", 0), 0u) << c["result"];
    }
  fs::remove_all(out);
}

// A ray's recorded t moved one float up in frame 10: the report flags that call, with both
// results, and no other; --frames 5-15 runs those frames only.
TEST(RecordingHeadless, AnEditedResultIsFlaggedInItsFrameOnly) {
  const collision::RecordingFile file(game());
  const std::size_t frame = 10;
  std::size_t call = 0;
  const auto& calls = file.frames().at(frame).calls;
  while (call < calls.size() && !(calls[call].kind == collision::CallKind::kRaycast && calls[call].result[0] == 1)) ++call;
  ASSERT_LT(call, calls.size()) << "no ray of frame 10 hits";
  const std::string edited = scratch("edited", ".prec").string();
  prism_test::write_bytes(edited, prism_test::with_result_float_nudged(file, prism_test::read_bytes(game()), frame, call, 2));

  const fs::path out = scratch("edited");
  fs::remove_all(out);
  debugger::RunOptions o = options(edited, out.string());
  o.frame_range = std::pair<std::uint64_t, std::uint64_t>{5, 15};
  const debugger::HeadlessResult r = debugger::run_headless(o);
  EXPECT_EQ(r.frames, 11);
  const nlohmann::json j = read_json(out / "report.json");
  EXPECT_EQ(j["frames"].front()["frame"], 5);
  EXPECT_EQ(j["frames"].back()["frame"], 15);
  EXPECT_EQ(j["summary"]["calls_differing"], 1);
  EXPECT_EQ(j["summary"]["frames_differing"], nlohmann::json::array({10}));
  EXPECT_EQ(j["summary"]["by_kind"]["raycast"]["differing"], 1);
  const nlohmann::json& flagged = j["frames"][5]["calls"][call];
  EXPECT_FALSE(flagged["rerun_matched"].get<bool>());
  const std::string difference = flagged["difference"];
  EXPECT_NE(difference.find("recorded hit at t "), std::string::npos) << difference;
  EXPECT_NE(difference.find("; now hit at t "), std::string::npos) << difference;
  fs::remove_all(out);
  fs::remove(edited);
}

TEST(RecordingHeadless, ARangeWithoutFramesAndAMissingCharacterAreRefusedNamingTheFile) {
  const fs::path out = scratch("refused");
  debugger::RunOptions o = options(game(), out.string());
  o.frame_range = std::pair<std::uint64_t, std::uint64_t>{500, 600};
  try {
    debugger::run_headless(o);
    ADD_FAILURE() << "frames 500-600 ran";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("has none of them (its frames are numbered 0 to 60)"), std::string::npos) << e.what();
  }
  o.frame_range.reset();
  o.camera.character = 7;
  try {
    debugger::run_headless(o);
    ADD_FAILURE() << "--follow c7 ran";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("has 4 characters, c0 to c3"), std::string::npos) << e.what();
  }
  o.camera.character = -1;
  o.recording = scratch("missing", ".prec").string();
  try {
    debugger::run_headless(o);
    ADD_FAILURE() << "a missing recording ran";
  } catch (const collision::RecordingError& e) {
    EXPECT_NE(std::string(e.what()).find("recording_missing_"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(out / "report.json"));
}

TEST(RecordingHeadless, TheCommandLineTakesARecordingAndAFrameRange) {
  const debugger::CommandLine c =
      debugger::parse_command_line({"--headless", "--recording", "g.prec", "--out", "d", "--frames", "3-9"});
  EXPECT_EQ(c.options.recording, "g.prec");
  ASSERT_TRUE(c.options.frame_range.has_value());
  EXPECT_EQ(c.options.frame_range->first, 3u);
  EXPECT_EQ(c.options.frame_range->second, 9u);
  EXPECT_TRUE(c.options.frames_given);
  using prism_test::refusal;
  EXPECT_EQ(refusal({"--recording", "g.prec", "--frames", "9-3"}), "--frames 9-3: the first frame is after the last");
  EXPECT_EQ(refusal({"--recording", "g.prec", "--frames", "3-x"}), "--frames wants N or A-B (frame numbers), got '3-x'");
  EXPECT_EQ(refusal({"--frames", "3-9"}), "--frames A-B is for a recording (--recording FILE); give --frames N");
  EXPECT_EQ(refusal({"--recording", "g.prec", "--scene", "oa_dm1"}),
            "--recording brings its own level and frames: give it without --scene, --walk or --session");
}

}  // namespace

namespace {

// The query browser's rows (call_table.hpp) of frame 10: filters and sorts by each column.
TEST(CallTable, FiltersByKindLabelHitAndWordsAndSortsByAnyColumn) {
  const debugger::GameRecording rec(game());
  debugger::RecordingReview review(rec, false);
  const debugger::ReviewedFrame frame = review.review(10);
  const std::vector<debugger::CallRow> rows = debugger::call_rows(rec, frame);
  ASSERT_EQ(rows.size(), 332u);
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(rows[i].call, i);
  using debugger::CallFilter;
  CallFilter f;
  EXPECT_EQ(debugger::shown_rows(rows, f).size(), 332u);
  f.kind = collision::CallKind::kRaycast;
  const std::size_t rays = debugger::shown_rows(rows, f).size();
  EXPECT_EQ(rays, 300u);
  f.hit = CallFilter::Hit::kHit;
  const std::size_t hits = debugger::shown_rows(rows, f).size();
  f.hit = CallFilter::Hit::kMiss;
  const std::size_t misses = debugger::shown_rows(rows, f).size();
  EXPECT_EQ(hits + misses, rays);
  EXPECT_GT(hits, 0u);
  // The player's step: one row, its body and ground.
  f = {};
  f.label = "player";
  const std::vector<std::size_t> player = debugger::shown_rows(rows, f);
  ASSERT_EQ(player.size(), 1u);
  EXPECT_EQ(rows[player[0]].kind, collision::CallKind::kStepCharacter);
  EXPECT_EQ(rows[player[0]].body, "capsule r 15 half 13");
  // Sorted by time of impact: ascending, the calls without one last; descending the reverse.
  f = {};
  f.sort = debugger::CallColumn::kToi;
  const std::vector<std::size_t> by_toi = debugger::shown_rows(rows, f);
  ASSERT_EQ(by_toi.size(), rows.size());
  bool none_seen = false;
  for (std::size_t i = 0; i < by_toi.size(); ++i) {
    const float t = rows[by_toi[i]].toi;
    if (t < 0.0f) {
      none_seen = true;
      continue;
    }
    EXPECT_FALSE(none_seen) << "a time of impact after the calls without one";
    if (i > 0) {
      EXPECT_LE(rows[by_toi[i - 1]].toi, t);
    }
  }
  f.descending = true;
  const std::vector<std::size_t> down = debugger::shown_rows(rows, f);
  EXPECT_EQ(rows[down.front()].toi, -1.0f);
  f.sort = debugger::CallColumn::kThread;
  const std::vector<std::size_t> by_thread = debugger::shown_rows(rows, f);
  for (std::size_t i = 1; i < by_thread.size(); ++i) EXPECT_GE(rows[by_thread[i - 1]].thread, rows[by_thread[i]].thread);
  // Words: all must appear (case aside); a number matches the call or the triangle.
  f = {};
  f.text = "SWEEP toi";
  for (std::size_t i : debugger::shown_rows(rows, f)) {
    EXPECT_EQ(rows[i].kind, collision::CallKind::kSweepSphere);
    EXPECT_TRUE(rows[i].hit && *rows[i].hit);
  }
  const std::uint32_t triangle = rows[debugger::shown_rows(rows, f).at(0)].triangle;
  f.text = std::to_string(triangle);
  for (std::size_t i : debugger::shown_rows(rows, f)) EXPECT_TRUE(rows[i].triangle == triangle || rows[i].call == triangle);
  f.text = "no such words";
  EXPECT_TRUE(debugger::shown_rows(rows, f).empty());
  f = {};
  f.differing_only = true;
  EXPECT_TRUE(debugger::shown_rows(rows, f).empty());
}

}  // namespace

namespace {

bool same_position(const collision::CharacterState& a, const collision::CharacterState& b) {
  return std::bit_cast<std::uint32_t>(a.position.x) == std::bit_cast<std::uint32_t>(b.position.x) &&
         std::bit_cast<std::uint32_t>(a.position.y) == std::bit_cast<std::uint32_t>(b.position.y) &&
         std::bit_cast<std::uint32_t>(a.position.z) == std::bit_cast<std::uint32_t>(b.position.z);
}

// What if (what_if.hpp): the recorded body and settings give the recorded states bit for bit,
// for the player (update_character) and for a bot (an item of the step_characters batch), from
// any frame; a bigger body or another method changes the outcome from then on.
TEST(WhatIf, TheRecordedSetupGivesTheRecordedStatesAndAChangeChangesThem) {
  const debugger::GameRecording rec(game());
  for (const std::uint32_t c : {0u, 2u}) {
    for (const int from : {1, 20}) {
      collision::Body body;
      collision::CharacterParams params;
      ASSERT_TRUE(debugger::recorded_setup(rec, c, from, body, params));
      const std::vector<debugger::WhatIfStep> same = debugger::what_if(rec, c, from, body, params);
      ASSERT_EQ(same.size(), static_cast<std::size_t>(kFrames + 1 - from)) << "c" << c;
      EXPECT_EQ(same.front().frame, from);
      for (const debugger::WhatIfStep& s : same) {
        EXPECT_TRUE(same_position(s.recorded, s.what_if)) << "c" << c << " from " << from << " frame " << s.frame;
        EXPECT_EQ(s.recorded.ground, s.what_if.ground);
        EXPECT_EQ(s.recorded.contacts.size(), s.what_if.contacts.size());
      }
    }
  }
  // The bot c2 half as big again: it ends elsewhere (its walk meets walls differently).
  collision::Body body;
  collision::CharacterParams params;
  ASSERT_TRUE(debugger::recorded_setup(rec, 2, 1, body, params));
  const collision::Body bigger = collision::Body::capsule(body.radii.x * 1.5f, body.half_height * 1.5f, body.axis);
  const std::vector<debugger::WhatIfStep> changed = debugger::what_if(rec, 2, 1, bigger, params, 30);
  ASSERT_EQ(changed.size(), 30u);
  int differing = 0;
  for (const debugger::WhatIfStep& s : changed) differing += same_position(s.recorded, s.what_if) ? 0 : 1;
  EXPECT_GT(differing, 0);
  // From past the last frame: nothing to re-run.
  EXPECT_TRUE(debugger::what_if(rec, 0, rec.frame_count(), body, params).empty());
  EXPECT_FALSE(debugger::recorded_setup(rec, 9, 0, body, params));
}

}  // namespace
