#pragma once
// The query browser of a game recording's window (live_recording.cpp): every call of the shown
// frame in a table (call_table.hpp: kind, label, thread, body, hit, time of impact, triangle,
// whether its re-run matched), filtered by kind, label, hit or miss, "re-run differs" and a text
// search, sorted by a click on any column's header; the selected call's details below it (its
// recorded result, and both results when its re-run differs), and the call drawn in the view.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "debugger/call_table.hpp"
#include "debugger/game_recording.hpp"
#include "debugger/recording_review.hpp"

namespace debugger::live {

struct QueryBrowser {
  CallFilter filter;
  std::array<char, 128> text{};         ///< the search box
  std::optional<std::size_t> selected;  ///< the selected call (index into the frame's calls)
  std::uint64_t version = 0;            ///< changes with the filter or the selection (redraw)
  void set_text(const std::string& text);
};

/// Draws the browser inside the current ImGui window (the side panel "Calls", placed by the
/// caller) over `rows` of `frame`; `script_row`: a key script selects that row of the rows shown.
void draw_query_browser(const GameRecording& recording, const ReviewedFrame& frame, const std::vector<CallRow>& rows,
                        QueryBrowser& browser, std::optional<int> script_row);

/// What the browser shows, for the window tests' dumps: the filter, "rows N of M", each shown
/// row's call, kind and result (the first 20), and the selected call's.
std::string describe_browser(const std::vector<CallRow>& rows, const QueryBrowser& browser);

}  // namespace debugger::live
