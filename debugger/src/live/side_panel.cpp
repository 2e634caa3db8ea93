// The side panel and the keys window (see side_panel.hpp).
#include "live/side_panel.hpp"

#include <algorithm>
#include <cstring>

#include <glm/common.hpp>
#include <imgui.h>

#include "debugger/view.hpp"
#include "live/branches.hpp"
#include "live/comparison.hpp"
#include "live/inspector_panel.hpp"

namespace debugger::live {

PanelState make_panel_state(const LiveState& s, const std::string& session_path) {
  PanelState p;
  const collision::Body& b = s.session->config().body;
  p.shape = b.shape == collision::Shape::kBox       ? 2
            : b.shape == collision::Shape::kCapsule ? 3
            : b.is_sphere()                         ? 0
                                                    : 1;
  p.radius = b.min_radius();
  p.radii = b.radii;
  p.half_height = b.shape == collision::Shape::kCapsule ? b.half_height : b.min_radius();
  p.up = s.scene.up;
  p.scene_radius = s.scene.body.min_radius();
  std::strncpy(p.session_path.data(), session_path.c_str(), p.session_path.size() - 1);
  return p;
}

collision::Body panel_body(const PanelState& p) {
  switch (p.shape) {
    case 1: return collision::Body::ellipsoid(p.radii);
    case 2: return collision::Body::box(p.radii);
    case 3: return collision::Body::capsule(p.radius, p.half_height, glm::normalize(p.up));
    default: return collision::Body::sphere(p.radius);
  }
}

void draw_ground_and_contacts(const LiveState& s, const collision::CharacterState& st, float skin) {
  ImGui::TextWrapped("ground %s  n %.2f %.2f %.2f  %s", collision::to_string(st.ground),
                     static_cast<double>(st.ground_normal.x), static_cast<double>(st.ground_normal.y),
                     static_cast<double>(st.ground_normal.z),
                     st.ground_triangle == collision::kNoTriangle
                         ? "tri -1"
                         : triangle_label(st.ground_instance, st.ground_triangle).c_str());
  const std::string on_mover = ground_mover_note(s.session->movers(), s.view.movers, st);
  if (!on_mover.empty()) ImGui::TextWrapped("%s", on_mover.c_str());
  ImGui::TextWrapped("velocity %.3g %.3g %.3g", static_cast<double>(st.velocity.x), static_cast<double>(st.velocity.y),
                     static_cast<double>(st.velocity.z));
  for (const collision::Contact& c : st.contacts) {
    ImGui::TextWrapped("%s gap-skin %+.1e n %.2f %.2f %.2f %s%s", triangle_label(c.instance, c.triangle).c_str(),
                       static_cast<double>(c.distance - skin), static_cast<double>(c.normal.x),
                       static_cast<double>(c.normal.y), static_cast<double>(c.normal.z),
                       collision::to_string(c.feature), c.walkable ? " walkable" : "");
  }
  if (st.contacts.empty()) ImGui::TextDisabled("no contacts");
}

void draw_side_panel(LiveState& s, PanelState& p, PanelAction& action) {
  ImGui::SetNextWindowBgAlpha(0.85f);
  ImGui::Begin("Prism");
  const SessionConfig& config = s.session->config();
  const collision::Method method = config.params.move.method;
  ImGui::TextWrapped("scene %s (%zu triangles)   method %s", s.scene.name.c_str(), s.scene.world->mesh().triangle_count(),
              collision::to_string(method));
  const float frame_s = ImGui::GetIO().DeltaTime;
  ImGui::TextWrapped("frame %.1f ms (%.0f fps)  step %.3f ms  retrace %.3f ms",
              static_cast<double>(frame_s) * 1e3, frame_s > 0.0f ? 1.0 / static_cast<double>(frame_s) : 0.0,
              s.step_ms, s.retrace_ms);
  ImGui::TextWrapped("body %s  (%s)", body_label(config.body).c_str(),
              s.scene.setup_note.empty() ? "the scene's" : s.scene.setup_note.c_str());
  const glm::vec3 pos = s.view.after.position;
  ImGui::TextWrapped("body at %.3f %.3f %.3f  %s", static_cast<double>(pos.x), static_cast<double>(pos.y),
              static_cast<double>(pos.z), collision::to_string(s.view.after.ground));

  if (ImGui::CollapsingHeader("Ground and contacts", ImGuiTreeNodeFlags_DefaultOpen)) {
    draw_ground_and_contacts(s, s.view.after, config.params.move.resolved_skin(config.body));
  }
  // The character the camera follows, when it is one of the scene file's (V, --follow cN).
  const SessionMovers* movers = s.session->movers();
  const int followed = s.camera.follow.character;
  if (movers && s.view.movers && followed >= 0 && static_cast<std::size_t>(followed) < movers->character_count() &&
      static_cast<std::size_t>(followed) < s.view.movers->characters.size()) {
    const std::size_t i = static_cast<std::size_t>(followed);
    const std::string title = "Followed character " + instance_name(collision::kCharacterInstance + static_cast<std::uint32_t>(i));
    if (ImGui::CollapsingHeader(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
      const collision::CharacterState& st = s.view.movers->characters[i];
      ImGui::TextWrapped("body %s  at %.3f %.3f %.3f", body_label(movers->character_body(i)).c_str(),
                         static_cast<double>(st.position.x), static_cast<double>(st.position.y),
                         static_cast<double>(st.position.z));
      draw_ground_and_contacts(s, st, movers->character_params(i).move.resolved_skin(movers->character_body(i)));
    }
  }

  if (ImGui::CollapsingHeader("Body and method")) {
    bool changed = false;
    constexpr const char* kShapes[] = {"sphere", "ellipsoid", "box", "capsule"};
    for (int k = 0; k < 4; ++k) {
      if (k > 0) ImGui::SameLine();
      if (ImGui::RadioButton(kShapes[k], p.shape == k) && p.shape != k) {
        // Keep the body's size across shapes: radii / half extents from the radius and back.
        if (p.shape == 0 || p.shape == 3) p.radii = glm::vec3(p.radius);
        if (k == 0 || k == 3) p.radius = std::min({p.radii.x, p.radii.y, p.radii.z});
        p.shape = k;
        changed = true;
      }
    }
    // Typed fields: any size the core accepts, not a slider's fixed range.
    if (p.shape == 1 || p.shape == 2) {
      ImGui::InputFloat3(p.shape == 1 ? "radii" : "half extents", &p.radii.x, "%.4g");
      p.radii = glm::max(p.radii, glm::vec3(1e-6f));
    } else {
      ImGui::InputFloat("radius", &p.radius, 0.0f, 0.0f, "%.4g");
      p.radius = std::max(p.radius, 1e-6f);
      if (p.shape == 3) {
        changed |= ImGui::IsItemDeactivatedAfterEdit();
        ImGui::InputFloat("half height (along up)", &p.half_height, 0.0f, 0.0f, "%.4g");
        p.half_height = std::max(p.half_height, 0.0f);
      }
    }
    changed |= ImGui::IsItemDeactivatedAfterEdit();
    // The character's settings, by prism-query character's names; empty (0 here) = derived.
    const collision::CharacterParams resolved = config.params;
    auto optional_field = [&](const char* label, std::optional<float>& value, float derived) {
      float v = value.value_or(derived);
      ImGui::SetNextItemWidth(120.0f);
      if (ImGui::InputFloat(label, &v, 0.0f, 0.0f, "%.4g")) value = std::max(v, 0.0f);
      changed |= ImGui::IsItemDeactivatedAfterEdit();
    };
    if (ImGui::TreeNode("character (typed; forks a branch)")) {
      optional_field("--gravity", s.base_params.gravity, resolved.gravity.value_or(0.0f));
      optional_field("--jump-speed", s.base_params.jump_speed, resolved.jump_speed.value_or(0.0f));
      optional_field("--step", s.base_params.step_height, resolved.step_height.value_or(0.0f));
      optional_field("--snap", s.base_params.snap_distance, resolved.snap_distance.value_or(0.0f));
      optional_field("--skin", s.base_params.move.skin_width, config.params.move.resolved_skin(config.body));
      ImGui::SetNextItemWidth(120.0f);
      ImGui::InputFloat("--max-slope", &s.base_params.max_slope_degrees, 0.0f, 0.0f, "%.4g");
      s.base_params.max_slope_degrees = std::clamp(s.base_params.max_slope_degrees, 0.0f, 89.9f);
      changed |= ImGui::IsItemDeactivatedAfterEdit();
      if (ImGui::SmallButton("derive all from the body")) {
        s.base_params.gravity.reset();
        s.base_params.jump_speed.reset();
        s.base_params.step_height.reset();
        s.base_params.snap_distance.reset();
        s.base_params.move.skin_width.reset();
        changed = true;
      }
      ImGui::TreePop();
    }
    ImGui::TextUnformatted("method");
    constexpr collision::Method kMethods[] = {collision::Method::kRobust, collision::Method::kOffsetPrism,
                                              collision::Method::kSphereClassify, collision::Method::kBoxEdges};
    constexpr const char* kLabels[] = {"robust (exact sweep)", "offset prism (seed 000)", "sphere classify (seed 001)",
                                       "box edges (seed 004)"};
    collision::Method chosen = method;
    for (int i = 0; i < 4; ++i)
      if (ImGui::RadioButton(kLabels[i], method == kMethods[i]) && method != kMethods[i]) {
        chosen = kMethods[i];
        changed = true;
      }
    if (changed) {
      action.apply_body = true;
      action.method = chosen;
    }
    text_disabled_wrapped("a change forks a branch at the shown frame (earlier frames kept)");
  }

  if (ImGui::CollapsingHeader("Compare methods on this frame", ImGuiTreeNodeFlags_DefaultOpen)) draw_comparison_section(s);
  if (ImGui::CollapsingHeader("Compare branches", ImGuiTreeNodeFlags_DefaultOpen)) draw_branch_comparison_section(s);

  if (ImGui::CollapsingHeader("Inspector", ImGuiTreeNodeFlags_DefaultOpen)) draw_inspector_section(s);

  if (ImGui::CollapsingHeader("Camera")) {
    const char* mode = s.camera.mode == CameraMode::kFollow ? "following the body"
                       : s.camera.mode == CameraMode::kFly  ? "free: fly (WASD QE, right-drag looks, wheel: speed)"
                                                            : "free: orbit (right-drag turns, wheel zooms)";
    ImGui::TextWrapped("camera %s. F detaches / re-attaches, O switches fly / orbit, G focuses on the "
                       "picked triangle (or the frame's contact).", mode);
    ImGui::SetNextItemWidth(160.0f);
    ImGui::InputFloat("arm length (x body size)", &s.camera.follow.distance, 0.25f, 1.0f, "%.2f");
    s.camera.follow.distance = std::clamp(s.camera.follow.distance, 0.1f, 100.0f);
    ImGui::Checkbox("spring arm (pull in front of walls)", &s.camera.follow.collide);
    ImGui::Checkbox("see-through (body on top, level dimmed)", &s.camera.follow.see_through);
    if (ImGui::Button("focus on selection (G)")) s.camera.focus_requested = true;
  }

  if (ImGui::CollapsingHeader("Session and screenshot", ImGuiTreeNodeFlags_DefaultOpen)) {
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::InputText("##session", p.session_path.data(), p.session_path.size());
    if (ImGui::Button("save session")) action.save_session = true;
    ImGui::SameLine();
    if (ImGui::Button("load session")) action.load_session = true;
    ImGui::SameLine();
    if (ImGui::Button("screenshot (F12)")) action.screenshot = true;
    if (!s.status.empty()) ImGui::TextWrapped("%s", s.status.c_str());
  }
  ImGui::End();
}

UnsavedAnswer ask_about_unsaved(const LiveState& s) {
  const char* title = "Unsaved recording";
  if (!ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
  UnsavedAnswer answer = UnsavedAnswer::kWaiting;
  if (ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    const bool quitting = s.ask == LiveState::Ask::kQuit;
    ImGui::TextWrapped("The recording (%d frames, %zu other branch(es)) is not saved.", s.session->frame_count(),
                s.shelved.size());
    ImGui::TextUnformatted(quitting ? "Quit anyway?" : "Load the session anyway? (the recording stays as a branch)");
    if (ImGui::Button(quitting ? "save, then quit" : "save, then load")) answer = UnsavedAnswer::kSaveFirst;
    ImGui::SameLine();
    if (ImGui::Button(quitting ? "quit without saving" : "load")) answer = UnsavedAnswer::kDiscard;
    ImGui::SameLine();
    if (ImGui::Button("cancel")) answer = UnsavedAnswer::kCancel;
    if (answer != UnsavedAnswer::kWaiting) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  return answer;
}

void draw_keys_window() {
  ImGui::SetNextWindowBgAlpha(0.8f);
  ImGui::Begin("Keys");
  ImGui::TextUnformatted(
      "WASD walk  Space jump  Shift run\n"
      "right-drag look  F free camera  O orbit/fly\n"
      "P pause  . , or arrows: step  PgDn PgUp: 10\n"
      "Home End: previous / next event\n"
      "N, Shift+N: next / previous anomaly\n"
      "B branch here  click: pick  Esc: unselect\n"
      "C compare  F12 screenshot  Tab panels\n"
      "G focus on selection  X see-through  H keys\n"
      "V camera follows the next character");
  ImGui::End();
}

}  // namespace debugger::live
