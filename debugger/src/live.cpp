// Live mode: the window loop. Input -> frame control -> the shown frame's trace -> overlays
// and panels -> draw (and capture). The pieces live in live/ (one concern a file).
#include <algorithm>
#include <array>
#include <bitset>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <utility>
#include <variant>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "collision/queries.hpp"
#include "debugger/view2d.hpp"
#include "debugger/app.hpp"
#include "debugger/fill_share.hpp"
#include "debugger/image_memory.hpp"
#include "debugger/palette.hpp"
#include "debugger/recording2d.hpp"
#include "debugger/session_file.hpp"
#include "debugger/spawn.hpp"
#include "debugger/walk_source.hpp"
#include "debugger/view.hpp"
#include "frontend_setup.hpp"
#include "live/branches.hpp"
#include "live/comparison.hpp"
#include "live/controls.hpp"
#include "live/frame_control.hpp"
#include "live/inspector_panel.hpp"
#include "live/layout.hpp"
#include "live/live_state.hpp"
#include "live/redraw.hpp"
#include "live/screenshot.hpp"
#include "live/side_panel.hpp"
#include "live/timeline_panel.hpp"

namespace debugger {
namespace {

using namespace live;

constexpr renderer::Colour kSelectedColour = palette::kPicked;

/// Keys -> frame commands and toggles.
FrameCommand keys_to_command(LiveState& s, const InputFrame& in) {
  FrameCommand c = frame_keys(in);
  if (in.was_pressed(Key::kC)) s.comparison.on = !s.comparison.on;
  if (in.compare) {
    s.comparison.on = true;
    s.comparison.method = *in.compare;
  }
  if (in.was_pressed(Key::kTab)) s.show_ui = !s.show_ui;
  if (in.ui) s.show_ui = *in.ui;
  if (in.was_pressed(Key::kEscape)) s.selection = {};
  if (in.was_pressed(Key::kF12)) s.screenshot_requested = true;
  return c;
}

void build_view_overlay(const LiveState& s, OverlayFrame& overlay) {
  const SessionConfig& c = s.session->config();
  OverlayOptions options = s.overlay;
  if (s.selection.only_selected_iteration) options.only_iteration = s.selection.iteration;
  // The body of the shown frame's segment (a fork may have changed it since).
  const collision::Body& body = s.session->segment_at(std::max(s.view.frame, 0)).body;
  const TraceMovers movers{s.session->movers(), s.view.movers ? &*s.view.movers : nullptr};
  build_overlay(s.view.trace, *s.scene.world, body, s.view.after, s.scene.up, c.params.max_slope_degrees, options,
                overlay, movers);
  if (const std::optional<SelectedTriangle> selected = selected_triangle(s)) {
    const collision::Triangle tri = selected->triangle;
    const TriangleReport rep = triangle_report(s, *selected);
    add_prism(rep.test, tri, body, options, overlay);
    // Outline plus a patch around its point nearest the body (a picked wall must not flood the view).
    const glm::vec3 focus = glm::vec3(collision::closest_point_on_triangle(
        glm::dvec3(s.view.after.position), glm::dvec3(tri.a), glm::dvec3(tri.b), glm::dvec3(tri.c)));
    add_picked_triangle(tri, focus, 3.0f * body_size(body), kSelectedColour, overlay);
  }
  add_measures(s.view.events, s.scene.up, overlay);
  add_other_characters(s.session->movers(), s.view.movers, static_cast<std::uint32_t>(s.camera.follow.character), options,
                       overlay);
  add_comparison_overlay(s, overlay);
  add_branch_overlay(s, overlay);
}

}  // namespace

int run_live(const RunOptions& o) {
  check_image_memory(o.width, o.height);  // the window's images and its screenshots
  if (!o.recording.empty()) return run_live_recording(o);  // a game's recording
  // A Doom map, or a 2D session (recording2d.hpp): the 2D view.
  if (o.session.empty() ? is_doom_map_spec(o.scene) : is_session_2d(o.session)) return run_live_2d(o);
  LiveState s;
  SessionRecording recording;
  const bool replaying = !o.session.empty();
  if (replaying) recording = load_session(o.session);
  s.scene = load_scene(replaying && o.scene.empty() ? recording.scene : o.scene, replaying ? SceneSetup{} : o.setup);
  s.base_params.up = s.scene.up;
  setup_args::apply(o.character, s.base_params);
  collision::Method method = collision::Method::kRobust;
  if (!o.method.empty() && !collision::parse_method(o.method, method))
    throw std::runtime_error("unknown method '" + o.method + "' (robust, offset-prism, sphere-classify)");
  s.base_params.move.method = method;
  if (replaying && !o.method.empty()) {
    recording.config.params.move.method = method;
    for (SessionSegment& fork : recording.forks) fork.params.move.method = method;
  }
  s.out_dir = o.out;
  s.camera.follow = o.camera;
  std::optional<KeyScript> script;
  if (!o.script_keys.empty()) script = load_key_script(o.script_keys);

  WindowFrontEnd front_end(o, "prism: " + s.scene.name);  // vsync unless a key script is the clock
  renderer::WindowTarget& window = front_end.window;
  renderer::Renderer& r = front_end.renderer;
  GLFWwindow* glfw = window.glfw_window();
  if (!script) install_key_queue(glfw);
  if (replaying) load_recording(s, recording);
  else start_recording(s, spawn_config(s.scene, s.base_params));
  s.yaw = s.session->config().start_yaw;
  // The scene's tour plays from the first frame, as in a headless run (the keys take over).
  s.tour = scene_tour(s.scene, o.walk, o.seed, replaying, s.session->config().start_yaw);
  s.tour_active = s.tour.has_value();
  renderer::MeshId level = upload_level(r, s.scene, s.session->config().params.max_slope_degrees);
  MoverMeshes mover_meshes = upload_movers(r, s.scene);
  PanelState panel = make_panel_state(s, (std::filesystem::path(s.out_dir) / (s.scene.name + ".prism")).string());
  TimelinePlots plots;
  GlfwInput glfw_input;
  OverlayFrame overlay;
  renderer::RgbaImage pixels;
  bool jump_pending = false;
  bool walk_ended_now = false;
  std::array<bool, 4> was_collapsed{};  // legend, keys, side panel, timeline (layout.hpp)

  // New frames: the tour while it lasts (a scripted walk ends, the wander does not), then the keys.
  const InputSource input_source = [&](int frame) {
    const SessionConfig& c = s.session->config();
    if (s.tour_active && walk_ended(*s.tour, frame, c.dt)) {
      s.tour_active = false;
      walk_ended_now = true;  // the script ran out: recording pauses (below)
    }
    if (s.tour_active) {
      const WalkContext context{s.scene.world.get(), s.scene.up, c.dt, body_size(c.body)};
      const FrameInput in = next_input(*s.tour, context, frame, s.session->last_state());
      s.yaw = in.yaw;
      if (std::holds_alternative<ScriptedWalk>(*s.tour)) s.pitch = in.pitch;
      return in;
    }
    InputFrame none;
    return character_input(none, s, false);
  };
  InputFrame in;
  const InputSource live_source = [&](int frame) {
    if (s.tour_active) {
      const FrameInput w = input_source(frame);
      if (s.tour_active) return w;
    }
    return character_input(in, s, std::exchange(jump_pending, false));
  };

  install_event_counter(glfw);
  RedrawGate redraw;
  double realtime_until = -1.0;  // a key script's realtime phase runs until then (glfwGetTime)
  int tick = 0;                  // the key script's clock: its window frames
  for (;;) {
    const bool scripted = script && glfwGetTime() >= realtime_until;
    const std::uint64_t events_before = events_seen();
    glfwPollEvents();
    if (events_seen() != events_before) redraw.changed();
    // Nothing changes on screen when minimised, or paused with no input since the last changes
    // were drawn, no key held and no question open: wait for events instead of drawing (a key
    // script never waits: it is the clock; its realtime phase does, as a user's window).
    const auto idle = [&] {
      if (glfwGetWindowAttrib(glfw, GLFW_ICONIFIED)) return true;
      return s.playback.paused && s.ask == LiveState::Ask::kNothing && !s.screenshot_requested &&
             !glfw_input.held.any() && !glfw_input.looking && redraw.settled();
    };
    while (!scripted && !window.should_close() && idle()) {
      ++s.idle_waits;
      const double wait = script ? std::min(0.5, realtime_until - glfwGetTime()) : 0.5;
      if (wait <= 0.0) break;
      glfwWaitEventsTimeout(wait);
      if (events_seen() != events_before) redraw.changed();
    }
    renderer::begin_ui(r);
    clear_fit_notes();
    in = scripted ? scripted_input(*script, tick) : poll_glfw_input(glfw_input, glfw);
    if (scripted) in.dt = s.session->config().dt;  // exactly one recorded frame per window frame
    if (in.realtime) {
      realtime_until = glfwGetTime() + *in.realtime;
      glfwFocusWindow(glfw);  // as a user's window: it has focus
    }
    if (in.quit) break;  // a key script's exit: a test, nothing to ask
    if (window.should_close()) {
      if (!s.unsaved || script || s.ask == LiveState::Ask::kQuit) break;
      glfwSetWindowShouldClose(glfw, GLFW_FALSE);  // ask first: the recording is not saved
      s.ask = LiveState::Ask::kQuit;
    }

    // Recording pauses by itself when nothing drives it for a second (any input resumes it), so
    // idling does not bury the interesting part of the timeline.
    Playback& pb = s.playback;
    // What drives the body counts as input (walking, jumping, looking), not screenshots or panels.
    bool any_input = in.look;
    for (Key k : {Key::kW, Key::kA, Key::kS, Key::kD, Key::kSpace}) any_input = any_input || in.is_held(k) || in.was_pressed(k);
    pb.idle_seconds = any_input ? 0.0 : pb.idle_seconds + in.dt;
    if (any_input && pb.paused && pb.idle_paused) {
      pb.paused = pb.idle_paused = false;
      pb.paused_by.clear();
    }
    if (!pb.paused && at_end(s) && !s.tour_active && pb.idle_seconds >= 1.0) {
      pb.paused = pb.idle_paused = true;
      pb.paused_by = "recording paused: 1 s without input";
    }
    FrameCommand command = keys_to_command(s, in);
    if (in.range) {
      pb.range_a = static_cast<int>(in.range->x);
      pb.range_b = static_cast<int>(in.range->y);
      pb.loop = true;
    }
    command.export_range = in.export_range;
    apply_look(s, in);
    if (s.camera.mode == CameraMode::kFollow) {
      if (in.was_pressed(Key::kSpace)) jump_pending = true;
      // Walking keys take over from the tour.
      for (Key k : {Key::kW, Key::kA, Key::kS, Key::kD, Key::kSpace})
        if (in.is_held(k)) s.tour_active = false;
    }

    // Panels first: their buttons act on this frame, before the frame is advanced.
    const VkExtent2D extent = window.extent();
    const float W = static_cast<float>(extent.width), H = static_cast<float>(extent.height);
    PanelAction action;
    if (s.show_ui) {
      // Anchored to the window's edges every frame; collapsed to title bars when it gets small.
      // The hint bar stays until the first key; the panels make room for it.
      // (F12 excepted: a screenshot shows the window as it is.)
      std::bitset<kKeyCount> keys = in.pressed | in.held;
      keys[static_cast<std::size_t>(Key::kF12)] = false;
      if (keys.any()) s.hint_shown = false;
      const float hint_h = s.hint_shown ? hint_bar_height() : 0.0f;
      if (s.hint_shown) draw_hint_bar(W, H);
      const Layout layout = compute_layout(W, H - hint_h);
      // A panel is collapsed or opened when the layout's verdict for it changes (the user may
      // open or close it by its title bar in between).
      auto place = [&](const PanelRect& rect, int index) { place_panel(rect, was_collapsed[static_cast<std::size_t>(index)]); };
      place(layout.legend, 0);
      draw_legend(&s.overlay, 0.0f, 0.0f, true);
      place(layout.keys, 1);
      if (in.was_pressed(Key::kH)) {  // help: the Keys panel opens (or closes), in front
        ImGui::SetNextWindowCollapsed(!panel_collapsed(kPanelNames[1]), ImGuiCond_Always);
        ImGui::SetNextWindowFocus();
      }
      draw_keys_window();
      FrameCommand from_timeline;
      place(layout.timeline, 3);
      draw_timeline_panel(s, plots, from_timeline);
      merge(command, from_timeline);
      place(layout.side, 2);
      draw_side_panel(s, panel, action);
    }
    apply_command(s, command, live_source);
    advance(s, in.dt, live_source);
    // A looped range plays again from its first frame.
    if (pb.loop && pb.range_a >= 0 && !pb.paused && pb.frame >= std::max(pb.range_a, pb.range_b))
      show_frame(s, std::min(pb.range_a, pb.range_b));
    if (command.export_range && pb.range_a >= 0) {
      const int a = std::min(pb.range_a, pb.range_b), b = std::max(pb.range_a, pb.range_b);
      try {
        std::filesystem::create_directories(s.out_dir);
        const std::string path = (std::filesystem::path(s.out_dir) /
                                  (s.scene.name + "_f" + std::to_string(a) + "-" + std::to_string(b) + ".prism")).string();
        s.status = save_range(s, a, b, path);
      } catch (const std::exception& e) {
        s.status = e.what();
      }
    }
    if (std::exchange(walk_ended_now, false) && !pb.paused) {
      pb.paused = pb.idle_paused = true;
      pb.paused_by = "recording paused: the walk ended";
    }

    if (in.method) {
      action.apply_body = true;
      action.method = *in.method;
      panel = make_panel_state(s, panel.session_path.data());
    }
    if (in.resize) glfwSetWindowSize(glfw, static_cast<int>(in.resize->x), static_cast<int>(in.resize->y));
    if (action.apply_body) {
      restart_with(s, panel_body(panel), action.method);
      s.status = "new branch " + s.branch_label + " (the old one is kept: timeline, branch)";
    }
    bool quit_after_save = false, load_confirmed = false;
    if (s.ask != LiveState::Ask::kNothing) {
      const UnsavedAnswer answer = ask_about_unsaved(s);
      if (answer == UnsavedAnswer::kSaveFirst) action.save_session = true;
      if (answer == UnsavedAnswer::kSaveFirst || answer == UnsavedAnswer::kDiscard) {
        if (s.ask == LiveState::Ask::kLoad) action.load_session = load_confirmed = true;
        if (s.ask == LiveState::Ask::kQuit) quit_after_save = true;
      }
      if (answer != UnsavedAnswer::kWaiting) s.ask = LiveState::Ask::kNothing;
    }
    if (action.save_session) {
      try {
        const std::filesystem::path path(panel.session_path.data());
        if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
        s.status = save_branch(s, path.string());
        s.unsaved = false;
      } catch (const std::exception& e) {
        s.status = e.what();
        quit_after_save = action.load_session = false;  // a failed save neither quits nor loads
      }
    }
    if (quit_after_save) break;
    if (action.load_session && s.unsaved && !load_confirmed) {
      s.ask = LiveState::Ask::kLoad;  // asked from the next frame on; the load waits for the answer
      action.load_session = false;
    }
    if (action.load_session) {
      try {
        const SessionRecording rec = load_session(panel.session_path.data());
        const bool other_level = rec.scene != s.scene.spec;
        if (other_level) s.shelved.clear();  // branches of another level cannot be shown here
        else shelve_branch(s);                // the shown recording stays, as a branch
        if (other_level) {
          s.scene = load_scene(rec.scene);
          s.base_params.up = s.scene.up;
          renderer::wait_idle(r);
          level = upload_level(r, s.scene, rec.config.params.max_slope_degrees);
          mover_meshes = upload_movers(r, s.scene);
        }
        load_recording(s, rec);
        s.unsaved = false;
        s.selection = {};
        s.camera.mode = CameraMode::kFollow;
        s.status = "loaded " + std::string(panel.session_path.data()) + " (" + std::to_string(rec.inputs.size()) + " frames)";
      } catch (const std::exception& e) {
        s.status = e.what();
      }
    }
    const int dump_tick = tick;
    if (scripted) ++tick;
    if (in.dump) std::filesystem::create_directories(s.out_dir);
    if (in.dump) dump_branches(s, (std::filesystem::path(s.out_dir) / "branches.txt").string());
    if (in.dump) {
      char size[64];
      std::snprintf(size, sizeof size, "window %u %u\n", extent.width, extent.height);
      std::ofstream(std::filesystem::path(s.out_dir) / ("panels_" + std::to_string(dump_tick) + ".txt"))
          << size << describe_panels();
    }
    if (action.screenshot) s.screenshot_requested = true;
    if (s.comparison.on) update_comparison(s);

    // Picking uses the camera the user saw when clicking.
    if (in.select) {
      s.selection.instance = in.select->instance;
      s.selection.triangle = in.select->triangle;
    }
    if (in.iteration) s.selection.iteration = *in.iteration;
    for (const auto& [overlay_index, on] : in.overlays) s.overlay.on[static_cast<std::size_t>(overlay_index)] = on;
    if (in.click) {
      const std::optional<PickedTriangle> t = pick_triangle(*s.scene.world, s.session->movers(), s.view.movers,
                                                            s.camera.camera, *in.click, {extent.width, extent.height});
      s.selection.instance = t ? t->instance : collision::kStaticLevel;
      s.selection.triangle = t ? t->triangle : collision::kNoTriangle;
    }
    const renderer::Camera camera = update_camera(s, in, s.view.after);
    build_view_overlay(s, overlay);
    bound_fills(overlay, s.scene.world->mesh(), camera, {extent.width, extent.height});
    draw_measure_labels(s.view.events, camera, {extent.width, extent.height});
    if (s.camera.follow.see_through) see_through(overlay, camera, {extent.width, extent.height});
    if (!s.show_ui) {
      char hint[96];
      std::snprintf(hint, sizeof hint, "frame %d%s   Tab: panels", s.view.frame, s.playback.paused ? "  PAUSED" : "");
      ImGui::GetForegroundDrawList()->AddText(ImVec2(10.0f, 10.0f), IM_COL32(255, 255, 255, 230), hint);
    }

    renderer::MeshDraw draw;
    draw.mesh = level;
    draw.highlights = overlay.highlights;
    const std::vector<renderer::MeshDraw> draws = scene_draws(draw, mover_meshes, s.view.movers, &overlay);
    renderer::FrameInput frame;
    frame.camera = camera;
    frame.meshes = draws;
    frame.debug = &overlay.debug;
    redraw.drawn({camera, s.view.frame, s.recording_id, s.status, extent.width, extent.height});
    const bool capture = s.screenshot_requested;
    if (renderer::draw_frame(r, frame, capture ? &pixels : nullptr) && capture) {
      s.screenshot_requested = false;
      try {
        const std::string path = write_screenshot(s.out_dir, s.scene.name, s.view.frame,
                                                  s.session->config().params.move.method, pixels);
        s.status = "wrote " + path;
        std::printf("prism: screenshot %s\n", path.c_str());
        std::fflush(stdout);
      } catch (const std::exception& e) {
        s.status = e.what();
      }
    }
  }
  return front_end.finish();  // 3 when the validation layer printed messages
}

}  // namespace debugger
