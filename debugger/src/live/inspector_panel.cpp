// The inspector window and triangle picking (see inspector_panel.hpp).
#include "live/inspector_panel.hpp"
#include "live/layout.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <imgui.h>

#include "collision/queries.hpp"
#include "debugger/palette.hpp"
#include "debugger/prism_geometry.hpp"
#include "debugger/view.hpp"
#include "live/candidate_why.hpp"

namespace debugger::live {

std::optional<PickedTriangle> pick_triangle(const collision::World& world, const SessionMovers* scene_movers,
                                            const std::optional<MoverFrame>& movers, const renderer::Camera& camera,
                                            glm::vec2 pixel, glm::uvec2 extent) {
  const renderer::Ray ray = renderer::camera_pick_ray(camera, pixel, extent);
  const glm::vec3 delta = ray.direction * camera.far_plane;
  const collision::RayHit hit = scene_movers && movers ? scene_movers->raycast(*movers, ray.origin, delta)
                                                       : collision::raycast(world, ray.origin, delta);
  if (!hit.hit) return std::nullopt;
  return PickedTriangle{hit.instance, hit.triangle};
}

std::optional<SelectedTriangle> selected_triangle(const LiveState& s) {
  SelectedTriangle out;
  out.instance = s.selection.instance;
  out.index = s.selection.triangle;
  if (s.selection.instance == collision::kStaticLevel) {
    const collision::TriangleMesh& mesh = s.scene.world->mesh();
    if (s.selection.triangle >= mesh.triangle_count()) return std::nullopt;
    out.triangle = mesh.triangle(s.selection.triangle);
    out.normal = mesh.normals[s.selection.triangle];
    out.solid = mesh.solid(s.selection.triangle);
    return out;
  }
  const SessionMovers* movers = s.session ? s.session->movers() : nullptr;
  if (!movers || !s.view.movers || s.selection.instance >= s.view.movers->poses.size()) return std::nullopt;
  const collision::TriangleMesh& mesh = movers->instance_mesh(s.selection.instance);
  if (s.selection.triangle >= mesh.triangle_count()) return std::nullopt;
  out.triangle = movers->instance_triangle(*s.view.movers, s.selection.instance, s.selection.triangle);
  out.normal = s.view.movers->poses[s.selection.instance].rotation * mesh.normals[s.selection.triangle];
  out.solid = mesh.solid(s.selection.triangle);
  return out;
}

TriangleReport triangle_report(const LiveState& s, const SelectedTriangle& selected) {
  TriangleReport out;
  // The trace's candidates name the level's triangles and, in a scene, the movers' near the body.
  const std::vector<collision::SlideIteration>& its = s.view.trace.iterations;
  auto find_in = [&](int i) {
    for (const collision::TriangleTest& t : its[static_cast<std::size_t>(i)].tests)
      if (t.triangle == selected.index && t.instance == selected.instance) {
        out.test = t;
        out.tested = true;
        out.iteration = i;
        return true;
      }
    return false;
  };
  if (s.selection.iteration >= 0 && s.selection.iteration < static_cast<int>(its.size()) && find_in(s.selection.iteration)) {
  } else {
    for (int i = 0; i < static_cast<int>(its.size()); ++i)
      if (find_in(i)) break;
  }
  if (out.tested) {
    switch (s.view.trace.method) {
      case collision::Method::kOffsetPrism: out.tested_point = "the crossing point (or the new position)"; break;
      case collision::Method::kSphereClassify: out.tested_point = "the centre as this triangle saw it"; break;
      case collision::Method::kRobust: out.tested_point = "the centre at the iteration's start"; break;
      case collision::Method::kBoxEdges: out.tested_point = "the box's centre where its 12 edges were cast"; break;
    }
    return out;
  }
  const SessionConfig& c = s.session->config();
  const float r = c.body.min_radius();
  const float margin = c.params.move.edge_margin.value_or(r);
  collision::offset_prism(selected.triangle, r, margin, s.view.after.position, out.test);
  out.test.triangle = selected.index;
  out.test.instance = selected.instance;
  out.test.tested_point = s.view.after.position;
  out.test.verdict = collision::Verdict::kNoContact;
  out.tested_point = "the body centre (not a candidate this frame)";
  return out;
}

const char* plane_verdict(bool offset_plane, float distance) {
  if (offset_plane) return distance > 0.0f ? "in front" : "crossed";
  return distance >= 0.0f ? "inside" : "OUTSIDE";
}

void draw_inspector_section(LiveState& s) {
  const collision::Trace& trace = s.view.trace;
  ImGui::TextWrapped("frame %d: %zu slide iterations, method %s", s.view.frame, trace.iterations.size(),
              collision::to_string(trace.method));
  for (const Event& e : s.view.events) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::event_colour(e.kind)));
    ImGui::TextWrapped("event %s %s%s", to_string(e.kind), e.detail.c_str(), triangle_list(e.triangles).c_str());
    ImGui::PopStyleColor();
  }
  if (trace.step_up.attempted)
    ImGui::TextWrapped("step-up %s: %s", trace.step_up.succeeded ? "ok" : "failed", trace.step_up.reason.c_str());
  // The faces the step's moves started against before any sweep (its first move's, and a
  // step-up's forward move's at the lifted height).
  for (const collision::TouchingPlane& t : trace.touching) {
    ImGui::TextWrapped("started against %s (%s): normal %.3f %.3f %.3f", triangle_label(t.instance, t.triangle).c_str(),
                       collision::to_string(t.phase),
                       static_cast<double>(t.normal.x), static_cast<double>(t.normal.y), static_cast<double>(t.normal.z));
  }

  // Iterations (hits first in the label), selectable.
  if (ImGui::BeginTable("iterations", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY |
                            ImGuiTableFlags_SizingFixedFit,  // columns as wide as their words
                        ImVec2(0.0f, 105.0f))) {
    ImGui::TableSetupColumn("#");
    ImGui::TableSetupColumn("phase");
    ImGui::TableSetupColumn("hit");
    ImGui::TableSetupColumn("toi");
    ImGui::TableSetupColumn("feature");
    ImGui::TableHeadersRow();
    for (int i = 0; i < static_cast<int>(trace.iterations.size()); ++i) {
      const collision::SlideIteration& it = trace.iterations[static_cast<std::size_t>(i)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      char label[16];
      std::snprintf(label, sizeof label, "%d", i);
      if (ImGui::Selectable(label, s.selection.iteration == i, ImGuiSelectableFlags_SpanAllColumns)) {
        s.selection.iteration = s.selection.iteration == i ? -1 : i;
        // A hit on the level or a mover selects its triangle (iN:T for a mover's); one on a
        // character selects nothing (it has no triangles).
        if (s.selection.iteration >= 0 && it.hit && it.instance < collision::kCharacterInstance) {
          s.selection.instance = it.instance;
          s.selection.triangle = it.triangle;
        }
      }
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(collision::to_string(it.phase));
      note_cell_fit("iterations: phase");
      ImGui::TableNextColumn();
      if (it.hit) ImGui::TextUnformatted(triangle_label(it.instance, it.triangle).c_str());
      else ImGui::TextDisabled(it.start_overlap ? "overlap" : "-");
      note_cell_fit("iterations: hit");
      ImGui::TableNextColumn();
      if (it.hit) ImGui::Text("%.4f", static_cast<double>(it.toi));
      if (it.hit) note_cell_fit("iterations: toi");
      ImGui::TableNextColumn();
      if (it.hit) ImGui::TextUnformatted(collision::to_string(it.feature));
      if (it.hit) note_cell_fit("iterations: feature");
    }
    ImGui::EndTable();
  }
  ImGui::Checkbox("draw only the selected iteration", &s.selection.only_selected_iteration);
  if (s.selection.iteration >= 0 && s.selection.iteration < static_cast<int>(trace.iterations.size())) {
    const collision::SlideIteration& it = trace.iterations[static_cast<std::size_t>(s.selection.iteration)];
    ImGui::TextWrapped("iteration %d: %zu candidates, %zu crease planes", s.selection.iteration, it.tests.size(), it.crease.size());
    // Every candidate with its verdict and the quantity that decided it (click: inspect it).
    if (ImGui::BeginTable("candidates", 3,
                          ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY |
                              ImGuiTableFlags_Resizable,
                          ImVec2(0.0f, std::min(24.0f + 19.0f * static_cast<float>(it.tests.size()), 160.0f)))) {
      // A level's index ("123456") or a mover's ("i12:345").
      ImGui::TableSetupColumn("tri", ImGuiTableColumnFlags_WidthFixed, std::max(48.0f, ImGui::CalcTextSize("i12:345").x));
      // As wide as the longest verdict (110 px cut "outside-acute-clip").
      ImGui::TableSetupColumn("verdict", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("outside-acute-clip").x);
      ImGui::TableSetupColumn("why");
      ImGui::TableHeadersRow();
      const collision::Body& body = s.session->segment_at(std::max(s.view.frame, 0)).body;
      const TraceMovers movers{s.session->movers(), s.view.movers ? &*s.view.movers : nullptr};
      for (const collision::TriangleTest& test : it.tests) {
        collision::Triangle tri;
        if (!trace_triangle(*s.scene.world, movers.movers, movers.frame, test.instance, test.triangle, tri)) continue;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        // "12" on the level, "i2:10" on a mover (prism-query's names).
        const std::string label = triangle_label(test.instance, test.triangle).substr(4);
        if (ImGui::Selectable(label.c_str(), s.selection.instance == test.instance && s.selection.triangle == test.triangle,
                              ImGuiSelectableFlags_SpanAllColumns)) {
          s.selection.instance = test.instance;
          s.selection.triangle = test.triangle;
        }
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(collision::to_string(test.verdict));
        note_cell_fit("candidates: verdict");
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", candidate_why(it, test, tri, body, it.hit ? it.toi : 1.0f).c_str());
      }
      ImGui::EndTable();
    }
    if (it.hit) {
      ImGui::Text("contact %.3f %.3f %.3f", static_cast<double>(it.contact_point.x), static_cast<double>(it.contact_point.y),
                  static_cast<double>(it.contact_point.z));
      ImGui::Text("normal  %.3f %.3f %.3f", static_cast<double>(it.normal.x), static_cast<double>(it.normal.y),
                  static_cast<double>(it.normal.z));
      ImGui::Text("slide   %.4f %.4f %.4f", static_cast<double>(it.slide.x), static_cast<double>(it.slide.y),
                  static_cast<double>(it.slide.z));
    }
  }

  ImGui::Separator();
  const std::optional<SelectedTriangle> selected = selected_triangle(s);
  if (!selected) {
    ImGui::TextWrapped("Click a triangle in the view (or select a hit above) to see its offset prism and planes.");
    return;
  }
  const collision::Triangle tri = selected->triangle;
  const TriangleReport rep = triangle_report(s, *selected);
  // "triangle 12" on the level; "triangle i2:10" of a mover, then what it is and how it moves.
  const std::string label = triangle_label(selected->instance, selected->index).substr(4);
  ImGui::Text("triangle %s%s", label.c_str(), selected->solid ? "" : "  (not solid)");
  ImGui::SameLine();
  if (ImGui::SmallButton("clear")) s.selection.triangle = collision::kNoTriangle;
  if (selected->instance != collision::kStaticLevel) {
    const std::string note = instance_note(s.session->movers(), s.view.movers, selected->instance,
                                           glm::vec3(collision::closest_point_on_triangle(
                                               glm::dvec3(s.view.after.position), glm::dvec3(tri.a),
                                               glm::dvec3(tri.b), glm::dvec3(tri.c))));
    ImGui::TextWrapped("%s", note.c_str());
  }
  const glm::vec3 v[3] = {tri.a, tri.b, tri.c};
  for (int i = 0; i < 3; ++i)
    ImGui::Text("  %c  %.3f %.3f %.3f", "ABC"[i], static_cast<double>(v[i].x), static_cast<double>(v[i].y),
                static_cast<double>(v[i].z));
  const glm::vec3 n = selected->normal;
  ImGui::Text("  n  %.3f %.3f %.3f", static_cast<double>(n.x), static_cast<double>(n.y), static_cast<double>(n.z));
  if (rep.tested) {
    ImGui::Text("iteration %d: verdict %s", rep.iteration, collision::to_string(rep.test.verdict));
    ImGui::TextWrapped("feature %s   toi %.4f", collision::to_string(rep.test.feature), static_cast<double>(rep.test.toi));
  } else {
    ImGui::TextDisabled("not a candidate this frame");
  }
  ImGui::Text("r %.4g   L %.4g", static_cast<double>(prism_radius(rep.test, tri)),
              static_cast<double>(prism_margin(rep.test, tri)));
  ImGui::TextWrapped("signed distances of %s (%.3f %.3f %.3f):", rep.tested_point.c_str(),
                     static_cast<double>(rep.test.tested_point.x), static_cast<double>(rep.test.tested_point.y),
                     static_cast<double>(rep.test.tested_point.z));
  if (ImGui::BeginTable("planes", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
    // The names as wide as the longest: three even columns cut "offset plane S'" at 1000 px.
    ImGui::TableSetupColumn("plane", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("offset plane S'").x);
    ImGui::TableSetupColumn("distance");
    ImGui::TableSetupColumn("verdict");
    ImGui::TableHeadersRow();
    auto row = [](const char* name, float d, bool offset) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(name);
      note_cell_fit("planes: plane");
      ImGui::TableNextColumn();
      ImGui::Text("%+.4f", static_cast<double>(d));
      note_cell_fit("planes: distance");
      ImGui::TableNextColumn();
      const char* verdict = plane_verdict(offset, d);
      const bool bad = offset ? d <= 0.0f : d < 0.0f;
      ImGui::TextColored(bad ? ImVec4(1.0f, 0.45f, 0.35f, 1.0f) : ImVec4(0.6f, 1.0f, 0.6f, 1.0f), "%s", verdict);
      note_cell_fit("planes: verdict");
    };
    row("offset plane S'", rep.test.offset_distance, true);
    const char* edges[3] = {"edge clip AB", "edge clip BC", "edge clip CA"};
    const char* acute[3] = {"acute clip AB", "acute clip BC", "acute clip CA"};
    for (int i = 0; i < 3; ++i) row(edges[i], rep.test.edge_distance[i], false);
    for (int i = 0; i < 3; ++i) row(acute[i], rep.test.acute_distance[i], false);
    ImGui::EndTable();
  }
}

}  // namespace debugger::live
