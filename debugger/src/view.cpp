// Colours and the shared ImGui panels.
#include "debugger/view.hpp"

#include "debugger/palette.hpp"

#include <cmath>
#include <cstdio>
#include <iterator>
#include <optional>
#include <utility>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <imgui.h>

namespace debugger {

renderer::MeshUpload level_upload(const Scene& scene, float max_slope_degrees) {
  const collision::TriangleMesh& mesh = scene.world->mesh();
  renderer::MeshUpload up;
  up.positions = mesh.positions;
  up.triangles = mesh.indices;
  up.colours.reserve(mesh.triangle_count());
  const float walkable = std::cos(max_slope_degrees * 3.14159265f / 180.0f);
  for (std::size_t i = 0; i < mesh.triangle_count(); ++i) {
    const float d = glm::dot(mesh.normals[i], scene.up);
    renderer::Colour c = renderer::rgba(205, 200, 190);            // walkable floor
    if (std::fabs(d) < walkable - 1e-4f) c = renderer::rgba(190, 150, 105);  // wall, steep slope
    if (d <= -walkable + 1e-4f) c = renderer::rgba(140, 130, 125);  // ceiling
    if (!mesh.solid(i)) c = renderer::rgba(80, 110, 200);
    // A faint checker on tiled floors lets a viewer count the coplanar seams.
    if (std::fabs(d) > 0.99f && (i / 2) % 2 == 1) c -= renderer::rgba(12, 12, 12, 0);
    up.colours.push_back(c);
  }
  return up;
}

renderer::MeshId upload_level(renderer::Renderer& r, const Scene& scene, float max_slope_degrees) {
  if (scene.world->mesh().triangle_count() == 0) return kNoMesh;
  return renderer::upload_mesh(r, level_upload(scene, max_slope_degrees));
}

MoverMeshes upload_movers(renderer::Renderer& r, const Scene& scene) {
  MoverMeshes out;
  if (!scene.movers) return out;
  for (std::uint32_t id = 0; id < scene.movers->instance_count(); ++id) {
    const collision::TriangleMesh& mesh = scene.movers->instance_mesh(id);
    renderer::MeshUpload up;
    up.positions = mesh.positions;
    up.triangles = mesh.indices;
    for (std::size_t i = 0; i < mesh.triangle_count(); ++i) {
      up.colours.push_back(mesh.solid(i) ? palette::kMover : renderer::rgba(80, 110, 200));
    }
    out.instances.push_back(id);
    out.meshes.push_back(renderer::upload_mesh(r, up));
  }
  return out;
}

std::vector<renderer::MeshDraw> scene_draws(const renderer::MeshDraw& level, const MoverMeshes& meshes,
                                            const std::optional<MoverFrame>& movers, const OverlayFrame* overlay) {
  std::vector<renderer::MeshDraw> draws;
  if (level.mesh != kNoMesh) draws.push_back(level);
  if (!movers) return draws;
  for (std::size_t i = 0; i < meshes.instances.size(); ++i) {
    const std::uint32_t id = meshes.instances[i];
    if (id >= movers->poses.size()) continue;
    renderer::MeshDraw d;
    d.mesh = meshes.meshes[i];
    d.rotation = glm::mat3_cast(movers->poses[id].rotation);
    d.translation = movers->poses[id].position;
    if (overlay && id < overlay->mover_highlights.size()) d.highlights = overlay->mover_highlights[id];
    draws.push_back(d);
  }
  return draws;
}

void draw_legend(OverlayOptions* toggles, float x, float y, bool placed) {
  if (!placed) {
    ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(330, toggles ? 340.0f : 270.0f), ImGuiCond_FirstUseEver);
  }
  ImGui::SetNextWindowBgAlpha(0.8f);
  ImGui::Begin("Legend", nullptr, toggles ? 0 : ImGuiWindowFlags_NoTitleBar);
  auto swatch = [](renderer::Colour c, const char* id) {
    ImGui::ColorButton(id, ImGui::ColorConvertU32ToFloat4(c | 0xFF000000u), ImGuiColorEditFlags_NoTooltip, ImVec2(14, 14));
    ImGui::SameLine();
  };
  for (std::size_t i = 0; i < static_cast<std::size_t>(Overlay::kCount); ++i) {
    const Overlay o = static_cast<Overlay>(i);
    const OverlayStyle& s = overlay_style(o);
    ImGui::PushID(static_cast<int>(i));
    swatch(s.colour, "##c");
    if (toggles) ImGui::Checkbox(s.legend, &toggles->on[i]);
    else ImGui::TextUnformatted(s.legend);
    if (s.second_legend) {
      ImGui::SameLine();
      swatch(s.second, "##c2");
      ImGui::TextUnformatted(s.second_legend);
    }
    ImGui::PopID();
  }
  if (toggles) {
    // The window's own colours (no toggle), then the timeline's that no overlay shares.
    // (A row's width must fit the legend's 330 px with its scrollbar, as at 1000x600.)
    const std::pair<renderer::Colour, const char*> rows[][3] = {
        {{palette::kPicked, "picked"}, {palette::kComparedMethod, "compared method"}, {palette::kComparedBranch, "branch"}},
        {{palette::kMover, "movers"}, {palette::kAnomaly, "timeline: anomaly"}, {palette::kOtherEvent, "event"}},
    };
    int id = 0;
    for (const auto& row : rows) {
      for (std::size_t i = 0; i < std::size(row) && row[i].second; ++i) {
        if (i > 0) ImGui::SameLine();
        ImGui::PushID(id++);
        swatch(row[i].first, "##w");
        ImGui::TextUnformatted(row[i].second);
        ImGui::PopID();
      }
    }
    ImGui::Checkbox("prisms of all candidates", &toggles->prisms_of_all_candidates);
    ImGui::SliderFloat("move scale", &toggles->move_scale, 1.0f, 20.0f);
  } else {
    ImGui::Text("moves and slides drawn x%.0f", 8.0);
  }
  ImGui::End();
}

void draw_measure_labels(const std::vector<Event>& events, const renderer::Camera& camera, glm::uvec2 extent) {
  for (const Event& e : events) {
    if (!e.measured || e.measured->length <= 0.0f) continue;
    const glm::vec3 middle = 0.5f * (e.measured->geometry + e.measured->body);
    const std::optional<glm::vec2> at = renderer::camera_project(camera, middle, extent);
    if (!at) continue;
    std::string kind = to_string(e.kind);
    if (kind.rfind("anomaly_", 0) == 0) kind.erase(0, 8);  // red already says anomaly
    char label[96];
    std::snprintf(label, sizeof label, "%s gap %.4g", kind.c_str(), static_cast<double>(e.measured->length));
    // On a dark plate, right of the segment: readable over any level colour.
    const ImVec2 size = ImGui::CalcTextSize(label);
    const ImVec2 p(at->x + 12.0f, at->y - 0.5f * size.y);
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    draw->AddRectFilled(ImVec2(p.x - 3.0f, p.y - 2.0f), ImVec2(p.x + size.x + 3.0f, p.y + size.y + 2.0f),
                        IM_COL32(20, 22, 26, 220));
    draw->AddText(p, palette::kAnomaly, label);  // the same RGBA byte order as IM_COL32
  }
}

void text_disabled_wrapped(const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

std::string triangle_list(const std::vector<std::uint32_t>& triangles) {
  std::string out;
  for (std::size_t i = 0; i < triangles.size() && i < 6; ++i) out += (i ? "," : " tri ") + std::to_string(triangles[i]);
  if (triangles.size() > 6) out += ",...";
  return out;
}

void draw_frame_panel(const std::string& scene, collision::Method method, int frame,
                      const collision::CharacterState& state, const collision::Trace& trace,
                      const std::vector<Event>& events, float skin, float x, float y,
                      const collision::Body& body, const std::string& setup_note, const std::string& ground_note) {
  ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_FirstUseEver);
  // A fixed size: an auto-sized window is wrong on its first frame (PLATFORM.md, ImGui trap 4).
  ImGui::SetNextWindowSize(ImVec2(560, kFramePanelHeight), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.8f);
  ImGui::Begin("Frame", nullptr, ImGuiWindowFlags_NoTitleBar);
  ImGui::Text("%s   frame %d   method %s   body %s", scene.c_str(), frame, collision::to_string(method),
              body_label(body).c_str());
  if (!setup_note.empty()) text_disabled_wrapped(setup_note);
  ImGui::Text("pos %.3f %.3f %.3f   %s   ground n %.2f %.2f %.2f", state.position.x, state.position.y,
              state.position.z, collision::to_string(state.ground), state.ground_normal.x, state.ground_normal.y,
              state.ground_normal.z);
  ImGui::Text("velocity %.3g %.3g %.3g   effective %.3g %.3g %.3g", state.velocity.x, state.velocity.y,
              state.velocity.z, state.effective_velocity.x, state.effective_velocity.y, state.effective_velocity.z);
  if (!ground_note.empty()) {
    // The movers' colour as a swatch (slate blue text would not read on the panel).
    ImGui::ColorButton("##mover", ImGui::ColorConvertU32ToFloat4(palette::kMover | 0xFF000000u),
                       ImGuiColorEditFlags_NoTooltip, ImVec2(12, 12));
    ImGui::SameLine();
    ImGui::TextUnformatted(ground_note.c_str());
  }
  ImGui::Text("%zu contacts (gap - skin):", state.contacts.size());
  int shown = 0;
  for (const collision::Contact& c : state.contacts) {
    if (++shown > (ground_note.empty() ? 3 : 2)) break;  // the mover's line takes the third's place
    ImGui::Text("  %s  %+.2e  n %.2f %.2f %.2f  %s %s", triangle_label(c.instance, c.triangle).c_str(), c.distance - skin,
                c.normal.x, c.normal.y, c.normal.z, collision::to_string(c.feature), c.walkable ? "walkable" : "");
  }
  int hits = 0;
  for (const collision::SlideIteration& it : trace.iterations) {
    if (!it.hit) continue;
    if (++hits > 6) continue;
    ImGui::Text("%-12s %s  toi %.3f  n %.2f %.2f %.2f  %s", collision::to_string(it.phase),
                triangle_label(it.instance, it.triangle).c_str(), it.toi, it.normal.x, it.normal.y, it.normal.z,
                collision::to_string(it.feature));
  }
  ImGui::Text("%zu iterations, %d hits", trace.iterations.size(), hits);
  for (const Event& e : events) {  // wrapped: an anomaly naming its triangles runs long
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::event_colour(e.kind)));
    ImGui::TextWrapped("event: %s %s%s", to_string(e.kind), e.detail.c_str(), triangle_list(e.triangles).c_str());
    ImGui::PopStyleColor();
  }
  ImGui::End();
}

}  // namespace debugger
