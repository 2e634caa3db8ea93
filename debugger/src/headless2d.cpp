// Headless runs of the 2D view on a Doom map: a seeded walk of a Doom-style circle body from the
// player 1 start (collision/2d/doom_move.hpp), captured from above.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <string>
#include <numbers>
#include <random>

#include <imgui.h>

#include "collision_io/wad.hpp"
#include "debugger/app.hpp"
#include "debugger/view2d.hpp"
#include "debugger/walk_script.hpp"
#include "file_output/atomic_file.hpp"
#include "frontend_setup.hpp"
#include "live/live2d_state.hpp"
#include "renderer/image.hpp"

namespace debugger {

using namespace collision::planar;


HeadlessResult run_headless_2d(const RunOptions& o) {
  collision::io::DoomLevel level = collision::io::load_doom_level(o.scene);
  if (!level.has_player1_start) throw std::runtime_error(level.source + ": no player 1 start");
  open_manual_doors(level.map);  // a player opens doors by hand: the view shows them open
  const SectorWorld world(level.map);
  // A walk script (--walk), else the map's tour (E1M1), else the seeded random walk.
  const WalkScript script = walk_for_2d(o.walk, level);
  const bool scripted = !script.segments.empty();
  const DoomBody body;
  OffscreenFrontEnd front_end(o);
  renderer::Renderer& r = front_end.renderer;
  std::filesystem::create_directories(o.out);

  HeadlessResult result;
  View2dState state;
  state.position = level.player1_start.position;
  state.path.push_back(state.position);
  // The default tour: the walk2d walk 0 of seed 1 (prism-query walk2d draws the same way).
  std::mt19937_64 rng(0x9E3779B97F4A7C15ull);
  std::uniform_real_distribution<double> angle(0.0, 2.0 * std::numbers::pi), unit(0.0, 1.0);
  double heading = angle(rng);
  const std::string name = level.map_name;
  // Built in memory (at most 1,000,000 frames of about 50 bytes) and written whole at the end,
  // or not at all: a run killed or failing part way (a full disk at a PNG) leaves the previous
  // walk2d.csv as it was (file_output::write_file_atomically).
  std::ostringstream csv;
  csv << "frame,x,y,sector,contacts,z\n";
  renderer::DebugDraw draw;
  const PointInPolygonMethod methods[] = {PointInPolygonMethod::kCrossing, PointInPolygonMethod::kQuadrant,
                                          PointInPolygonMethod::kAngleSum, PointInPolygonMethod::kConvexSigns};
  for (int f = 0; f < o.frames; ++f) {
    if (scripted) {
      const FrameInput in = walk_input(script, f, 1.0f / 60.0f, {0.0f, 0.0f, 1.0f},
                                       static_cast<float>(level.player1_start.angle_degrees * std::numbers::pi / 180.0));
      state.last_delta = 8.0 * static_cast<double>(in.character.speed_scale) *
                         Vec2{in.character.wish.x, in.character.wish.y};
    } else {
      if (unit(rng) < 1.0 / 40.0) heading = angle(rng);
      state.last_delta = 8.0 * Vec2{std::cos(heading), std::sin(heading)};
    }
    const DoomMove m = move_body(world, body, state.position, state.last_delta);
    if (!scripted && m.contacts > 0 && unit(rng) < 0.25) heading = angle(rng);
    state.position = m.position;
    state.contacts = m.contacts;
    state.path.push_back(m.position);
    const double clearance = blocking_clearance(world, body, m.position, std::isnan(m.z) ? 0.0 : m.z);
    const bool anomaly = m.sector == kNoSector || clearance < body.radius - 1e-3;
    state.anomaly = anomaly;
    result.anomalies += anomaly;
    csv << f << ',' << m.position.x << ',' << m.position.y << ',' << m.sector << ',' << m.contacts << ',' << m.z << '\n';
    const bool every = o.capture_every > 0 && (f + 1) % o.capture_every == 0;
    const bool listed = std::find(o.capture_frames.begin(), o.capture_frames.end(), f) != o.capture_frames.end();
    const bool last = f == o.frames - 1;
    if (!(every || listed || last || anomaly)) continue;
    // The last frame is captured once per point-in-polygon method, to show each one's working.
    const int variants = last ? 4 : 1;
    for (int v = 0; v < variants; ++v) {
      View2dOptions vo;
      vo.method = methods[v];
      build_view_2d(world, body, state, vo, draw);
      renderer::begin_ui(r);
      ImGui::SetNextWindowPos(ImVec2(10, 10));
      ImGui::SetNextWindowSize(ImVec2(360, 110));
      ImGui::SetNextWindowBgAlpha(0.8f);
      ImGui::Begin("2D view", nullptr, ImGuiWindowFlags_NoDecoration);
      ImGui::TextWrapped("%s  frame %d", level.source.c_str(), f);
      ImGui::Text("centre %.3f, %.3f  sector %d  floor %.0f", m.position.x, m.position.y, m.sector, m.z);
      ImGui::Text("contacts %d  clearance to blocking walls %.4f", m.contacts, clearance);
      ImGui::Text("point in polygon: %s", to_string(vo.method));
      ImGui::End();
      // The window's legend (palette.hpp's colours, one meaning each, as in 3D).
      ImGui::SetNextWindowPos(ImVec2(10, 130));
      ImGui::SetNextWindowSize(ImVec2(360, 345));
      live::draw_legend_2d();
      renderer::FrameInput frame;
      frame.camera = top_down_camera(m.position, vo.view_height);
      frame.debug = &draw;
      renderer::RgbaImage pixels;
      renderer::draw_frame(r, frame, &pixels);
      char file[256];
      std::snprintf(file, sizeof file, "%s_f%06d%s%s.png", name.c_str(), f, last ? "_" : "",
                    last ? to_string(vo.method) : (anomaly ? "_anomaly" : ""));
      renderer::write_png((std::filesystem::path(o.out) / file).string(), pixels);
      result.captures.push_back(file);
    }
  }
  result.validation_messages = front_end.finish();
  result.frames = o.frames;
  result.report = (std::filesystem::path(o.out) / "walk2d.csv").string();
  file_output::write_file_atomically(result.report, csv.str());  // WriteError names the path
  return result;
}

}  // namespace debugger
