#pragma once
/// @file frontend_setup.hpp
/// The Vulkan setup and teardown the four front ends share (headless and live, 3D and 2D): a
/// context (with the validation layer when --validation asks for it), a target of --size (offscreen
/// images or a window) and the renderer drawing into it; at the end, the wait for the GPU and the
/// validation layer's count. Members are built in the order declared and destroyed in reverse
/// (the renderer before its target, both before the context).

#include <cstdint>
#include <memory>
#include <string>

#include "debugger/app.hpp"
#include "renderer/device.hpp"
#include "renderer/offscreen_target.hpp"
#include "renderer/renderer.hpp"
#include "renderer/window_target.hpp"

namespace debugger {

/// Headless runs: offscreen images, and ImGui without an ini file (a run writes only its outputs).
struct OffscreenFrontEnd {
  /// @throws renderer::Error (no Vulkan device, images that cannot be made).
  explicit OffscreenFrontEnd(const RunOptions& o);
  std::unique_ptr<renderer::Context> context;
  renderer::OffscreenTarget target;
  renderer::Renderer renderer;
  /// Waits for the GPU to finish; the validation messages seen (HeadlessResult::validation_messages).
  std::uint32_t finish();
};

/// Live mode: a window titled `title`, with vsync unless a key script (--script-keys) drives it:
/// then it is the clock, and the run goes as fast as it can.
struct WindowFrontEnd {
  /// @throws renderer::Error (no Vulkan device, no window system).
  WindowFrontEnd(const RunOptions& o, const std::string& title);
  std::unique_ptr<renderer::Context> context;
  renderer::WindowTarget window;
  renderer::Renderer renderer;
  /// Waits for the GPU to finish; run_live's exit status: 3 after saying how many messages the
  /// validation layer printed, 0 when it printed none.
  int finish();
};

}  // namespace debugger
