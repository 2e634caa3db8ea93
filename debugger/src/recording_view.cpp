// A game's recorded frame as the debugger draws it (recording_view.hpp).
#include "debugger/recording_view.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include <glm/geometric.hpp>
#include <imgui.h>

#include "debugger/fill_share.hpp"
#include "debugger/palette.hpp"
#include "debugger/view.hpp"

namespace debugger {

FrameSpan recording_frames(const GameRecording& recording, const RunOptions& o) {
  if (recording.frame_count() == 0)
    throw std::invalid_argument("the recording '" + recording.file().name() + "' holds no frame");
  if (o.frame_range) return recording.frames_numbered(o.frame_range->first, o.frame_range->second);
  if (o.frames_given) return {0, std::min(o.frames, recording.frame_count())};
  return {0, recording.frame_count()};
}

std::string recording_follow_error(const GameRecording& recording, int character) {
  if (character < 0 || static_cast<std::uint32_t>(character) < recording.character_count()) return "";
  const std::uint32_t n = recording.character_count();
  return "--follow c" + std::to_string(character) + ": the recording '" + recording.file().name() + "' has " +
         (n == 0 ? std::string("no characters") : n == 1 ? std::string("one character, c0")
                                                         : std::to_string(n) + " characters, c0 to c" + std::to_string(n - 1));
}

Scene recording_scene(const GameRecording& recording, const std::string& path) {
  Scene scene;
  scene.spec = path;
  scene.name = std::filesystem::path(path).stem().string();
  if (scene.name.empty()) scene.name = "recording";
  scene.world = recording.shared_world();
  scene.up = recording.up();
  const GameStep* first = recording.character_count() > 0 ? recording.standing(0, recording.frame_count() - 1) : nullptr;
  for (int i = 0; i < recording.frame_count() && first == nullptr; ++i)
    if (!recording.steps(i).empty()) first = &recording.steps(i).front();
  if (first) {
    scene.body = first->step.body;
    scene.spawn = first->step.before.position;
  } else {
    const collision::Aabb box = recording.world().bounds();
    const float size = glm::length(box.max - box.min);
    scene.body = collision::Body::sphere(std::isfinite(size) && size > 0.0f ? size * 0.01f : 1.0f);
    scene.spawn = std::isfinite(size) ? (box.min + box.max) * 0.5f : glm::vec3(0.0f);
  }
  scene.setup_note = "recorded by the game (" + recording.file().build_version() + ")";
  return scene;
}

float recording_max_slope(const GameRecording& recording, std::uint32_t character) {
  for (int i = 0; i < recording.frame_count(); ++i)
    for (const GameStep& g : recording.steps(i))
      if (g.step.character == character) return g.step.params.max_slope_degrees;
  return collision::CharacterParams{}.max_slope_degrees;
}

RecordingPicture recording_picture(const GameRecording& recording, const ReviewedFrame& frame, std::uint32_t character,
                                   float yaw, const Scene& scene, const OverlayOptions& options,
                                   const FollowSettings& framing, glm::uvec2 extent, OverlayFrame& overlay) {
  RecordingPicture p;
  p.character = character;
  p.body = scene.body;
  p.state.position = scene.spawn;
  for (const ReviewedStep& s : frame.steps)
    if (s.character == character) p.step = &s;  // the last, when it was stepped twice
  float max_slope = recording_max_slope(recording, character);
  if (p.step) {
    p.body = p.step->step->body;
    p.state = p.step->step->after;
    p.events = p.step->events;
    max_slope = p.step->step->params.max_slope_degrees;
    p.present = true;
  } else if (const GameStep* g = recording.standing(character, frame.index)) {
    p.body = g->step.body;
    p.state = g->step.after;
    p.present = true;
  }
  const collision::Trace none;
  const collision::Trace& trace = p.step ? p.step->trace : none;
  build_overlay(trace, recording.world(), p.body, p.state, scene.up, max_slope, options, overlay);
  if (!p.present) overlay.debug = {};  // no character yet: only the level
  add_measures(p.events, scene.up, overlay);
  std::vector<PlacedBody> others;
  for (std::uint32_t c = 0; c < recording.character_count(); ++c) {
    if (c == character) continue;
    const ReviewedStep* now = nullptr;
    for (const ReviewedStep& s : frame.steps)
      if (s.character == c) now = &s;
    if (now) {
      others.push_back({now->step->body, now->step->after.position});
    } else if (const GameStep* g = recording.standing(c, frame.index)) {
      others.push_back({g->step.body, g->step.after.position});
    }
  }
  add_characters(others, options, overlay);
  p.camera = follow_camera(scene, p.body, p.state, yaw, trace, framing);
  bound_fills(overlay, recording.world().mesh(), p.camera, extent);
  if (framing.see_through) see_through(overlay, p.camera, extent);
  return p;
}

void draw_recording_frame_panel(const GameRecording& recording, const ReviewedFrame& frame,
                                const RecordingPicture& picture, float x, float y) {
  char line[320];
  const std::size_t differing = frame.differing();
  std::snprintf(line, sizeof line, "game frame %llu (%d of %d), t %.3f s; c%u of %u characters%s; %zu calls, %zu re-run differently%s",
                static_cast<unsigned long long>(frame.number), frame.index + 1, recording.frame_count(), frame.seconds,
                picture.character, recording.character_count(),
                picture.step ? "" : picture.present ? " (not stepped this frame)" : " (not placed yet)",
                frame.differences.size(), differing,
                picture.step && !picture.step->matched ? "; its step re-runs differently" : "");
  const collision::Method method = picture.step ? picture.step->step->params.move.method : collision::Method::kRobust;
  const float skin = picture.step ? picture.step->step->params.move.resolved_skin(picture.body) : 0.0f;
  const collision::Trace none;
  draw_frame_panel(std::filesystem::path(recording.file().name()).filename().string(), method,
                   static_cast<int>(std::min<std::uint64_t>(frame.number, 1'000'000'000)), picture.state,
                   picture.step ? picture.step->trace : none, picture.events, skin, x, y, picture.body, line);
}

void draw_recording_frame_section(const GameRecording& recording, const ReviewedFrame& frame,
                                  const RecordingPicture& picture) {
  const collision::CharacterState& st = picture.state;
  ImGui::TextWrapped("game frame %llu (%d of %d), t %.3f s; %zu calls, %zu re-run differently",
                     static_cast<unsigned long long>(frame.number), frame.index + 1, recording.frame_count(), frame.seconds,
                     frame.differences.size(), frame.differing());
  if (!picture.present) {
    ImGui::TextWrapped("c%u is not placed yet", picture.character);
    return;
  }
  const collision::Method method = picture.step ? picture.step->step->params.move.method : collision::Method::kRobust;
  ImGui::TextWrapped("c%u of %u: %s, %s%s", picture.character, recording.character_count(), body_label(picture.body).c_str(),
                     collision::to_string(method), picture.step ? "" : " (not stepped this frame)");
  ImGui::TextWrapped("pos %.3f %.3f %.3f", st.position.x, st.position.y, st.position.z);
  ImGui::TextWrapped("%s, ground n %.2f %.2f %.2f", collision::to_string(st.ground), st.ground_normal.x, st.ground_normal.y,
                     st.ground_normal.z);
  ImGui::TextWrapped("velocity %.3g %.3g %.3g", st.velocity.x, st.velocity.y, st.velocity.z);
  int hits = 0;
  std::size_t iterations = 0;
  if (picture.step) {
    iterations = picture.step->trace.iterations.size();
    for (const collision::SlideIteration& it : picture.step->trace.iterations) hits += it.hit ? 1 : 0;
  }
  ImGui::TextWrapped("%zu contacts; %zu iterations, %d hits%s", st.contacts.size(), iterations, hits,
                     picture.step && !picture.step->matched ? "; its step re-runs differently" : "");
  for (const Event& e : picture.events) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::event_colour(e.kind)));
    ImGui::TextWrapped("event: %s %s%s", to_string(e.kind), e.detail.c_str(), triangle_list(e.triangles).c_str());
    ImGui::PopStyleColor();
  }
}

}  // namespace debugger
