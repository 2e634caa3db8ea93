// docs/zoo.md against the build: the table the zoo's walks give now (zoo_table.hpp), byte for
// byte. It fails when a change to the core or the anomaly finder moves a row (issue 39: the
// table said stairs_wall offset-prism had 1 lost_speed at frame 114; the build finds 108 from
// frame 102). Regenerate with build/release/tools/zoo_table/zoo-table (docs/zoo.md says how).
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "debugger/zoo_table.hpp"

namespace {

std::string first_difference(const std::string& want, const std::string& have) {
  std::istringstream a(want), b(have);
  std::string la, lb;
  for (int line = 1;; ++line) {
    const bool ra = static_cast<bool>(std::getline(a, la)), rb = static_cast<bool>(std::getline(b, lb));
    if (!ra && !rb) return "";
    if (!ra || !rb || la != lb)
      return "docs/zoo.md line " + std::to_string(line) + ":\n  file:  " + (ra ? la : "(end)") +
             "\n  build: " + (rb ? lb : "(end)");
  }
}

TEST(ZooTable, DocsTableMatchesWhatTheBuildFinds) {
  std::ifstream in(PRISM_SOURCE_DIR "/docs/zoo.md", std::ios::binary);
  ASSERT_TRUE(in) << "docs/zoo.md missing";
  std::stringstream file;
  file << in.rdbuf();
  const debugger::ZooTable table = debugger::make_zoo_table();
  EXPECT_EQ(table.runs, 36);  // 12 scenes x 3 methods
  EXPECT_EQ(first_difference(file.str(), table.markdown), "")
      << "regenerate: build/release/tools/zoo_table/zoo-table (from the repository root)";
}

TEST(ZooTable, StairsWallOffsetPrismRowSaysWhatTheRunFinds) {
  // The row, checked on its own numbers: 108 lost_speed from frame 102 on triangle 67.
  const debugger::ZooTable table = debugger::make_zoo_table();
  EXPECT_NE(table.markdown.find("| stairs_wall | offset-prism | 108 | 102 lost_speed [67] | lost_speed 102 (x108) |"),
            std::string::npos);
}

}  // namespace
