#pragma once
// Screenshots: the frame as the window shows it (scene, overlays and panels: the renderer's
// capture of draw_frame) written as a PNG named after the scene and the frame.

#include <string>

#include "collision/trace.hpp"
#include "renderer/image.hpp"

namespace debugger::live {

/// `DIR/SCENE_fFRAME_METHOD.png`, with `_2`, `_3`, ... when that file already exists.
std::string screenshot_path(const std::string& dir, const std::string& scene, int frame, collision::Method method);

/// Creates `dir` if needed and writes the capture. Returns the path. @throws renderer::Error.
std::string write_screenshot(const std::string& dir, const std::string& scene, int frame,
                             collision::Method method, const renderer::RgbaImage& pixels);

}  // namespace debugger::live
