// Live mode for Doom maps: the top-down 2D view in a window, on par with the 3D one: the tour
// or --walk plays, then the keys; recording pauses after a second without input; the 3D
// window's timeline (plots, events, zoom, range), a legend, an inspector with the frame time,
// picking a line, and session files (recording2d.hpp). Panels are placed by live/layout.hpp.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <utility>
#include <vector>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "collision_io/wad.hpp"
#include "debugger/app.hpp"
#include "debugger/palette.hpp"
#include "debugger/session_file.hpp"
#include "debugger/view2d.hpp"
#include "frontend_setup.hpp"
#include "live/controls.hpp"
#include "live/frame_control.hpp"
#include "live/layout.hpp"
#include "live/redraw.hpp"
#include "live/live2d_state.hpp"
#include "live/timeline_panel.hpp"
#include "renderer/image.hpp"

namespace debugger {
namespace {

using namespace collision::planar;
using namespace live;

// Frame control of the 2D window: the 3D window's commands on the 2D recording. `record`
// appends a new frame (stepping past the end records one).
template <typename Record>
void apply_command_2d(Live2dState& s, const FrameCommand& c, Record&& record) {
  Playback& pb = s.playback;
  const int last = static_cast<int>(s.history.size()) - 1;
  if (c.toggle_pause) {
    pb.paused = !pb.paused;
    pb.idle_paused = false;
    pb.paused_by.clear();
    pb.idle_seconds = 0.0;
  }
  if (c.seek) {
    pb.frame = std::clamp(*c.seek, -1, last);
    pb.paused = true;
  }
  for (int k = 0; k < c.step; ++k) {
    if (pb.frame < static_cast<int>(s.history.size()) - 1) ++pb.frame;
    else record();
  }
  if (c.step != 0) pb.paused = true;
  if (c.step < 0) pb.frame = std::max(-1, pb.frame + c.step);
  for (const auto& [direction, anomalies] : {std::pair{c.event_jump, false}, std::pair{c.anomaly_jump, true}}) {
    if (direction == 0) continue;
    pb.paused = true;
    if (const std::optional<int> f = neighbour_event(s.timeline, pb.frame, direction, anomalies)) pb.frame = *f;
  }
  if (c.branch) {  // drop the frames after the shown one, go on live from it
    cut_after(s, pb.frame);
    pb.paused = false;
    s.status = "branched at frame " + std::to_string(pb.frame);
  }
}

FrameCommand keys_to_command_2d(Live2dState& s, const InputFrame& in) {
  FrameCommand c = frame_keys(in);
  if (in.was_pressed(Key::kTab)) s.show_ui = !s.show_ui;
  if (in.ui) s.show_ui = *in.ui;
  if (in.was_pressed(Key::kC)) s.method = (s.method + 1) % 4;
  if (in.was_pressed(Key::kEscape)) s.picked_line = -1;
  return c;
}

// Replays `rec` into `s` (its scene must be s's): the frames the session recorded.
void load_into(Live2dState& s, const Recording2d& rec) {
  if (rec.scene != s.scene)
    throw std::runtime_error("the session walks " + rec.scene + ", this window shows " + s.scene +
                             " (prism --session FILE opens it)");
  cut_after(s, -1);
  s.body = rec.body;
  s.start = rec.start;
  for (const Vec2& m : rec.moves)
    append_frame(s, step_2d(*s.world, s.body, s.start, s.history.empty() ? nullptr : &s.history.back(), m));
  s.playback.frame = static_cast<int>(s.history.size()) - 1;
  s.unsaved = false;
}

}  // namespace

int run_live_2d(const RunOptions& o) {
  std::optional<Recording2d> session;
  if (!o.session.empty()) session = load_session_2d(o.session);
  collision::io::DoomLevel level = collision::io::load_doom_level(session ? session->scene : o.scene);
  if (!level.has_player1_start) throw std::runtime_error(level.source + ": no player 1 start");
  open_manual_doors(level.map);
  const SectorWorld world(level.map);
  Live2dState s;
  s.scene = session ? session->scene : o.scene;
  s.source = level.source;
  s.world = &world;
  s.start = level.player1_start.position;
  const std::string path = (std::filesystem::path(o.out) / (level.map_name + ".prism")).string();
  std::snprintf(s.session_path.data(), s.session_path.size(), "%s", path.c_str());
  const WalkScript walk = session ? WalkScript{} : walk_for_2d(o.walk, level);
  bool walk_active = !walk.segments.empty();
  if (session) {
    load_into(s, *session);
    s.playback.paused = true;
    s.playback.paused_by = "session loaded";
  }
  std::optional<KeyScript> script;
  if (!o.script_keys.empty()) script = load_key_script(o.script_keys);

  WindowFrontEnd front_end(o, "prism 2D: " + level.source);  // vsync unless a key script is the clock
  renderer::WindowTarget& window = front_end.window;
  renderer::Renderer& r = front_end.renderer;
  GLFWwindow* glfw = window.glfw_window();
  GlfwInput glfw_input;
  TimelinePlots plots;
  std::array<bool, 4> was_collapsed{};  // legend, keys, inspector, timeline (layout.hpp)
  bool screenshot = false;
  renderer::DebugDraw draw;
  renderer::RgbaImage pixels;

  auto record = [&](const InputFrame& in) {
    const int f = static_cast<int>(s.history.size());
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
    const auto t0 = std::chrono::steady_clock::now();
    const Frame2d fr = step_2d(world, s.body, s.start, s.history.empty() ? nullptr : &s.history.back(), delta);
    s.move_us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    append_frame(s, fr);
    s.playback.frame = f;
  };

  install_event_counter(glfw);
  RedrawGate redraw;
  double realtime_until = -1.0;  // a key script's realtime phase runs until then (glfwGetTime)
  for (int tick = 0;;) {
    const bool scripted = script && glfwGetTime() >= realtime_until;
    const std::uint64_t events_before = events_seen();
    glfwPollEvents();
    if (events_seen() != events_before) redraw.changed();
    // Minimised, or paused with no input since the last changes were drawn and no key held:
    // nothing changes on screen, so wait for events instead of drawing, as the 3D window does
    // (a key script never waits: it is the clock; its realtime phase does, as a user's window).
    const auto idle = [&] {
      if (glfwGetWindowAttrib(glfw, GLFW_ICONIFIED)) return true;
      return s.playback.paused && !screenshot && !glfw_input.held.any() && redraw.settled();
    };
    while (!scripted && !window.should_close() && idle()) {
      const double wait = script ? std::min(0.5, realtime_until - glfwGetTime()) : 0.5;
      if (wait <= 0.0) break;
      glfwWaitEventsTimeout(wait);
      if (events_seen() != events_before) redraw.changed();
    }
    renderer::begin_ui(r);
    const int script_tick = tick;  // the panel dumps are named by it
    const InputFrame in = scripted ? scripted_input(*script, tick) : poll_glfw_input(glfw_input, glfw);
    if (scripted) ++tick;
    if (in.realtime) {
      realtime_until = glfwGetTime() + *in.realtime;
      glfwFocusWindow(glfw);  // as a user's window: it has focus
    }
    if (in.quit || window.should_close()) break;
    Playback& pb = s.playback;
    // Recording pauses by itself when nothing drives it for a second (any input resumes it),
    // as in the 3D window: idling does not bury the interesting part of the timeline.
    bool any_input = false;
    for (Key k : {Key::kW, Key::kA, Key::kS, Key::kD}) any_input = any_input || in.is_held(k) || in.was_pressed(k);
    if (any_input) walk_active = false;  // walking keys take over from the tour
    pb.idle_seconds = any_input ? 0.0 : pb.idle_seconds + in.dt;
    if (any_input && pb.paused && pb.idle_paused) {
      pb.paused = pb.idle_paused = false;
      pb.paused_by.clear();
    }
    const bool at_end = pb.frame == static_cast<int>(s.history.size()) - 1;
    if (walk_active && static_cast<double>(s.history.size()) / 60.0 >= walk.duration()) {
      walk_active = false;
      if (!pb.paused) {
        pb.paused = pb.idle_paused = true;
        pb.paused_by = "recording paused: the walk ended";
      }
    }
    if (!pb.paused && at_end && !walk_active && pb.idle_seconds >= 1.0) {
      pb.paused = pb.idle_paused = true;
      pb.paused_by = "recording paused: 1 s without input";
    }
    FrameCommand command = keys_to_command_2d(s, in);
    if (in.was_pressed(Key::kF12)) screenshot = true;
    if (in.scroll != 0.0f) s.view_height = std::clamp(s.view_height * std::pow(0.85, in.scroll), 128.0, 16384.0);
    if (in.range) {
      pb.range_a = static_cast<int>(in.range->x);
      pb.range_b = static_cast<int>(in.range->y);
      pb.loop = true;
    }

    const VkExtent2D extent = window.extent();
    const float W = static_cast<float>(extent.width), H = static_cast<float>(extent.height);
    bool save = false, load = false;
    if (s.show_ui) {
      Layout layout = compute_layout(W, H);
      if (!layout.compact) {
        // The 2D legend is shorter than the 3D one: it takes its rows' height, and the keys
        // open under it where they fit above the timeline.
        const float line = std::max(ImGui::GetTextLineHeight(), 14.0f) + ImGui::GetStyle().ItemSpacing.y;  // a swatch's row
        const float bar = ImGui::GetFrameHeight() + 2.0f;
        const float legend_rows = static_cast<float>(palette::kShared2d.size() + palette::kPalette2d.size());
        layout.legend.h = std::min(layout.legend.h, bar + legend_rows * line + 16.0f);
        layout.keys.y = layout.legend.y + layout.legend.h + 10.0f;
        layout.keys.h = bar + 5.0f * line + 16.0f;
        layout.keys.collapsed = layout.timeline.y - 10.0f - layout.keys.y < layout.keys.h;
      }
      auto place = [&](const PanelRect& rect, int index) { place_panel(rect, was_collapsed[static_cast<std::size_t>(index)]); };
      place(layout.legend, 0);
      draw_legend_2d();
      place(layout.keys, 1);
      draw_keys_2d();
      TimelineSource source;
      source.timeline = &s.timeline;
      source.recording_id = s.recording_id;
      source.frame_count = static_cast<int>(s.history.size());
      source.at_end = at_end;
      source.plot_names = {"speed", "step", "contacts", "overlap"};
      source.plot_captions = {"speed  max %.3g units/s", "floor step  max %.0f", "walls touched  max %.0f",
                              "overlap (radius - clearance)  max %.3g"};
      source.speeds = source.export_range = false;
      FrameCommand from_timeline;
      place(layout.timeline, 3);
      draw_timeline(source, pb, plots, from_timeline);
      merge(command, from_timeline);
      place(layout.side, 2);
      draw_inspector_2d(s, save, load);
    } else {
      char hint[96];
      std::snprintf(hint, sizeof hint, "frame %d%s   Tab: panels", pb.frame, pb.paused ? "  PAUSED" : "");
      ImGui::GetForegroundDrawList()->AddText(ImVec2(10.0f, 10.0f), IM_COL32(255, 255, 255, 230), hint);
    }
    if (command.branch) walk_active = false;
    apply_command_2d(s, command, [&] { record(in); });
    if (!pb.paused) {
      if (pb.frame < static_cast<int>(s.history.size()) - 1) ++pb.frame;  // replay, then record
      else record(in);
      if (pb.loop && pb.range_a >= 0 && pb.frame >= std::max(pb.range_a, pb.range_b))
        pb.frame = std::min(pb.range_a, pb.range_b);
      // "Pause on event" (the timeline's checkboxes), as in the 3D window.
      const std::vector<Event>& ev = s.timeline.events;
      auto it = std::lower_bound(ev.begin(), ev.end(), pb.frame, [](const Event& e, int f) { return e.frame < f; });
      for (; it != ev.end() && it->frame == pb.frame; ++it) {
        if (!pb.pause_on[static_cast<std::size_t>(it->kind)]) continue;
        pb.paused = true;
        pb.paused_by = "paused on " + std::string(to_string(it->kind)) + " at frame " + std::to_string(it->frame);
        break;
      }
    }
    if (save) {
      try {
        const std::filesystem::path file(s.session_path.data());
        if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path());
        save_session_2d(file.string(), recording_of(s));
        s.unsaved = false;
        s.status = "saved " + file.string() + " (" + std::to_string(s.history.size()) + " frames)";
      } catch (const std::exception& e) {
        s.status = e.what();
      }
    }
    if (load) {
      try {
        load_into(s, load_session_2d(s.session_path.data()));
        walk_active = false;
        pb.paused = true;
        s.status = "loaded " + std::string(s.session_path.data()) + " (" + std::to_string(s.history.size()) + " frames)";
      } catch (const std::exception& e) {
        s.status = e.what();
      }
    }

    const int shown = pb.frame;
    const Frame2d* fr = shown >= 0 ? &s.history[static_cast<std::size_t>(shown)] : nullptr;
    View2dState state;
    state.path.push_back(s.start);
    for (int f = 0; f <= shown; ++f) state.path.push_back(s.history[static_cast<std::size_t>(f)].position);
    state.position = state.path.back();
    state.last_delta = fr ? fr->delta : Vec2{0.0};
    state.anomaly = fr && fr->anomaly;
    if (in.click) {
      const Vec2 at = top_down_point(state.position, s.view_height, in.click->x, in.click->y, W, H);
      s.picked_line = pick_line(level.map, at, 12.0 * s.view_height / H);  // within 12 pixels
    }
    state.picked_line = s.picked_line;
    View2dOptions vo;
    vo.method = kMethods2d[s.method];
    vo.view_height = s.view_height;
    if (in.dump) {
      std::filesystem::create_directories(o.out);
      std::ofstream dump(std::filesystem::path(o.out) / ("panels_" + std::to_string(script_tick) + ".txt"));
      dump << "window " << extent.width << ' ' << extent.height << '\n' << describe_panels({"Legend", "Keys", "Inspector", "Timeline"});
      if (s.picked_line >= 0) {
        const LineReport lr = describe_line(level.map, static_cast<std::size_t>(s.picked_line), s.body,
                                            fr && !std::isnan(fr->z) ? fr->z : 0.0);
        dump << "picked line " << lr.line << ' ' << (lr.blocks ? "blocks" : "passes") << ": " << lr.why << '\n';
      }
      dump << "frame " << shown << " of " << s.history.size() << (pb.paused ? " paused: " + pb.paused_by : "") << '\n';
    }
    build_view_2d(world, s.body, state, vo, draw);
    // What the frame shows that can change without an event: the frame, the recording, the
    // status line, the size (the camera follows the frame: the 3D gate's camera is unused here).
    redraw.drawn({renderer::Camera{}, shown, s.history.size(), s.status, extent.width, extent.height});
    renderer::FrameInput frame;
    frame.camera = top_down_camera(state.position, s.view_height);
    frame.debug = &draw;
    if (renderer::draw_frame(r, frame, screenshot ? &pixels : nullptr) && screenshot) {
      screenshot = false;
      try {
        std::filesystem::create_directories(o.out);
        char name[128];
        std::snprintf(name, sizeof name, "%s_f%06d_%s.png", level.map_name.c_str(), shown, to_string(kMethods2d[s.method]));
        const std::string file = (std::filesystem::path(o.out) / name).string();
        renderer::write_png(file, pixels);
        s.status = "wrote " + file;
        std::printf("prism: screenshot %s\n", file.c_str());
        std::fflush(stdout);
      } catch (const std::exception& e) {
        s.status = e.what();
      }
    }
  }
  return front_end.finish();  // 3 when the validation layer printed messages
}

}  // namespace debugger
