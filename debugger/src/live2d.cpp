// Live mode for Doom maps: the top-down 2D view in a window, with a frame history, pause,
// stepping, branching, events, an inspector and screenshots (the 3D live mode's keys).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <vector>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "collision/2d/segment.hpp"
#include "collision_io/wad.hpp"
#include "debugger/app.hpp"
#include "debugger/view2d.hpp"
#include "frontend_setup.hpp"
#include "live/controls.hpp"
#include "renderer/image.hpp"

namespace debugger {
namespace {

using namespace collision::planar;
using live::Key;

/// One recorded frame: the body after that frame's move.
struct Frame2d {
  Vec2 position{0.0};
  Vec2 delta{0.0};  ///< the desired move
  double z = 0.0;
  std::int32_t sector = kNoSector;
  int contacts = 0;
  bool refused = false;
  double clearance = 0.0;  ///< to the nearest blocking wall
  bool contact_begin = false, sector_change = false, anomaly = false;
  bool event() const { return contact_begin || sector_change || anomaly || refused; }
};

constexpr PointInPolygonMethod kMethods[] = {PointInPolygonMethod::kCrossing, PointInPolygonMethod::kQuadrant,
                                             PointInPolygonMethod::kAngleSum, PointInPolygonMethod::kConvexSigns};

}  // namespace

int run_live_2d(const RunOptions& o) {
  collision::io::DoomLevel level = collision::io::load_doom_level(o.scene);
  if (!level.has_player1_start) throw std::runtime_error(level.source + ": no player 1 start");
  open_manual_doors(level.map);
  const SectorWorld world(level.map);
  const DoomBody body;
  const WalkScript walk = walk_for_2d(o.walk, level);
  bool walk_active = !walk.segments.empty();
  std::optional<live::KeyScript> script;
  if (!o.script_keys.empty()) script = live::load_key_script(o.script_keys);

  WindowFrontEnd front_end(o, "prism 2D: " + level.source);  // vsync unless a key script is the clock
  renderer::WindowTarget& window = front_end.window;
  renderer::Renderer& r = front_end.renderer;
  GLFWwindow* glfw = window.glfw_window();
  live::GlfwInput glfw_input;

  const Vec2 start = level.player1_start.position;
  std::vector<Frame2d> history;
  int shown = -1;  // -1: the start, before any frame
  bool paused = false, show_ui = true, screenshot = false;
  int method = 0;
  double view_height = 1024.0;
  std::string status;
  renderer::DebugDraw draw;
  renderer::RgbaImage pixels;

  auto record = [&](const live::InputFrame& in) {
    const int f = static_cast<int>(history.size());
    const Vec2 from = history.empty() ? start : history.back().position;
    const bool keys = in.is_held(Key::kW) || in.is_held(Key::kA) || in.is_held(Key::kS) || in.is_held(Key::kD);
    if (keys) walk_active = false;  // walking keys take over from the tour
    Vec2 delta{0.0};
    if (walk_active && f / 60.0 < walk.duration()) {
      const FrameInput wi = walk_input(walk, f, 1.0f / 60.0f, {0.0f, 0.0f, 1.0f}, 0.0f);
      delta = 8.0 * static_cast<double>(wi.character.speed_scale) * Vec2{wi.character.wish.x, wi.character.wish.y};
    } else {
      // Top-down: W north, S south, A west, D east; Shift runs.
      Vec2 wish{(in.is_held(Key::kD) ? 1.0 : 0.0) - (in.is_held(Key::kA) ? 1.0 : 0.0),
                (in.is_held(Key::kW) ? 1.0 : 0.0) - (in.is_held(Key::kS) ? 1.0 : 0.0)};
      if (glm::length(wish) > 0.0) wish = glm::normalize(wish);
      delta = (in.is_held(Key::kShift) ? 16.0 : 8.0) * wish;
    }
    const DoomMove m = move_body(world, body, from, delta);
    Frame2d fr;
    fr.position = m.position;
    fr.delta = delta;
    fr.z = m.z;
    fr.sector = m.sector;
    fr.contacts = m.contacts;
    fr.refused = m.refused;
    fr.clearance = blocking_clearance(world, body, m.position, std::isnan(m.z) ? 0.0 : m.z);
    const Frame2d* prev = history.empty() ? nullptr : &history.back();
    fr.contact_begin = m.contacts > 0 && (!prev || prev->contacts == 0);
    fr.sector_change = prev && prev->sector != m.sector;
    fr.anomaly = m.sector == kNoSector || fr.clearance < body.radius - 1e-3;
    history.push_back(fr);
    shown = static_cast<int>(history.size()) - 1;
  };

  for (int tick = 0;; ++tick) {
    glfwPollEvents();
    live::InputFrame in = script ? live::scripted_input(*script, tick) : live::poll_glfw_input(glfw_input, glfw);
    if (in.quit || window.should_close()) break;
    if (in.was_pressed(Key::kP)) paused = !paused;
    if (in.was_pressed(Key::kTab)) show_ui = !show_ui;
    if (in.ui) show_ui = *in.ui;
    if (in.was_pressed(Key::kC)) method = (method + 1) % 4;
    if (in.was_pressed(Key::kF12)) screenshot = true;
    if (in.scroll != 0.0f) view_height = std::clamp(view_height * std::pow(0.85, in.scroll), 128.0, 16384.0);
    int step = 0;
    if (in.was_pressed(Key::kPeriod) || in.was_pressed(Key::kRight)) step += 1;
    if (in.was_pressed(Key::kComma) || in.was_pressed(Key::kLeft)) step -= 1;
    if (in.was_pressed(Key::kPageDown)) step += 10;
    if (in.was_pressed(Key::kPageUp)) step -= 10;
    if (in.seek) {
      shown = std::clamp(*in.seek, -1, static_cast<int>(history.size()) - 1);
      paused = true;
    }
    if (in.was_pressed(Key::kB)) {  // branch: drop the frames after the shown one, go on live
      history.resize(static_cast<std::size_t>(shown + 1));
      paused = false;
      walk_active = false;
    }
    const int jump = in.was_pressed(Key::kHome) ? -1 : in.was_pressed(Key::kEnd) ? 1 : 0;
    if (jump != 0) {
      paused = true;
      for (int f = shown + jump; f >= 0 && f < static_cast<int>(history.size()); f += jump) {
        if (history[static_cast<std::size_t>(f)].event()) {
          shown = f;
          break;
        }
      }
    }
    if (!paused) {
      record(in);
    } else if (step > 0) {
      for (int k = 0; k < step; ++k) {
        if (shown + 1 < static_cast<int>(history.size())) ++shown;
        else record(in);  // stepping past the end records a new frame
      }
    } else if (step < 0) {
      shown = std::max(-1, shown + step);
    }

    View2dState state;
    state.path.push_back(start);
    for (int f = 0; f <= shown; ++f) state.path.push_back(history[static_cast<std::size_t>(f)].position);
    state.position = state.path.back();
    const Frame2d* fr = shown >= 0 ? &history[static_cast<std::size_t>(shown)] : nullptr;
    state.last_delta = fr ? fr->delta : Vec2{0.0};
    View2dOptions vo;
    vo.method = kMethods[method];
    vo.view_height = view_height;

    renderer::begin_ui(r);
    if (show_ui) {
      ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
      ImGui::SetNextWindowSize(ImVec2(390, 330), ImGuiCond_FirstUseEver);
      ImGui::SetNextWindowBgAlpha(0.85f);
      ImGui::Begin("Inspector (2D)");
      ImGui::Text("%s", level.source.c_str());
      ImGui::Text("frame %d of %zu%s", shown, history.size(), paused ? "  (paused)" : "");
      ImGui::Text("centre %.4f, %.4f", state.position.x, state.position.y);
      const SectorLocation loc = world.locate(state.position);
      ImGui::Text("sector %d%s  z %.0f", loc.sector, loc.on_boundary ? " (on a boundary)" : "", fr ? fr->z : 0.0);
      if (fr) {
        ImGui::Text("contacts %d%s  clearance %.5f (radius %.0f)", fr->contacts, fr->refused ? "  refused" : "",
                    fr->clearance, body.radius);
        ImGui::Text("events:%s%s%s%s", fr->contact_begin ? " contact" : "", fr->sector_change ? " sector" : "",
                    fr->refused ? " refused" : "", fr->anomaly ? " ANOMALY" : "");
      }
      if (loc.sector >= 0) {
        const SectorBoundary& b = world.boundaries()[static_cast<std::size_t>(loc.sector)];
        ImGui::Separator();
        ImGui::Text("sector %d: %zu edges, %zu loops, area %.0f", loc.sector, b.edges.size(), b.loops.size(), b.area);
        int crossings = 0, winding = 0;
        for (const Segment& e : b.edges) {
          const int c = ray_crossing(e.a, e.b, state.position);
          crossings += c != 0;
          winding += c;
        }
        if (loc.on_boundary) {
          ImGui::Text("on a boundary line: inside by the boundary rule (raw crossings %d, winding %d)", crossings,
                      winding);
        } else {
          ImGui::Text("crossings %d (even-odd: %s), winding number %d", crossings, crossings % 2 ? "in" : "out",
                      winding);
        }
        if (b.loops.size() == 1) {
          const Polygon poly{b.loops[0]};
          for (PointInPolygonMethod m : kMethods) {
            ImGui::Text("  %-10s %s", to_string(m), contains(poly, state.position, m) ? "inside" : "outside");
          }
        }
      }
      if (state.path.size() >= 2) {
        // The last move's path against the lines it meets (seed 003's s and t: path = from +
        // s (to - from), line = v1 + t (v2 - v1)).
        const Vec2 from = state.path[state.path.size() - 2];
        int shown_crossings = 0;
        for (std::size_t i = 0; i < level.map.lines.size() && shown_crossings < 4; ++i) {
          const SectorLine& line = level.map.lines[i];
          const SegmentIntersection x = intersect_segments(from, state.position, level.map.vertices[line.v1],
                                                           level.map.vertices[line.v2]);
          if (x.kind == IntersectionKind::kNone) continue;
          ImGui::Text("move meets line %zu: %s s %.4f t %.4f", i, to_string(x.kind), x.ends[0].s, x.ends[0].t);
          ++shown_crossings;
        }
      }
      ImGui::Separator();
      int pick = method;
      for (int i = 0; i < 4; ++i) {
        ImGui::RadioButton(to_string(kMethods[i]), &pick, i);
        if (i < 3) ImGui::SameLine();
      }
      method = pick;
      int slider = shown;
      if (!history.empty() && ImGui::SliderInt("frame", &slider, -1, static_cast<int>(history.size()) - 1)) {
        shown = slider;
        paused = true;
      }
      ImGui::TextUnformatted("WASD walk (W north), Shift run, P pause, . , step, PgUp/PgDn 10,");
      ImGui::TextUnformatted("Home/End events, B branch, C method, wheel zoom, F12 shot, Tab");
      if (!status.empty()) ImGui::TextUnformatted(status.c_str());
      ImGui::End();
    }
    build_view_2d(world, body, state, vo, draw);
    renderer::FrameInput frame;
    frame.camera = top_down_camera(state.position, view_height);
    frame.debug = &draw;
    if (renderer::draw_frame(r, frame, screenshot ? &pixels : nullptr) && screenshot) {
      screenshot = false;
      std::filesystem::create_directories(o.out);
      char name[128];
      std::snprintf(name, sizeof name, "%s_f%06d_%s.png", level.map_name.c_str(), shown, to_string(kMethods[method]));
      const std::string path = (std::filesystem::path(o.out) / name).string();
      renderer::write_png(path, pixels);
      status = "wrote " + path;
      std::printf("prism: screenshot %s\n", path.c_str());
      std::fflush(stdout);
    }
  }
  return front_end.finish();  // 3 when the validation layer printed messages
}

}  // namespace debugger
