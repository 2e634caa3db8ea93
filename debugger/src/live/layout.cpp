// Panel placement (see layout.hpp).
#include "live/layout.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

namespace debugger::live {

Layout compute_layout(float width, float height) {
  constexpr float m = 10.0f;  // margin to the window's edges and between panels
  Layout l;
  l.compact = width < kRoomyWidth || height < kRoomyHeight;
  if (l.compact) {
    // Title bars only, one under the other, as wide as fits.
    const float bar = ImGui::GetFrameHeight() + 2.0f;
    const float w = std::max(std::min(width - 4.0f, 260.0f), 40.0f);
    PanelRect* order[] = {&l.legend, &l.keys, &l.side, &l.timeline};
    for (int i = 0; i < 4; ++i) {
      const float y = 2.0f + static_cast<float>(i) * (bar + 2.0f);
      *order[i] = {2.0f, y, w, std::max(height - y - 2.0f, bar), true};
    }
    return l;
  }
  const float bar = ImGui::GetFrameHeight() + 2.0f;
  const float timeline_h = 230.0f;
  l.timeline = {m, height - timeline_h - m, width - 2.0f * m, timeline_h};
  const float above = l.timeline.y - m;  // bottom of the space above the timeline
  const float left_w = 360.0f;
  // 350 at least: the inspector's widest row (320 px) with the panel's padding and scrollbar.
  const float side_w = std::clamp(width * 0.32f, 350.0f, 460.0f);
  l.side = {width - side_w - m, m, side_w, above - m};
  // The legend's 15 rows and 2 settings need 440 px, the keys 190: the keys give way first.
  constexpr float kLegendH = 440.0f, kKeysH = 190.0f;
  const float legend_h = std::min(kLegendH, above - 2.0f * m - bar);
  l.legend = {m, m, left_w, legend_h};
  const float keys_y = m + legend_h + m;
  const bool keys_fit = above - keys_y >= kKeysH;
  l.keys = {m, keys_y, left_w, kKeysH, !keys_fit};
  return l;
}

float hint_bar_height() { return ImGui::GetTextLineHeight() + 8.0f; }

void draw_hint_bar(float width, float height) {
  const float h = hint_bar_height();
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  draw->AddRectFilled(ImVec2(0.0f, height - h), ImVec2(width, height), IM_COL32(20, 22, 26, 230));
  const float text_w = ImGui::CalcTextSize(kHintBar).x;
  draw->AddText(ImVec2(std::max((width - text_w) * 0.5f, 4.0f), height - h + 4.0f), IM_COL32(255, 255, 255, 255),
                kHintBar);
}

bool panel_collapsed(const char* name) {
  const ImGuiWindow* w = ImGui::FindWindowByName(name);
  return w && w->Collapsed;
}

namespace {

struct CutItem {
  std::string panel, what;
  float reach = 0.0f, room = 0.0f;
};
std::vector<CutItem> g_cut_items;

void note_cut(const char* what, float reach, float room) {
  const ImGuiWindow* w = ImGui::GetCurrentWindow();
  // A child window (a table that scrolls) is named "Parent/child_id": the panel is the parent.
  const ImGuiWindow* panel = w;
  while (panel->ParentWindow && (panel->Flags & ImGuiWindowFlags_ChildWindow)) panel = panel->ParentWindow;
  g_cut_items.push_back({panel->Name, what, reach, room});
}

}  // namespace

void note_cell_fit(const char* what) {
  const float reach = ImGui::GetItemRectMax().x, room = ImGui::GetCurrentWindow()->ClipRect.Max.x;
  if (reach > room + 0.5f) note_cut(what, reach, room);
}

void note_combo_fit(const char* what, const char* preview) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float room = ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - 2.0f * style.FramePadding.x;
  const float reach = ImGui::CalcTextSize(preview).x;
  if (reach > room + 0.5f) note_cut(what, reach, room);
}

void clear_fit_notes() { g_cut_items.clear(); }

void place_panel(const PanelRect& rect, bool& was_collapsed) {
  ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(rect.w, rect.h), ImGuiCond_Always);
  if (rect.collapsed != was_collapsed) ImGui::SetNextWindowCollapsed(rect.collapsed, ImGuiCond_Always);
  was_collapsed = rect.collapsed;
}

std::string describe_panels() { return describe_panels({kPanelNames[0], kPanelNames[1], kPanelNames[2], kPanelNames[3]}); }

std::string describe_panels(std::initializer_list<const char*> names) {
  std::string out;
  for (const char* name : names) {
    const ImGuiWindow* w = ImGui::FindWindowByName(name);
    if (!w || !w->Active) continue;
    // The widest item's reach against the width items have: wider is cut off at the right
    // edge, unless the panel scrolls sideways. Collapsed: nothing is drawn, nothing is cut.
    const float room = w->InnerRect.GetWidth() - 2.0f * w->WindowPadding.x;
    const bool cut = !w->Collapsed && !w->ScrollbarX && w->ContentSize.x > room + 0.5f;
    char line[200];
    std::snprintf(line, sizeof line, "%s %.1f %.1f %.1f %.1f %.1f %.1f %s\n", name, static_cast<double>(w->Pos.x),
                  static_cast<double>(w->Pos.y), static_cast<double>(w->Size.x), static_cast<double>(w->Size.y),
                  static_cast<double>(w->ContentSize.x), static_cast<double>(room), cut ? "cut" : "whole");
    out += line;
  }
  for (const CutItem& c : g_cut_items) {
    char line[300];
    std::string panel = c.panel;
    for (char& ch : panel) if (ch == ' ') ch = '_';
    std::snprintf(line, sizeof line, "clip %s %.1f %.1f %s\n", panel.c_str(), static_cast<double>(c.reach),
                  static_cast<double>(c.room), c.what.c_str());
    out += line;
  }
  return out;
}

}  // namespace debugger::live
