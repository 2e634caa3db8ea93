// The frame history: inputs every frame, body states at keyframes (and, where the level has
// moving parts, theirs beside them), and the segments a fork starts (another body or method from
// a frame on).
#include "debugger/session.hpp"

#include <algorithm>

namespace debugger {

Session::Session(const collision::World& world, const SessionConfig& config) : Session(world, config, nullptr) {}

Session::Session(const collision::World& world, const SessionConfig& config, std::shared_ptr<const SessionMovers> movers)
    : world_(&world), config_(config), movers_(std::move(movers)) {
  config_.params = config_.params.resolved(config_.body);
  collision::CharacterState start = config_.start_state;
  start.position = config_.start;
  if (movers_) mover_last_ = movers_->start();
  // The contacts and ground state are a function of the position: a body placed at rest starts
  // on the ground, and a recording restarted mid-walk gets back the contacts it had there.
  last_ = refreshed(start, mover_last_ ? &*mover_last_ : nullptr, config_.body, config_.params);
  keyframes_.push_back(last_);
  if (movers_) mover_keyframes_.push_back(*mover_last_);
  segments_.push_back({0, config_.body, config_.params});
}

const SessionSegment& Session::segment_at(int frame) const {
  // The last segment starting at or before `frame`.
  auto it = std::upper_bound(segments_.begin(), segments_.end(), frame,
                             [](int f, const SessionSegment& s) { return f < s.first_frame; });
  return it == segments_.begin() ? segments_.front() : *(it - 1);
}

collision::CharacterState Session::refreshed(const collision::CharacterState& s, const MoverFrame* m,
                                             const collision::Body& body, const collision::CharacterParams& p) const {
  if (movers_ && m) return movers_->refresh(s, *m, body, p);
  return collision::refresh_contacts(*world_, body, s, p);
}

collision::CharacterState Session::step(const collision::CharacterState& s, const FrameInput& in,
                                        const collision::Body& body, const collision::CharacterParams& p,
                                        collision::Trace* t, MoverFrame* m) const {
  const collision::CharacterInput input = collision::walk_input(in.character, p, body);
  if (movers_ && m) return movers_->step(s, *m, input, config_.dt, body, p, t);
  return collision::step_character(*world_, body, s, input, config_.dt, p, t);
}

collision::CharacterState Session::entering(int frame, const collision::CharacterState& s, const MoverFrame* m) const {
  if (frame == 0 || segments_.size() == 1) return s;
  const SessionSegment& seg = segment_at(frame);
  if (seg.first_frame != frame) return s;
  return refreshed(s, m, seg.body, seg.params);
}

const collision::CharacterState& Session::push(const FrameInput& input, collision::Trace* trace) {
  const int f = frame_count();
  const SessionSegment& seg = segments_.back();
  MoverFrame* m = mover_last_ ? &*mover_last_ : nullptr;
  last_ = step(entering(f, last_, m), input, seg.body, seg.params, trace, m);
  inputs_.push_back(input);
  if (inputs_.size() % kKeyframeInterval == 0) {
    keyframes_.push_back(last_);
    if (m) mover_keyframes_.push_back(*m);
  }
  return last_;
}

collision::CharacterState Session::raw_state_at(int frames, std::optional<MoverFrame>* m_out) const {
  if (frames < 0 || frames > frame_count()) frames = frames < 0 ? 0 : frame_count();
  if (frames == frame_count()) {
    if (m_out) *m_out = mover_last_;
    return last_;
  }
  const int k = frames / kKeyframeInterval;
  collision::CharacterState s = keyframes_[static_cast<std::size_t>(k)];
  std::optional<MoverFrame> m;
  if (movers_) m = mover_keyframes_[static_cast<std::size_t>(k)];
  for (int f = k * kKeyframeInterval; f < frames; ++f) {
    const SessionSegment& seg = segment_at(f);
    MoverFrame* mp = m ? &*m : nullptr;
    s = step(entering(f, s, mp), inputs_[static_cast<std::size_t>(f)], seg.body, seg.params, nullptr, mp);
  }
  if (m_out) *m_out = std::move(m);
  return s;
}

collision::CharacterState Session::state_at(int frames) const {
  frames = std::clamp(frames, 0, frame_count());
  std::optional<MoverFrame> m;
  const collision::CharacterState s = raw_state_at(frames, &m);
  return entering(frames, s, m ? &*m : nullptr);
}

std::optional<MoverFrame> Session::movers_at(int frames) const {
  if (!movers_) return std::nullopt;
  std::optional<MoverFrame> m;
  raw_state_at(std::clamp(frames, 0, frame_count()), &m);
  return m;
}

collision::CharacterState Session::retrace(int frame, collision::Trace& trace) const {
  return retrace(frame, segment_at(frame).params.move.method, trace);
}

collision::CharacterState Session::retrace(int frame, collision::Method method,
                                           collision::Trace& trace) const {
  const SessionSegment& seg = segment_at(frame);
  collision::CharacterParams p = seg.params;
  p.move.method = method;
  frame = std::clamp(frame, 0, frame_count());
  std::optional<MoverFrame> m;
  const collision::CharacterState s = raw_state_at(frame, &m);
  MoverFrame* mp = m ? &*m : nullptr;
  return step(entering(frame, s, mp), input(frame), seg.body, p, &trace, mp);
}

void Session::truncate(int frames) {
  if (frames < 0 || frames >= frame_count()) return;
  last_ = raw_state_at(frames, &mover_last_);
  inputs_.resize(static_cast<std::size_t>(frames));
  const std::size_t keep = static_cast<std::size_t>(frames / kKeyframeInterval + 1);
  keyframes_.resize(keep);
  if (movers_) mover_keyframes_.erase(mover_keyframes_.begin() + static_cast<std::ptrdiff_t>(keep), mover_keyframes_.end());
  // Segments that start after the new end have no frames left; one starting right at it stays
  // (the frames recorded next run in it).
  while (segments_.size() > 1 && segments_.back().first_frame > frames) segments_.pop_back();
  config_.body = segments_.back().body;
  config_.params = segments_.back().params;
}

void Session::fork(const collision::Body& body, const collision::CharacterParams& params) {
  collision::CharacterParams p = params;
  p.up = config_.params.up;
  p = p.resolved(body);
  if (segments_.back().first_frame == frame_count() && segments_.size() > 1) segments_.pop_back();
  if (segments_.back().first_frame == frame_count()) {
    // No frame ran in the last segment yet (a fork at frame 0): it is replaced, and the start
    // state takes the new body's contacts as a new Session would.
    segments_.back() = {frame_count(), body, p};
    if (frame_count() == 0) {
      last_ = refreshed(last_, mover_last_ ? &*mover_last_ : nullptr, body, p);
      keyframes_.assign(1, last_);
    }
  } else {
    segments_.push_back({frame_count(), body, p});
  }
  config_.body = body;
  config_.params = p;
}

void Session::set_method(collision::Method method) {
  collision::CharacterParams p = config_.params;
  p.move.method = method;
  fork(config_.body, p);
}

std::size_t Session::memory_bytes() const {
  std::size_t movers = 0;
  for (const MoverFrame& m : mover_keyframes_) movers += sizeof(MoverFrame) + m.poses.capacity() * sizeof(collision::Pose);
  return inputs_.capacity() * sizeof(FrameInput) + keyframes_.capacity() * sizeof(collision::CharacterState) + movers +
         sizeof(*this);
}

}  // namespace debugger
