// An anomaly's measured gap is drawn, not only printed: on zoo:wedge with the offset-prism
// method the finder says "early_catch gap 0.1881" at frame 126, and the 3D view showed nothing
// of it. Now the event carries the gap as a segment (Event::measured) and the view draws it in
// the anomaly's red with its number beside it.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision/body.hpp"
#include "debugger/app.hpp"
#include "debugger/events.hpp"
#include "debugger/overlay.hpp"
#include "debugger/palette.hpp"
#include "debugger/scene.hpp"
#include "debugger/view.hpp"
#include "debugger/walk_script.hpp"
#include "renderer/image.hpp"

namespace {

namespace fs = std::filesystem;

// The first early_catch of zoo:wedge's walk with offset-prism (the finder on).
std::optional<debugger::Event> first_early_catch(const debugger::Scene& scene) {
  debugger::SessionConfig config = debugger::spawn_config(scene);
  config.params.move.method = collision::Method::kOffsetPrism;
  const debugger::WalkScript walk = debugger::parse_walk_script(scene.default_walk);
  debugger::Session session(*scene.world, config);
  debugger::EventDetector detector(*scene.world, config.body, session.config().params, config.dt, true);
  collision::Trace trace;
  for (int f = 0; f < 200; ++f) {
    const debugger::FrameInput in = debugger::walk_input(walk, f, config.dt, scene.up, config.start_yaw);
    const collision::CharacterState before = session.last_state();
    const collision::CharacterState& after = session.push(in, &trace);
    for (const debugger::Event& e : detector.detect(f, before, after, in, trace))
      if (e.kind == debugger::EventKind::kEarlyCatch) return e;
  }
  return std::nullopt;
}

TEST(MeasureMarks, EarlyCatchCarriesTheGapItPrintsAsASegment) {
  const debugger::Scene scene = debugger::load_scene("zoo:wedge");
  const std::optional<debugger::Event> e = first_early_catch(scene);
  ASSERT_TRUE(e) << "zoo:wedge with offset-prism has an early catch";
  EXPECT_EQ(e->frame, 126);
  ASSERT_TRUE(e->measured) << "the gap is only printed: " << e->detail;
  const debugger::Measured& m = *e->measured;
  char printed[32];
  std::snprintf(printed, sizeof printed, "gap %.4g ", static_cast<double>(m.length));
  EXPECT_EQ(e->detail.rfind(printed, 0), 0u) << e->detail << " vs " << printed;
  EXPECT_NEAR(m.length, 0.1881f, 5e-5f);
  EXPECT_NEAR(glm::length(m.body - m.geometry), m.length, 1e-5f);
  // One end on the wedge's geometry: some triangle passes within a micro-unit of it.
  float nearest = 1e30f;
  const collision::TriangleMesh& mesh = scene.world->mesh();
  for (std::uint32_t t = 0; t < mesh.triangle_count(); ++t) {
    const collision::Triangle tri = mesh.triangle(t);
    const glm::vec3 q = glm::vec3(collision::closest_point_on_triangle(glm::dvec3(m.geometry), glm::dvec3(tri.a),
                                                                      glm::dvec3(tri.b), glm::dvec3(tri.c)));
    nearest = std::min(nearest, glm::length(q - m.geometry));
  }
  EXPECT_LT(nearest, 1e-5f);

  // Drawn as a dimension in the anomaly's red, on top: the segment and a crossbar at each end.
  debugger::OverlayFrame overlay;
  debugger::add_measures({*e}, scene.up, overlay);
  ASSERT_EQ(overlay.debug.on_top.lines.size(), 3u);
}

// Pixels of the anomaly's red (255, 0, 0) in the view, outside the legend (top left) and the
// frame panel (bottom), whose event lines are red text.
int red_view_pixels(const renderer::RgbaImage& image) {
  int n = 0;
  for (std::uint32_t y = 0; static_cast<float>(y) + debugger::kFramePanelHeight + 12.0f < static_cast<float>(image.height); ++y)
    for (std::uint32_t x = 0; x < image.width; ++x) {
      if (x < 345 && y < 285) continue;
      const std::uint8_t* p = image.at(x, y);
      if (p[0] > 230 && p[1] < 40 && p[2] < 40) ++n;
    }
  return n;
}

TEST(MeasureMarks, WedgeEarlyCatchCaptureShowsTheGapInRed) {
  debugger::RunOptions o;
  o.scene = "zoo:wedge";
  o.method = "offset-prism";
  o.find_anomalies = true;
  o.frames = 127;
  o.capture_frames = {126};
  o.validation = true;
  o.out = (fs::path(PRISM_TEST_OUTPUT_DIR) / "measure_marks_wedge").string();
  fs::remove_all(o.out);
  const debugger::HeadlessResult r = debugger::run_headless(o);
  EXPECT_EQ(r.validation_messages, 0u);
  std::string shot;
  for (const std::string& c : r.captures)
    if (c.rfind("zoo_wedge_f000126", 0) == 0) shot = (fs::path(o.out) / c).string();
  ASSERT_FALSE(shot.empty());
  EXPECT_GT(red_view_pixels(renderer::read_png(shot)), 100) << "no gap segment or label in " << shot;
}

}  // namespace
