#pragma once
// The flight recorder's own save (RecorderOptions::save_on_anomaly): the anomalies a recorded
// character step shows by itself, found in a frame's raw calls at end_frame.
#include <string>

#include "recording/chunk_file.hpp"

namespace collision::detail {

/// The first anomalous character step of the frame, in words ("call 1 of thread 0,
/// step_character: ends 0.3 deep, past its skin 0.005, in triangle 1"), or empty. The rules are
/// RecorderOptions::save_on_anomaly's (collision/recording.hpp): deep and stuck.
std::string find_anomaly(const PendingChunk& frame);

}  // namespace collision::detail
