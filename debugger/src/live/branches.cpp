// Branch choice and branch comparison (see branches.hpp).
#include "live/branches.hpp"
#include "live/layout.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <fstream>

#include "debugger/session_file.hpp"
#include "debugger/view.hpp"

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <imgui.h>

namespace debugger::live {

void draw_branch_combo(const LiveState& s, std::optional<std::size_t>& switch_to) {
  // As wide as the label when there is room; else the preview is the branch's number alone
  // (a combo clips its preview) and the tooltip and the list give the whole label.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float avail = ImGui::GetContentRegionAvail().x;
  const float room = avail - ImGui::CalcTextSize("branch").x - style.ItemInnerSpacing.x;
  const float want = ImGui::CalcTextSize(s.branch_label.c_str()).x + ImGui::GetFrameHeight() + 2.0f * style.FramePadding.x;
  const bool fits = want <= room;
  const std::string preview = fits ? s.branch_label : s.branch_label.substr(0, s.branch_label.find(' '));
  const float short_w = ImGui::CalcTextSize(preview.c_str()).x + ImGui::GetFrameHeight() + 2.0f * style.FramePadding.x;
  // Not even the label's first word fits: the arrow alone (the tooltip and the list say it all).
  const bool arrow_only = !fits && short_w > room;
  ImGui::SetNextItemWidth(fits ? want : short_w);
  if (!arrow_only) note_combo_fit("branch", preview.c_str());
  if (ImGui::BeginCombo(arrow_only ? "##branch" : "branch", preview.c_str(), arrow_only ? ImGuiComboFlags_NoPreview : 0)) {
    ImGui::Selectable(s.branch_label.c_str(), true);
    for (std::size_t i = 0; i < s.shelved.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      char label[160];
      std::snprintf(label, sizeof label, "%s (%d frames)", s.shelved[i].label.c_str(),
                    s.shelved[i].session->frame_count());
      if (ImGui::Selectable(label, false)) switch_to = i;
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s\n%zu branch(es): a method or body change, or B, forks one; none is ever dropped",
                      s.branch_label.c_str(), s.shelved.size() + 1);
}

std::optional<collision::CharacterState> compared_branch_state(const LiveState& s) {
  const int b = s.branch_comparison.branch;
  if (b < 0 || b >= static_cast<int>(s.shelved.size())) return std::nullopt;
  const Session& other = *s.shelved[static_cast<std::size_t>(b)].session;
  const int frames = s.view.frame + 1;  // the state after the shown frame
  if (frames > other.frame_count()) return std::nullopt;
  return other.state_at(frames);
}

void draw_branch_comparison_section(LiveState& s) {
  if (s.shelved.empty()) {
    text_disabled_wrapped("one branch: a method or body change (or B) forks another");
    return;
  }
  BranchComparison& c = s.branch_comparison;
  const char* current = c.branch < 0 ? "off" : s.shelved[static_cast<std::size_t>(c.branch)].label.c_str();
  ImGui::SetNextItemWidth(240.0f);
  note_combo_fit("compare branch", current);
  if (ImGui::BeginCombo("compare branch", current)) {
    if (ImGui::Selectable("off", c.branch < 0)) c.branch = -1;
    for (std::size_t i = 0; i < s.shelved.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::Selectable(s.shelved[i].label.c_str(), c.branch == static_cast<int>(i))) c.branch = static_cast<int>(i);
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  if (c.branch < 0) return;
  const std::optional<collision::CharacterState> other = compared_branch_state(s);
  if (!other) {
    text_disabled_wrapped("that branch has no frame " + std::to_string(s.view.frame));
    return;
  }
  const glm::vec3 d = other->position - s.view.after.position;
  const ImVec4 colour = ImGui::ColorConvertU32ToFloat4(kBranchColour);
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  if (d == glm::vec3(0.0f))
    ImGui::TextWrapped("frame %d: the same position in both branches", s.view.frame);
  else
    ImGui::TextWrapped("frame %d: pink body %.3g away (%.3g %.3g %.3g), %s there", s.view.frame,
                       static_cast<double>(glm::length(d)), static_cast<double>(d.x), static_cast<double>(d.y),
                       static_cast<double>(d.z), collision::to_string(other->ground));
  ImGui::PopStyleColor();
}

void add_branch_overlay(const LiveState& s, OverlayFrame& overlay) {
  const std::optional<collision::CharacterState> other = compared_branch_state(s);
  if (!other) return;
  const glm::vec3 r = s.shelved[static_cast<std::size_t>(s.branch_comparison.branch)].session->config().body.radii;
  const glm::mat3 axes(glm::vec3(r.x, 0, 0), glm::vec3(0, r.y, 0), glm::vec3(0, 0, r.z));
  renderer::debug_wire_ellipsoid(overlay.debug.on_top, other->position, axes, kBranchColour, 2.0f, 32);
}

void dump_branches(const LiveState& s, const std::string& path) {
  std::string out;
  auto one = [&](const std::string& label, const Session& session) {
    out += "branch " + label + "\n";
    char line[128];
    for (int f = 0; f < session.frame_count(); ++f) {
      const glm::vec3 p = session.state_at(f + 1).position;
      std::snprintf(line, sizeof line, "%d %.9g %.9g %.9g\n", f, static_cast<double>(p.x), static_cast<double>(p.y),
                    static_cast<double>(p.z));
      out += line;
    }
  };
  one(s.branch_label, *s.session);
  for (const Branch& b : s.shelved) one(b.label, *b.session);
  std::ofstream(path) << out;
}

std::string save_range(const LiveState& s, int first, int last, const std::string& path) {
  const Session& session = *s.session;
  if (first < 0 || last < first || last >= session.frame_count())
    throw std::invalid_argument("no such range of frames: " + std::to_string(first) + ".." + std::to_string(last));
  const SessionSegment& seg = session.segment_at(first);
  SessionConfig config = session.config();
  config.body = seg.body;
  config.params = seg.params;
  if (first > 0) {
    const collision::CharacterState start = session.state_at(first);
    config.start = start.position;
    config.start_state = start;
    config.start_yaw = session.input(first - 1).yaw;
  }
  // The range keeps every fork inside it: each later segment forks the part where it began.
  Session part(session.world(), config);
  for (int f = first; f <= last; ++f) {
    const SessionSegment& at = session.segment_at(f);
    if (f > first && at.first_frame == f) part.fork(at.body, at.params);
    part.push(session.input(f));
  }
  save_session(path, s.scene.spec, part);
  return "saved " + path + ": frames " + std::to_string(first) + ".." + std::to_string(last);
}

std::string save_branch(const LiveState& s, const std::string& path) {
  const Session& session = *s.session;
  save_session(path, s.scene.spec, session);
  const std::size_t forks = session.segments().size() - 1;
  return "saved " + path + " (" + std::to_string(session.frame_count()) + " frames" +
         (forks ? ", from frame 0, with its " + std::to_string(forks) + " fork(s)" : std::string()) + ")";
}

}  // namespace debugger::live
