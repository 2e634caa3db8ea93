// prism-query against the hostile inputs of issue 14: no crash, no silent wrong answer, no
// silent data loss. Each test is named after the failure it prevents.
#include <sys/wait.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "collision_io/level.hpp"

namespace {

namespace fs = std::filesystem;

// The binary under test: this build's, or PRISM_QUERY_EXE from the environment (to show that
// a test fails against a build from before its fix).
std::string exe() {
  const char* other = std::getenv("PRISM_QUERY_EXE");
  return other != nullptr && *other != '\0' ? other : PRISM_QUERY_EXE;
}

struct Outcome {
  int status = -1;  ///< exit status, or 128 + signal
  std::string out, err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class PrismQueryHostile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(PRISM_TEST_OUTPUT_DIR) / "hostile" /
           ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }

  // Runs `prism-query ARGS` in the test's folder, with `stdin_text` on stdin (or the shell
  // redirections given in ARGS).
  Outcome query(const std::string& args, const std::string& stdin_text = "") {
    write("stdin.txt", stdin_text);
    const std::string cmd = "cd '" + dir_.string() + "' && $PRISM_TIMEOUT '" + exe() + "' " + args +
                            " < stdin.txt > stdout.txt 2> stderr.txt";
    return shell(cmd);
  }
  // Bounded, so a regression (the old `random --count -1` never stopped) fails the test rather
  // than filling the disk: at most 100 MB a file and 60 s.
  Outcome shell(const std::string& cmd) {
    const std::string bounded = "ulimit -f 102400; export PRISM_TIMEOUT='timeout -k 5 60'; " + cmd;
    const int raw = std::system(bounded.c_str());
    Outcome r;
    if (WIFEXITED(raw)) r.status = WEXITSTATUS(raw);
    else if (WIFSIGNALED(raw)) r.status = 128 + WTERMSIG(raw);
    r.out = slurp(dir_ / "stdout.txt");
    r.err = slurp(dir_ / "stderr.txt");
    return r;
  }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }

  fs::path dir_;
  const std::string scene_ = std::string(PRISM_SOURCE_DIR) + "/assets/default_scene.obj";
};

// Two pairs of thin triangles at x = +-1.8e38: their centres span beyond FLT_MAX.
const char* kSpanObj =
    "v 1.8e38 0 0\nv 1.8e38 1 0\nv 1.8e38 0 1\nv -1.8e38 0 0\nv -1.8e38 1 0\nv -1.8e38 0 1\n"
    "v 1.8e38 2 0\nv 1.8e38 3 0\nv 1.8e38 2 1\nv -1.8e38 2 0\nv -1.8e38 3 0\nv -1.8e38 2 1\n"
    "f 1 2 3\nf 4 5 6\nf 7 8 9\nf 10 11 12\n";

TEST_F(PrismQueryHostile, CentroidSpanBeyondFloatRangeIsAClearErrorNotACrash) {
  // Item 1: SIGSEGV (UBSan: index out of bounds for BinBox[32] in split_sah).
  write("span.obj", kSpanObj);
  for (const char* cmd : {"sweep --sphere 0.5 span.obj", "ray span.obj", "move --sphere 0.5 span.obj"}) {
    const Outcome r = query(cmd, "0,1,0,0,-2,0\n");
    EXPECT_EQ(r.status, 1) << cmd << "\n" << r.err;
    EXPECT_NE(r.err.find("span.obj"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("input domain"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

TEST_F(PrismQueryHostile, OneFlippedHeaderByteOfARealMapIsAClearErrorNotACrash) {
  // Item 1: oa_dm1 with byte 89 (the vertex lump's offset) set to 0x6d crashed every command.
  // Read through the project's own libzip code: a fresh Debian 12 machine has no `unzip`.
  const std::vector<std::uint8_t> map = collision::io::read_zip_entry(PRISM_OPENARENA_PK3, "maps/oa_dm1.bsp");
  std::string bytes(map.begin(), map.end());
  ASSERT_GT(bytes.size(), 100u);
  bytes[89] = 0x6d;
  write("f19.bsp", bytes);
  const Outcome r = query("sweep --sphere 16 f19.bsp", "74,1497,65,0,0,-100\n");
  EXPECT_LT(r.status, 128) << r.err;  // no signal
  if (r.status == 0) {
    EXPECT_EQ(r.out.rfind("0,", 0) == 0 || r.out.rfind("1,", 0) == 0, true) << r.out;
  } else {
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("f19.bsp"), std::string::npos) << r.err;
  }
}

TEST_F(PrismQueryHostile, SweepWhoseEndOverflowsFloatNamesTheLine) {
  // Item 2: `2e38,0,0,2e38,0,0` crashed sweep and move (SEGV in sweep_packet).
  for (const char* cmd : {"sweep --sphere 0.4", "move --sphere 0.4", "ray"}) {
    const Outcome r = query(std::string(cmd) + " '" + scene_ + "'", "0,1,0,0,-1,0\n2e38,0,0,2e38,0,0\n");
    EXPECT_EQ(r.status, 1) << cmd << "\n" << r.err;
    EXPECT_NE(r.err.find("<stdin>:2: outside the input domain"), std::string::npos) << r.err;
  }
}

TEST_F(PrismQueryHostile, MoveLongerThanSqrtFltMaxIsAnErrorNotNaN) {
  // Item 3: printed -nan,-nan,-nan,2 with exit 0.
  const Outcome r = query("move --sphere 0.4 '" + scene_ + "' --trace t.jsonl", "0,0.45,0,0,-1.9e19,0\n");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.out.find("nan"), std::string::npos);
  EXPECT_NE(r.err.find("<stdin>:1:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("kMaxMoveLength"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "t.jsonl"));
}

TEST_F(PrismQueryHostile, StdoutWriteErrorExitsNonZero) {
  // Item 5: `> /dev/full` exited 0.
  for (const char* cmd : {"sweep --sphere 0.5 '%s' stdin.txt", "ray '%s' stdin.txt",
                          "walk --sphere 0.4 '%s' --walks 1 --frames 20", "random '%s' --count 10"}) {
    char args[512];
    std::snprintf(args, sizeof args, cmd, scene_.c_str());
    write("stdin.txt", "0,1,0,0,-2,0\n");
    const Outcome r = shell("cd '" + dir_.string() + "' && $PRISM_TIMEOUT '" + exe() + "' " + args +
                        " > /dev/full 2> stderr.txt; echo $? > stdout.txt");
    EXPECT_EQ(r.out, "1\n") << args << "\n" << r.err;
    EXPECT_NE(r.err.find("stdout: cannot write"), std::string::npos) << r.err;
  }
}

TEST_F(PrismQueryHostile, SweepWithInfiniteRadiusIsAnErrorNotAMissForEveryQuery) {
  // Item 6: `sweep --sphere inf` (or 1e39) answered "miss" with exit 0.
  for (const char* radius : {"inf", "1e39", "2e12", "nan", "-1", "0"}) {
    const Outcome r = query(std::string("sweep --sphere ") + radius + " '" + scene_ + "'", "0,1,0,0,-2,0\n");
    EXPECT_NE(r.status, 0) << radius;
    EXPECT_LT(r.status, 128) << radius;
    EXPECT_TRUE(r.out.empty()) << radius << ": " << r.out;
    EXPECT_NE(r.err.find("--sphere"), std::string::npos) << radius << ": " << r.err;
  }
}

TEST_F(PrismQueryHostile, RandomCountMinusOneIsRefusedNotWrappedTo2Pow64) {
  // Item 7: --count -1 wrapped to 2^64-1 and never stopped; --max-move nan wrote bad queries.
  Outcome r = query("random '" + scene_ + "' --count -1");
  EXPECT_NE(r.status, 0);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("--count"), std::string::npos) << r.err;
  for (const char* bad : {"nan", "inf", "0", "-3", "2e12"}) {
    r = query(std::string("random '") + scene_ + "' --count 3 --max-move " + bad);
    EXPECT_NE(r.status, 0) << bad;
    EXPECT_TRUE(r.out.empty()) << bad;
    EXPECT_NE(r.err.find("--max-move"), std::string::npos) << r.err;
    EXPECT_LT(r.err.size(), 300u) << "item 16: DBL_MAX in full? " << r.err;
  }
  // What random writes, the other commands read.
  r = query("random '" + scene_ + "' --count 5 --max-move 1e12");
  ASSERT_EQ(r.status, 0) << r.err;
  write("q.csv", r.out);
  r = query("ray '" + scene_ + "' q.csv");
  EXPECT_EQ(r.status, 0) << r.err;
}

TEST_F(PrismQueryHostile, WalkCountBeyondTheCapStatesTheMemoryItWouldNeed) {
  // Bounded resources (item 11's prism-query side): every walk's start point is kept.
  const Outcome r = query("walk --sphere 0.4 '" + scene_ + "' --walks 100000000 --frames 1");
  EXPECT_NE(r.status, 0);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("MB"), std::string::npos) << r.err;
}

TEST_F(PrismQueryHostile, ExtremelyThinEllipsoidIsRefusedNotPassedThroughGeometry) {
  // Item 8: an ellipsoid 1e-24 thin reported a hit behind the wall.
  const Outcome r = query("sweep --ellipsoid 1e-24,0.4,0.4 '" + scene_ + "'", "0,0.45,0,100,0,0\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("kMaxEllipsoidAspect"), std::string::npos) << r.err;
}

TEST_F(PrismQueryHostile, RayAgainstFloorWithEdgesBeyondTheDomainIsAnErrorNotAMiss) {
  // Item 9: rays missed a floor from -1e20 to 1e20 where the sphere sweep hit it.
  write("bigfloor.obj", "v -1e20 0 -1e20\nv 1e20 0 -1e20\nv 0 0 1e20\nf 1 3 2\n");
  Outcome r = query("ray bigfloor.obj", "0,1,0,0,-2,0\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("bigfloor.obj"), std::string::npos) << r.err;
  // The largest floor the domain holds is hit by both.
  write("domainfloor.obj", "v -1e12 0 -1e12\nv 1e12 0 -1e12\nv 0 0 1e12\nf 1 3 2\n");
  r = query("ray domainfloor.obj", "0,1,0,0,-2,0\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("1,0.5,", 0), 0u) << r.out;
  r = query("sweep --sphere 0.5 domainfloor.obj", "0,1,0,0,-2,0\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("1,0.25,", 0), 0u) << r.out;
}

TEST_F(PrismQueryHostile, DirectoryAsQueryInputIsAnErrorNotEmptyInput) {
  // Item 13: `sweep ... < /tmp` exited 0 with no output.
  Outcome r = shell("cd '" + dir_.string() + "' && $PRISM_TIMEOUT '" + exe() + "' sweep --sphere 0.4 '" + scene_ +
                "' < /tmp > stdout.txt 2> stderr.txt");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("is a directory"), std::string::npos) << r.err;
  r = query("sweep --sphere 0.4 '" + scene_ + "' /tmp");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("/tmp: is a directory"), std::string::npos) << r.err;
}

TEST_F(PrismQueryHostile, MessagesNameTheRightOptionAndSayOutOfRange) {
  // Item 16.
  Outcome r = query("sweep --ellipsoid '' '" + scene_ + "'", "0,1,0,0,-2,0\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("--ellipsoid"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("--sphere"), std::string::npos) << r.err;
  r = query("walk --sphere inf '" + scene_ + "' --walks 1 --frames 2");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("--sphere"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("no free point"), std::string::npos) << r.err;
  r = query("ray '" + scene_ + "'", "1e39,0,0,0,0,1\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("<stdin>:1: field 1 is out of range"), std::string::npos) << r.err;
}

TEST_F(PrismQueryHostile, TraceFileIsNotLeftEmptyWhenTheLevelFailsToLoad) {
  // Item 16: `move --trace FILE` left a 0-byte FILE when the level failed to load.
  Outcome r = query("move --sphere 0.5 missing.obj --trace t.jsonl", "0,1,0,0,-2,0\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_FALSE(fs::exists(dir_ / "t.jsonl"));
  for (const auto& e : fs::directory_iterator(dir_)) {
    EXPECT_EQ(e.path().filename().string().find("t.jsonl"), std::string::npos) << e.path();
  }
  // A good run writes it whole.
  r = query("move --sphere 0.5 '" + scene_ + "' --trace t.jsonl", "0,1,0,0,-2,0\n0,1,0,1,0,0\n");
  EXPECT_EQ(r.status, 0) << r.err;
  const std::string trace = slurp(dir_ / "t.jsonl");
  EXPECT_EQ(std::count(trace.begin(), trace.end(), '\n'), 2);
}

TEST_F(PrismQueryHostile, CharacterOptionsOutsideTheDomainNameTheOptionNotTheCoresMessage) {
  // Issue 38 item 8: --hz 1e-9, --jump-speed 1e13 and --start 2e12 failed with the core's message,
  // naming neither the option nor the frame.
  write("run.txt", "30 1 0 0\n");
  const std::string base = "character '" + scene_ + "' --script run.txt --sphere 0.4 ";
  for (const char* bad : {"--hz 1e-9", "--jump-speed 1e13", "--start 2e12,0,0", "--gravity 1e300", "--skin 0.4"}) {
    const Outcome r = query(base + bad);
    EXPECT_NE(r.status, 0) << bad;
    EXPECT_TRUE(r.out.empty()) << bad;
    const std::string option = std::string(bad).substr(0, std::string(bad).find(' '));
    EXPECT_NE(r.err.find(option), std::string::npos) << bad << ": " << r.err;
    EXPECT_EQ(r.err.find("move:"), std::string::npos) << bad << ": " << r.err;
  }
  EXPECT_NE(query(base + "--gravity 1e300").err.find("outside its domain [0, 2^40"), std::string::npos);
  // A frame the core refuses inside the domain (a fall at 2^40 units/s^2 outruns it) names the
  // frame and the script line.
  const Outcome r = query(base + "--hz 1 --gravity 1e12");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("frame 6 (run.txt:1): move:"), std::string::npos) << r.err;
}

TEST_F(PrismQueryHostile, CharacterScriptNulByteIsQuotedNotCutFromTheMessage) {
  // Issue 38 item 8: a NUL byte in a script word ended the message there.
  write("nul.txt", std::string("30 1 0 \0x 0\n", 13));
  const Outcome r = query("character '" + scene_ + "' --script nul.txt --sphere 0.4");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("nul.txt:1: '\\x00x' is not a number"), std::string::npos) << r.err;
}

TEST_F(PrismQueryHostile, WalkWithABodyOf1eMinus6FindsAStartPointWithAFloorBelow) {
  // Issue 38 item 8: bodies of 1e-6 and smaller are in the domain, but their floor was looked
  // for within 4 body heights: no random sample landed there ("no free point with a floor below").
  for (const char* r : {"1e-6", "1e-9", "1e-12"}) {
    const Outcome o = query(std::string("walk --sphere ") + r + " '" + scene_ + "' --walks 2 --frames 3");
    EXPECT_EQ(o.status, 0) << r << ": " << o.err;
    EXPECT_EQ(std::count(o.out.begin(), o.out.end(), '\n'), 6) << r;  // 2 walks x 3 frames
  }
}

TEST_F(PrismQueryHostile, ThreadsInExponentFormSaysItWantsAnIntegerNotOutOfRange) {
  // Issue 38 item 8: --threads 1e3 said "not in range 0 to 1024".
  Outcome r = query("ray '" + scene_ + "' --threads 1e3", "0,1,0,0,-2,0\n");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("--threads: '1e3' is not a whole number (it wants an integer from 0 to 1024)"),
            std::string::npos) << r.err;
  r = query("ray '" + scene_ + "' --threads 1000", "0,1,0,0,-2,0\n");
  EXPECT_EQ(r.status, 0) << r.err;
}

TEST_F(PrismQueryHostile, BoxSizeErrorsNameTheBoxNotTheEllipsoid) {
  // Issue 38 item 8: a box too thin was "the ellipsoid's largest radius ...".
  const Outcome r = query("sweep --box 1e-6,1,1 '" + scene_ + "'", "0,1,0,0,-2,0\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("--box: '1e-6,1,1': the box's largest half extent is more than 2^16"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("ellipsoid"), std::string::npos) << r.err;
}

}  // namespace
