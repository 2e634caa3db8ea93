// prism's command line, read with CLI11 (issue 37): the help lists every option the parser
// takes and points at the manual, and the words the hand-written parser refused stay refused.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "debugger/command_line.hpp"
#include "refusal.hpp"

namespace {

using prism_test::refusal;

// Every option prism takes, with a value it accepts ("" for a switch).
const std::vector<std::pair<std::string, std::string>> kOptions = {
    {"--headless", ""}, {"--scene", "zoo:wedge"}, {"--walk", "w.walk"}, {"--method", "robust"},
    {"--frames", "3"}, {"--out", "dir"}, {"--capture-every", "2"}, {"--capture-frames", "1,2"},
    {"--size", "32x32"}, {"--validation", ""}, {"--find-anomalies", ""}, {"--see-through", ""},
    {"--force", ""}, {"--up", "y"}, {"--body", "sphere:0.5"}, {"--spawn", "1,2,3"}, {"--gravity", "9"},
    {"--jump-speed", "4"}, {"--max-slope", "45"}, {"--step", "0.3"}, {"--min-step-forward", "0.1"},
    {"--snap", "0.2"}, {"--skin", "0.01"}, {"--recovery", "0.5"}, {"--seed", "7"},
    {"--camera-collision", "off"}, {"--camera-distance", "2"}, {"--script-keys", "keys.txt"},
    {"--recording", "game.prec"}, {"--follow", "c1"}, {"--help", ""}, {"-h", ""}};

TEST(CommandLine, HelpListsEveryOptionTheParserTakes) {
  // --validation and --script-keys were taken but not in the hand-written usage text.
  const std::string help = debugger::usage();
  for (const auto& [option, value] : kOptions) {
    std::vector<std::string> args = {option};
    if (!value.empty()) args.push_back(value);
    EXPECT_EQ(refusal(args), "") << option;
    const std::string listed = option == "-h" || option == "--help" ? "-h,--help" : option + " ";
    EXPECT_NE(help.find("  " + listed), std::string::npos) << option << " is not in --help:\n" << help;
  }
  EXPECT_NE(help.find("--session FILE"), std::string::npos);
}

TEST(CommandLine, HelpPointsAtTheKeysInDocsDebuggerNotTheReadme) {
  // The keys moved from README.md to docs/debugger.md; --help still sent readers to the README.
  const std::string help = debugger::usage();
  EXPECT_NE(help.find("Keys: docs/debugger.md"), std::string::npos) << help;
  EXPECT_EQ(help.find("Keys panel or README.md"), std::string::npos) << help;
}

TEST(CommandLine, WordsCli11WouldSplitAreStillUnknownArguments) {
  // CLI11 alone reads --name=value, bundled short flags and a bare "--"; prism never did.
  EXPECT_EQ(refusal({"--frames=3"}), "unknown argument '--frames=3'");
  EXPECT_EQ(refusal({"-hx"}), "unknown argument '-hx'");
  EXPECT_EQ(refusal({"--headless", "--"}), "unknown argument '--'");
  EXPECT_EQ(refusal({"--frames", "3", "scene.obj"}), "unknown argument 'scene.obj'");
  // A value is the next word, whatever it looks like; the first wrong word is the one named.
  EXPECT_EQ(debugger::parse_command_line({"--scene", "--headless"}).options.scene, "--headless");
  EXPECT_FALSE(debugger::parse_command_line({"--scene", "--headless"}).headless);
  EXPECT_EQ(refusal({"--frames", "x", "--bogus"}), "--frames needs a non-negative integer, got 'x'");
  EXPECT_EQ(refusal({"--bogus", "--frames", "x"}), "unknown argument '--bogus'");
  EXPECT_EQ(refusal({"--size", "32x32", "--out"}), "--out needs a value");
  // Repeated options: the last value wins, --capture-frames adds to its list.
  const debugger::CommandLine c =
      debugger::parse_command_line({"--frames", "3", "--frames", "5", "--capture-frames", "1", "--capture-frames", "2,4"});
  EXPECT_EQ(c.options.frames, 5);
  EXPECT_EQ(c.options.capture_frames, (std::vector<int>{1, 2, 4}));
  EXPECT_TRUE(c.frames_given);
  EXPECT_FALSE(c.out_given);
}

}  // namespace
