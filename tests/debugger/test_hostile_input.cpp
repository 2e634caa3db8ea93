// The debugger against the hostile inputs of issue 14 (walk scripts, sessions, options, a full
// disk): each test is named after the failure it prevents.
#include <sys/resource.h>

#include <cmath>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "debugger/app.hpp"
#include "debugger/scene.hpp"
#include "debugger/session.hpp"
#include "debugger/session_file.hpp"
#include "debugger/walk_script.hpp"

namespace {

namespace fs = std::filesystem;
const fs::path kOut = fs::path(PRISM_TEST_OUTPUT_DIR) / "hostile";

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

fs::path fresh(const std::string& name) {
  const fs::path dir = kOut / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

debugger::Session walk_default(const debugger::Scene& scene, int frames) {
  debugger::Session session(*scene.world, debugger::spawn_config(scene));
  const debugger::WalkScript walk = debugger::parse_walk_script(scene.default_walk);
  for (int f = 0; f < frames; ++f) {
    session.push(debugger::walk_input(walk, f, session.config().dt, scene.up, session.config().start_yaw));
  }
  return session;
}

// A saved session of the default scene with line `key` replaced by `replacement`.
std::string session_with(const fs::path& dir, const std::string& key, const std::string& replacement) {
  const debugger::Scene scene = debugger::load_scene("default");
  const std::string path = (dir / "s.prism").string();
  debugger::save_session(path, scene.spec, walk_default(scene, 5));
  const std::string text = std::regex_replace(slurp(path), std::regex("(^|\n)" + key + " [^\n]*"),
                                              "$1" + replacement);
  std::ofstream(path) << text;
  return path;
}

std::string load_error(const std::string& path) {
  try {
    debugger::load_session(path);
  } catch (const debugger::SessionError& e) {
    return e.what();
  }
  return "";
}

TEST(HostileInput, WalkScriptHugeForwardWalksAtFullSpeedRatherThanFreezing) {
  // Item 14: `forward 1e30` overflowed the wish's length to inf and normalised it to zero.
  const auto huge = debugger::parse_walk_script("2 forward 1e30\n");
  const auto unit = debugger::parse_walk_script("2 forward 1\n");
  const glm::vec3 up(0, 1, 0);
  const auto a = debugger::walk_input(huge, 10, 1.0f / 60.0f, up, 0.0f);
  const auto b = debugger::walk_input(unit, 10, 1.0f / 60.0f, up, 0.0f);
  EXPECT_NEAR(glm::length(a.character.wish), 1.0f, 1e-6f);
  EXPECT_NEAR(a.character.wish.x, b.character.wish.x, 1e-6f);
  EXPECT_NEAR(a.character.wish.z, b.character.wish.z, 1e-6f);
}

TEST(HostileInput, SessionWishOf2Pow100WalksAtFullSpeedRatherThanFreezing) {
  // Item 14: a session wish of 2^100 left the body where it started.
  const debugger::Scene scene = debugger::load_scene("default");
  debugger::Session huge(*scene.world, debugger::spawn_config(scene));
  debugger::Session unit(*scene.world, debugger::spawn_config(scene));
  debugger::FrameInput in;
  in.character.wish = {std::ldexp(1.0f, 100), 0.0f, 0.0f};
  debugger::FrameInput one;
  one.character.wish = {1.0f, 0.0f, 0.0f};
  for (int f = 0; f < 30; ++f) {
    huge.push(in);
    unit.push(one);
  }
  const glm::vec3 start = debugger::spawn_config(scene).start;
  EXPECT_GT(huge.last_state().position.x - start.x, 0.5f);
  EXPECT_NEAR(huge.last_state().position.x, unit.last_state().position.x, 1e-4f);
}

TEST(HostileInput, WalkScriptErrorEscapesANulByte) {
  // Item 16: a NUL byte was echoed raw in the error.
  try {
    debugger::parse_walk_script(std::string("1 forw\0ard 1\n", 13));
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find('\0'), std::string::npos);
    EXPECT_NE(what.find("forw\\x00ard"), std::string::npos) << what;
    EXPECT_NE(what.find("line 1"), std::string::npos) << what;
  }
}

TEST(HostileInput, WalkScriptOrSessionThatIsADirectoryIsRefused) {
  // Item 13: `prism --walk /tmp` ran with no input.
  try {
    debugger::load_walk_script(kOut.parent_path().string());
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("is a directory"), std::string::npos) << e.what();
  }
  EXPECT_NE(load_error(kOut.parent_path().string()).find("is a directory"), std::string::npos);
}

TEST(HostileInput, SessionValuesTheCoreWouldRefuseAreRefusedWithTheirLine) {
  // Item 15: skin >= radius, a huge dt or gravity passed the loader and failed later with no
  // file or line.
  const fs::path dir = fresh("session_values");
  std::string e = load_error(session_with(dir, "move", "move 4 0x1p+0 0 -0x1p+0 -0x1p+0"));
  EXPECT_NE(e.find("line 7"), std::string::npos) << e;
  EXPECT_NE(e.find("skin"), std::string::npos) << e;
  e = load_error(session_with(dir, "dt", "dt 0x1p+100"));
  EXPECT_NE(e.find("line 8"), std::string::npos) << e;
  EXPECT_NE(e.find("dt"), std::string::npos) << e;
  // Format 3: max slope, gravity (2^100 here), jump, walk, step, min step forward, step forward
  // test, snap, recovery, max recovery push, contact tolerance; - = derived.
  e = load_error(session_with(dir, "character", "character 0x1.68p+5 0x1p+100 - - - - - - 0x1p+0 - -"));
  EXPECT_NE(e.find("line 6"), std::string::npos) << e;
  EXPECT_NE(e.find("domain"), std::string::npos) << e;
  e = load_error(session_with(dir, "body", "body 0x1p-100 0x1p-1 0x1p-1"));
  EXPECT_NE(e.find("line 4"), std::string::npos) << e;
  e = load_error(session_with(dir, "start", "start 0x1p+100 0x0p+0 0x0p+0 0x0p+0"));
  EXPECT_NE(e.find("line 9"), std::string::npos) << e;
  e = load_error(session_with(dir, "up", "up 0x1p+126 0x1p+126 0x0p+0"));  // its length overflows
  EXPECT_NE(e.find("line 5"), std::string::npos) << e;
  // The file as saved loads.
  const debugger::Scene scene = debugger::load_scene("default");
  debugger::save_session((dir / "ok.prism").string(), scene.spec, walk_default(scene, 5));
  EXPECT_EQ(load_error((dir / "ok.prism").string()), "");
}

// A full disk, simulated: files may not grow past `bytes` (EFBIG instead of SIGXFSZ).
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    getrlimit(RLIMIT_FSIZE, &old_);
    old_handler_ = std::signal(SIGXFSZ, SIG_IGN);
    rlimit lim = old_;
    lim.rlim_cur = bytes;
    setrlimit(RLIMIT_FSIZE, &lim);
  }
  ~FileSizeLimit() {
    setrlimit(RLIMIT_FSIZE, &old_);
    std::signal(SIGXFSZ, old_handler_);
  }

 private:
  rlimit old_{};
  void (*old_handler_)(int) = nullptr;
};

TEST(HostileInput, SessionOnAFullDiskIsAnErrorNotAnEmptyFile) {
  // Item 4: session.prism was written empty on a full disk while prism reported success.
  const fs::path dir = fresh("full_disk");
  const debugger::Scene scene = debugger::load_scene("default");
  const debugger::Session session = walk_default(scene, 600);
  {
    FileSizeLimit limit(4096);
    EXPECT_THROW(debugger::save_session((dir / "session.prism").string(), scene.spec, session),
                 debugger::SessionError);
  }
  EXPECT_TRUE(fs::is_empty(dir));
}

TEST(HostileInput, HeadlessFramesBeyondTheCapStateTheMemoryTheyWouldNeed) {
  // Item 11: --frames 100000000 grew to 2 GB in 20 s, then std::bad_alloc with no other word.
  debugger::RunOptions o;
  o.frames = 100'000'000;
  o.out = fresh("frames_cap").string();
  try {
    debugger::run_headless(o);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("GB"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("--frames"), std::string::npos) << e.what();
  }
}

TEST(HostileInput, HeadlessFrameTheCoreRefusesNamesTheFrameAndKeepsTheRun) {
  // Item 3: a huge speed aborted the run with no frame number and no report or session.
  const fs::path dir = fresh("huge_speed");
  std::ofstream(dir / "fast.walk") << "0.05 forward 1\n1 forward 1 speed 1e30\n";
  debugger::RunOptions o;
  o.walk = (dir / "fast.walk").string();
  o.frames = 20;
  o.width = o.height = 64;
  o.out = (dir / "out").string();
  try {
    debugger::run_headless(o);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("frame 3:"), std::string::npos) << e.what();
  }
  ASSERT_TRUE(fs::exists(dir / "out" / "session.prism"));
  ASSERT_TRUE(fs::exists(dir / "out" / "report.json"));
  const debugger::SessionRecording rec = debugger::load_session((dir / "out" / "session.prism").string());
  EXPECT_EQ(rec.inputs.size(), 3u);
}

TEST(HostileInput, HeadlessSizeBeyondTheDevicesLimitIsAClearError) {
  // Item 10: 16385x8 passed (VUID-VkImageCreateInfo-extent-02252), exit 0 even with --validation.
  debugger::RunOptions o;
  o.frames = 1;
  o.width = 1 << 20;
  o.height = 8;
  o.out = fresh("size").string();
  try {
    debugger::run_headless(o);
    FAIL() << "no error";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("largest 2D image"), std::string::npos) << e.what();
  }
}

TEST(HostileInput, SpawnInAMeshWithOneNonFiniteVertexIsFinite) {
  // Item 12: the spawn used every vertex, the one whose triangle the loader dropped included.
  const fs::path dir = fresh("nan_vertex");
  std::ofstream(dir / "nanv.obj") << "v -5 0 -5\nv 5 0 -5\nv 0 0 5\nv nan 1 1\nv 1 2 1\nv 1 1 2\n"
                                     "f 1 3 2\nf 4 5 6\n";
  const debugger::Scene scene = debugger::load_scene((dir / "nanv.obj").string());
  EXPECT_TRUE(std::isfinite(scene.spawn.x) && std::isfinite(scene.spawn.y) && std::isfinite(scene.spawn.z));
  debugger::Session session(*scene.world, debugger::spawn_config(scene));
  session.push(debugger::FrameInput{});
  EXPECT_TRUE(std::isfinite(session.last_state().position.y));
}

}  // namespace
