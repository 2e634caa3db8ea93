#pragma once
// Frame control: the recording grows at its end (new frames from live input or a walk), and
// the view moves over it (pause, step, step ten, scrub, play slower, jump to events, pause on
// event). Past frames are recomputed exactly from the session's keyframes (session.hpp).

#include <functional>
#include <optional>

#include "debugger/session_file.hpp"
#include "live/controls.hpp"
#include "live/live_state.hpp"

namespace debugger::live {

/// The input of new frame `frame` (live keys, or the walk script while it lasts).
using InputSource = std::function<FrameInput(int frame)>;

/// Starts a new, empty recording with `config` (the body stands at config.start).
void start_recording(LiveState& s, const SessionConfig& config);
/// Forks a new branch at the shown frame with another body and/or method: the frames up to
/// the shown one are kept (the same states), later ones run with the new body and method, and
/// the branch before the change is shelved whole (switch_branch).
void restart_with(LiveState& s, const collision::Body& body, collision::Method method);
/// Shows shelved branch `index` (the shown one is shelved in its place), at the same frame
/// number where it has one.
void switch_branch(LiveState& s, std::size_t index);
/// Replaces the recording by a loaded one (replayed with its events and timeline), shown paused
/// at its first frame.
void load_recording(LiveState& s, const SessionRecording& recording);
/// Keeps a copy of the shown branch among the shelved ones (nothing when it has no frames).
void shelve_branch(LiveState& s);
/// Drops the frames after the shown one, so new frames continue from it; the whole branch
/// before the cut is shelved.
void branch_here(LiveState& s);

/// Simulates one new frame at the end of the recording with `input`, shows it, and returns
/// true when one of its events has "pause on event" set (playback then pauses).
bool record_frame(LiveState& s, const FrameInput& input);
/// Shows frame `frame` (clamped to -1 .. frame_count - 1), recomputing its trace.
void show_frame(LiveState& s, int frame);
/// Moves the view by `delta` frames. Forward past the end simulates new frames with `input`.
void step_frames(LiveState& s, int delta, const InputSource& input);
/// Playback: owes `seconds` x speed of frames; replays recorded ones, then records new ones
/// from `input` (at most a few per call). Pauses on a "pause on event" kind.
void advance(LiveState& s, double seconds, const InputSource& input);
/// The frame of the nearest event (or, with `anomalies_only`, anomaly) before (direction -1) or
/// after (+1) `frame`, if any.
std::optional<int> neighbour_event(const Timeline& timeline, int frame, int direction, bool anomalies_only = false);

/// What the keys and the timeline ask of frame control in one window frame.
struct FrameCommand {
  bool toggle_pause = false;
  int step = 0;                ///< frames forward (+) or back (-)
  std::optional<int> seek;     ///< show this frame (timeline slider, click on a plot)
  int event_jump = 0;          ///< -1: previous event, +1: next event
  int anomaly_jump = 0;        ///< -1: previous anomaly, +1: next anomaly
  bool branch = false;         ///< drop the frames after the shown one
  std::optional<float> speed;  ///< playback speed
  std::optional<std::size_t> switch_branch;  ///< show this shelved branch
  bool export_range = false;                 ///< save the selected range as a session
};
/// The frame keys both windows (3D and 2D) share: P pauses, . , and the arrows step, PageDown
/// PageUp step ten, Home End jump to events, N Shift+N to anomalies, B branches; every press of
/// a quick series counts; a key script's seek.
FrameCommand frame_keys(const InputFrame& in);
/// Adds a panel's command (`from`) to the keys' (`into`).
void merge(FrameCommand& into, const FrameCommand& from);

/// Applies a command: stepping, seeking and event jumps pause playback.
void apply_command(LiveState& s, const FrameCommand& command, const InputSource& input);

/// True when the shown frame is the last recorded one (new frames come from input).
bool at_end(const LiveState& s);

}  // namespace debugger::live
