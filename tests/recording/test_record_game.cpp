// A game's recording re-run: examples/record_game on oa_dm1 (600 frames: a player, three bots
// in a batch, 330 rays and sweeps a frame from worker threads) passes
// `prism-query recording --check` with zero differences, with 1 and with 4 game threads.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "run_command.hpp"

namespace {

void record_and_check(int threads) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("prism_record_game_" + std::to_string(threads) + ".prec")).string();
  const auto game = prism_test::run_command(std::string(RECORD_GAME) + " oa_dm1 " + path + " 600 " + std::to_string(threads));
  ASSERT_EQ(game.status, 0) << game.out;
  EXPECT_NE(game.out.find("recorded 601 frames (0 dropped)"), std::string::npos) << game.out;
  const auto check = prism_test::run_command(std::string(PRISM_QUERY) + " recording " + path + " --check");
  EXPECT_EQ(check.status, 0) << check.out.substr(0, 2000);
  EXPECT_NE(check.out.find("199204 calls re-run, 0 differ"), std::string::npos) << check.out.substr(0, 2000);
  const auto summary = prism_test::run_command(std::string(PRISM_QUERY) + " recording " + path);
  EXPECT_EQ(summary.status, 0) << summary.out;
  EXPECT_NE(summary.out.find("frames: 601 (numbers 0 to 600"), std::string::npos) << summary.out;
  EXPECT_NE(summary.out.find("characters: 4\n"), std::string::npos) << summary.out;
  EXPECT_NE(summary.out.find("\"player\" step_character: 600"), std::string::npos) << summary.out;
  std::remove(path.c_str());
}

TEST(RecordGame, SixHundredFramesOfOaDm1ReplayWithZeroDifferencesOnOneThread) { record_and_check(1); }
TEST(RecordGame, SixHundredFramesOfOaDm1ReplayWithZeroDifferencesOnFourThreads) { record_and_check(4); }

TEST(RecordGame, ACorruptRecordingIsAnErrorNamingTheFileAndOffsetExit1) {
  const std::string path = (std::filesystem::temp_directory_path() / "prism_not_a_recording.prec").string();
  FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fputs("PRISMREC but not really", f);
  std::fclose(f);
  const auto r = prism_test::run_command(std::string(PRISM_QUERY) + " recording " + path + " --check");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("prism-query: recording '" + path + "': offset 8: format version"), std::string::npos) << r.out;
  std::remove(path.c_str());
}

}  // namespace
