// Frame control over the recording (see frame_control.hpp).
#include "live/frame_control.hpp"

#include <algorithm>
#include <cmath>
#include <chrono>

#include <glm/geometric.hpp>

#include "debugger/view.hpp"

namespace debugger::live {
namespace {

void append_frame(LiveState& s, int frame, const collision::CharacterState& before,
                  const collision::CharacterState& after, const FrameInput& input,
                  const collision::Trace& trace, std::vector<Event>* events_out) {
  std::vector<Event> events = s.detector->detect(frame, before, after, input, trace);
  Timeline& t = s.timeline;
  int hits = 0;
  for (const collision::SlideIteration& it : trace.iterations) hits += it.hit ? 1 : 0;
  t.speed.push_back(glm::length(after.velocity));
  t.iterations.push_back(static_cast<float>(trace.iterations.size()));
  t.contacts.push_back(static_cast<float>(hits));
  t.penetration.push_back(trace.depenetration.happened ? trace.depenetration.depth : 0.0f);
  t.events.insert(t.events.end(), events.begin(), events.end());
  if (events_out) *events_out = std::move(events);
}

void new_detector(LiveState& s) {
  const SessionConfig& c = s.session->config();
  s.detector = std::make_unique<EventDetector>(*s.scene.world, c.body, c.params, c.dt, /*find_anomalies=*/true);
}

void forget_derived(LiveState& s) {
  ++s.recording_id;
  s.selection = {};
  s.comparison.frame = -2;
  s.view.frame = -2;
}

/// Pauses when one of the shown frame's events is marked "pause on event"; true if it did.
bool pause_if_marked(LiveState& s) {
  for (const Event& e : s.view.events) {
    if (!s.playback.pause_on[static_cast<std::size_t>(e.kind)]) continue;
    s.playback.paused = true;
    s.playback.accumulator = 0.0;
    s.playback.paused_by = "paused on " + std::string(to_string(e.kind)) + " at frame " + std::to_string(e.frame);
    return true;
  }
  return false;
}

}  // namespace

void shelve_branch(LiveState& s) {
  if (s.session->frame_count() == 0) return;  // nothing recorded: nothing to keep
  Branch b;
  b.session = std::make_unique<Session>(*s.session);
  b.timeline = s.timeline;
  b.label = s.branch_label;
  s.shelved.push_back(std::move(b));
}

namespace {

// "#3 what": the next branch number and what made the branch.
std::string branch_name(LiveState& s, const std::string& what) {
  std::string name = "#";
  name += std::to_string(++s.branches_made);
  name += ' ';
  name += what;
  return name;
}

// Drops the frames after frame `f` (-1: all) from the session and the timeline.
void cut_after(LiveState& s, int f) {
  s.session->truncate(f + 1);
  const auto keep = static_cast<std::size_t>(f + 1);
  Timeline& t = s.timeline;
  t.speed.resize(keep);
  t.iterations.resize(keep);
  t.contacts.resize(keep);
  t.penetration.resize(keep);
  t.events.erase(std::find_if(t.events.begin(), t.events.end(), [f](const Event& e) { return e.frame > f; }),
                 t.events.end());
}

// The detector remembers a few frames (contact, ground, the last moves): replay the last ones
// into a new one so the next frame's events are the ones a straight recording would have.
void resync_detector(LiveState& s) {
  new_detector(s);
  const int n = s.session->frame_count();
  collision::Trace trace;
  for (int g = std::max(0, n - 8); g < n; ++g) {
    const collision::CharacterState before = s.session->state_at(g);
    const collision::CharacterState after = s.session->retrace(g, trace);
    (void)s.detector->detect(g, before, after, s.session->input(g), trace);
  }
}

}  // namespace

bool at_end(const LiveState& s) { return s.playback.frame >= s.session->frame_count() - 1; }

void start_recording(LiveState& s, const SessionConfig& config) {
  s.session = std::make_unique<Session>(*s.scene.world, config, s.scene.movers);
  new_detector(s);
  s.timeline = {};
  forget_derived(s);
  s.playback.frame = -1;
  s.playback.accumulator = 0.0;
  show_frame(s, -1);
}

void restart_with(LiveState& s, const collision::Body& body, collision::Method method) {
  const int f = s.playback.frame;
  shelve_branch(s);
  cut_after(s, f);
  collision::CharacterParams params = s.base_params;
  params.move.method = method;
  s.session->fork(body, params);
  resync_detector(s);
  s.branch_label = branch_name(s, std::string(collision::to_string(method)) + ", " + body_label(body) +
                                       " from frame " + std::to_string(f + 1));
  s.tour_active = false;
  forget_derived(s);
  show_frame(s, f);
}

void switch_branch(LiveState& s, std::size_t index) {
  if (index >= s.shelved.size()) return;
  const int f = s.playback.frame;
  Branch& b = s.shelved[index];
  std::swap(s.session, b.session);
  std::swap(s.timeline, b.timeline);
  std::swap(s.branch_label, b.label);
  resync_detector(s);
  s.tour_active = false;
  s.branch_comparison.branch = -1;
  const Selection keep_selection = s.selection;
  forget_derived(s);
  s.selection = keep_selection;
  show_frame(s, f);
}

void load_recording(LiveState& s, const SessionRecording& recording) {
  s.session = std::make_unique<Session>(*s.scene.world, recording.config, s.scene.movers);
  new_detector(s);
  s.timeline = {};
  collision::Trace trace;
  ForkCursor forks;
  for (std::size_t f = 0; f < recording.inputs.size(); ++f) {
    const std::size_t segments = s.session->segments().size();
    fork_if_due(*s.session, recording, forks);
    if (s.session->segments().size() != segments) new_detector(s);  // the new segment's body
    const collision::CharacterState before = s.session->last_state();
    const collision::CharacterState after = s.session->push(recording.inputs[f], &trace);
    append_frame(s, static_cast<int>(f), before, after, recording.inputs[f], trace, nullptr);
  }
  fork_if_due(*s.session, recording, forks);
  forget_derived(s);
  s.tour_active = false;
  s.yaw = recording.config.start_yaw;
  s.playback.paused = true;
  s.playback.paused_by.clear();
  s.playback.frame = -2;
  show_frame(s, recording.inputs.empty() ? -1 : 0);
}

void branch_here(LiveState& s) {
  const int f = s.playback.frame;
  if (f >= s.session->frame_count() - 1) return;
  shelve_branch(s);
  cut_after(s, f);
  resync_detector(s);
  s.branch_label = branch_name(s, "branched at frame " + std::to_string(f));
  s.tour_active = false;
  const Selection keep_selection = s.selection;
  forget_derived(s);
  s.selection = keep_selection;
  show_frame(s, f);
}

bool record_frame(LiveState& s, const FrameInput& input) {
  const int f = s.session->frame_count();
  ViewFrame& v = s.view;
  v.before = s.session->last_state();
  const auto t0 = std::chrono::steady_clock::now();
  v.after = s.session->push(input, &v.trace);
  s.step_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  v.movers = s.session->last_movers();  // the moving parts after the new frame, as show_frame has them
  s.unsaved = true;
  append_frame(s, f, v.before, v.after, input, v.trace, &v.events);
  v.frame = f;
  v.recording = s.recording_id;
  s.playback.frame = f;
  s.selection.iteration = -1;
  return pause_if_marked(s);
}

void show_frame(LiveState& s, int frame) {
  frame = std::clamp(frame, -1, s.session->frame_count() - 1);
  s.playback.frame = frame;
  ViewFrame& v = s.view;
  if (v.frame == frame && v.recording == s.recording_id) return;
  v.frame = frame;
  v.recording = s.recording_id;
  v.events.clear();
  v.movers = s.session->movers_at(frame + 1);
  if (frame < 0) {
    v.trace.clear();
    v.before = v.after = s.session->state_at(0);
    return;
  }
  const auto t0 = std::chrono::steady_clock::now();
  v.before = s.session->state_at(frame);
  v.after = s.session->retrace(frame, v.trace);
  s.retrace_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  const auto [lo, hi] = std::equal_range(s.timeline.events.begin(), s.timeline.events.end(), Event{EventKind::kCount, frame, {}},
                                         [](const Event& a, const Event& b) { return a.frame < b.frame; });
  v.events.assign(lo, hi);
  if (s.selection.iteration >= static_cast<int>(v.trace.iterations.size())) s.selection.iteration = -1;
}

void step_frames(LiveState& s, int delta, const InputSource& input) {
  if (delta < 0) {
    show_frame(s, std::max(-1, s.playback.frame + delta));
    return;
  }
  for (int i = 0; i < delta; ++i) {
    if (at_end(s)) record_frame(s, input(s.session->frame_count()));
    else show_frame(s, s.playback.frame + 1);
  }
}

void advance(LiveState& s, double seconds, const InputSource& input) {
  Playback& p = s.playback;
  if (p.paused) return;
  const double dt = s.session->config().dt;
  p.accumulator += seconds * p.speed;
  // A window drawing 5 frames a second (lavapipe at 1280 x 720 on a busy machine) still plays
  // 60 recorded frames a second: it catches up to a quarter second of playback a window frame
  // (the window's dt is clamped there too); beyond it, a slow machine drops frame time rather
  // than falling ever further behind.
  const int catch_up = std::max(1, static_cast<int>(std::ceil(0.25 / dt)));
  for (int n = 0; p.accumulator >= dt; ++n) {
    if (n == catch_up) {
      p.accumulator = 0.0;
      break;
    }
    p.accumulator -= dt;
    if (at_end(s)) {
      if (record_frame(s, input(s.session->frame_count()))) return;
    } else {
      show_frame(s, p.frame + 1);
      if (pause_if_marked(s)) return;
    }
  }
}

void apply_command(LiveState& s, const FrameCommand& c, const InputSource& input) {
  Playback& p = s.playback;
  if (c.speed) p.speed = *c.speed;
  if (c.toggle_pause) {
    p.paused = !p.paused;
    p.accumulator = 0.0;
    p.paused_by.clear();
    p.idle_paused = false;
  }
  if (c.branch) branch_here(s);
  if (c.switch_branch) switch_branch(s, *c.switch_branch);
  const bool moves = c.step != 0 || c.seek || c.event_jump != 0 || c.anomaly_jump != 0;
  if (moves) {
    p.paused = true;
    p.accumulator = 0.0;
    p.paused_by.clear();
  }
  if (c.step != 0) step_frames(s, c.step, input);
  if (c.seek) show_frame(s, *c.seek);
  if (c.event_jump != 0)
    if (const std::optional<int> f = neighbour_event(s.timeline, p.frame, c.event_jump)) show_frame(s, *f);
  if (c.anomaly_jump != 0)
    if (const std::optional<int> f = neighbour_event(s.timeline, p.frame, c.anomaly_jump, true)) show_frame(s, *f);
}

std::optional<int> neighbour_event(const Timeline& timeline, int frame, int direction, bool anomalies_only) {
  const std::vector<Event>& ev = timeline.events;
  const auto wanted = [&](const Event& e) { return !anomalies_only || is_anomaly(e.kind); };
  if (direction < 0) {
    auto it = std::lower_bound(ev.begin(), ev.end(), frame, [](const Event& e, int f) { return e.frame < f; });
    while (it != ev.begin()) {
      --it;
      if (wanted(*it)) return it->frame;
    }
    return std::nullopt;
  }
  for (auto it = std::upper_bound(ev.begin(), ev.end(), frame, [](int f, const Event& e) { return f < e.frame; });
       it != ev.end(); ++it)
    if (wanted(*it)) return it->frame;
  return std::nullopt;
}

FrameCommand frame_keys(const InputFrame& in) {
  FrameCommand c;
  c.toggle_pause = in.times_pressed(Key::kP) % 2 == 1;
  // Every press counts (ten quick taps: ten steps).
  c.step += in.times_pressed(Key::kPeriod) + in.times_pressed(Key::kRight);
  c.step -= in.times_pressed(Key::kComma) + in.times_pressed(Key::kLeft);
  c.step += 10 * (in.times_pressed(Key::kPageDown) - in.times_pressed(Key::kPageUp));
  if (in.was_pressed(Key::kHome)) c.event_jump = -1;
  if (in.was_pressed(Key::kEnd)) c.event_jump = 1;
  if (in.was_pressed(Key::kN)) c.anomaly_jump = in.is_held(Key::kShift) ? -1 : 1;
  c.branch = in.was_pressed(Key::kB);
  c.seek = in.seek;
  return c;
}

void merge(FrameCommand& into, const FrameCommand& from) {
  into.toggle_pause = into.toggle_pause != from.toggle_pause;
  into.step += from.step;
  if (from.seek) into.seek = from.seek;
  if (from.event_jump) into.event_jump = from.event_jump;
  if (from.anomaly_jump) into.anomaly_jump = from.anomaly_jump;
  into.branch = into.branch || from.branch;
  if (from.speed) into.speed = from.speed;
  if (from.switch_branch) into.switch_branch = from.switch_branch;
  into.export_range = into.export_range || from.export_range;
}

}  // namespace debugger::live
