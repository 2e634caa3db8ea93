#pragma once
/// @file recording_review.hpp
/// What the debugger finds in a game's recorded frames (game_recording.hpp): every call re-run
/// with this build's core and compared with its recorded result bit for bit (a recording made by
/// another version of the core opens, and the frames that differ are marked), and each recorded
/// character's step re-run with a Trace and judged by the same event and anomaly finder as the
/// debugger's own walks (events.hpp), one finder per character.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "collision/trace.hpp"
#include "debugger/events.hpp"
#include "debugger/game_recording.hpp"

namespace debugger {

/// One character's step (or placement) in a reviewed frame.
struct ReviewedStep {
  std::uint32_t character = 0;
  std::size_t call = 0;            ///< index into the frame's calls
  const collision::RecordedStep* step = nullptr;  ///< the recording's (GameRecording::steps)
  /// The step re-run here from the recorded state before it; its trace when asked for.
  collision::CharacterState rerun;
  collision::Trace trace;
  bool matched = true;             ///< rerun is bit for bit the recorded result
  std::vector<Event> events;       ///< the character's events and anomalies this frame
};

struct ReviewedFrame {
  int index = 0;                   ///< GameRecording's frame index
  std::uint64_t number = 0;        ///< the recorder's frame number
  double seconds = 0.0;
  std::vector<ReviewedStep> steps;
  /// By call: "" when the call's re-run gave its recorded result bit for bit, else the
  /// difference in words (collision::replay_difference).
  std::vector<std::string> differences;
  std::size_t differing() const;
};

/// The walkers' input a recorded step stands for: the horizontal part of its input velocity over
/// the walk speed (the anomaly finder compares moves with the input's wish), its jump, and its
/// heading as the look yaw (or `yaw` when the input is still).
FrameInput walk_input_of(const collision::RecordedStep& step, glm::vec3 up, float yaw);

/// Reviews frames in order. The event finder keeps what it needs of the frames before (contacts,
/// ground, moves), so frames must be given in increasing order for their events to follow each
/// other; a jump back (or ahead) restarts each character's finder at that frame.
class RecordingReview {
 public:
  /// `find_anomalies`: the anomaly finder's further kinds too (events.hpp).
  RecordingReview(const GameRecording& recording, bool find_anomalies);
  ~RecordingReview();
  RecordingReview(RecordingReview&&) noexcept;
  RecordingReview& operator=(RecordingReview&&) noexcept;

  /// Frame `index` re-run and judged. `with_traces`: keep each step's Trace (drawn by the view);
  /// without, the traces are dropped once the events are found.
  ReviewedFrame review(int index, bool with_traces = false);

 private:
  struct Finder;
  const GameRecording* recording_;
  bool find_anomalies_;
  int next_ = 0;  // the frame the finders expect next
  std::map<std::uint32_t, std::unique_ptr<Finder>> finders_;  // by character
};

}  // namespace debugger
