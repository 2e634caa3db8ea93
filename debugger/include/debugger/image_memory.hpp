#pragma once
/// @file image_memory.hpp
/// What an image size costs in memory, checked before anything is allocated: a headless run
/// (and a window) of W x H pixels holds about kImageBytesPerPixel bytes a pixel (the colour
/// image and its depth buffer on the device, which lavapipe keeps in host memory, the read-back
/// copy, the RgbaImage and the PNG's rows) on top of about kImageBaseBytes: measured peaks
/// 116 MB at 1024x1024, 428 MB at 4096x4096, 5.3 GB at 16384x16384 (the device's largest).

#include <cstdint>
#include <optional>
#include <string>

namespace debugger {

inline constexpr double kImageBytesPerPixel = 20.0;
inline constexpr double kImageBaseBytes = 100e6;

/// Bytes a run at width x height needs, about.
double image_memory_bytes(int width, int height);

/// The memory this process may still use: MemAvailable (/proc/meminfo; sysconf's free pages
/// where it is missing), lowered to the address-space limit (RLIMIT_AS, ulimit -v) less what
/// the process maps already. Nothing when neither is known.
std::optional<double> available_memory_bytes();

/// Why width x height does not fit in `available` bytes ("--size 16384x16384 needs about
/// 5.5 GB of memory (20 bytes a pixel); 2.0 GB are available"), or "" when it fits or
/// `available` is unknown.
std::string image_memory_error(int width, int height, std::optional<double> available);

/// @throws std::runtime_error with image_memory_error's message when width x height does not
/// fit in available_memory_bytes(): called before a run allocates its images.
void check_image_memory(int width, int height);

}  // namespace debugger
