// Anomalies name their triangles: a frame flagged ends_in_overlap lists every triangle the
// anomaly names in report.json's "hits" (phase end_overlap) with its depth, and the depths
// agree with the anomaly's own.
#include <filesystem>
#include <fstream>
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "debugger/app.hpp"

namespace {

namespace fs = std::filesystem;

TEST(ReportOverlapHits, EndsInOverlapListsItsTrianglesWithDepthsInHits) {
  debugger::RunOptions o;
  o.scene = "zoo:rubble";  // seed 000 sinks into the rubble at frame 50 of the scene's walk
  o.method = "offset-prism";
  o.frames = 60;
  o.out = (fs::path(PRISM_TEST_OUTPUT_DIR) / "report_overlap").string();
  fs::remove_all(o.out);
  const debugger::HeadlessResult r = debugger::run_headless(o);
  std::ifstream in(r.report);
  const nlohmann::json report = nlohmann::json::parse(in);
  int frames_checked = 0;
  for (const nlohmann::json& f : report["frames"]) {
    for (const nlohmann::json& e : f["events"]) {
      if (e["kind"] != "anomaly_ends_in_overlap") continue;
      std::set<unsigned> named(e["triangles"].begin(), e["triangles"].end()), listed;
      float deepest = 0.0f;
      for (const nlohmann::json& h : f["hits"])
        if (h["phase"] == "end_overlap") {
          listed.insert(h["triangle"].get<unsigned>());
          EXPECT_GT(h["depth"].get<float>(), 0.0f) << "frame " << f["frame"];
          deepest = std::max(deepest, h["depth"].get<float>());
        }
      EXPECT_EQ(named, listed) << "frame " << f["frame"];
      // The detail reads "depth D (skin S)".
      const std::string detail = e["detail"];
      const float d = std::stof(detail.substr(6));
      EXPECT_NEAR(deepest, d, 1e-3f * std::max(1.0f, d)) << detail;
      ++frames_checked;
    }
  }
  EXPECT_GT(frames_checked, 0) << "no ends_in_overlap in the run: the scene or method changed";
}

}  // namespace
