#pragma once
/// @file game_recording.hpp
/// A game's recording (collision/recording.hpp) opened for the debugger: the level it holds as a
/// World (no game assets needed), its frames with every call, and each recorded character's
/// steps, so `prism --recording FILE` can show the game's frames as it shows its own walks.
///
/// Frames are shown by index (0 .. frame_count() - 1, the order of the file); each also has the
/// number the game's recorder gave it (RecordedFrame::number: a count of begin_frame calls, with
/// gaps where frames were dropped), which reports, --frames A-B and exports use. Characters are
/// numbered as `prism-query recording --characters` numbers them (by first appearance).

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/recording_file.hpp"
#include "collision/world.hpp"

namespace debugger {

/// A character stepped (or placed) in a frame, by the frame's call `call`.
struct GameStep {
  std::size_t call = 0;  ///< index into the frame's calls
  collision::RecordedStep step;
};

/// A range of frame indices, [first, last).
struct FrameSpan {
  int first = 0;
  int last = 0;
};

class GameRecording {
 public:
  /// Reads and checks `path`. @throws collision::RecordingError naming the file and the offset.
  explicit GameRecording(const std::string& path);
  explicit GameRecording(collision::RecordingFile file);

  const collision::RecordingFile& file() const { return file_; }
  /// The recorded level, built into a World once.
  const collision::World& world() const { return *world_; }
  const std::shared_ptr<const collision::World>& shared_world() const { return world_; }

  int frame_count() const { return static_cast<int>(file_.frames().size()); }
  const collision::RecordedFrame& frame(int index) const { return file_.frames().at(static_cast<std::size_t>(index)); }
  /// The index of the frame the recorder numbered `number`, or -1 when the file has none.
  int frame_index(std::uint64_t number) const;
  /// The first frame numbered at least `number` (frame_count() when none is).
  int first_frame_from(std::uint64_t number) const;
  /// The frames numbered `first_number` through `last_number` (inclusive), as indices.
  /// @throws std::invalid_argument naming the range when it holds no frame of the file.
  FrameSpan frames_numbered(std::uint64_t first_number, std::uint64_t last_number) const;
  /// The frame's character steps and placements, in call order.
  const std::vector<GameStep>& steps(int index) const { return steps_.at(static_cast<std::size_t>(index)); }
  std::uint32_t character_count() const { return static_cast<std::uint32_t>(characters_.size()); }
  /// Where `character` stands after frame `index`: its last step or placement at or before the
  /// frame, or null before its first (or for a character the file does not have).
  const GameStep* standing(std::uint32_t character, int index) const;
  /// The frame of that step or placement (-1 with none).
  int standing_frame(std::uint32_t character, int index) const;
  /// The level's up axis: the first recorded character's CharacterParams::up (unit), else +Y.
  glm::vec3 up() const { return up_; }
  /// The label of a call ("" for none).
  const std::string& label(const collision::RecordedCall& call) const;

 private:
  void index();
  collision::RecordingFile file_;
  std::shared_ptr<const collision::World> world_;
  std::vector<std::vector<GameStep>> steps_;  // by frame index
  struct Appearance {
    int frame;
    std::uint32_t step;  // index into steps_[frame]
  };
  std::vector<std::vector<Appearance>> characters_;  // by character, ascending frames
  glm::vec3 up_{0.0f, 1.0f, 0.0f};
};

}  // namespace debugger
