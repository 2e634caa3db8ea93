// A game's recording opened for the debugger (game_recording.hpp).
#include "debugger/game_recording.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

#include <glm/geometric.hpp>

namespace debugger {

GameRecording::GameRecording(const std::string& path) : GameRecording(collision::RecordingFile(path)) {}

GameRecording::GameRecording(collision::RecordingFile file)
    : file_(std::move(file)), world_(std::make_shared<const collision::World>(file_.level())) {
  index();
}

void GameRecording::index() {
  const std::vector<collision::RecordedFrame>& frames = file_.frames();
  steps_.resize(frames.size());
  characters_.resize(file_.character_count());
  bool up_found = false;
  for (std::size_t f = 0; f < frames.size(); ++f) {
    for (std::size_t c = 0; c < frames[f].calls.size(); ++c) {
      for (collision::RecordedStep& s : file_.steps(frames[f].calls[c])) {
        if (!up_found) {
          const glm::vec3 up = s.params.up;
          const float n = glm::length(up);
          if (std::isfinite(n) && n > 0.0f) {
            up_ = up / n;
            up_found = true;
          }
        }
        if (s.character >= characters_.size()) characters_.resize(s.character + 1);
        std::vector<Appearance>& seen = characters_[s.character];
        // A character stepped twice in a frame stands where the later step left it.
        if (!seen.empty() && seen.back().frame == static_cast<int>(f)) {
          seen.back().step = static_cast<std::uint32_t>(steps_[f].size());
        } else {
          seen.push_back({static_cast<int>(f), static_cast<std::uint32_t>(steps_[f].size())});
        }
        steps_[f].push_back({c, std::move(s)});
      }
    }
  }
}

int GameRecording::frame_index(std::uint64_t number) const {
  const int i = first_frame_from(number);
  return i < frame_count() && frame(i).number == number ? i : -1;
}

int GameRecording::first_frame_from(std::uint64_t number) const {
  const std::vector<collision::RecordedFrame>& frames = file_.frames();
  const auto it = std::lower_bound(frames.begin(), frames.end(), number,
                                   [](const collision::RecordedFrame& f, std::uint64_t n) { return f.number < n; });
  return static_cast<int>(it - frames.begin());
}

FrameSpan GameRecording::frames_numbered(std::uint64_t first_number, std::uint64_t last_number) const {
  const FrameSpan span{first_frame_from(first_number),
                       last_number == UINT64_MAX ? frame_count() : first_frame_from(last_number + 1)};
  if (first_number > last_number || span.first >= span.last) {
    std::string what = "frames " + std::to_string(first_number) + "-" + std::to_string(last_number) + ": the recording '" +
                       file_.name() + "' has none of them";
    if (frame_count() > 0)
      what += " (its frames are numbered " + std::to_string(frame(0).number) + " to " +
              std::to_string(frame(frame_count() - 1).number) + ")";
    else
      what += " (it holds no frame)";
    throw std::invalid_argument(what);
  }
  return span;
}

int GameRecording::standing_frame(std::uint32_t character, int index) const {
  if (character >= characters_.size()) return -1;
  const std::vector<Appearance>& seen = characters_[character];
  const auto it = std::upper_bound(seen.begin(), seen.end(), index,
                                   [](int i, const Appearance& a) { return i < a.frame; });
  return it == seen.begin() ? -1 : std::prev(it)->frame;
}

const GameStep* GameRecording::standing(std::uint32_t character, int index) const {
  if (character >= characters_.size()) return nullptr;
  const std::vector<Appearance>& seen = characters_[character];
  const auto it = std::upper_bound(seen.begin(), seen.end(), index,
                                   [](int i, const Appearance& a) { return i < a.frame; });
  if (it == seen.begin()) return nullptr;
  const Appearance& a = *std::prev(it);
  return &steps_[static_cast<std::size_t>(a.frame)][a.step];
}

const std::string& GameRecording::label(const collision::RecordedCall& call) const {
  static const std::string none;
  return call.label < file_.labels().size() ? file_.labels()[call.label] : none;
}

}  // namespace debugger
