// prism-query's 2D commands (sector, segments, walk2d) against the hostile inputs of issue 38:
// numbers outside the 2D input domain, NaN options, byte-order marks, fast walks. Each test is
// named after the failure it prevents. PRISM_QUERY_EXE in the environment runs them against
// another build (to show that they fail against one from before the fix).
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;

struct Result {
  int status = -1;  ///< exit status, or 128 + signal
  std::string out, err;
};

// `prism-query ARGS < input` in a fresh folder of this test's, bounded to 60 s.
Result prism_query(const std::string& args, const std::string& input = "") {
  const char* other = std::getenv("PRISM_QUERY_EXE");
  const std::string exe = other != nullptr && *other != '\0' ? other : PRISM_QUERY_EXE;
  const fs::path dir = fs::path(PRISM_TEST_OUTPUT_DIR) / "hostile_2d" /
                       ::testing::UnitTest::GetInstance()->current_test_info()->name();
  fs::create_directories(dir);
  std::ofstream(dir / "in.txt", std::ios::binary) << input;
  const std::string cmd = "cd '" + dir.string() + "' && timeout -k 5 60 '" + exe + "' " + args +
                          " < in.txt > out.txt 2> err.txt";
  const int raw = std::system(cmd.c_str());
  Result r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  for (auto [name, text] : {std::pair{"out.txt", &r.out}, std::pair{"err.txt", &r.err}}) {
    std::stringstream ss;
    ss << std::ifstream(dir / name, std::ios::binary).rdbuf();
    *text = ss.str();
  }
  return r;
}

bool has_freedoom() { return fs::exists("/usr/share/games/doom/freedoom1.wad"); }

#define EXPECT_ERROR(run, message)                                          \
  do {                                                                      \
    EXPECT_EQ((run).status, 1) << (run).out << (run).err;                   \
    EXPECT_EQ((run).out, "");                                               \
    EXPECT_NE((run).err.find(message), std::string::npos) << (run).err;     \
  } while (false)

}  // namespace

TEST(PrismQuery2dHostile, SegmentsAt1e150AreAnErrorNotANaNPoint) {
  // Was: point,-nan,-nan,0.5,0.5, exit 0.
  const Result r = prism_query("segments -", "-1e150,-1e150,1e150,1e150,-1e150,1e150,1e150,-1e150\n");
  EXPECT_ERROR(r, "<stdin>:1: outside the 2D input domain: field 1 (-1e150) is beyond +-2^200");
}

TEST(PrismQuery2dHostile, SegmentsAt1e154And1e200And1e308AreAnErrorNotNone) {
  // Was: none, exit 0.
  for (const char* e : {"1e154", "1e200", "1e308"}) {
    const std::string k = e;
    const Result r = prism_query("segments -", "0,0,1,1,0,1,1,0\n-" + k + ",-" + k + "," + k + "," + k +
                                                ",-" + k + "," + k + "," + k + ",-" + k + "\n");
    EXPECT_ERROR(r, "<stdin>:2: outside the 2D input domain: field 1 (-" + k + ")");
  }
}

TEST(PrismQuery2dHostile, SegmentsAt1eMinus200AreAnErrorNotOverlap) {
  // Was: overlap,0,0,0,0,1e-200,1e-200,1,1 for two perpendicular segments that cross.
  Result r = prism_query("segments -", "0,0,1e-200,1e-200,0,1e-200,1e-200,0\n");
  EXPECT_ERROR(r, "<stdin>:1: outside the 2D input domain: field 3 (1e-200) is nonzero and below 2^-200");
  // Underflowing to zero as it is read is no way around it.
  r = prism_query("segments -", "0,0,1,1,0,1,1e-400,0\n");
  EXPECT_ERROR(r, "<stdin>:1: outside the 2D input domain: field 7 (1e-400) is nonzero and below 2^-200");
}

TEST(PrismQuery2dHostile, SegmentsAtTheDomainsBoundsAreExact) {
  // 2^200 and 2^-200 are inside: the diagonals of those squares cross at their centres.
  const Result r = prism_query("segments -",
                            "-0x1p200,-0x1p200,0x1p200,0x1p200,-0x1p200,0x1p200,0x1p200,-0x1p200\n"
                            "0,0,0x1p-200,0x1p-200,0,0x1p-200,0x1p-200,0\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "point,0,0,0.5,0.5,,,,\npoint,3.1115076389305709e-61,3.1115076389305709e-61,0.5,0.5,,,,\n");
}

TEST(PrismQuery2dHostile, ByteOrderMarkDoesNotHideTheFirstPairOrPoint) {
  // Was: the first line, read as a header, was dropped: 2 pairs in, 1 answer out, exit 0.
  const std::string bom = "\xEF\xBB\xBF";
  Result r = prism_query("segments -", bom + "0,0,2,2,0,2,2,0\n0,0,2,2,0,2,2,0\n");
  EXPECT_ERROR(r, "<stdin>:1: starts with a UTF-8 byte-order mark");
  // A header line is still skipped, and a mark on any line is the same error.
  r = prism_query("segments -", "ax,ay,bx,by,cx,cy,dx,dy\n0,0,2,2,0,2,2,0\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "point,1,1,0.5,0.5,,,,\n");
  // The 3D commands answer the same line the same way.
  r = prism_query("ray '" + std::string(PRISM_SOURCE_DIR) + "/assets/default_scene.obj'", bom + "0,1,0,0,-2,0\n");
  EXPECT_ERROR(r, "<stdin>:1: starts with a UTF-8 byte-order mark");
  if (!has_freedoom()) GTEST_SKIP() << "freedoom is not installed";
  r = prism_query("sector freedoom1:E1M1 -", bom + "-160,304\n-160,304\n");
  EXPECT_ERROR(r, "<stdin>:1: starts with a UTF-8 byte-order mark");
}

TEST(PrismQuery2dHostile, SectorPointOutsideTheDomainIsAnErrorNotNoSector) {
  if (!has_freedoom()) GTEST_SKIP() << "freedoom is not installed";
  Result r = prism_query("sector freedoom1:E1M1 -", "x,y\n-160,304\n1e300,0\n");
  EXPECT_ERROR(r, "<stdin>:3: outside the 2D input domain: field 1 (1e300) is beyond +-2^200");
  r = prism_query("sector freedoom1:E1M1 -", "-160,304\n0,1e-300\n");
  EXPECT_ERROR(r, "<stdin>:2: outside the 2D input domain: field 2 (1e-300) is nonzero and below 2^-200");
  r = prism_query("sector freedoom1:E1M1 -", "-160,304\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "91,0\n");
}

TEST(PrismQuery2dHostile, Walk2dWithNaNRadiusSpeedOrHeightIsRefusedNotAFrozenBody) {
  // Was: a NaN radius or speed froze the body, 0 anomalies, exit 0; a NaN height made a body of
  // no height.
  if (!has_freedoom()) GTEST_SKIP() << "freedoom is not installed";
  for (const char* option : {"--radius", "--speed", "--height"}) {
    for (const char* value : {"nan", "inf", "-inf", "0", "-1", "1e300", "1e-300", "ten"}) {
      const Result r = prism_query(std::string("walk2d freedoom1:E1M1 --walks 1 --frames 3 ") + option + " " + value);
      // A refused option exits as every validated option of prism-query does (CLI11's 105).
      EXPECT_NE(r.status, 0) << option << " " << value;
      EXPECT_NE(r.status, 2) << option << " " << value;
      EXPECT_EQ(r.out, "");
      EXPECT_NE(r.err.find(std::string(option) + ": '" + value + "'"), std::string::npos) << r.err;
    }
  }
  const Result r = prism_query("walk2d freedoom1:E1M1 --walks 1 --frames 3 --radius 16 --speed 8 --height 56");
  EXPECT_EQ(r.status, 0) << r.err;
}

TEST(PrismQuery2dHostile, Walk2dAt3000UnitsAFrameIsNotThroughAOneSidedLine) {
  // Was: "1 anomalies (... through a one-sided line 1)", exit 2: the check tested the chord of a
  // move that slid around a corner (tests/collision2d/test_doom_maps.cpp checks every piece).
  if (!has_freedoom()) GTEST_SKIP() << "freedoom is not installed";
  const Result r = prism_query("walk2d freedoom2:MAP01 --walks 1 --frames 1 --speed 3000");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("1 with wall contact, 0 anomalies"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "0,0,559.99999521113705,-304,19\n");
}

TEST(PrismQuery2dHostile, Walk2dAtTheSmallestSpeedAndRadiusRunsNotRefusedMidway) {
  // A speed of 1e-60 (inside the domain) times a heading's cosine can fall below 2^-200.
  if (!has_freedoom()) GTEST_SKIP() << "freedoom is not installed";
  const Result r = prism_query("walk2d freedoom1:E1M1 --walks 4 --frames 50 --speed 1e-60 --radius 1e-60");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("200 frames, 0 with wall contact, 0 anomalies"), std::string::npos) << r.err;
}

TEST(PrismQuery2dHostile, NulByteInAFieldIsAnErrorNotTheNumberBeforeIt) {
  // Was: "1\0zz" read as 1 (strtod stops at the NUL), answered, exit 0.
  const Result r = prism_query("segments -", std::string("0,0,1,1,0,1,1,0\0zz\n", 19));
  EXPECT_ERROR(r, "<stdin>:1: '0?zz' is not a finite number");
}

TEST(PrismQuery2dHostile, Walk2dSeedOutOfRangeIsRefusedNotWrapped) {
  // Was: --seed -1 and --seed 18446744073709551616 (2^64) ran, exit 0, on some other seed.
  if (!has_freedoom()) GTEST_SKIP() << "freedoom is not installed";
  for (const char* seed : {"-1", "18446744073709551616", "1e3", "nan", ""}) {
    const Result r = prism_query(std::string("walk2d freedoom1:E1M1 --walks 1 --frames 1 --seed '") + seed + "'");
    EXPECT_NE(r.status, 0) << seed;
    EXPECT_EQ(r.out, "") << seed;
    EXPECT_NE(r.err.find("--seed"), std::string::npos) << r.err;
  }
  const Result r = prism_query("walk2d freedoom1:E1M1 --walks 1 --frames 1 --seed 18446744073709551615");
  EXPECT_EQ(r.status, 0) << r.err;
}
