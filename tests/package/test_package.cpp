// Prism as a game takes it in (issue 41, "The package"): examples/hello_character.cpp built
// against an installed prefix with find_package(prism) and with pkg-config, from a game's tree
// with add_subdirectory(prism), and from the .deb on a bare Debian 12 root. Each build runs the
// example on the default scene, which must end where the README says, built in the tree.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "run_command.hpp"

namespace {

// The example's last line on assets/default_scene.obj (README.md, "Using the core").
constexpr const char* kStandsOnTheStairs =
    "after 3 s at 60 Hz the character stands at (11.410, 0.803, 0.000), on-ground, touching 2 triangles";

prism_test::CommandRun check_package(const std::string& mode) {
  return prism_test::run_command("bash " PRISM_SOURCE_DIR "/tests/package/check_package.sh " + mode +
                                 " " PRISM_SOURCE_DIR " " PRISM_BUILD_DIR " " PRISM_TEST_OUTPUT_DIR "/" + mode);
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Each line without its leading spaces (the README indents the example less than main() does).
std::string without_indentation(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  for (std::string line; std::getline(in, line);) out += line.substr(std::min(line.find_first_not_of(' '), line.size())) + "\n";
  return out;
}

}  // namespace

// The README's C++ example is examples/hello_character.cpp's code, line for line, so that what
// a reader copies is what CI builds (here and against the installed package) and runs.
TEST(Package, ReadmeExampleIsHelloCharactersCodeThatCiBuilds) {
  const std::string readme = read_text(PRISM_SOURCE_DIR "/README.md");
  const std::size_t open = readme.find("```cpp\n");
  ASSERT_NE(open, std::string::npos) << "README.md has no ```cpp block";
  const std::size_t body = open + 7;
  const std::size_t close = readme.find("```", body);
  ASSERT_NE(close, std::string::npos);
  const std::string example = without_indentation(readme.substr(body, close - body));
  EXPECT_GT(example.size(), 1000u);
  EXPECT_NE(without_indentation(read_text(PRISM_SOURCE_DIR "/examples/hello_character.cpp")).find(example), std::string::npos)
      << "README.md's example is not examples/hello_character.cpp's code:\n" << example;
}

// Before: `cmake --install` installed nothing, so find_package(prism) found no prismConfig.cmake.
TEST(Package, FindPackageOfAnInstalledPrefixBuildsHelloCharacterThatStandsWhereTheTreeBuildDoes) {
  const prism_test::CommandRun run = check_package("find_package");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find(kStandsOnTheStairs), std::string::npos) << run.out;
}

// Before: no prism.pc, so `pkg-config --cflags --libs prism` failed.
TEST(Package, PkgConfigOfAnInstalledPrefixBuildsHelloCharacterThatStandsWhereTheTreeBuildDoes) {
  const prism_test::CommandRun run = check_package("pkg-config");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find(kStandsOnTheStairs), std::string::npos) << run.out;
}

// Before: add_subdirectory(prism) defined the tests, benchmarks, prism-query and the debugger
// too, so a game's configure needed GoogleTest, Bullet, Embree, Vulkan, GLFW and ImGui.
TEST(Package, AddSubdirectoryFromAGamesTreeBuildsOnlyTheCore) {
  const prism_test::CommandRun run = check_package("add_subdirectory");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("PRISM_TESTS=OFF PRISM_BENCH=OFF PRISM_RENDERER=OFF PRISM_TOOLS=OFF "
                         "PRISM_EXAMPLES=OFF PRISM_INSTALL=OFF"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find(kStandsOnTheStairs), std::string::npos) << run.out;
}

// Before: there was no package. The .deb must bring every dependency a bare Debian 12 lacks,
// for the programs and for building against it. Skipped where no such root can be made.
TEST(Package, DebInstallsOnABareDebian12RootWithItsDependenciesAndBuildsHelloCharacter) {
  const prism_test::CommandRun run = prism_test::run_command(
      "bash " PRISM_SOURCE_DIR "/tests/package/deb_clean_root.sh " PRISM_SOURCE_DIR " " PRISM_BUILD_DIR
      " " PRISM_TEST_OUTPUT_DIR "/deb");
  if (run.status == 77) GTEST_SKIP() << run.out;
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("installed: prism 0.1.0"), std::string::npos) << run.out;
  // prism-query random on the default scene, seed 1: the tree's build prints the same line.
  EXPECT_NE(run.out.find("7.05038452,2.9915545,-2.65529633,-8.29947662,-21.1797428,-11.2579193"), std::string::npos)
      << run.out;
  if (PRISM_PACKS_DEBUGGER) {  // prism on lavapipe: Vulkan and GLFW came with the package
    EXPECT_NE(run.out.find("prism: 3 frames, 1 captures, 0 anomalies"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("prism --headless: captures/default_f000002.png"), std::string::npos) << run.out;
  }
  EXPECT_NE(run.out.find(std::string("find_package: ") + kStandsOnTheStairs), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(std::string("pkg-config: ") + kStandsOnTheStairs), std::string::npos) << run.out;
}
