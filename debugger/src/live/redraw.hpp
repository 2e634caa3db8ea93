#pragma once
// When the window draws: only while something on it changes. Playback and a live recording
// change it every frame; otherwise only input (a key, the mouse, a resize, focus), held keys
// (auto-repeat, the free camera) and what still moves after them (the follow camera easing
// out) do. A paused window with nothing of these waits for events (glfwWaitEventsTimeout) and
// uses no CPU; a key script never waits (it is the clock), nor does a headless run (no window).

#include <cstdint>
#include <string>

#include "renderer/camera.hpp"

struct GLFWwindow;

namespace debugger::live {

/// Frames still drawn after the last change: ImGui shows a hover, a click's release or a panel
/// opening a frame or two after the event that caused it.
inline constexpr int kSettleFrames = 3;

/// Counts GLFW's input and window events (keys, characters, cursor, buttons, wheel, focus,
/// size), chained to the callbacks installed before it (ImGui's, the key queue). Call once,
/// after those are installed.
void install_event_counter(GLFWwindow* window);
/// Events counted since the program started.
std::uint64_t events_seen();

/// What the last drawn frame showed, as far as it can change without an event.
struct DrawnFrame {
  renderer::Camera camera;
  int frame = -2;
  std::uint64_t recording = 0;
  std::string status;
  unsigned width = 0, height = 0;
};

struct RedrawGate {
  DrawnFrame last;
  int quiet_frames = 0;  ///< frames drawn since the last change
  /// Notes what frame `now` shows: a difference from the last one is a change (drawn again).
  void drawn(const DrawnFrame& now);
  /// Input or something that moves by itself: draw kSettleFrames more frames.
  void changed() { quiet_frames = 0; }
  bool settled() const { return quiet_frames >= kSettleFrames; }
};

}  // namespace debugger::live
