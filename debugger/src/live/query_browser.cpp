// The query browser (query_browser.hpp), ImGui 1.86 tables.
#include "live/query_browser.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <set>
#include <sstream>

#include <imgui.h>

#include "debugger/palette.hpp"
#include "debugger/view.hpp"
#include "live/layout.hpp"

namespace debugger::live {

void QueryBrowser::set_text(const std::string& t) {
  std::snprintf(text.data(), text.size(), "%s", t.c_str());
  filter.text = text.data();
  ++version;
}

namespace {

constexpr CallColumn kColumns[] = {CallColumn::kCall, CallColumn::kKind,     CallColumn::kLabel,
                                   CallColumn::kThread, CallColumn::kBody,   CallColumn::kHit,
                                   CallColumn::kToi,  CallColumn::kTriangle, CallColumn::kRerun};

std::string hit_text(const CallRow& r) {
  if (!r.hit) return "";
  if (r.kind == collision::CallKind::kStepCharacter || r.kind == collision::CallKind::kRefreshContacts)
    return *r.hit ? "ground" : "air";
  return *r.hit ? "hit" : "miss";
}

// A combo over `names` (index 0: "any"); returns true when the choice changed.
bool choice(const char* id, const std::vector<std::string>& names, std::size_t& chosen, float width) {
  ImGui::SetNextItemWidth(width);
  note_combo_fit(id, names[chosen].c_str());
  bool changed = false;
  if (ImGui::BeginCombo(id, names[chosen].c_str())) {
    for (std::size_t i = 0; i < names.size(); ++i)
      if (ImGui::Selectable(names[i].c_str(), i == chosen)) {
        changed = i != chosen;
        chosen = i;
      }
    ImGui::EndCombo();
  }
  return changed;
}

void draw_filters(const std::vector<CallRow>& rows, QueryBrowser& b) {
  std::vector<std::string> kinds = {"any kind"}, labels = {"any label"};
  std::set<std::string> kind_set, label_set;
  for (const CallRow& r : rows) {
    kind_set.insert(collision::to_string(r.kind));
    label_set.insert(r.label.empty() ? "(none)" : r.label);
  }
  kinds.insert(kinds.end(), kind_set.begin(), kind_set.end());
  labels.insert(labels.end(), label_set.begin(), label_set.end());
  std::size_t kind = 0, label = 0;
  for (std::size_t i = 1; i < kinds.size(); ++i)
    if (b.filter.kind && kinds[i] == collision::to_string(*b.filter.kind)) kind = i;
  for (std::size_t i = 1; i < labels.size(); ++i)
    if (!b.filter.label.empty() && labels[i] == b.filter.label) label = i;
  // Two to a row, sharing the panel's width (the narrowest side panel is 350 px).
  const float half = std::max((ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f, 60.0f);
  if (choice("##kind", kinds, kind, half)) {
    b.filter.kind.reset();
    for (int k = 0; k <= static_cast<int>(collision::CallKind::kStepCharacters); ++k)
      if (kind > 0 && kinds[kind] == collision::to_string(static_cast<collision::CallKind>(k)))
        b.filter.kind = static_cast<collision::CallKind>(k);
    ++b.version;
  }
  ImGui::SameLine();
  if (choice("##label", labels, label, half)) {
    b.filter.label = label == 0 ? "" : labels[label] == "(none)" ? "" : labels[label];
    ++b.version;
  }
  std::size_t hit = static_cast<std::size_t>(b.filter.hit);
  if (choice("##hit", {"hit or miss", "hits", "misses"}, hit, half)) {
    b.filter.hit = static_cast<CallFilter::Hit>(hit);
    ++b.version;
  }
  ImGui::SameLine();
  if (ImGui::Checkbox("re-run differs", &b.filter.differing_only)) ++b.version;
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::InputTextWithHint("##search", "search: words, a call or triangle number", b.text.data(), b.text.size())) {
    b.filter.text = b.text.data();
    ++b.version;
  }
}

void draw_details(const GameRecording& rec, const ReviewedFrame& frame, const CallRow& r) {
  const collision::RecordedCall& call = rec.frame(frame.index).calls.at(r.call);
  ImGui::TextWrapped("call %zu: %s \"%s\", thread %u", r.call, collision::to_string(r.kind), r.label.c_str(), r.thread);
  if (!r.body.empty()) ImGui::Text("body %s", r.body.c_str());
  if (const std::optional<collision::RecordedQuery> q = collision::recorded_query(call)) {
    ImGui::Text("from %.4g %.4g %.4g", q->start.x, q->start.y, q->start.z);
    ImGui::Text("by %.4g %.4g %.4g", q->delta.x, q->delta.y, q->delta.z);
    const bool ray = q->kind == collision::CallKind::kRaycast;
    if (ray ? q->ray.hit : q->sweep.hit) {
      const glm::vec3 n = ray ? q->ray.normal : q->sweep.normal;
      ImGui::Text("normal %.3f %.3f %.3f%s", n.x, n.y, n.z, !ray && q->sweep.start_overlap ? "  (started in overlap)" : "");
    }
  }
  text_disabled_wrapped("recorded: " + r.result);
  if (!r.difference.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kAnomaly));
    ImGui::TextWrapped("re-run differs: %s", r.difference.c_str());
    ImGui::PopStyleColor();
  }
}

}  // namespace

void draw_query_browser(const GameRecording& rec, const ReviewedFrame& frame, const std::vector<CallRow>& rows,
                        QueryBrowser& b, std::optional<int> script_row) {
  draw_filters(rows, b);
  const std::vector<std::size_t> shown = shown_rows(rows, b.filter);
  if (script_row && *script_row >= 0 && static_cast<std::size_t>(*script_row) < shown.size()) {
    b.selected = rows[shown[static_cast<std::size_t>(*script_row)]].call;
    ++b.version;
  }
  ImGui::Text("%zu of %zu shown", shown.size(), rows.size());
  const float details_h = b.selected ? 8.5f * ImGui::GetTextLineHeightWithSpacing() : 0.0f;
  const ImVec2 size(0.0f, std::max(ImGui::GetContentRegionAvail().y - details_h, 7.0f * ImGui::GetTextLineHeightWithSpacing()));
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_ScrollX | ImGuiTableFlags_Sortable | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("calls", static_cast<int>(std::size(kColumns)), flags, size)) {
    ImGui::TableSetupScrollFreeze(1, 1);
    for (CallColumn c : kColumns)
      ImGui::TableSetupColumn(to_string(c), c == CallColumn::kCall ? ImGuiTableColumnFlags_DefaultSort : 0);
    ImGui::TableHeadersRow();
    if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs(); specs && specs->SpecsDirty) {
      if (specs->SpecsCount > 0) {
        b.filter.sort = kColumns[specs->Specs[0].ColumnIndex];
        b.filter.descending = specs->Specs[0].SortDirection == ImGuiSortDirection_Descending;
      }
      specs->SpecsDirty = false;
      ++b.version;
    }
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(shown.size()));
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        const CallRow& r = rows[shown[static_cast<std::size_t>(i)]];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        char id[32];
        std::snprintf(id, sizeof id, "%zu", r.call);
        if (ImGui::Selectable(id, b.selected == r.call, ImGuiSelectableFlags_SpanAllColumns)) {
          b.selected = r.call;
          ++b.version;
        }
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(collision::to_string(r.kind));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.label.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%u", r.thread);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.body.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(hit_text(r).c_str());
        ImGui::TableNextColumn();
        if (r.toi >= 0.0f) ImGui::Text("%.4f", r.toi);
        ImGui::TableNextColumn();
        if (r.triangle != collision::kNoTriangle) ImGui::Text("%u", r.triangle);
        ImGui::TableNextColumn();
        if (r.difference.empty()) {
          ImGui::TextUnformatted("same");
        } else {
          ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kAnomaly));
          ImGui::TextUnformatted("DIFFERS");
          ImGui::PopStyleColor();
        }
      }
    }
    ImGui::EndTable();
  }
  if (b.selected && *b.selected < rows.size()) draw_details(rec, frame, rows[*b.selected]);
}

std::string describe_browser(const std::vector<CallRow>& rows, const QueryBrowser& b) {
  std::ostringstream out;
  const std::vector<std::size_t> shown = shown_rows(rows, b.filter);
  out << "browser filter kind=" << (b.filter.kind ? collision::to_string(*b.filter.kind) : "any") << " label="
      << b.filter.label << " hit=" << static_cast<int>(b.filter.hit) << " text=" << b.filter.text << " sort="
      << to_string(b.filter.sort) << (b.filter.descending ? " descending" : "") << '\n';
  out << "rows " << shown.size() << " of " << rows.size() << '\n';
  for (std::size_t i = 0; i < shown.size() && i < 20; ++i) {
    const CallRow& r = rows[shown[i]];
    out << "row " << i << " call " << r.call << ' ' << collision::to_string(r.kind) << ' ' << r.result
        << (r.difference.empty() ? "" : " DIFFERS") << '\n';
  }
  if (b.selected && *b.selected < rows.size()) {
    const CallRow& r = rows[*b.selected];
    out << "selected call " << r.call << ' ' << collision::to_string(r.kind) << " \"" << r.label << "\" " << r.result << '\n';
  }
  return out.str();
}

}  // namespace debugger::live
