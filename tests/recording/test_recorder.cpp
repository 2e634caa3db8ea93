// The recorder (collision/recording.hpp) and its reader (collision/recording_file.hpp) on a small
// world: what is recorded and what is not, labels, threads, the memory cap, write errors, and
// files damaged byte by byte.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <chrono>
#include <csignal>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "collision/batch.hpp"
#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "collision/character.hpp"
#include "collision/recording.hpp"
#include "collision/recording_file.hpp"
#include "recording_helpers.hpp"

namespace {

using collision::CallKind;
using collision::RecordingError;
using collision::RecordingFile;

using prism_test::floor_world;
using prism_test::read_bytes;
using prism_test::temp_path;
using prism_test::z_up;

// Two frames on a floor: a ray, a sweep and a character step in each.
std::vector<std::uint8_t> small_recording(const std::string& path) {
  const collision::World world = floor_world();
  const collision::Body body = collision::Body::sphere(0.5f);
  collision::CharacterState state;
  state.position = {0, 0, 0.6f};
  {
    collision::Recorder recorder(path);
    recorder.attach(world);
    for (int frame = 0; frame < 2; ++frame) {
      recorder.begin_frame(frame / 60.0);
      const collision::RecordingLabel label("player");
      collision::raycast(world, {0, 0, 5}, {0, 0, -10});
      collision::sweep_sphere(world, {1, 1, 3}, 0.5f, {0, 0, -5});
      collision::update_character(world, body, state, {{1, 0, 0}}, 1.0f / 60.0f, z_up());
      recorder.end_frame();
    }
  }
  return read_bytes(path);
}

TEST(Recorder, RecordsEachGameCallOnceNotTheStepsInnerSweeps) {
  const std::string path = temp_path("once");
  small_recording(path);
  const RecordingFile file(path);
  ASSERT_EQ(file.frames().size(), 2u);
  ASSERT_EQ(file.frames()[0].calls.size(), 3u);  // not the step's sweeps and contact queries
  EXPECT_EQ(file.frames()[0].calls[0].kind, CallKind::kRaycast);
  EXPECT_EQ(file.frames()[0].calls[1].kind, CallKind::kSweepSphere);
  EXPECT_EQ(file.frames()[0].calls[2].kind, CallKind::kStepCharacter);
  EXPECT_EQ(file.labels()[file.frames()[1].calls[2].label], "player");
  EXPECT_TRUE(file.closed());
  EXPECT_EQ(file.character_count(), 1u);
  const collision::World world(file.level());
  for (const auto& frame : file.frames())
    for (const auto& call : frame.calls) EXPECT_EQ(collision::replay_difference(world, call), "");
  std::remove(path.c_str());
}

// Each of the seventeen recorded functions once: the writer's argument order and the reader's
// field order must agree for each (a mismatch decodes as other inputs and fails the replay).
TEST(Recorder, EveryKindOfCallDecodesAndReplaysBitForBit) {
  const std::string path = temp_path("kinds");
  const collision::World world = floor_world();
  const collision::Body capsule = collision::Body::capsule(0.3f, 0.4f, {0, 0, 1});
  const glm::vec3 down{0, 0, -5}, above{0.5f, 0.25f, 2};
  collision::CharacterState state, in_place;
  state.position = in_place.position = {0, 0, 0.8f};
  std::vector<collision::CharacterState> crowd(2, state);
  const std::vector<collision::CharacterInput> crowd_in(2, collision::CharacterInput{{1, 0, 0}});
  const std::vector<collision::SegmentQuery> queries{{above, down}, {{3, 3, 1}, {0, 0, -2}}};
  std::vector<collision::SweepHit> sweeps(2);
  std::vector<collision::RayHit> rays(2);
  std::vector<std::uint32_t> triangles;
  std::vector<collision::Contact> contacts;
  collision::MoveParams move_params;
  move_params.skin_width = 0.01f;
  {
    collision::Recorder recorder(path);
    recorder.attach(world);
    recorder.begin_frame(0.0);
    collision::raycast(world, above, down);
    collision::sweep_sphere(world, above, 0.5f, down, {true});
    collision::sweep_ellipsoid(world, above, {0.5f, 0.4f, 0.3f}, down);
    collision::sweep_box(world, above, {0.5f, 0.4f, 0.3f}, down);
    collision::sweep_capsule(world, above, 0.3f, 0.4f, {0, 0, 1}, down);
    collision::sweep(world, capsule, above, down);
    collision::overlap_sphere(world, {0, 0, 0.2f}, 0.5f, triangles);
    collision::overlap_aabb(world, {{-1, -1, -1}, {1, 1, 1}}, triangles);
    collision::find_contacts(world, capsule, {0, 0, 0.75f}, 0.1f, contacts);
    collision::move(world, capsule, above, {1, 0, -3}, move_params);
    state = collision::step_character(world, capsule, state, {{1, 0, 0}}, 1.0f / 60.0f, z_up());
    collision::update_character(world, capsule, in_place, {{0, 1, 0}, true}, 1.0f / 60.0f, z_up());
    state = collision::refresh_contacts(world, capsule, state, z_up());
    collision::sweep_batch(world, capsule, queries, sweeps, {}, 2);
    collision::sweep_sphere_batch(world, 0.5f, queries, sweeps, {}, 2);
    collision::raycast_batch(world, queries, rays, 2);
    collision::step_characters(world, capsule, crowd, crowd_in, 1.0f / 60.0f, z_up(), 2);
    recorder.end_frame();
  }
  const RecordingFile file(path);
  const auto& calls = file.frames().at(0).calls;
  ASSERT_EQ(calls.size(), 17u);
  const CallKind kinds[17] = {CallKind::kRaycast, CallKind::kSweepSphere, CallKind::kSweepEllipsoid,
                              CallKind::kSweepBox, CallKind::kSweepCapsule, CallKind::kSweep,
                              CallKind::kOverlapSphere, CallKind::kOverlapAabb, CallKind::kFindContacts,
                              CallKind::kMove, CallKind::kStepCharacter, CallKind::kStepCharacter,
                              CallKind::kRefreshContacts, CallKind::kSweepBatch, CallKind::kSweepSphereBatch,
                              CallKind::kRaycastBatch, CallKind::kStepCharacters};
  const collision::World replay(file.level());
  for (std::size_t i = 0; i < calls.size(); ++i) {
    EXPECT_EQ(calls[i].kind, kinds[i]) << i;
    EXPECT_EQ(collision::replay_difference(replay, calls[i]), "") << collision::to_string(calls[i].kind);
  }
  EXPECT_EQ(file.character_count(), 4u);  // state, in_place, crowd[0], crowd[1]
  EXPECT_EQ(file.character_steps().size(), 4u);  // two single steps, the batch's two
  EXPECT_FALSE(contacts.empty());
  EXPECT_TRUE(sweeps[0].hit);
  std::remove(path.c_str());
}

TEST(Recorder, CallsOutsideAFrameOrOnAnotherWorldAreNotRecorded) {
  const std::string path = temp_path("outside");
  const collision::World world = floor_world(), other = floor_world();
  {
    collision::Recorder recorder(path);
    recorder.attach(world);
    collision::raycast(world, {0, 0, 5}, {0, 0, -10});  // before any frame
    recorder.begin_frame(0.0);
    collision::raycast(other, {0, 0, 5}, {0, 0, -10});
    recorder.end_frame();
    collision::raycast(world, {0, 0, 5}, {0, 0, -10});  // after it
  }
  const RecordingFile file(path);
  ASSERT_EQ(file.frames().size(), 1u);
  EXPECT_TRUE(file.frames()[0].calls.empty());
  std::remove(path.c_str());
}

TEST(Recorder, ABatchIsOneCallWhateverItsThreadsAndReplaysBitForBit) {
  const std::string path = temp_path("batch");
  const collision::World world = floor_world();
  std::vector<collision::SegmentQuery> queries;
  for (int i = 0; i < 200; ++i) queries.push_back({{static_cast<float>(i) * 0.05f - 5.0f, 0, 3}, {0, 0, -6}});
  std::vector<collision::RayHit> hits(queries.size());
  {
    collision::Recorder recorder(path);
    recorder.attach(world);
    recorder.begin_frame(0.0);
    collision::raycast_batch(world, queries, hits, 4);
    recorder.end_frame();
  }
  const RecordingFile file(path);
  ASSERT_EQ(file.frames().at(0).calls.size(), 1u);
  EXPECT_EQ(file.frames()[0].calls[0].kind, CallKind::kRaycastBatch);
  EXPECT_EQ(collision::replay_difference(collision::World(file.level()), file.frames()[0].calls[0]), "");
  EXPECT_TRUE(hits[100].hit);
  std::remove(path.c_str());
}

TEST(Recorder, EachThreadsCallsCarryItsOwnLabelInThreadOrder) {
  const std::string path = temp_path("threads");
  const collision::World world = floor_world();
  {
    collision::Recorder recorder(path);
    recorder.attach(world);
    recorder.begin_frame(0.0);
    collision::Recorder::set_thread_label("main");
    collision::raycast(world, {0, 0, 5}, {0, 0, -10});
    std::thread([&] {
      const collision::RecordingLabel label("npc 12 line of sight");
      for (int i = 0; i < 3; ++i) collision::raycast(world, {0, 0, 5}, {0, 0, -10});
    }).join();
    collision::Recorder::set_thread_label("");
    recorder.end_frame();
  }
  const RecordingFile file(path);
  const auto& calls = file.frames().at(0).calls;
  ASSERT_EQ(calls.size(), 4u);
  EXPECT_EQ(calls[0].thread, 0u);
  EXPECT_EQ(file.labels()[calls[0].label], "main");
  for (int i = 1; i < 4; ++i) {
    EXPECT_EQ(calls[i].thread, 1u);
    EXPECT_EQ(file.labels()[calls[i].label], "npc 12 line of sight");
  }
  std::remove(path.c_str());
}

TEST(Recorder, FramesPastTheMemoryCapAreDroppedAndCountedNeverThrown) {
  const std::string path = temp_path("cap");
  const collision::World world = floor_world();
  collision::RecorderOptions options;
  options.memory_cap = 2000;  // bytes: a frame of 100 rays (about 6 KB) does not fit
  {
    collision::Recorder recorder(path, options);
    recorder.attach(world);
    recorder.begin_frame(0.0);
    collision::raycast(world, {0, 0, 5}, {0, 0, -10});
    recorder.end_frame();
    recorder.begin_frame(1.0);
    for (int i = 0; i < 100; ++i) EXPECT_TRUE(collision::raycast(world, {0, 0, 5}, {0, 0, -10}).hit);
    recorder.end_frame();
    EXPECT_EQ(recorder.status().frames_recorded, 1u);
    EXPECT_EQ(recorder.status().frames_dropped, 1u);
  }
  const RecordingFile file(path);
  EXPECT_EQ(file.frames().size(), 1u);
  EXPECT_EQ(file.dropped_frames(), 1u);
  std::remove(path.c_str());
}

// A full disk, as a file size limit: writes past 64 KiB fail (EFBIG) while the game goes on.
TEST(Recorder, AWriteErrorStopsTheRecordingAndIsReportedNotThrown) {
  const std::string path = temp_path("full");
  const collision::World world = floor_world();
  rlimit old{};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &old), 0);
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit small = old;
  small.rlim_cur = 64 << 10;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
  collision::RecorderStatus status;
  {
    collision::Recorder recorder(path);
    recorder.attach(world);
    for (int frame = 0; frame < 50; ++frame) {  // about 12 KB a frame
      recorder.begin_frame(frame);
      for (int i = 0; i < 200; ++i) EXPECT_TRUE(collision::raycast(world, {0, 0, 5}, {0, 0, -10}).hit);
      recorder.end_frame();
    }
    for (int i = 0; i < 200 && recorder.status().ok; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    status = recorder.status();
  }
  setrlimit(RLIMIT_FSIZE, &old);
  std::signal(SIGXFSZ, old_handler);
  EXPECT_FALSE(status.ok);
  EXPECT_NE(status.error.find(path), std::string::npos) << status.error;
  EXPECT_LE(status.bytes_written, 64u << 10);
  std::remove(path.c_str());
}

TEST(Recorder, AFileThatCannotBeCreatedIsAnErrorNamingIt) {
  try {
    collision::Recorder recorder("/nonexistent-dir/run.prec");
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent-dir/run.prec"), std::string::npos) << e.what();
  }
}

TEST(Recorder, AWorldTakesOneRecorderAtATime) {
  const collision::World world = floor_world();
  collision::Recorder a(temp_path("a")), b(temp_path("b"));
  a.attach(world);
  EXPECT_THROW(b.attach(world), std::logic_error);
  a.detach();
  EXPECT_NO_THROW(b.attach(world));
}

// The flight recorder keeps the last seconds: 2 s at 60 Hz of a 5 s run, saved on request as a
// complete recording, and written to its own file at the end.
TEST(Recorder, AFlightRecorderSavesOnlyTheLastSecondsAsACompleteRecording) {
  const std::string path = temp_path("flight"), saved = temp_path("flight_saved");
  const collision::World world = floor_world();
  collision::RecorderOptions options;
  options.flight_seconds = 2.0;
  {
    collision::Recorder recorder(path, options);
    recorder.attach(world);
    for (int frame = 0; frame < 300; ++frame) {
      recorder.begin_frame(frame / 60.0);
      const collision::RecordingLabel label(frame < 150 ? "early" : "late");
      collision::raycast(world, {0, 0, 5}, {0, 0, -10});
      recorder.end_frame();
    }
    EXPECT_EQ(recorder.status().frames_recorded, 121u);  // 179/60 s .. 299/60 s
    EXPECT_LT(recorder.status().bytes_written, 64u);  // the header and HEAD alone: no frames yet
    recorder.save(saved);
  }
  for (const std::string& p : {saved, path}) {
    const RecordingFile file(p);
    ASSERT_EQ(file.frames().size(), 121u) << p;
    EXPECT_EQ(file.frames().front().number, 179u);
    EXPECT_EQ(file.frames().back().number, 299u);
    EXPECT_EQ(file.labels()[file.frames().back().calls.at(0).label], "late");
    EXPECT_EQ(collision::replay_difference(collision::World(file.level()), file.frames()[0].calls.at(0)), "");
    EXPECT_TRUE(file.closed());
  }
  std::remove(path.c_str());
  std::remove(saved.c_str());
}

// RecorderOptions::save_on_anomaly. A character in the floor, stepped with dt 0 (which only
// refreshes its contacts), ends 0.3 deep, past its 0.005 skin: the flight recorder saves the
// last half second by itself, once for the window. A character walking into a wall stands
// still too, but against a contact that faces its input: no anomaly.
TEST(Recorder, AFlightRecorderSavesByItselfWhenAStepEndsDeeperThanItsSkin) {
  const std::string path = temp_path("anomaly"), pattern = temp_path("anomaly_saved");
  auto triangles = prism_test::floor_quad(10.0f);
  triangles.push_back({{1, -5, -1}, {1, 5, -1}, {1, 5, 5}});  // a wall at x = 1, facing -x
  triangles.push_back({{1, -5, -1}, {1, 5, 5}, {1, -5, 5}});
  const collision::World world = prism_test::world_of(triangles);
  const collision::Body body = collision::Body::sphere(0.5f);
  collision::CharacterState walker, sunk;
  walker.position = {0, 0, 0.5f};
  sunk.position = {-3, 0, 0.2f};
  collision::RecorderOptions options;
  options.flight_seconds = 0.5;
  options.save_on_anomaly = pattern;
  const std::string saved = pattern.substr(0, pattern.size() - 5) + "-90.prec";  // frame 90's
  std::remove(saved.c_str());
  collision::RecorderStatus status;
  {
    collision::Recorder recorder(path, options);
    recorder.attach(world);
    for (int frame = 0; frame < 120; ++frame) {
      recorder.begin_frame(frame / 60.0);
      collision::update_character(world, body, walker, {{3, 0, 0}}, 1.0f / 60.0f, z_up());  // into the wall
      if (frame >= 90) collision::update_character(world, body, sunk, {}, 0.0f, z_up());
      recorder.end_frame();
    }
    status = recorder.status();
  }
  EXPECT_EQ(walker.position.x, 0.495000005f);  // against the wall, from well before frame 90
  EXPECT_EQ(status.anomaly_saves, 1u) << status.last_anomaly;  // frames 91-119 are in frame 90's window
  EXPECT_EQ(status.last_anomaly.find("frame 90, call 1 of thread 0, step_character: ends 0.3 deep, past its skin 0.005"),
            0u)
      << status.last_anomaly;
  const RecordingFile file(saved);
  EXPECT_EQ(file.frames().size(), 31u);  // 60/60 s .. 90/60 s
  EXPECT_EQ(file.frames().back().number, 90u);
  const collision::World replay(file.level());
  for (const auto& call : file.frames().back().calls) EXPECT_EQ(collision::replay_difference(replay, call), "");
  std::remove(path.c_str());
  std::remove(saved.c_str());
}

TEST(Recorder, SavingWithoutAFlightRecorderIsALogicError) {
  collision::Recorder recorder(temp_path("no_flight"));
  EXPECT_THROW(recorder.save(temp_path("no_flight_copy")), std::logic_error);
}

// Every byte of a small recording flipped: never a crash, always an error with the file's name
// and an offset (every byte is under a checksum, or is the header's).
TEST(RecordingFile, EveryFlippedByteIsAnErrorNamingTheFileAndOffset) {
  const std::vector<std::uint8_t> bytes = small_recording(temp_path("flip"));
  ASSERT_GT(bytes.size(), 200u);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    std::vector<std::uint8_t> bad = bytes;
    bad[i] ^= 0x20;
    try {
      const RecordingFile file(std::move(bad), "flipped.prec");
      ADD_FAILURE() << "byte " << i << " flipped reads without an error";
    } catch (const RecordingError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("flipped.prec"), std::string::npos) << what;
      EXPECT_NE(what.find("offset "), std::string::npos) << what;
    }
  }
}

// Every prefix: an error naming the offset, except a cut at the end of a chunk before the index
// (a game that crashed after a frame), which reads as the frames it holds.
TEST(RecordingFile, EveryTruncationIsAnErrorOrTheWholeFramesBeforeIt) {
  const std::vector<std::uint8_t> bytes = small_recording(temp_path("cut"));
  std::size_t complete = 0;
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    try {
      const RecordingFile file(std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n)), "cut.prec");
      EXPECT_FALSE(file.closed());
      EXPECT_LE(file.frames().size(), 2u);
      ++complete;
    } catch (const RecordingError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("cut.prec': offset "), std::string::npos) << what;
    }
  }
  EXPECT_EQ(complete, 5u);  // after HEAD, LEVL, LABL + frame 0, frame 1 (LABL then FRAM: 2 cuts)
}

TEST(RecordingFile, ANewerFormatVersionIsAnErrorSayingSo) {
  std::vector<std::uint8_t> bytes = small_recording(temp_path("newer"));
  bytes[8] = 3;
  try {
    const RecordingFile file(std::move(bytes), "newer.prec");
    FAIL() << "no error";
  } catch (const RecordingError& e) {
    EXPECT_NE(std::string(e.what()).find("offset 8: format version 3 is newer than this build reads (2)"),
              std::string::npos)
        << e.what();
  }
}

TEST(RecordingFile, AChangedResultIsReportedByTheReplay) {
  // A recorded result the core does not give (as after a change to the core): the ray's t
  // changed in its last bit, handed to the replay directly (in the file the checksum catches it).
  const std::vector<std::uint8_t> bytes = small_recording(temp_path("changed"));
  const RecordingFile file(bytes, "changed.prec");
  collision::RecordedCall call = file.frames()[0].calls[0];
  std::vector<std::uint8_t> result(call.result.begin(), call.result.end());
  result[2] ^= 0x01;  // t's lowest mantissa byte (after the two flags)
  call.result = result;
  const std::string difference = collision::replay_difference(collision::World(file.level()), call);
  EXPECT_NE(difference.find("recorded hit at t"), std::string::npos) << difference;
}

}  // namespace
