// Panel placement (see layout.hpp).
#include "live/layout.hpp"

#include <algorithm>
#include <cstdio>

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
  const float side_w = std::clamp(width * 0.32f, 330.0f, 460.0f);
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

std::string describe_panels() {
  std::string out;
  for (const char* name : kPanelNames) {
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
  return out;
}

}  // namespace debugger::live
