#pragma once
// Branches in the window: the shown recording and the shelved ones (forks by a method or body
// change, or B). Pick one to show (the timeline's branch combo), or compare the shown one with
// a shelved one frame by frame (its body at the same frame number, drawn beside, and the
// distance between the two).

#include <optional>
#include <string>

#include "debugger/overlay.hpp"
#include "debugger/palette.hpp"
#include "live/live_state.hpp"

namespace debugger::live {

/// The colour of the compared branch's body in the picture and the panel.
inline constexpr renderer::Colour kBranchColour = palette::kComparedBranch;

/// A combo of every branch (inside the current ImGui window); `switch_to` is set when the user
/// picks a shelved one.
void draw_branch_combo(const LiveState& s, std::optional<std::size_t>& switch_to);
/// "compare with branch" and the difference on the shown frame (inside the current window).
void draw_branch_comparison_section(LiveState& s);
/// The compared branch's body at the shown frame, when it has that frame.
void add_branch_overlay(const LiveState& s, OverlayFrame& overlay);
/// The compared branch's state after the shown frame (nothing when off or it has no such frame).
std::optional<collision::CharacterState> compared_branch_state(const LiveState& s);

/// Writes every branch (the shown one first): `branch LABEL` then `FRAME X Y Z` (the body centre
/// after each frame, %.9g: floats round-trip). The window tests' view of the history.
void dump_branches(const LiveState& s, const std::string& path);

/// Saves frames first..last of the shown branch as a session of their own (starting from the
/// state before `first`), with the forks inside the range.
/// Returns the status line. @throws SessionError or std::invalid_argument.
std::string save_range(const LiveState& s, int first, int last, const std::string& path);

/// Saves the shown branch to `path`, whole: from frame 0, a forked branch with its forks (each
/// segment's method and body), so it replays identically.
/// Returns the status line. @throws SessionError when the file cannot be written.
std::string save_branch(const LiveState& s, const std::string& path);

}  // namespace debugger::live
