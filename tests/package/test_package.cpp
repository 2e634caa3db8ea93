// Prism as a game takes it in (issue 41, "The package"): examples/hello_character.cpp built
// against an installed prefix with find_package(prism) and with pkg-config, from a game's tree
// with add_subdirectory(prism), and from the .deb on a bare Debian 12 root. Each build runs the
// example on the default scene, which must end where the README says, built in the tree.
#include <gtest/gtest.h>

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

}  // namespace

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
  EXPECT_NE(run.out.find(std::string("find_package: ") + kStandsOnTheStairs), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(std::string("pkg-config: ") + kStandsOnTheStairs), std::string::npos) << run.out;
}
