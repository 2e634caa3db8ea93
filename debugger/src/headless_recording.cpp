// Headless runs on a game's recording (prism --headless --recording FILE): every frame of the
// range re-run and judged (recording_review.hpp), captures at events and anomalies of the
// followed character (or as --capture-every / --capture-frames ask), and report.json
// (recording_report.hpp).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>

#include <imgui.h>

#include "collision/trace.hpp"
#include "debugger/app.hpp"
#include "debugger/events.hpp"
#include "debugger/fill_share.hpp"
#include "debugger/follow_camera.hpp"
#include "debugger/game_recording.hpp"
#include "debugger/image_memory.hpp"
#include "debugger/overlay.hpp"
#include "debugger/recording_report.hpp"
#include "debugger/recording_review.hpp"
#include "debugger/recording_view.hpp"
#include "debugger/view.hpp"
#include "frontend_setup.hpp"

namespace debugger {

HeadlessResult run_headless_recording(const RunOptions& o) {
  check_image_memory(o.width, o.height);
  const GameRecording recording(o.recording);
  const FrameSpan span = recording_frames(recording, o);
  if (const std::string why = recording_follow_error(recording, o.camera.character); !why.empty())
    throw std::runtime_error(why);
  const std::uint32_t followed_character = o.camera.character < 0 ? 0u : static_cast<std::uint32_t>(o.camera.character);
  const Scene scene = recording_scene(recording, o.recording);
  RecordingReview review(recording, o.find_anomalies);

  OffscreenFrontEnd front_end(o);
  renderer::Renderer& r = front_end.renderer;
  const glm::uvec2 extent{static_cast<unsigned>(o.width), static_cast<unsigned>(o.height)};
  FollowSettings framing = o.camera;
  framing.aim_above_centre = (kFramePanelHeight + 20.0f) / static_cast<float>(o.height);
  const float level_slope = recording_max_slope(recording, followed_character);
  const renderer::MeshId level = upload_level(r, scene, level_slope);

  std::filesystem::create_directories(o.out);
  HeadlessResult result;
  std::vector<RecordingFrameRecord> records;
  records.reserve(static_cast<std::size_t>(span.last - span.first));
  OverlayOptions overlay_options;
  OverlayFrame overlay;
  int last_event_capture = -1000, last_anomaly_capture = -1000;
  bool anomaly_seen[static_cast<std::size_t>(EventKind::kCount)] = {};
  float yaw = 0.0f;
  for (int i = span.first; i < span.last; ++i) {
    const ReviewedFrame frame = review.review(i, true);
    const std::uint64_t number = frame.number;
    const ReviewedStep* mine = nullptr;  // the followed character's step this frame
    bool anomaly = false, new_anomaly = false, notable = false;
    for (const ReviewedStep& s : frame.steps) {
      if (s.character == followed_character) mine = &s;
      for (const Event& e : s.events) {
        anomaly = anomaly || is_anomaly(e.kind);
        notable = notable || e.kind != EventKind::kContactEnd;
        if (is_anomaly(e.kind) && !anomaly_seen[static_cast<std::size_t>(e.kind)]) {
          anomaly_seen[static_cast<std::size_t>(e.kind)] = true;
          new_anomaly = true;
        }
        if (is_anomaly(e.kind)) ++result.anomalies;
      }
    }
    if (mine && !mine->step->placed()) yaw = walk_input_of(*mine->step, scene.up, yaw).yaw;
    const int f = static_cast<int>(std::min<std::uint64_t>(number, 1'000'000'000));
    const bool every = o.capture_every > 0 && (i - span.first + 1) % o.capture_every == 0;
    const bool listed = std::find(o.capture_frames.begin(), o.capture_frames.end(), f) != o.capture_frames.end();
    const bool at_anomaly = new_anomaly || (anomaly && f - last_anomaly_capture >= 10);
    const bool at_event = at_anomaly || (notable && f - last_event_capture >= 30);
    const bool last = i == span.last - 1;
    if (every || listed || at_event || last) {
      if (at_event) last_event_capture = f;
      if (at_anomaly) last_anomaly_capture = f;
      const RecordingPicture picture = recording_picture(recording, frame, followed_character, yaw, scene,
                                                         overlay_options, framing, extent, overlay);
      renderer::MeshDraw draw;
      draw.mesh = level;
      draw.highlights = overlay.highlights;
      const std::vector<renderer::MeshDraw> draws = scene_draws(draw, {}, std::nullopt, &overlay);
      renderer::begin_ui(r);
      draw_measure_labels(picture.events, picture.camera, extent);
      draw_legend(nullptr, 10.0f, 10.0f);
      draw_recording_frame_panel(recording, frame, picture, 10.0f, static_cast<float>(o.height) - kFramePanelHeight - 10.0f);
      renderer::RgbaImage pixels;
      renderer::FrameInput input;
      input.camera = picture.camera;
      input.meshes = draws;
      input.debug = &overlay.debug;
      renderer::draw_frame(r, input, &pixels);
      char name[256];
      std::snprintf(name, sizeof name, "%s_f%06llu%s.png", scene.name.c_str(), static_cast<unsigned long long>(number),
                    capture_tag(picture.events).c_str());
      renderer::write_png((std::filesystem::path(o.out) / name).string(), pixels);
      result.captures.push_back(name);
    }
    records.push_back(make_recording_frame_record(frame));
  }
  result.validation_messages = front_end.finish();
  result.frames = static_cast<int>(records.size());
  result.report = (std::filesystem::path(o.out) / "report.json").string();
  write_recording_report(result.report, recording, records, result.captures);
  return result;
}

}  // namespace debugger
