// The query browser's rows (call_table.hpp).
#include "debugger/call_table.hpp"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <sstream>

#include "debugger/body_label.hpp"

namespace debugger {

// Named, not anonymous: the sanitizer build compiles several files of the library in one unit.
namespace call_table_parts {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool matches_text(const CallRow& r, const std::string& text) {
  const std::string haystack =
      lower(std::string(collision::to_string(r.kind)) + ' ' + r.label + ' ' + r.body + ' ' + r.result + ' ' + r.difference);
  std::istringstream words(lower(text));
  for (std::string w; words >> w;) {
    const bool number = std::all_of(w.begin(), w.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    if (number && (w == std::to_string(r.call) || w == std::to_string(r.triangle))) continue;
    if (haystack.find(w) == std::string::npos) return false;
  }
  return true;
}

// Strict weak order of two rows by one column (hit: misses, hits, then none; toi: none last).
int compare(const CallRow& a, const CallRow& b, CallColumn c) {
  const auto cmp = [](const auto& x, const auto& y) { return x < y ? -1 : y < x ? 1 : 0; };
  switch (c) {
    case CallColumn::kCall: return cmp(a.call, b.call);
    case CallColumn::kKind: return cmp(std::string(collision::to_string(a.kind)), std::string(collision::to_string(b.kind)));
    case CallColumn::kLabel: return cmp(a.label, b.label);
    case CallColumn::kThread: return cmp(a.thread, b.thread);
    case CallColumn::kBody: return cmp(a.body, b.body);
    case CallColumn::kHit: return cmp(a.hit ? (*a.hit ? 1 : 0) : 2, b.hit ? (*b.hit ? 1 : 0) : 2);
    case CallColumn::kToi: return cmp(a.toi < 0.0f ? 2.0f : a.toi, b.toi < 0.0f ? 2.0f : b.toi);
    case CallColumn::kTriangle: return cmp(a.triangle, b.triangle);
    case CallColumn::kRerun: return cmp(a.difference.empty(), b.difference.empty());
    case CallColumn::kCount: break;
  }
  return 0;
}

}  // namespace call_table_parts

const char* to_string(CallColumn column) {
  static constexpr const char* kNames[] = {"#", "kind", "label", "thread", "body", "hit", "toi", "triangle", "re-run"};
  const auto i = static_cast<std::size_t>(column);
  return i < std::size(kNames) ? kNames[i] : "?";
}

std::vector<CallRow> call_rows(const GameRecording& recording, const ReviewedFrame& frame) {
  const collision::RecordedFrame& f = recording.frame(frame.index);
  std::vector<CallRow> rows;
  rows.reserve(f.calls.size());
  for (std::size_t i = 0; i < f.calls.size(); ++i) {
    const collision::RecordedCall& call = f.calls[i];
    CallRow r;
    r.call = i;
    r.kind = call.kind;
    r.label = recording.label(call);
    r.thread = call.thread;
    r.result = collision::recorded_result_text(call);
    if (i < frame.differences.size()) r.difference = frame.differences[i];
    if (const std::optional<collision::RecordedQuery> q = collision::recorded_query(call)) {
      if (q->kind == collision::CallKind::kRaycast) {
        r.body = "ray";
        r.hit = q->ray.hit;
        if (q->ray.hit) {
          r.toi = q->ray.t;
          r.triangle = q->ray.triangle;
        }
      } else {
        r.body = body_label(q->body);
        r.hit = q->sweep.hit;
        if (q->sweep.hit) {
          r.toi = q->sweep.toi;
          r.triangle = q->sweep.triangle;
        }
      }
    } else {
      const std::vector<collision::RecordedStep> steps = recording.file().steps(call);
      if (steps.size() == 1) {  // a batch lists its characters in the frame panel, not here
        r.body = body_label(steps[0].body);
        r.hit = steps[0].after.ground == collision::GroundState::kOnGround;
        r.triangle = steps[0].after.ground_triangle;
      }
    }
    rows.push_back(std::move(r));
  }
  return rows;
}

std::vector<std::size_t> shown_rows(const std::vector<CallRow>& rows, const CallFilter& filter) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const CallRow& r = rows[i];
    if (filter.kind && r.kind != *filter.kind) continue;
    if (!filter.label.empty() && r.label != filter.label) continue;
    if (filter.hit == CallFilter::Hit::kHit && !(r.hit && *r.hit)) continue;
    if (filter.hit == CallFilter::Hit::kMiss && !(r.hit && !*r.hit)) continue;
    if (filter.differing_only && r.difference.empty()) continue;
    if (!filter.text.empty() && !call_table_parts::matches_text(r, filter.text)) continue;
    out.push_back(i);
  }
  std::stable_sort(out.begin(), out.end(), [&](std::size_t a, std::size_t b) {
    const int c = call_table_parts::compare(rows[a], rows[b], filter.sort);
    return filter.descending ? c > 0 : c < 0;
  });
  return out;
}

}  // namespace debugger
