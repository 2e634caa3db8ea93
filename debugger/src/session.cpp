// The frame history: inputs every frame, body states at keyframes.
#include "debugger/session.hpp"

namespace debugger {

Session::Session(const collision::World& world, const SessionConfig& config)
    : world_(&world), config_(config) {
  config_.params = config_.params.resolved(config_.body);
  collision::CharacterState start = config_.start_state;
  start.position = config_.start;
  // The contacts and ground state are a function of the position: a body placed at rest starts
  // on the ground, and a recording restarted mid-walk gets back the contacts it had there.
  last_ = collision::refresh_contacts(world, config_.body, start, config_.params);
  keyframes_.push_back(last_);
}

collision::CharacterState Session::step(const collision::CharacterState& s, const FrameInput& in,
                                        const collision::CharacterParams& p,
                                        collision::Trace* t) const {
  return collision::step_character(*world_, config_.body, s, collision::walk_input(in.character, p, config_.body),
                                   config_.dt, p, t);
}

const collision::CharacterState& Session::push(const FrameInput& input, collision::Trace* trace) {
  last_ = step(last_, input, config_.params, trace);
  inputs_.push_back(input);
  if (inputs_.size() % kKeyframeInterval == 0) keyframes_.push_back(last_);
  return last_;
}

collision::CharacterState Session::state_at(int frames) const {
  if (frames < 0 || frames > frame_count()) frames = frames < 0 ? 0 : frame_count();
  if (frames == frame_count()) return last_;
  const int k = frames / kKeyframeInterval;
  collision::CharacterState s = keyframes_[static_cast<std::size_t>(k)];
  for (int f = k * kKeyframeInterval; f < frames; ++f)
    s = step(s, inputs_[static_cast<std::size_t>(f)], config_.params, nullptr);
  return s;
}

collision::CharacterState Session::retrace(int frame, collision::Trace& trace) const {
  return retrace(frame, config_.params.move.method, trace);
}

collision::CharacterState Session::retrace(int frame, collision::Method method,
                                           collision::Trace& trace) const {
  collision::CharacterParams p = config_.params;
  p.move.method = method;
  return step(state_at(frame), input(frame), p, &trace);
}

void Session::truncate(int frames) {
  if (frames < 0 || frames >= frame_count()) return;
  last_ = state_at(frames);
  inputs_.resize(static_cast<std::size_t>(frames));
  keyframes_.resize(static_cast<std::size_t>(frames / kKeyframeInterval + 1));
}

void Session::set_method(collision::Method method) {
  config_.start = last_.position;
  config_.start_state = last_;
  config_.params.move.method = method;
  inputs_.clear();
  keyframes_.assign(1, last_);
}

std::size_t Session::memory_bytes() const {
  return inputs_.capacity() * sizeof(FrameInput) +
         keyframes_.capacity() * sizeof(collision::CharacterState) + sizeof(*this);
}

}  // namespace debugger
