#pragma once
/// @file image.hpp
/// Frames read back to memory as RGBA8, PNG files, and image comparison for golden tests.

#include <cstdint>
#include <string>
#include <vector>

namespace renderer {

/// Row-major RGBA8 pixels, top row first, 4 bytes per pixel, no padding.
struct RgbaImage {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::vector<std::uint8_t> pixels;

  /// The pixel at column x, row y (top-left is 0, 0) as {r, g, b, a}; no bounds check beyond at().
  const std::uint8_t* at(std::uint32_t x, std::uint32_t y) const {
    return &pixels.at((static_cast<std::size_t>(y) * width + x) * 4);
  }
};

/// Writes `image` as a PNG, whole or not at all (encoded in memory, then written to a temporary
/// name, synced and renamed). @throws Error when the file cannot be written; none is left then.
void write_png(const std::string& path, const RgbaImage& image);
/// Reads a PNG as RGBA8. @throws Error when the file is missing or not a PNG.
RgbaImage read_png(const std::string& path);

struct ImageDifference {
  bool same_size = false;
  int max_channel_difference = 0;        ///< largest |a - b| over all channels, 0..255
  std::size_t pixels_over_tolerance = 0; ///< pixels with a channel differing by more than tolerance
};

/// Compares two images channel by channel.
ImageDifference compare_images(const RgbaImage& a, const RgbaImage& b, int tolerance);

}  // namespace renderer
