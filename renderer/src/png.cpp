#include <stb_image.h>
#include <stb_image_write.h>

#include <cstdlib>
#include <string>

#include "file_output/atomic_file.hpp"

#include "renderer/image.hpp"
#include "renderer/vk.hpp"

namespace renderer {

void write_png(const std::string& path, const RgbaImage& image) {
  if (image.width == 0 || image.height == 0 ||
      image.pixels.size() != static_cast<std::size_t>(image.width) * image.height * 4)
    throw Error("cannot write " + path + ": the image is empty or malformed");
  // Encoded in memory, then written whole or not at all (file_output::AtomicFile).
  std::string bytes;
  const int ok = stbi_write_png_to_func(
      [](void* context, void* data, int size) {
        static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
      },
      &bytes, static_cast<int>(image.width), static_cast<int>(image.height), 4, image.pixels.data(),
      static_cast<int>(image.width * 4));
  if (!ok) throw Error("cannot encode PNG " + path);
  try {
    file_output::write_file_atomically(path, bytes);
  } catch (const file_output::WriteError& e) {
    throw Error(std::string("cannot write PNG ") + e.what());
  }
}

RgbaImage read_png(const std::string& path) {
  int width = 0, height = 0, channels = 0;
  stbi_uc* data = stbi_load(path.c_str(), &width, &height, &channels, 4);
  if (!data) throw Error("cannot read PNG " + path + ": " + stbi_failure_reason());
  RgbaImage image;
  image.width = static_cast<std::uint32_t>(width);
  image.height = static_cast<std::uint32_t>(height);
  image.pixels.assign(data, data + static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
  stbi_image_free(data);
  return image;
}

ImageDifference compare_images(const RgbaImage& a, const RgbaImage& b, int tolerance) {
  ImageDifference result;
  result.same_size = a.width == b.width && a.height == b.height &&
                     a.pixels.size() == b.pixels.size();
  if (!result.same_size) return result;
  for (std::size_t i = 0; i < a.pixels.size(); i += 4) {
    int worst = 0;
    for (std::size_t c = 0; c < 4; ++c) worst = std::max(worst, std::abs(int(a.pixels[i + c]) - int(b.pixels[i + c])));
    result.max_channel_difference = std::max(result.max_channel_difference, worst);
    if (worst > tolerance) ++result.pixels_over_tolerance;
  }
  return result;
}

}  // namespace renderer
