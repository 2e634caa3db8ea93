#pragma once
// Degrees to radians for the recording model's yaws and angle thresholds (float, as they are).

namespace debugger {

inline constexpr float kDegrees = 3.14159265358979f / 180.0f;

}  // namespace debugger
