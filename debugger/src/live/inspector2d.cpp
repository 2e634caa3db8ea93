// The 2D window's panels and recording bookkeeping (see live2d_state.hpp).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "collision/2d/segment.hpp"
#include "debugger/palette.hpp"
#include "debugger/view2d.hpp"
#include "live/live2d_state.hpp"

namespace debugger::live {

using namespace collision::planar;

void append_frame(Live2dState& s, const Frame2d& f) {
  const Frame2d* prev = s.history.empty() ? nullptr : &s.history.back();
  const Vec2 from = prev ? prev->position : s.start;
  const double z0 = prev ? prev->z : f.z;
  Timeline& t = s.timeline;
  t.speed.push_back(static_cast<float>(glm::length(f.position - from) * 60.0));
  t.iterations.push_back(std::isnan(f.z) || std::isnan(z0) ? 0.0f : static_cast<float>(std::abs(f.z - z0)));
  t.contacts.push_back(static_cast<float>(f.contacts));
  t.penetration.push_back(static_cast<float>(std::max(0.0, s.body.radius - f.clearance)));
  for (Event& e : events_2d(f, prev, static_cast<int>(s.history.size()), s.body)) t.events.push_back(std::move(e));
  s.history.push_back(f);
  s.unsaved = true;
}

void cut_after(Live2dState& s, int last) {
  const auto keep = static_cast<std::size_t>(std::max(last + 1, 0));
  s.history.resize(std::min(keep, s.history.size()));
  Timeline& t = s.timeline;
  for (std::vector<float>* v : {&t.speed, &t.iterations, &t.contacts, &t.penetration}) v->resize(s.history.size());
  std::erase_if(t.events, [last](const Event& e) { return e.frame > last; });
  ++s.recording_id;
}

Recording2d recording_of(const Live2dState& s) {
  Recording2d r;
  r.scene = s.scene;
  r.body = s.body;
  r.start = s.start;
  for (const Frame2d& f : s.history) r.moves.push_back(f.delta);
  return r;
}

namespace {

void swatch(renderer::Colour c, const char* name) {
  ImGui::ColorButton(name, ImGui::ColorConvertU32ToFloat4(c | 0xFF000000u), ImGuiColorEditFlags_NoTooltip, ImVec2(14, 14));
  ImGui::SameLine();
  ImGui::TextUnformatted(name);
}

const char* event_name_2d(EventKind k) {
  switch (k) {
    case EventKind::kContactBegin: return "contact";
    case EventKind::kContactEnd: return "contact ends";
    case EventKind::kStepUp: return "floor rises";
    case EventKind::kGroundLost: return "floor falls";
    case EventKind::kIterationLimit: return "refused";
    default: return to_string(k);
  }
}

void draw_sector(const Live2dState& s, Vec2 p) {
  const SectorLocation loc = s.world->locate(p);
  if (loc.sector < 0) return;
  const SectorBoundary& b = s.world->boundaries()[static_cast<std::size_t>(loc.sector)];
  ImGui::Separator();
  ImGui::Text("sector %d: %zu edges, %zu loops, area %.0f", loc.sector, b.edges.size(), b.loops.size(), b.area);
  int crossings = 0, winding = 0;
  for (const Segment& e : b.edges) {
    const int c = ray_crossing(e.a, e.b, p);
    crossings += c != 0;
    winding += c;
  }
  if (loc.on_boundary)
    ImGui::TextWrapped("on a boundary line: inside by the boundary rule (raw crossings %d, winding %d)", crossings, winding);
  else
    ImGui::Text("crossings %d (even-odd: %s), winding number %d", crossings, crossings % 2 ? "in" : "out", winding);
  if (b.loops.size() != 1) {
    ImGui::TextWrapped("%zu loops: the single-polygon tests do not apply", b.loops.size());
    return;
  }
  const Polygon poly{b.loops[0]};
  const bool convex = is_convex_loop(b.loops[0]);
  for (PointInPolygonMethod m : kMethods2d) {
    if (m == PointInPolygonMethod::kConvexSigns && !convex)
      ImGui::Text("  %-10s not applicable (the sector is not convex)", to_string(m));
    else
      ImGui::Text("  %-10s %s", to_string(m), contains(poly, p, m) ? "inside" : "outside");
  }
}

void draw_picked_line(const Live2dState& s, double z) {
  if (s.picked_line < 0) {
    ImGui::TextDisabled("click a line: its sectors, heights, why it blocks");
    return;
  }
  const LineReport r = describe_line(s.world->map(), static_cast<std::size_t>(s.picked_line), s.body, z);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kPicked), "line %d", r.line);
  auto side = [](const char* name, std::int32_t sector, double floor, double ceiling) {
    if (sector < 0) ImGui::Text("  %s: no sector (the void)", name);
    else ImGui::Text("  %s: sector %d, floor %.0f, ceiling %.0f", name, sector, floor, ceiling);
  };
  side("front", r.front, r.front_floor, r.front_ceiling);
  side("back", r.back, r.back_floor, r.back_ceiling);
  ImGui::TextWrapped("%s at floor %.0f: %s", r.blocks ? "blocks" : "passes", z, r.why.c_str());
}

}  // namespace

void draw_inspector_2d(Live2dState& s, bool& save, bool& load) {
  ImGui::SetNextWindowBgAlpha(0.85f);
  ImGui::Begin("Inspector");
  const int shown = s.playback.frame;
  const Frame2d* fr = shown >= 0 ? &s.history[static_cast<std::size_t>(shown)] : nullptr;
  const Vec2 p = fr ? fr->position : s.start;
  ImGui::TextWrapped("%s", s.source.c_str());
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::Text("frame time %.1f ms (%.0f fps), move %.1f us", 1000.0 / std::max(io.Framerate, 1e-3f),
              static_cast<double>(io.Framerate), s.move_us);
  ImGui::Text("centre %.4f, %.4f", p.x, p.y);
  const SectorLocation loc = s.world->locate(p);
  const double z = fr && !std::isnan(fr->z) ? fr->z : 0.0;
  ImGui::Text("sector %d%s  floor %.0f", loc.sector, loc.on_boundary ? " (on a boundary)" : "", z);
  if (fr) {
    ImGui::Text("contacts %d%s  clearance %.5f (radius %.0f)", fr->contacts, fr->refused ? "  refused" : "",
                fr->clearance, s.body.radius);
    for (const Event& e : s.timeline.events) {
      if (e.frame != shown) continue;
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::event_colour(e.kind)));
      ImGui::TextWrapped("event: %s %s", event_name_2d(e.kind), e.detail.c_str());
      ImGui::PopStyleColor();
    }
  }
  draw_sector(s, p);
  if (fr && shown >= 0) {
    // The last move's path against the lines it meets (seed 003's s and t: path = from +
    // s (to - from), line = v1 + t (v2 - v1)).
    const Vec2 from = shown > 0 ? s.history[static_cast<std::size_t>(shown - 1)].position : s.start;
    const SectorMap& map = s.world->map();
    int listed = 0;
    for (std::size_t i = 0; i < map.lines.size() && listed < 4; ++i) {
      const SegmentIntersection x = intersect_segments(from, p, map.vertices[map.lines[i].v1], map.vertices[map.lines[i].v2]);
      if (x.kind == IntersectionKind::kNone) continue;
      ImGui::Text("move meets line %zu: %s s %.4f t %.4f", i, to_string(x.kind), x.ends[0].s, x.ends[0].t);
      ++listed;
    }
  }
  ImGui::Separator();
  draw_picked_line(s, z);
  ImGui::Separator();
  for (int i = 0; i < 4; ++i) {
    ImGui::RadioButton(to_string(kMethods2d[i]), &s.method, i);
    if (i < 3) ImGui::SameLine();
  }
  ImGui::Separator();
  ImGui::SetNextItemWidth(-1.0f);
  ImGui::InputText("##session", s.session_path.data(), s.session_path.size());
  save = ImGui::Button("save session");
  ImGui::SameLine();
  load = ImGui::Button("load session");
  if (s.unsaved) {
    ImGui::SameLine();
    ImGui::TextDisabled("(unsaved)");
  }
  if (!s.status.empty()) ImGui::TextWrapped("%s", s.status.c_str());
  ImGui::End();
}

void draw_legend_2d() {
  ImGui::SetNextWindowBgAlpha(0.8f);
  ImGui::Begin("Legend");
  for (const palette::Entry& e : palette::kShared2d) swatch(e.colour, e.meaning);
  for (const palette::Entry& e : palette::kPalette2d) swatch(e.colour, e.meaning);
  ImGui::End();
}

void draw_keys_2d() {
  ImGui::SetNextWindowBgAlpha(0.8f);
  ImGui::Begin("Keys");
  ImGui::TextWrapped(
      "WASD walk (W north), Shift run, P pause, . , step, PgUp PgDn 10, Home End events, N anomalies, B branch, "
      "C method, click: pick a line, Esc: unpick, wheel zoom, F12 screenshot, Tab panels");
  ImGui::End();
}

}  // namespace debugger::live
