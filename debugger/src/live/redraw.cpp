// Redraw on change (see redraw.hpp).
#include "live/redraw.hpp"

#include <algorithm>

#include <glm/geometric.hpp>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace debugger::live {
namespace {

std::uint64_t g_events = 0;
GLFWkeyfun g_key = nullptr;
GLFWcharfun g_char = nullptr;
GLFWcursorposfun g_cursor = nullptr;
GLFWmousebuttonfun g_button = nullptr;
GLFWscrollfun g_scroll = nullptr;
GLFWwindowfocusfun g_focus = nullptr;
GLFWframebuffersizefun g_size = nullptr;

// Counts the event, then hands it to the callback installed before (ImGui's, the key queue).
template <auto& previous, class... Args>
void counted(GLFWwindow* w, Args... args) {
  ++g_events;
  if (previous) previous(w, args...);
}

// Within a millionth of the view: the follow camera eases out towards its rest without ever
// reaching it exactly, and a change that small moves nothing on screen by a pixel.
bool same(const renderer::Camera& a, const renderer::Camera& b) {
  const float scale = std::max({1.0f, glm::length(a.position), a.ortho_height});
  return glm::length(a.position - b.position) <= 1e-6f * scale && glm::length(a.forward - b.forward) <= 1e-6f &&
         a.up == b.up && a.fov_y == b.fov_y && a.ortho_height == b.ortho_height;
}

}  // namespace

void install_event_counter(GLFWwindow* window) {
  g_key = glfwSetKeyCallback(window, counted<g_key, int, int, int, int>);
  g_char = glfwSetCharCallback(window, counted<g_char, unsigned>);
  g_cursor = glfwSetCursorPosCallback(window, counted<g_cursor, double, double>);
  g_button = glfwSetMouseButtonCallback(window, counted<g_button, int, int, int>);
  g_scroll = glfwSetScrollCallback(window, counted<g_scroll, double, double>);
  g_focus = glfwSetWindowFocusCallback(window, counted<g_focus, int>);
  g_size = glfwSetFramebufferSizeCallback(window, counted<g_size, int, int>);
}

std::uint64_t events_seen() { return g_events; }

void RedrawGate::drawn(const DrawnFrame& now) {
  const bool differs = !same(now.camera, last.camera) || now.frame != last.frame || now.recording != last.recording ||
                       now.status != last.status || now.width != last.width || now.height != last.height;
  quiet_frames = differs ? 0 : quiet_frames + 1;
  last = now;
}

}  // namespace debugger::live
