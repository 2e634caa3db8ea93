// Screenshots (see screenshot.hpp).
#include "live/screenshot.hpp"

#include <cstdio>
#include <filesystem>

namespace debugger::live {

std::string screenshot_path(const std::string& dir, const std::string& scene, int frame, collision::Method method) {
  char base[256];
  std::snprintf(base, sizeof base, "%s_f%06d_%s", scene.c_str(), frame, collision::to_string(method));
  std::filesystem::path p = std::filesystem::path(dir) / (std::string(base) + ".png");
  for (int n = 2; std::filesystem::exists(p); ++n)
    p = std::filesystem::path(dir) / (std::string(base) + "_" + std::to_string(n) + ".png");
  return p.string();
}

std::string write_screenshot(const std::string& dir, const std::string& scene, int frame,
                             collision::Method method, const renderer::RgbaImage& pixels) {
  std::filesystem::create_directories(dir);
  const std::string path = screenshot_path(dir, scene, frame, method);
  renderer::write_png(path, pixels);
  return path;
}

}  // namespace debugger::live
