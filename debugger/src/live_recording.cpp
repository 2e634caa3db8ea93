// The window on a game's recording (prism --recording FILE): the game's frames on the timeline
// (every character's events and anomalies, pause on event, zoom, step and scrub as the walks'
// window), the followed character drawn with the walks' overlays, the others where they stand,
// and the query browser: every call of the shown frame, filtered and sorted, the selected one
// drawn (live/query_browser.hpp). Frames are re-run as they are shown (recording_review.hpp).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <glm/geometric.hpp>
#include <imgui.h>

#include "debugger/app.hpp"
#include "debugger/call_table.hpp"
#include "debugger/palette.hpp"
#include "debugger/game_recording.hpp"
#include "debugger/recording_review.hpp"
#include "debugger/recording_view.hpp"
#include "debugger/view.hpp"
#include "frontend_setup.hpp"
#include "heading/heading.hpp"
#include "live/controls.hpp"
#include "live/frame_control.hpp"
#include "live/layout.hpp"
#include "live/query_browser.hpp"
#include "live/redraw.hpp"
#include "live/what_if_panel.hpp"
#include "live/timeline_panel.hpp"

namespace debugger {

namespace {

using namespace live;

// The timeline of the whole recording: the followed character's speed, slide iterations, hits
// and recovery push a frame, and every character's events (their details name the character),
// by frame index. Each frame is re-run once, in order, so that the finders see every frame.
Timeline recording_timeline(const GameRecording& rec, std::uint32_t followed, bool find_anomalies,
                            std::vector<std::size_t>& differing) {
  Timeline t;
  RecordingReview review(rec, find_anomalies);
  differing.assign(static_cast<std::size_t>(rec.frame_count()), 0);
  for (int i = 0; i < rec.frame_count(); ++i) {
    const ReviewedFrame f = review.review(i, true);
    differing[static_cast<std::size_t>(i)] = f.differing();
    float speed = 0.0f, iterations = 0.0f, hits = 0.0f, push = 0.0f;
    for (const ReviewedStep& s : f.steps) {
      for (Event e : s.events) {
        e.frame = i;
        std::string detail("c");  // appended, not "lit" + string (GCC 12's -Wrestrict false positive)
        detail.append(std::to_string(s.character));
        if (!e.detail.empty()) detail.append(": ").append(e.detail);
        e.detail = std::move(detail);
        t.events.push_back(std::move(e));
      }
      if (s.character != followed) continue;
      speed = glm::length(s.step->after.velocity);
      iterations = static_cast<float>(s.trace.iterations.size());
      hits = static_cast<float>(std::count_if(s.trace.iterations.begin(), s.trace.iterations.end(),
                                              [](const collision::SlideIteration& it) { return it.hit; }));
      push = glm::length(s.trace.depenetration.push);
    }
    t.speed.push_back(speed);
    t.iterations.push_back(iterations);
    t.contacts.push_back(hits);
    t.penetration.push_back(push);
  }
  std::stable_sort(t.events.begin(), t.events.end(), [](const Event& a, const Event& b) { return a.frame < b.frame; });
  return t;
}

void apply_recording_command(Playback& pb, const Timeline& timeline, const FrameCommand& c, int frames) {
  const int last = frames - 1;
  if (c.toggle_pause) {
    pb.paused = !pb.paused;
    if (!pb.paused && pb.frame >= last) pb.frame = 0;  // play again from the start
    pb.paused_by.clear();
  }
  if (c.speed) pb.speed = *c.speed;
  if (c.seek) {
    pb.frame = std::clamp(*c.seek, 0, last);
    pb.paused = true;
  }
  if (c.step != 0) {
    pb.frame = std::clamp(pb.frame + c.step, 0, last);
    pb.paused = true;
  }
  for (const auto& [direction, anomalies] : {std::pair{c.event_jump, false}, std::pair{c.anomaly_jump, true}}) {
    if (direction == 0) continue;
    pb.paused = true;
    if (const std::optional<int> f = neighbour_event(timeline, pb.frame, direction, anomalies)) pb.frame = *f;
  }
}

}  // namespace

int run_live_recording(const RunOptions& o) {
  const GameRecording rec(o.recording);
  if (const std::string why = recording_follow_error(rec, o.camera.character); !why.empty()) throw std::runtime_error(why);
  if (rec.frame_count() == 0) throw std::runtime_error("the recording '" + o.recording + "' holds no frame");
  const std::uint32_t followed = o.camera.character < 0 ? 0u : static_cast<std::uint32_t>(o.camera.character);
  const Scene scene = recording_scene(rec, o.recording);
  std::vector<std::size_t> differing;
  const Timeline timeline = recording_timeline(rec, followed, o.find_anomalies, differing);
  std::vector<int> differing_frames;  // their indices
  for (std::size_t i = 0; i < differing.size(); ++i)
    if (differing[i] > 0) differing_frames.push_back(static_cast<int>(i));
  RecordingReview shown_review(rec, o.find_anomalies);  // the shown frame, with its traces
  std::optional<KeyScript> script;
  if (!o.script_keys.empty()) script = load_key_script(o.script_keys);

  WindowFrontEnd front_end(o, "prism: " + o.recording);
  renderer::WindowTarget& window = front_end.window;
  renderer::Renderer& r = front_end.renderer;
  GLFWwindow* glfw = window.glfw_window();
  GlfwInput glfw_input;
  const renderer::MeshId level = upload_level(r, scene, recording_max_slope(rec, followed));
  TimelinePlots plots;
  std::array<bool, 4> was_collapsed{};
  Playback pb;
  pb.frame = 0;
  OverlayOptions overlay_options;
  OverlayFrame overlay;
  QueryBrowser browser;
  WhatIfView what_if_view;
  ReviewedFrame shown;
  shown.index = -1;
  std::vector<CallRow> rows;
  float yaw = 0.0f;
  bool show_ui = true, screenshot = false;
  std::string status;
  renderer::RgbaImage pixels;
  install_event_counter(glfw);
  RedrawGate redraw;
  for (int tick = 0;;) {
    const std::uint64_t events_before = events_seen();
    glfwPollEvents();
    if (events_seen() != events_before) redraw.changed();
    while (!script && !window.should_close() && pb.paused && !screenshot && !glfw_input.held.any() && redraw.settled()) {
      glfwWaitEventsTimeout(0.5);
      if (events_seen() != events_before) redraw.changed();
    }
    renderer::begin_ui(r);
    clear_fit_notes();
    const int script_tick = tick;
    const InputFrame in = script ? scripted_input(*script, tick++) : poll_glfw_input(glfw_input, glfw);
    if (in.quit || window.should_close()) break;
    FrameCommand command = frame_keys(in);
    if (in.was_pressed(Key::kTab)) show_ui = !show_ui;
    if (in.ui) show_ui = *in.ui;
    if (in.was_pressed(Key::kEscape)) browser.selected.reset();
    if (in.was_pressed(Key::kF12)) screenshot = true;
    if (in.filter) browser.set_text(*in.filter);
    const std::optional<collision::Method> what_if_method = in.method;  // a script's `method M`: what if M, run below
    if (in.resize) glfwSetWindowSize(glfw, static_cast<int>(in.resize->x), static_cast<int>(in.resize->y));
    for (const auto& [index, on] : in.overlays) overlay_options.on[static_cast<std::size_t>(index)] = on;

    const VkExtent2D extent = window.extent();
    const float W = static_cast<float>(extent.width), H = static_cast<float>(extent.height);
    const Layout layout = compute_layout(W, H);
    if (show_ui) {
      auto place = [&](const PanelRect& rect, int index) { place_panel(rect, was_collapsed[static_cast<std::size_t>(index)]); };
      place(layout.legend, 0);
      draw_legend(&overlay_options, layout.legend.x, layout.legend.y, true);
      TimelineSource source;
      source.timeline = &timeline;
      source.recording_id = 1;
      source.frame_count = rec.frame_count();
      source.at_end = pb.frame == rec.frame_count() - 1;
      source.plot_captions = {"speed  max %.3g units/s", "slide iterations  max %.0f", "hits  max %.0f",
                              "recovery push  max %.3g"};
      source.export_range = false;
      source.branch = false;
      // Frames whose re-run differs from the recording (another version of the core recorded
      // it): counted on the transport row, and a button steps to the next one.
      if (!differing_frames.empty()) {
        source.extra = [&differing_frames, &pb](FrameCommand& c) {
          ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kAnomaly));
          char text[64];
          std::snprintf(text, sizeof text, "%zu differ >|", differing_frames.size());
          if (ImGui::SmallButton(text)) {
            const auto next = std::upper_bound(differing_frames.begin(), differing_frames.end(), pb.frame);
            c.seek = next == differing_frames.end() ? differing_frames.front() : *next;
          }
          ImGui::PopStyleColor();
          if (ImGui::IsItemHovered()) ImGui::SetTooltip("frames whose calls re-run differently here: the next one");
        };
      }
      FrameCommand from_timeline;
      place(layout.timeline, 3);
      draw_timeline(source, pb, plots, from_timeline);
      merge(command, from_timeline);
    }
    apply_recording_command(pb, timeline, command, rec.frame_count());
    if (!pb.paused) {
      pb.accumulator += in.dt * static_cast<double>(pb.speed);
      while (pb.accumulator >= 1.0 / 60.0 && !pb.paused) {
        pb.accumulator -= 1.0 / 60.0;
        if (pb.frame >= rec.frame_count() - 1) {
          pb.paused = true;
          pb.paused_by = "the recording's last frame";
          break;
        }
        ++pb.frame;
        const auto ev = std::find_if(timeline.events.begin(), timeline.events.end(), [&](const Event& e) {
          return e.frame == pb.frame && pb.pause_on[static_cast<std::size_t>(e.kind)];
        });
        if (ev != timeline.events.end()) {
          pb.paused = true;
          pb.paused_by = "paused on " + std::string(to_string(ev->kind)) + " at frame " + std::to_string(pb.frame);
        }
      }
    } else {
      pb.accumulator = 0.0;
    }
    if (shown.index != pb.frame) {
      shown = shown_review.review(pb.frame, true);
      rows = call_rows(rec, shown);
    }
    if (what_if_method) {
      what_if_view.method = *what_if_method;
      run_what_if(what_if_view, rec, followed, shown.index);
    }

    for (const ReviewedStep& s : shown.steps)
      if (s.character == followed && !s.step->placed()) yaw = walk_input_of(*s.step, scene.up, yaw).yaw;
    FollowSettings framing = o.camera;
    RecordingPicture picture =
        recording_picture(rec, shown, followed, yaw, scene, overlay_options, framing, {extent.width, extent.height}, overlay);
    if (browser.selected && *browser.selected < rec.frame(shown.index).calls.size()) {
      if (const std::optional<collision::RecordedQuery> q = collision::recorded_query(rec.frame(shown.index).calls[*browser.selected])) {
        add_recorded_query(*q, rec.world(), overlay);
        // The camera looks along the selected query from behind its start, at the followed
        // body's scale (a ray far from the character would be off screen).
        glm::vec3 e1, e2;
        heading::horizontal_basis(scene.up, e1, e2);
        const float query_yaw = std::atan2(glm::dot(q->delta, e2), glm::dot(q->delta, e1));
        collision::CharacterState at;
        at.position = q->start;
        picture.camera = follow_camera(scene, collision::Body::sphere(picture.body.bounding_radius()), at, query_yaw, {},
                                       framing);
      }
    }
    add_what_if(what_if_view, shown.index, overlay);
    if (show_ui) {
      draw_measure_labels(picture.events, picture.camera, {extent.width, extent.height});
      // The side panel: the frame and the followed character, then the query browser.
      place_panel(layout.side, was_collapsed[2]);
      ImGui::Begin("Calls");
      if (ImGui::CollapsingHeader("frame", ImGuiTreeNodeFlags_DefaultOpen)) draw_recording_frame_section(rec, shown, picture);
      if (what_if_method) ImGui::SetNextItemOpen(true);  // a script ran one: show it
      if (ImGui::CollapsingHeader("what if")) draw_what_if(what_if_view, rec, followed, shown.index);
      if (ImGui::CollapsingHeader("calls", ImGuiTreeNodeFlags_DefaultOpen)) draw_query_browser(rec, shown, rows, browser, in.query_row);
      ImGui::End();
    } else {
      char hint[96];
      std::snprintf(hint, sizeof hint, "frame %llu%s   Tab: panels", static_cast<unsigned long long>(shown.number),
                    pb.paused ? "  PAUSED" : "");
      ImGui::GetForegroundDrawList()->AddText(ImVec2(10.0f, 10.0f), IM_COL32(255, 255, 255, 230), hint);
    }
    if (in.dump) {
      std::filesystem::create_directories(o.out);
      std::ofstream dump(std::filesystem::path(o.out) / ("panels_" + std::to_string(script_tick) + ".txt"));
      dump << "window " << extent.width << ' ' << extent.height << '\n'
           << describe_panels({"Legend", "Calls", "Timeline"})
           << "frame " << shown.number << " (index " << shown.index << " of " << rec.frame_count() << ")"
           << (pb.paused ? " paused" : "") << '\n';
      dump << "frames whose re-run differs:";
      for (const int i : differing_frames) dump << ' ' << rec.frame(i).number;
      dump << '\n' << describe_browser(rows, browser) << describe_what_if(what_if_view, rec, shown.index);
    }
    renderer::MeshDraw draw;
    draw.mesh = level;
    draw.highlights = overlay.highlights;
    const std::vector<renderer::MeshDraw> draws = scene_draws(draw, {}, std::nullopt, &overlay);
    redraw.drawn({picture.camera, shown.index, browser.version + what_if_view.version, status, extent.width, extent.height});
    renderer::FrameInput frame;
    frame.camera = picture.camera;
    frame.meshes = draws;
    frame.debug = &overlay.debug;
    if (renderer::draw_frame(r, frame, screenshot ? &pixels : nullptr) && screenshot) {
      screenshot = false;
      try {
        std::filesystem::create_directories(o.out);
        std::string tag;  // appended, not "lit" + string (GCC 12's -Wrestrict false positive)
        if (browser.selected) tag.append("_call").append(std::to_string(*browser.selected));
        char name[256];
        std::snprintf(name, sizeof name, "%s_f%06llu%s.png", scene.name.c_str(), static_cast<unsigned long long>(shown.number),
                      tag.c_str());
        const std::string file = (std::filesystem::path(o.out) / name).string();
        renderer::write_png(file, pixels);
        status = "wrote " + file;
        std::printf("prism: screenshot %s\n", file.c_str());
        std::fflush(stdout);
      } catch (const std::exception& e) {
        status = e.what();
      }
    }
  }
  return front_end.finish();
}

}  // namespace debugger
