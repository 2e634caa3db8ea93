// Headless end to end on a real level: OpenArena's oa_dm1 with assets/oa_dm1.walk (needs the
// openarena-081-maps package; skipped without it).
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "debugger/app.hpp"
#include "renderer/image.hpp"

namespace {

namespace fs = std::filesystem;

TEST(Headless, OaDm1WalkHasNoAnomaliesAndWritesPngs) {
  if (!fs::exists("/usr/share/games/openarena/baseoa/pak1-maps.pk3"))
    GTEST_SKIP() << "openarena-081-maps is not installed";
  debugger::RunOptions o;
  o.scene = "oa_dm1";
  o.walk = std::string(PRISM_SOURCE_DIR) + "/assets/oa_dm1.walk";
  o.frames = 480;  // the walk's 8 seconds
  o.capture_every = 160;
  o.find_anomalies = true;  // every kind of the finder: no false positive on the robust tour
  o.width = 640;
  o.height = 360;
  o.validation = true;
  o.out = (fs::path(PRISM_TEST_OUTPUT_DIR) / "headless_oa_dm1").string();
  fs::remove_all(o.out);
  const debugger::HeadlessResult r = debugger::run_headless(o);
  EXPECT_EQ(r.frames, 480);
  EXPECT_EQ(r.anomalies, 0);
  EXPECT_EQ(r.validation_messages, 0u) << "validation messages were printed above";
  ASSERT_GE(r.captures.size(), 3u);
  for (const std::string& c : r.captures) {
    const renderer::RgbaImage png = renderer::read_png((fs::path(o.out) / c).string());
    EXPECT_EQ(png.width, 640u) << c;
    EXPECT_EQ(png.height, 360u) << c;
  }
  std::ifstream in(r.report);
  const nlohmann::json j = nlohmann::json::parse(in);
  EXPECT_EQ(j["scene"], "oa_dm1");
  EXPECT_EQ(j["summary"]["anomalies"], 0);
  // The walk moves: the body ends well away from the spawn.
  const auto& first = j["frames"].front()["position"];
  const auto& last = j["frames"].back()["position"];
  const double dx = last[0].get<double>() - first[0].get<double>(), dy = last[1].get<double>() - first[1].get<double>();
  EXPECT_GT(dx * dx + dy * dy, 100.0 * 100.0);
}

}  // namespace
