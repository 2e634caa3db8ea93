// The recording window's "what if" (what_if_panel.hpp).
#include "live/what_if_panel.hpp"

#include <algorithm>
#include <cstdio>

#include <glm/geometric.hpp>
#include <imgui.h>

#include "debugger/palette.hpp"
#include "debugger/view.hpp"
#include "renderer/debug_draw.hpp"

namespace debugger::live {

namespace {

constexpr collision::Method kWhatIfMethods[] = {collision::Method::kRobust, collision::Method::kOffsetPrism,
                                                collision::Method::kSphereClassify, collision::Method::kBoxEdges};

collision::Body scaled(const collision::Body& b, float s) {
  collision::Body out = b;
  out.radii *= s;
  out.half_height *= s;
  return out;
}

// The step shown at frame index `shown`: the last at or before it, or null before the first.
const WhatIfStep* step_at(const WhatIfView& v, int shown) {
  const auto it = std::upper_bound(v.steps.begin(), v.steps.end(), shown, [](int f, const WhatIfStep& s) { return f < s.frame; });
  return it == v.steps.begin() ? nullptr : &*std::prev(it);
}

// The first step whose position is not the recorded one, or null.
const WhatIfStep* first_parting(const WhatIfView& v) {
  for (const WhatIfStep& s : v.steps)
    if (s.what_if.position != s.recorded.position) return &s;
  return nullptr;
}

}  // namespace

void run_what_if(WhatIfView& v, const GameRecording& rec, std::uint32_t character, int from) {
  collision::Body body;
  collision::CharacterParams params;
  v.steps.clear();
  v.from = from;
  ++v.version;
  if (!recorded_setup(rec, character, from, body, params)) return;
  v.body = scaled(body, v.scale);
  params.move.method = v.method;
  v.steps = what_if(rec, character, from, v.body, params);
}

void draw_what_if(WhatIfView& v, const GameRecording& rec, std::uint32_t character, int shown) {
  ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, 220.0f));
  if (ImGui::BeginCombo("method##whatif", collision::to_string(v.method))) {
    for (collision::Method m : kWhatIfMethods)
      if (ImGui::Selectable(collision::to_string(m), m == v.method)) v.method = m;
    ImGui::EndCombo();
  }
  ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, 220.0f));
  ImGui::SliderFloat("body size##whatif", &v.scale, 0.5f, 2.0f, "x %.2f");
  if (ImGui::Button("run from this frame")) run_what_if(v, rec, character, shown);
  if (v.from >= 0) {
    ImGui::SameLine();
    if (ImGui::Button("clear")) {
      v.from = -1;
      v.steps.clear();
      ++v.version;
    }
  }
  if (v.from < 0) {
    text_disabled_wrapped("re-runs the followed character from the shown frame with this method and body, "
                          "beside the recording (salmon)");
    return;
  }
  if (v.steps.empty()) {
    ImGui::TextWrapped("no step of c%u from frame %llu on", character, static_cast<unsigned long long>(rec.frame(v.from).number));
    return;
  }
  ImGui::TextWrapped("%s, %s, from frame %llu: %zu steps", collision::to_string(v.method), body_label(v.body).c_str(),
                     static_cast<unsigned long long>(rec.frame(v.from).number), v.steps.size());
  if (const WhatIfStep* s = step_at(v, shown)) {
    ImGui::TextWrapped("here: %.4g units from the recorded (%s; recorded %s)", glm::length(s->what_if.position - s->recorded.position),
                       collision::to_string(s->what_if.ground), collision::to_string(s->recorded.ground));
  } else {
    ImGui::TextWrapped("before its first step");
  }
  const WhatIfStep* part = first_parting(v);
  ImGui::TextWrapped(part ? "first parts from the recording at frame %llu" : "the same as the recording throughout",
                     part ? static_cast<unsigned long long>(rec.frame(part->frame).number) : 0ull);
}

void add_what_if(const WhatIfView& v, int shown, OverlayFrame& out) {
  const renderer::Colour c = palette::kComparedMethod;
  const WhatIfStep* last = nullptr;
  for (const WhatIfStep& s : v.steps) {
    if (s.frame > shown) break;
    if (last) renderer::debug_line(out.debug.on_top, last->what_if.position, s.what_if.position, c, 2.5f);
    last = &s;
  }
  if (!last) return;
  switch (v.body.shape) {
    case collision::Shape::kCapsule:
      renderer::debug_wire_capsule(out.debug.on_top, last->what_if.position, v.body.radii.x, v.body.half_height, v.body.axis, c,
                                   2.0f, 32);
      break;
    case collision::Shape::kBox:
      renderer::debug_wire_box(out.debug.on_top, last->what_if.position, v.body.radii, c, 2.0f);
      break;
    case collision::Shape::kEllipsoid:
      renderer::debug_wire_ellipsoid(out.debug.on_top, last->what_if.position,
                                     glm::mat3(glm::vec3(v.body.radii.x, 0, 0), glm::vec3(0, v.body.radii.y, 0),
                                               glm::vec3(0, 0, v.body.radii.z)),
                                     c, 2.0f, 32);
      break;
  }
}

std::string describe_what_if(const WhatIfView& v, const GameRecording& rec, int shown) {
  if (v.from < 0) return "what if: none\n";
  char line[256];
  const WhatIfStep* part = first_parting(v);
  const WhatIfStep* here = step_at(v, shown);
  std::snprintf(line, sizeof line, "what if: %s scale %.2f from frame %llu: %zu steps, first parts at %lld, here %.6g apart\n",
                collision::to_string(v.method), static_cast<double>(v.scale),
                static_cast<unsigned long long>(rec.frame(v.from).number), v.steps.size(),
                part ? static_cast<long long>(rec.frame(part->frame).number) : -1LL,
                here ? static_cast<double>(glm::length(here->what_if.position - here->recorded.position)) : -1.0);
  return line;
}

}  // namespace debugger::live
