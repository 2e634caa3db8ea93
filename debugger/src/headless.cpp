// Headless runs: walk or replay N frames, capture PNGs and write the report.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>

#include <imgui.h>

#include "collision/trace.hpp"
#include "debugger/app.hpp"
#include "debugger/events.hpp"
#include "debugger/fill_share.hpp"
#include "debugger/image_memory.hpp"
#include "debugger/overlay.hpp"
#include "debugger/report.hpp"
#include "debugger/scene.hpp"
#include "debugger/session_file.hpp"
#include "debugger/view.hpp"
#include "debugger/view2d.hpp"
#include "debugger/spawn.hpp"
#include "debugger/walk_source.hpp"
#include "frontend_setup.hpp"

namespace debugger {

namespace {

// Every frame's record stays in memory until report.json is written: about 1.3 KB a frame.
constexpr int kMaxHeadlessFrames = 1'000'000;
constexpr double kRecordBytesPerFrame = 1300.0;

}  // namespace

HeadlessResult run_headless(const RunOptions& o) {
  if (!o.recording.empty()) return run_headless_recording(o);
  if (o.frames < 1) throw std::runtime_error("--frames must be at least 1");
  if (o.frames > kMaxHeadlessFrames) {
    char why[256];
    std::snprintf(why, sizeof why,
                  "--frames %d would keep about %.1f GB of frame records in memory for report.json; "
                  "a headless run takes at most %d frames (about %.1f GB)",
                  o.frames, o.frames * kRecordBytesPerFrame / 1e9, kMaxHeadlessFrames,
                  kMaxHeadlessFrames * kRecordBytesPerFrame / 1e9);
    throw std::runtime_error(why);
  }
  check_image_memory(o.width, o.height);  // before anything is allocated (image_memory.hpp)
  if (o.session.empty() && is_doom_map_spec(o.scene)) return run_headless_2d(o);
  SessionRecording recording;
  const bool replaying = !o.session.empty();
  if (replaying) recording = load_session(o.session);
  const std::string spec = replaying && o.scene.empty() ? recording.scene : o.scene;
  const Scene scene = load_scene(spec, replaying ? SceneSetup{} : o.setup);

  SessionConfig config;
  if (replaying) {
    config = recording.config;
  } else {
    collision::CharacterParams base;
    setup_args::apply(o.character, base);
    config = spawn_config(scene, base);
  }
  if (!o.method.empty() && !collision::parse_method(o.method, config.params.move.method))
    throw std::runtime_error("unknown method '" + o.method + "' (robust, offset-prism, sphere-classify)");
  if (!o.method.empty())  // --method replays every segment with it
    for (SessionSegment& fork : recording.forks) fork.params.move.method = config.params.move.method;
  // The scene's tour (the window plays the same one): --walk, the scene's walk, or the wander.
  std::optional<WalkSource> tour = scene_tour(scene, o.walk, o.seed, replaying, config.start_yaw);
  const WalkContext tour_context{scene.world.get(), scene.up, config.dt, body_size(config.body)};

  if (const std::string why = follow_error(o.camera.character, scene.movers.get()); !why.empty())
    throw std::runtime_error(why);
  Session session(*scene.world, config, scene.movers);
  EventDetector detector(*scene.world, config.body, session.config().params, config.dt, o.find_anomalies);

  OffscreenFrontEnd front_end(o);
  renderer::Renderer& r = front_end.renderer;
  const float max_slope = session.config().params.max_slope_degrees;
  // The frame panel covers the bottom: the body is framed in the middle of the space above it.
  FollowSettings framing = o.camera;
  framing.aim_above_centre = (kFramePanelHeight + 20.0f) / static_cast<float>(o.height);
  const renderer::MeshId level = upload_level(r, scene, max_slope);
  const MoverMeshes mover_meshes = upload_movers(r, scene);

  std::filesystem::create_directories(o.out);
  HeadlessResult result;
  std::vector<FrameRecord> records;
  records.reserve(static_cast<std::size_t>(o.frames));
  collision::Trace trace;
  OverlayOptions overlay_options;
  OverlayFrame overlay;
  int last_event_capture = -1000, last_anomaly_capture = -1000;
  bool anomaly_seen[static_cast<std::size_t>(EventKind::kCount)] = {};
  ForkCursor forks;  // a replayed recording's next fork
  for (int f = 0; f < o.frames; ++f) {
    FrameInput in;
    if (replaying) {
      if (f >= static_cast<int>(recording.inputs.size())) break;
      in = recording.inputs[static_cast<std::size_t>(f)];
      fork_if_due(session, recording, forks);
    } else {
      in = next_input(*tour, tour_context, f, session.last_state());
    }
    const collision::CharacterState before = session.last_state();
    collision::CharacterState after;
    try {
      after = session.push(in, &trace);
    } catch (const std::invalid_argument& e) {
      // The core refused this frame (a move outside its input domain: a huge speed, dt or
      // gravity). Keep what ran so far, so the failing run can be replayed up to this frame.
      renderer::wait_idle(r);
      const std::filesystem::path out(o.out);
      // The session first, then the report (as at the end of a run, below).
      save_session((out / "session.prism").string(), scene.spec, session);
      write_report((out / "report.json").string(),
                   {scene.name, session.config().params.move.method, config.body, config.dt}, records,
                   result.captures);
      throw std::runtime_error("frame " + std::to_string(f) + ": " + e.what() + " (the " +
                               std::to_string(f) + " frames before it are in " +
                               (out / "session.prism").string() + " and report.json)");
    }
    const SessionSegment& seg = session.segment_at(f);  // a replayed fork's body and method
    // From a fork on, its frames are judged with its body (a capsule is not the sphere it
    // replaced: the sphere's radius would read its skin gap as an overlap).
    if (f > 0 && seg.first_frame == f) detector.follow(seg.body, seg.params);
    std::vector<Event> events = detector.detect(f, before, after, in, trace);
    bool anomaly = false, new_anomaly = false, notable = false;
    for (const Event& e : events) {
      anomaly = anomaly || is_anomaly(e.kind);
      notable = notable || e.kind != EventKind::kContactEnd;
      if (is_anomaly(e.kind) && !anomaly_seen[static_cast<std::size_t>(e.kind)]) {
        anomaly_seen[static_cast<std::size_t>(e.kind)] = true;
        new_anomaly = true;
      }
    }
    result.anomalies += static_cast<int>(std::count_if(events.begin(), events.end(),
                                                       [](const Event& e) { return is_anomaly(e.kind); }));
    const bool every = o.capture_every > 0 && (f + 1) % o.capture_every == 0;
    const bool listed = std::find(o.capture_frames.begin(), o.capture_frames.end(), f) != o.capture_frames.end();
    // Event captures: the first anomaly of each kind, other anomalies at most one per 10 frames
    // (a seed method can fail every frame), other events at most one per 30 (contacts are frequent).
    const bool at_anomaly = new_anomaly || (anomaly && f - last_anomaly_capture >= 10);
    const bool at_event = at_anomaly || (notable && f - last_event_capture >= 30);
    const bool last = f == o.frames - 1;
    if (every || listed || at_event || last) {
      if (at_event) last_event_capture = f;
      if (at_anomaly) last_anomaly_capture = f;
      const TraceMovers movers{session.movers(), session.last_movers() ? &*session.last_movers() : nullptr};
      build_overlay(trace, *scene.world, seg.body, after, scene.up, max_slope, overlay_options, overlay, movers);
      add_measures(events, scene.up, overlay);
      add_other_characters(session.movers(), session.last_movers(), static_cast<std::uint32_t>(o.camera.character),
                           overlay_options, overlay);
      const Followed fw = followed(o.camera, session.movers(), session.last_movers(), seg.body, after);
      const renderer::Camera camera =
          follow_camera(scene, fw.body, fw.state, in.yaw, fw.other ? collision::Trace{} : trace, framing);
      bound_fills(overlay, scene.world->mesh(), camera, {static_cast<unsigned>(o.width), static_cast<unsigned>(o.height)});
      if (o.camera.see_through)
        see_through(overlay, camera, {static_cast<unsigned>(o.width), static_cast<unsigned>(o.height)});
      renderer::MeshDraw draw;
      draw.mesh = level;
      draw.highlights = overlay.highlights;
      const std::vector<renderer::MeshDraw> draws = scene_draws(draw, mover_meshes, session.last_movers(), &overlay);
      renderer::begin_ui(r);
      draw_measure_labels(events, camera, {static_cast<unsigned>(o.width), static_cast<unsigned>(o.height)});
      draw_legend(nullptr, 10.0f, 10.0f);
      draw_frame_panel(scene.name, seg.params.move.method, f, after, trace, events,
                       seg.params.move.resolved_skin(seg.body), 10.0f,
                       static_cast<float>(o.height) - kFramePanelHeight - 10.0f, seg.body,
                       replaying ? std::string("replayed session") : scene.setup_note,
                       ground_mover_note(session.movers(), session.last_movers(), after));
      renderer::RgbaImage pixels;
      renderer::FrameInput frame;
      frame.camera = camera;
      frame.meshes = draws;
      frame.debug = &overlay.debug;
      renderer::draw_frame(r, frame, &pixels);
      char name[256];
      std::snprintf(name, sizeof name, "%s_f%06d%s.png", scene.name.c_str(), f, capture_tag(events).c_str());
      renderer::write_png((std::filesystem::path(o.out) / name).string(), pixels);
      result.captures.push_back(name);
    }
    records.push_back(make_frame_record(f, after, trace, std::move(events)));
    add_overlap_hits(records.back(), *scene.world, seg.body);
  }
  result.validation_messages = front_end.finish();
  result.frames = static_cast<int>(records.size());
  result.report = (std::filesystem::path(o.out) / "report.json").string();
  // Keep the run's inputs beside the report: a bug report can be replayed exactly. The session
  // is written first and the report last, each whole or not at all (file_output): a run killed
  // or failing between the two leaves the new session beside the old report, never a report
  // whose session is missing or older; the report, which replaying the session writes again,
  // is the one that says the pair is complete (README.md, "Input domain").
  save_session((std::filesystem::path(o.out) / "session.prism").string(), scene.spec, session);
  write_report(result.report, {scene.name, session.config().params.move.method, config.body, config.dt}, records,
               result.captures);
  return result;
}

}  // namespace debugger
