#pragma once
/// @file call_table.hpp
/// The query browser's rows: every call of a game's recorded frame (game_recording.hpp) with
/// what the browser lists (kind, label, thread, body, hit or miss, time of impact, triangle, the
/// result in words, whether its re-run matched), filtered by kind, label, hit or miss and a text
/// search, and sorted by any column. The window draws them; tests read them.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "collision/recording_file.hpp"
#include "debugger/game_recording.hpp"
#include "debugger/recording_review.hpp"

namespace debugger {

struct CallRow {
  std::size_t call = 0;  ///< index into the frame's calls
  collision::CallKind kind = collision::CallKind::kRaycast;
  std::string label;
  std::uint32_t thread = 0;
  std::string body;      ///< "ray", "sphere r 8", "capsule r 15 half 13", ... ("" for overlaps and batches)
  /// Rays and sweeps: hit or not; character steps: on the ground; others: none.
  std::optional<bool> hit;
  float toi = -1.0f;     ///< a ray's t or a sweep's time of impact; < 0: none
  std::uint32_t triangle = collision::kNoTriangle;  ///< the hit triangle, or a step's ground triangle
  std::string result;    ///< collision::recorded_result_text
  std::string difference;  ///< "" when the re-run matched
};

/// The rows of `frame` (its calls in order), the difference from the review.
std::vector<CallRow> call_rows(const GameRecording& recording, const ReviewedFrame& frame);

enum class CallColumn : std::uint8_t { kCall, kKind, kLabel, kThread, kBody, kHit, kToi, kTriangle, kRerun, kCount };
const char* to_string(CallColumn column);

struct CallFilter {
  std::optional<collision::CallKind> kind;  ///< only this kind
  std::string label;                        ///< only this label (exactly); "" any
  enum class Hit : std::uint8_t { kAny, kHit, kMiss } hit = Hit::kAny;
  bool differing_only = false;              ///< only calls whose re-run differs
  /// Case-insensitive words, all of which must appear in the row's kind, label, body or result
  /// (or equal its call index or triangle number).
  std::string text;
  CallColumn sort = CallColumn::kCall;
  bool descending = false;
};

/// The indices into `rows` that pass `filter`, in its order (ties keep call order).
std::vector<std::size_t> shown_rows(const std::vector<CallRow>& rows, const CallFilter& filter);

}  // namespace debugger
