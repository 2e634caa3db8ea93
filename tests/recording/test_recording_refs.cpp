// Format 2's references (docs/recording-format.md, "References"): a thread's repeated body and
// parameters, and a character's state when it is its last result, are written once, and every
// call still re-runs bit for bit whatever the game did in between (changed a state, dropped a
// frame at the memory cap, kept only the last frames). Format 1 files still read.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "collision/character.hpp"
#include "collision/queries.hpp"
#include "collision/recording.hpp"
#include "collision/recording_file.hpp"
#include "recording_helpers.hpp"

namespace {

using collision::RecordingFile;
using prism_test::floor_world;
using prism_test::temp_path;
using prism_test::z_up;

// Every call of the file re-run: the number that differ.
int differences(const RecordingFile& file) {
  const collision::World world(file.level());
  int n = 0;
  for (const auto& frame : file.frames())
    for (const auto& call : frame.calls) n += collision::replay_difference(world, call).empty() ? 0 : 1;
  return n;
}

collision::CharacterState standing(float x) {
  collision::CharacterState s;
  s.position = {x, 0, 0.5f};
  return s;
}

// Two characters with one body and one set of parameters, stepped in place frame after frame:
// in frame 2 the second character's call is a header, its id, three flag bytes (body, state,
// parameters: all references), its input and dt, and its result; format 1 wrote its body, state
// and parameters in full (some 150 bytes more on a floor). Frame 3 steps the first alone, so
// the two frames' chunks differ by that call (and by the first's result, whose size may change).
TEST(RecordingRefs, ASecondCharactersStepInAFrameWritesNoBodyStateOrParametersAgain) {
  const std::string path = temp_path("refs_size");
  const collision::World world = floor_world();
  const collision::Body body = collision::Body::sphere(0.5f);
  collision::CharacterState a = standing(0), b = standing(2);
  {
    collision::Recorder recorder(path);
    recorder.attach(world);
    for (int frame = 0; frame < 5; ++frame) {
      recorder.begin_frame(frame / 60.0);
      collision::update_character(world, body, a, {{1, 0, 0}}, 1.0f / 60.0f, z_up());
      if (frame != 3) collision::update_character(world, body, b, {{0, 1, 0}}, 1.0f / 60.0f, z_up());
      recorder.end_frame();
    }
  }
  const RecordingFile file(path);
  ASSERT_EQ(file.format_version(), 2u);
  ASSERT_EQ(file.frames().size(), 5u);
  const auto& frames = file.frames();
  const auto chunk = [&](std::size_t k) { return frames[k + 1].offset - frames[k].offset; };
  const std::size_t result_a2 = frames[2].calls.at(0).result.size(), result_b2 = frames[2].calls.at(1).result.size();
  const std::size_t result_a3 = frames[3].calls.at(0).result.size();
  // 13 header + 8 id + 3 flags + 25 input + 4 dt = 53, then the result.
  EXPECT_EQ(chunk(2) - chunk(3) + result_a3, 53 + result_b2 + result_a2);
  EXPECT_EQ(differences(file), 0);
  std::remove(path.c_str());
}

// The game changes what the recorder last saw: it moves a character between two of its steps,
// changes the parameters for one call and steps another character with a body of its own. Those
// are written in full (they differ from what the references would give), and every call re-runs
// to its recorded result.
TEST(RecordingRefs, AStateOrParametersTheGameChangedBetweenStepsAreWrittenInFullAndReplay) {
  const std::string path = temp_path("refs_changed");
  const collision::World world = floor_world();
  const collision::Body body = collision::Body::sphere(0.5f), small = collision::Body::sphere(0.25f);
  collision::CharacterState a = standing(0), b = standing(3);
  std::vector<glm::vec3> positions;
  {
    collision::Recorder recorder(path);
    recorder.attach(world);
    for (int frame = 0; frame < 8; ++frame) {
      recorder.begin_frame(frame / 60.0);
      collision::CharacterParams params = z_up();
      if (frame == 5) params.walk_speed = 2.0f;
      if (frame == 3) a.position.x += 1.0f;  // a teleport
      collision::update_character(world, body, a, {{1, 0, 0}}, 1.0f / 60.0f, params);
      collision::update_character(world, frame % 2 ? small : body, b, {{0, 1, 0}}, 1.0f / 60.0f, params);
      positions.push_back(a.position);
      positions.push_back(b.position);
      recorder.end_frame();
    }
  }
  const RecordingFile file(path);
  EXPECT_EQ(differences(file), 0);
  const auto steps = file.character_steps();
  ASSERT_EQ(steps.size(), positions.size());
  for (std::size_t i = 0; i < steps.size(); ++i) {
    EXPECT_EQ(steps[i].x, positions[i].x) << i;
    EXPECT_EQ(steps[i].z, positions[i].z) << i;
  }
  EXPECT_GT(positions[6].x, 1.0f);  // frame 3: a stands past its teleport
  std::remove(path.c_str());
}

// A frame dropped at the memory cap is not in the file, so the step after it cannot refer to
// the character's result in it: the file reads and every call re-runs.
TEST(RecordingRefs, AStepAfterAFrameDroppedAtTheMemoryCapReplays) {
  const std::string path = temp_path("refs_dropped");
  const collision::World world = floor_world();
  const collision::Body body = collision::Body::sphere(0.5f);
  collision::CharacterState a = standing(0);
  collision::RecorderOptions options;
  options.memory_cap = 4000;  // a frame of 100 rays (some 7 KB) does not fit; a step (600 B) does
  {
    collision::Recorder recorder(path, options);
    recorder.attach(world);
    for (int frame = 0; frame < 5; ++frame) {
      recorder.begin_frame(frame / 60.0);
      collision::update_character(world, body, a, {{1, 0, 0}}, 1.0f / 60.0f, z_up());
      if (frame == 2)
        for (int i = 0; i < 100; ++i) collision::raycast(world, {0, 0, 5}, {0, 0, -10});
      recorder.end_frame();
    }
  }
  const RecordingFile file(path);
  ASSERT_EQ(file.frames().size(), 4u);
  EXPECT_EQ(file.frames()[2].number, 3u);
  EXPECT_EQ(file.dropped_frames(), 1u);
  EXPECT_EQ(differences(file), 0);
  std::remove(path.c_str());
}

// The flight recorder's saved copy starts at a frame whose characters' earlier results it does
// not hold: its first frame writes their states in full.
TEST(RecordingRefs, AFlightRecordersSavedCopyStartsWithWholeStatesAndReplays) {
  const std::string path = temp_path("refs_flight"), saved = temp_path("refs_flight_saved");
  const collision::World world = floor_world();
  const collision::Body body = collision::Body::sphere(0.5f);
  collision::CharacterState a = standing(0);
  collision::RecorderOptions options;
  options.flight_seconds = 0.11;
  {
    collision::Recorder recorder(path, options);
    recorder.attach(world);
    for (int frame = 0; frame < 30; ++frame) {
      recorder.begin_frame(frame / 60.0);
      collision::update_character(world, body, a, {{1, 0, 0}}, 1.0f / 60.0f, z_up());
      recorder.end_frame();
    }
    recorder.save(saved);
  }
  for (const std::string& p : {saved, path}) {
    const RecordingFile file(p);
    ASSERT_EQ(file.frames().size(), 7u) << p;  // 23/60 s .. 29/60 s
    EXPECT_EQ(file.frames().front().number, 23u) << p;
    EXPECT_EQ(differences(file), 0) << p;
  }
  std::remove(path.c_str());
  std::remove(saved.c_str());
}

// tests/fuzz/corpus/fuzz_recording/seed_small.prec was written in format 1 (every input in
// full): it reads, re-runs and gives its character's positions as before.
TEST(RecordingRefs, AFormatOneRecordingStillReadsAndReplays) {
  const RecordingFile file(FORMAT_ONE_RECORDING);
  EXPECT_EQ(file.format_version(), 1u);
  ASSERT_EQ(file.frames().size(), 2u);
  EXPECT_EQ(file.frames()[0].calls.size() + file.frames()[1].calls.size(), 8u);
  EXPECT_EQ(differences(file), 0);
  const auto steps = file.character_steps();
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_FLOAT_EQ(steps[1].x, 0.0333333351f);
  EXPECT_FLOAT_EQ(steps[1].z, 0.57916671f);
}

}  // namespace
