#pragma once
/// @file session.hpp
/// A recording: the scene, the body, the method and parameters, and every frame's input, with
/// keyframes of the body state. A frame is a pure function of (previous state, input, method,
/// parameters) (docs/architecture.md, "Data flow"), so the state of any frame is recomputed from the keyframe
/// before it, exactly, and a frame's Trace is recomputed on demand.

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/character.hpp"
#include "collision/trace.hpp"
#include "collision/world.hpp"
#include "debugger/movers.hpp"

namespace debugger {

/// One frame's input: the character input plus where the body looks (radians about the up
/// axis, and elevation), which the camera follows and walk scripts steer by.
struct FrameInput {
  collision::WalkInput character;  ///< turned into a CharacterInput at the session's walk speed
  float yaw = 0.0f;
  float pitch = 0.0f;
};

struct SessionConfig {
  collision::Body body = collision::Body::sphere(0.4f);
  collision::CharacterParams params;  ///< params.up is the scene's up; params.move.method the method
  float dt = 1.0f / 60.0f;            ///< seconds a frame
  glm::vec3 start{0.0f};
  float start_yaw = 0.0f;
  /// The rest of the body's state at frame 0 (a recording restarted mid-walk keeps it);
  /// start_state.position is ignored (start is the position).
  collision::CharacterState start_state;
};

/// From `first_frame` on, frames run with this body and these (resolved) parameters: a
/// recording forked to another method or body keeps its earlier frames under the old ones.
struct SessionSegment {
  int first_frame = 0;
  collision::Body body;
  collision::CharacterParams params;
};

/// Frames are numbered from 0; frame f turns state_at(f) into state_at(f + 1) with input(f).
class Session {
 public:
  static constexpr int kKeyframeInterval = 64;

  Session(const collision::World& world, const SessionConfig& config);
  /// A session whose level has moving parts (movers.hpp: a Quake 3 map's doors and lifts),
  /// stepped with the character every frame; `movers` may be null (none).
  Session(const collision::World& world, const SessionConfig& config, std::shared_ptr<const SessionMovers> movers);

  /// The start (position, yaw, state, dt) and the body and parameters new frames use (those of
  /// the last segment).
  const SessionConfig& config() const { return config_; }
  /// One segment unless the recording was forked; segments()[0].first_frame == 0.
  const std::vector<SessionSegment>& segments() const { return segments_; }
  /// The segment frame `frame` runs in.
  const SessionSegment& segment_at(int frame) const;
  const collision::World& world() const { return *world_; }
  /// The level's moving parts, or null.
  const SessionMovers* movers() const { return movers_.get(); }
  /// The movers after `frames` frames (0: the start), exactly as they stood; empty without
  /// movers.
  std::optional<MoverFrame> movers_at(int frames) const;
  int frame_count() const { return static_cast<int>(inputs_.size()); }

  /// Simulates one more frame; fills `trace` when given. Returns the new state.
  const collision::CharacterState& push(const FrameInput& input, collision::Trace* trace = nullptr);
  /// The state after `frames` frames (0: the start). Exact: re-simulated from a keyframe.
  collision::CharacterState state_at(int frames) const;
  const collision::CharacterState& last_state() const { return last_; }
  /// With movers: theirs after the last frame (movers_at(frame_count()) without the replay).
  const std::optional<MoverFrame>& last_movers() const { return mover_last_; }
  const FrameInput& input(int frame) const { return inputs_.at(static_cast<std::size_t>(frame)); }
  /// Re-runs frame `frame` with `method` (the session's own when omitted) and returns its
  /// trace and resulting state.
  collision::CharacterState retrace(int frame, collision::Trace& trace) const;
  collision::CharacterState retrace(int frame, collision::Method method, collision::Trace& trace) const;
  /// Drops every frame from `frames` on (to branch a new recording from a past frame).
  void truncate(int frames);
  /// Forks at the end of the recording: frames recorded from now on run with `body` and
  /// `params` (resolved for the body; up and dt stay); every earlier frame keeps its own, so
  /// states and traces before the fork are unchanged. The state the first new frame starts
  /// from has its contacts recomputed for the new body.
  void fork(const collision::Body& body, const collision::CharacterParams& params);
  /// Changes the method for the frames recorded from now on: fork() with the same body and the
  /// method changed, so the earlier frames keep theirs and a saved session replays the whole
  /// history, the movers included. (It used to cut the history and restart from the last state,
  /// which a session file with movers could not replay: their state at the restart is not in it.)
  void set_method(collision::Method method);
  /// Bytes held by the history.
  std::size_t memory_bytes() const;

 private:
  /// One frame from `s`; with movers, from the movers at `m`, which it updates.
  collision::CharacterState step(const collision::CharacterState& s, const FrameInput& in, const collision::Body& body,
                                 const collision::CharacterParams& p, collision::Trace* t, MoverFrame* m) const;
  /// The state after `frames` frames as stepped (before a segment start's contact refresh),
  /// and with movers theirs in `m`.
  collision::CharacterState raw_state_at(int frames, std::optional<MoverFrame>* m = nullptr) const;
  /// `s` as frame `frame` starts from it: at a fork, with the contacts of the new body.
  collision::CharacterState entering(int frame, const collision::CharacterState& s, const MoverFrame* m) const;
  /// Contacts of `s` for the body (against the movers at m when there are movers).
  collision::CharacterState refreshed(const collision::CharacterState& s, const MoverFrame* m, const collision::Body& body,
                                      const collision::CharacterParams& p) const;
  std::vector<SessionSegment> segments_;
  const collision::World* world_;
  SessionConfig config_;
  std::vector<FrameInput> inputs_;
  std::vector<collision::CharacterState> keyframes_;  ///< raw_state_at(k * kKeyframeInterval)
  collision::CharacterState last_;  ///< raw_state_at(frame_count())
  std::shared_ptr<const SessionMovers> movers_;
  std::vector<MoverFrame> mover_keyframes_;  ///< with movers: theirs at each keyframe
  std::optional<MoverFrame> mover_last_;     ///< with movers: theirs after the last frame
};

}  // namespace debugger
