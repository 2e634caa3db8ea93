// Method comparison (see comparison.hpp).
#include "live/comparison.hpp"
#include "live/layout.hpp"

#include <imgui.h>
#include <glm/geometric.hpp>

namespace debugger::live {
namespace {

constexpr collision::Method kMethods[] = {collision::Method::kRobust, collision::Method::kOffsetPrism,
                                          collision::Method::kSphereClassify, collision::Method::kBoxEdges};

struct Summary {
  int hits = 0;
  const collision::SlideIteration* first = nullptr;
};
Summary summarise(const collision::Trace& t) {
  Summary s;
  for (const collision::SlideIteration& it : t.iterations)
    if (it.hit && s.hits++ == 0) s.first = &it;
  return s;
}

}  // namespace

void update_comparison(LiveState& s) {
  Comparison& c = s.comparison;
  if (!c.on || s.view.frame < 0) return;
  if (c.frame == s.view.frame && c.recording == s.recording_id && c.trace.method == c.method) return;
  c.after = s.session->retrace(s.view.frame, c.method, c.trace);
  c.frame = s.view.frame;
  c.recording = s.recording_id;
}

void add_comparison_overlay(const LiveState& s, OverlayFrame& overlay) {
  const Comparison& c = s.comparison;
  if (!c.on || c.frame != s.view.frame || c.recording != s.recording_id || s.view.frame < 0) return;
  add_comparison(c.trace, s.session->segment_at(s.view.frame).body, kComparisonColour, s.overlay.move_scale, overlay);
}

void draw_comparison_section(LiveState& s) {
  Comparison& c = s.comparison;
  ImGui::Checkbox("compare with (C)", &c.on);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(150.0f);
  note_combo_fit("compare method", collision::to_string(c.method));
  if (ImGui::BeginCombo("##compare_method", collision::to_string(c.method))) {
    for (collision::Method m : kMethods)
      if (ImGui::Selectable(collision::to_string(m), m == c.method)) c.method = m;
    ImGui::EndCombo();
  }
  if (!c.on) return;
  if (s.view.frame < 0) {
    ImGui::TextDisabled("no frame to compare yet");
    return;
  }
  update_comparison(s);
  const collision::Trace& a = s.view.trace;
  const collision::Trace& b = c.trace;
  const glm::vec3 ea = a.end, eb = b.end;
  const glm::vec3 d = eb - ea;
  const Summary sa = summarise(a), sb = summarise(b);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(kComparisonColour));
  ImGui::TextWrapped("salmon: %s on frame %d", collision::to_string(c.method), c.frame);
  ImGui::PopStyleColor();
  if (ImGui::BeginTable("cmp", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupColumn("");
    ImGui::TableSetupColumn(collision::to_string(a.method));
    ImGui::TableSetupColumn(collision::to_string(b.method));
    ImGui::TableHeadersRow();
    auto vec_row = [](const char* name, glm::vec3 x, glm::vec3 y) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(name);
      note_cell_fit(name);
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%.2f %.2f %.2f", static_cast<double>(x.x), static_cast<double>(x.y), static_cast<double>(x.z));
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%.2f %.2f %.2f", static_cast<double>(y.x), static_cast<double>(y.y), static_cast<double>(y.z));
    };
    auto text_row = [](const char* name, const std::string& x, const std::string& y) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(name);
      note_cell_fit(name);
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", x.c_str());
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", y.c_str());
    };
    auto first_hit = [](const Summary& x) {
      if (!x.first) return std::string("none");
      char buf[96];
      std::snprintf(buf, sizeof buf, "tri %u toi %.3f %s", x.first->triangle, static_cast<double>(x.first->toi),
                    collision::to_string(x.first->feature));
      return std::string(buf);
    };
    vec_row("end", ea, eb);
    vec_row("move", ea - a.start, eb - b.start);
    text_row("hits", std::to_string(sa.hits), std::to_string(sb.hits));
    text_row("first hit", first_hit(sa), first_hit(sb));
    text_row("iterations", std::to_string(a.iterations.size()), std::to_string(b.iterations.size()));
    text_row("ground", collision::to_string(s.view.after.ground), collision::to_string(c.after.ground));
    ImGui::EndTable();
  }
  ImGui::TextWrapped("end difference %.3f %.3f %.3f  |d| %.4g", static_cast<double>(d.x), static_cast<double>(d.y),
              static_cast<double>(d.z), static_cast<double>(glm::length(d)));
}

}  // namespace debugger::live
