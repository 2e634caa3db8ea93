// The timeline window (see timeline_panel.hpp).
#include "live/timeline_panel.hpp"
#include "live/layout.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "debugger/palette.hpp"
#include "live/branches.hpp"
#include "live/frame_control.hpp"

namespace debugger::live {
namespace {

constexpr float kPlotHeight = 26.0f;

void downsample(const std::vector<float>& in, int columns, std::vector<float>& out, float& max_value) {
  out.assign(static_cast<std::size_t>(columns), 0.0f);
  const std::size_t n = in.size();
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<std::size_t>(static_cast<double>(i) * columns / static_cast<double>(n));
    out[c] = std::max(out[c], in[i]);
    max_value = std::max(max_value, in[i]);
  }
}

// The plots of frames lo..hi (the zoomed window), one value per column.
void rebuild(const TimelineSource& s, TimelinePlots& p, int columns, int lo, int hi) {
  const Timeline& t = *s.timeline;
  const std::size_t n = t.speed.size();
  if (p.recording == s.recording_id && p.frames == n && p.columns == columns && p.lo == lo && p.hi == hi) return;
  p.recording = s.recording_id;
  p.frames = n;
  p.lo = lo;
  p.hi = hi;
  const auto span = static_cast<std::size_t>(std::max(hi - lo + 1, 1));
  p.columns = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(columns), span));
  p.max_speed = 1e-3f;
  p.max_iterations = 1.0f;
  p.max_contacts = 1.0f;
  p.max_penetration = 1e-6f;
  auto window = [&](const std::vector<float>& v) {
    if (v.empty() || hi < lo) return std::vector<float>();
    return std::vector<float>(v.begin() + lo, v.begin() + std::min<std::ptrdiff_t>(hi + 1, static_cast<std::ptrdiff_t>(v.size())));
  };
  downsample(window(t.speed), p.columns, p.speed, p.max_speed);
  downsample(window(t.iterations), p.columns, p.iterations, p.max_iterations);
  downsample(window(t.contacts), p.columns, p.contacts, p.max_contacts);
  downsample(window(t.penetration), p.columns, p.penetration, p.max_penetration);
}

ImU32 to_imgui(std::uint32_t rgba) { return rgba; }  // both are R in the low byte

}  // namespace

std::uint32_t event_colour(EventKind kind) { return palette::event_colour(kind); }

void draw_timeline_panel(LiveState& s, TimelinePlots& plots, FrameCommand& command) {
  TimelineSource source;
  source.timeline = &s.timeline;
  source.recording_id = s.recording_id;
  source.frame_count = s.session->frame_count();
  source.at_end = at_end(s);
  source.extra = [&s](FrameCommand& c) { draw_branch_combo(s, c.switch_branch); };
  draw_timeline(source, s.playback, plots, command);
}

void draw_timeline(const TimelineSource& s, Playback& pb, TimelinePlots& plots, FrameCommand& command) {
  ImGui::SetNextWindowBgAlpha(0.85f);
  // A title bar, so the panel can collapse when the window is small (layout.hpp).
  ImGui::Begin("Timeline", nullptr, ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoScrollWithMouse);
  const int count = s.frame_count;

  // Transport row.
  if (ImGui::Button("|< event")) command.event_jump = -1;
  ImGui::SameLine();
  if (ImGui::Button("-10")) command.step = -10;
  ImGui::SameLine();
  if (ImGui::Button("< step")) command.step = -1;
  ImGui::SameLine();
  if (ImGui::Button(pb.paused ? "  play  " : " pause  ")) command.toggle_pause = true;
  ImGui::SameLine();
  if (ImGui::Button("step >")) command.step = 1;
  ImGui::SameLine();
  if (ImGui::Button("+10")) command.step = 10;
  ImGui::SameLine();
  if (ImGui::Button("event >|")) command.event_jump = 1;
  ImGui::SameLine();
  if (ImGui::Button("|< anomaly")) command.anomaly_jump = -1;
  ImGui::SameLine();
  if (ImGui::Button("anomaly >|")) command.anomaly_jump = 1;
  ImGui::SameLine();
  if (s.speeds) {
    ImGui::TextUnformatted("  speed");
    for (const float sp : {0.25f, 0.5f, 1.0f}) {
      ImGui::SameLine();
      char label[16];
      std::snprintf(label, sizeof label, "%gx", static_cast<double>(sp));
      if (ImGui::RadioButton(label, pb.speed == sp)) command.speed = sp;
    }
    ImGui::SameLine();
  }
  if (!s.at_end && s.branch) {
    if (ImGui::Button("branch here")) command.branch = true;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("drop the frames after this one and continue live from it (B)");
    ImGui::SameLine();
  }
  // The counter where the row has room for it whole (at 1000 px it has not: "frame 75" was
  // left of "frame 750 / 910"); the slider below always says the frame and the count.
  char counter[80];
  std::snprintf(counter, sizeof counter, "  frame %d / %d  %s%s", pb.frame, count - 1, pb.paused ? "PAUSED" : "playing",
                !pb.paused && !s.at_end ? " (replay)" : "");
  // The extra control (the 3D view's branch combo) keeps room for its arrow at least.
  const float extra_min = s.extra ? ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.x : 0.0f;
  const bool counter_fits = ImGui::GetContentRegionAvail().x >= ImGui::CalcTextSize(counter).x + extra_min;
  if (counter_fits) ImGui::TextUnformatted(counter);
  if (s.extra) {
    if (counter_fits) ImGui::SameLine();
    s.extra(command);
  } else if (!counter_fits) {
    ImGui::NewLine();  // end the row of buttons before the slider
  }

  // Slider over the whole recording, as wide as the plots under it (one x axis).
  const float plot_w = ImGui::GetContentRegionAvail().x - 120.0f;
  // A float slider: an integer one's grab is 1/(frames + 1) of the bar ("frame 0 / 0" filled half).
  float at = static_cast<float>(pb.frame);
  ImGui::SetNextItemWidth(plot_w);
  // Why playback stopped by itself is written on the slider (the transport row is full; ImGui
  // formats the slider text into 64 characters, so the reasons are short).
  std::string format = "frame %.0f / " + std::to_string(count - 1);
  if (!pb.paused_by.empty()) {
    format += "   ";
    for (const char ch : pb.paused_by) format += ch == '%' ? std::string("%%") : std::string(1, ch);
  }
  if (ImGui::SliderFloat("##frame", &at, -1.0f, static_cast<float>(std::max(count - 1, 0)), format.c_str())) {
    const int frame = static_cast<int>(std::lround(at));
    if (frame != pb.frame) command.seek = frame;
  }
  ImGui::SameLine();
  ImGui::TextUnformatted("scrub");

  // Plots, one per metric, over the zoomed window lo..hi (the wheel zooms about the cursor).
  if (pb.view_hi >= count) pb.view_hi = -1;
  const int lo = pb.view_hi < 0 ? 0 : std::clamp(pb.view_lo, 0, std::max(count - 1, 0));
  const int hi = pb.view_hi < 0 ? count - 1 : pb.view_hi;
  rebuild(s, plots, static_cast<int>(std::max(plot_w, 16.0f)), lo, hi);
  const int span = std::max(hi - lo + 1, 1);
  ImVec2 top_left(0, 0), bottom_right(0, 0);
  struct Row { const char* name; const std::vector<float>* v; float max; const char* fmt; };
  const Row rows[] = {{s.plot_names[0], &plots.speed, plots.max_speed, s.plot_captions[0]},
                      {s.plot_names[1], &plots.iterations, plots.max_iterations, s.plot_captions[1]},
                      {s.plot_names[2], &plots.contacts, plots.max_contacts, s.plot_captions[2]},
                      {s.plot_names[3], &plots.penetration, plots.max_penetration, s.plot_captions[3]}};
  for (std::size_t i = 0; i < std::size(rows); ++i) {
    const Row& r = rows[i];
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, r.fmt, static_cast<double>(r.max));
    ImGui::PushID(static_cast<int>(i));
    ImGui::PlotLines("##plot", r.v->data(), static_cast<int>(r.v->size()), 0, overlay, 0.0f, r.max * 1.05f,
                     ImVec2(plot_w, kPlotHeight));
    const ImVec2 rmin = ImGui::GetItemRectMin(), rmax = ImGui::GetItemRectMax();
    if (i == 0) top_left = rmin;
    bottom_right = rmax;
    // Click or drag on a plot scrubs to that frame; shift-drag selects a range; the wheel zooms.
    if (count > 0 && ImGui::IsItemHovered()) {
      const ImGuiIO& io = ImGui::GetIO();
      const float u = std::clamp((io.MousePos.x - rmin.x) / std::max(rmax.x - rmin.x, 1.0f), 0.0f, 1.0f);
      const int f = std::clamp(lo + static_cast<int>(u * static_cast<float>(span)), 0, count - 1);
      if (io.KeyShift && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) pb.range_a = pb.range_b = f;
      else if (io.KeyShift && ImGui::IsMouseDown(ImGuiMouseButton_Left) && pb.range_a >= 0) pb.range_b = f;
      else if (ImGui::IsMouseDown(ImGuiMouseButton_Left) && f != pb.frame) command.seek = f;
      if (io.MouseWheel != 0.0f) {
        const int new_span = std::clamp(static_cast<int>(static_cast<float>(span) * std::pow(0.8f, io.MouseWheel)), 10, count);
        if (new_span >= count) {
          pb.view_lo = 0;
          pb.view_hi = -1;
        } else {
          pb.view_lo = std::clamp(f - static_cast<int>(u * static_cast<float>(new_span)), 0, count - new_span);
          pb.view_hi = pb.view_lo + new_span - 1;
        }
      }
    }
    ImGui::PopID();
    ImGui::SameLine();
    ImGui::TextUnformatted(r.name);
  }

  // Event markers and the cursor over the plots: one tick per pixel column, anomalies win.
  if (count > 0) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float x0 = top_left.x, x1 = bottom_right.x;
    auto x_of = [&](int f) { return x0 + (static_cast<float>(f - lo) + 0.5f) / static_cast<float>(span) * (x1 - x0); };
    auto visible = [&](int f) { return f >= lo && f <= hi; };
    if (pb.range_a >= 0) {  // the selected range, under the markers
      const int a = std::min(pb.range_a, pb.range_b), b = std::max(pb.range_a, pb.range_b);
      const float xa = std::max(x_of(a) - 0.5f * (x1 - x0) / static_cast<float>(span), x0);
      const float xb = std::min(x_of(b) + 0.5f * (x1 - x0) / static_cast<float>(span), x1);
      if (xb > xa) dl->AddRectFilled(ImVec2(xa, top_left.y), ImVec2(xb, bottom_right.y), IM_COL32(255, 255, 255, 40));
    }
    int last_column = -1;
    bool last_anomaly = false;
    for (const Event& e : s.timeline->events) {
      if (e.kind == EventKind::kContactEnd || !visible(e.frame)) continue;  // every begin has an end: readable
      const float x = x_of(e.frame);
      const int column = static_cast<int>(x);
      const bool anomaly = is_anomaly(e.kind);
      if (column == last_column && (last_anomaly || !anomaly)) continue;
      last_column = column;
      last_anomaly = anomaly;
      dl->AddLine(ImVec2(x, top_left.y), ImVec2(x, top_left.y + 7.0f), to_imgui(event_colour(e.kind)), 2.0f);
      dl->AddLine(ImVec2(x, bottom_right.y - 7.0f), ImVec2(x, bottom_right.y), to_imgui(event_colour(e.kind)), 2.0f);
    }
    if (pb.frame >= 0 && visible(pb.frame)) {
      const float x = x_of(pb.frame);
      dl->AddLine(ImVec2(x, top_left.y), ImVec2(x, bottom_right.y), IM_COL32(255, 255, 255, 220), 1.5f);
    }
  }

  // Range: loop it, export it as a session, clear it; the zoom's extent.
  if (pb.range_a >= 0) {
    const int a = std::min(pb.range_a, pb.range_b), b = std::max(pb.range_a, pb.range_b);
    ImGui::Text("range %d..%d", a, b);
    ImGui::SameLine();
    ImGui::Checkbox("loop", &pb.loop);
    ImGui::SameLine();
    if (s.export_range && ImGui::SmallButton("export range")) command.export_range = true;
    if (s.export_range) ImGui::SameLine();
    if (ImGui::SmallButton("clear range")) {
      pb.range_a = pb.range_b = -1;
      pb.loop = false;
    }
    ImGui::SameLine();
  } else {
    ImGui::TextDisabled("shift-drag on the plots: select a range");
    ImGui::SameLine();
  }
  if (pb.view_hi >= 0) {
    ImGui::Text("  zoom %d..%d", lo, hi);
    ImGui::SameLine();
    if (ImGui::SmallButton("whole")) pb.view_hi = -1;
  } else {
    ImGui::TextDisabled("  wheel on the plots: zoom");
  }
  ImGui::SameLine();  // the "pause on event" node shares the row (the window's height is fixed)

  // Pause on event, one checkbox per kind, with the marker colour.
  if (ImGui::TreeNode("pause on event")) {
    if (ImGui::BeginTable("pause_on", 5)) {
      for (std::size_t k = 0; k < kEventKinds; ++k) {
        ImGui::TableNextColumn();
        const auto kind = static_cast<EventKind>(k);
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(to_imgui(event_colour(kind))));
        ImGui::Checkbox(to_string(kind), &pb.pause_on[k]);
        note_cell_fit(to_string(kind));
        ImGui::PopStyleColor();
      }
      ImGui::EndTable();
    }
    ImGui::TreePop();
  }
  ImGui::End();
}

}  // namespace debugger::live
