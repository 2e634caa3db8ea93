#pragma once
// Input of one window frame, from the keyboard and mouse (GLFW) or from a key script (the test
// hook `--script-keys FILE`), and what the keys do to the live state.
//
// Key script (a test hook, not a user feature): one event a line, `#` comments,
//   TICK down KEY | up KEY | tap KEY     hold, release, or press-and-release a key
//   TICK click X Y                        left click at pixel (X, Y) (picks a triangle)
//   TICK look DX DY                       mouse look by (DX, DY) pixels
//   TICK scroll S                         mouse wheel steps (free camera zoom)
//   TICK compare METHOD | ui on|off       method comparison on the paused frame; panels
//   TICK seek FRAME                       show that frame (as the timeline slider does)
//   TICK select T | iN:T                  select the level's triangle T, or triangle T of mover
//                                         instance N (as a click on it does)
//   TICK iteration N                      select slide iteration N of the shown frame (inspector)
//   TICK range A B                        select frames A..B and loop them (as shift-drag + loop)
//   TICK export                           export the selected range as a session (DIR)
//   TICK query N                          a game recording's window: select row N of the query
//                                         browser's rows as shown (filtered and sorted)
//   TICK filter TEXT                      a game recording's window: the browser's search text
//   TICK overlay NAME on|off              an overlay toggle (names: debugger::to_string(Overlay))
//   TICK method METHOD                    change the method (forks a branch at the shown frame;
//                                         a game recording's window: what if METHOD from it)
//   TICK dump                             write DIR/branches.txt: every branch's label and the
//                                         body centre after each of its frames (%.9g)
//   TICK resize W H                       resize the window to W x H (screen coordinates)
//   TICK realtime SECONDS                 the window runs as without a script for SECONDS of wall
//                                         time (playback on the real clock, waiting for events
//                                         when nothing changes; no keys pressed), then the
//                                         script goes on with its next tick
//   TICK exit                             close the window
// TICK counts the script's window frames from 0 (a realtime phase's frames do not count). A scripted run is deterministic: each window frame is
// exactly 1/60 s of playback, whatever the wall clock says. KEY names: W A S D Q E SPACE SHIFT
// P PERIOD COMMA LEFT RIGHT PAGEUP PAGEDOWN HOME END F O B C TAB F12 ESCAPE N G X H.

#include <array>
#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>

#include "collision/trace.hpp"
#include "debugger/session.hpp"
#include "live/live_state.hpp"

struct GLFWwindow;

namespace debugger::live {

enum class Key {
  kW, kA, kS, kD, kQ, kE, kSpace, kShift,
  kP, kPeriod, kComma, kLeft, kRight, kPageUp, kPageDown, kHome, kEnd,
  kF, kO, kB, kC, kTab, kF12, kEscape, kN, kG, kX, kH, kV,
  kCount
};
inline constexpr std::size_t kKeyCount = static_cast<std::size_t>(Key::kCount);
const char* key_name(Key k);

/// A key script's `select`: a triangle of the level (instance kStaticLevel) or of a mover.
struct ScriptSelect {
  std::uint32_t instance = 0;
  std::uint32_t triangle = 0;
};

/// One window frame of input.
struct InputFrame {
  std::bitset<kKeyCount> held;
  std::bitset<kKeyCount> pressed;  ///< went down this frame (or auto-repeated, for stepping)
  /// How many times each key went down this frame: every tap of a quick series counts (the
  /// presses are queued by GLFW's key callback, not sampled once a frame).
  std::array<std::uint8_t, kKeyCount> presses{};
  bool look = false;               ///< right mouse button held: mouse moves the view
  glm::vec2 mouse_delta{0.0f};     ///< pixels since the last frame
  std::optional<glm::vec2> click;  ///< left click in the view (not on a panel), framebuffer pixels
  float scroll = 0.0f;
  std::optional<collision::Method> compare;  ///< script: turn the comparison on with this method
  std::optional<bool> ui;                    ///< script: show or hide the panels
  std::optional<int> seek;                   ///< script: show this frame
  std::optional<ScriptSelect> select;        ///< script: select this triangle
  std::optional<int> iteration;              ///< script: select this slide iteration
  std::optional<glm::vec2> range;            ///< script: select and loop frames x..y
  bool export_range = false;                 ///< script: export the selected range
  std::optional<int> query_row;              ///< script: select this row of the query browser
  std::optional<std::string> filter;         ///< script: the query browser's search text
  std::vector<std::pair<int, bool>> overlays;  ///< script: (Overlay index, on)
  std::optional<collision::Method> method;   ///< script: fork with this method
  bool dump = false;                         ///< script: write the branches' positions
  std::optional<glm::vec2> resize;           ///< script: resize the window
  std::optional<float> realtime;             ///< script: run on the wall clock for this many seconds
  bool quit = false;
  double dt = 1.0 / 60.0;          ///< seconds since the last window frame

  bool is_held(Key k) const { return held[static_cast<std::size_t>(k)]; }
  bool was_pressed(Key k) const { return pressed[static_cast<std::size_t>(k)]; }
  int times_pressed(Key k) const { return presses[static_cast<std::size_t>(k)]; }
};

struct ScriptEvent {
  int tick = 0;
  enum class Kind { kDown, kUp, kTap, kClick, kLook, kScroll, kCompare, kUi, kSeek, kSelect, kOverlay, kMethod, kDump, kResize, kIteration, kRange, kExport, kRealtime, kExit, kQuery, kFilter } kind = Kind::kTap;
  Key key = Key::kCount;
  glm::vec2 xy{0.0f};
  collision::Method method = collision::Method::kRobust;
  std::string text;  ///< filter's text
};

struct KeyScript {
  std::vector<ScriptEvent> events;  ///< sorted by tick
  std::size_t next = 0;
  std::bitset<kKeyCount> held;
};

/// @throws std::runtime_error naming the line on anything malformed.
KeyScript parse_key_script(std::string_view text);
KeyScript load_key_script(const std::string& path);
/// The input of window frame `tick` (dt = 1/60 s).
InputFrame scripted_input(KeyScript& script, int tick);

/// Polls GLFW (keyboard, right-drag look, left click, wheel through ImGui); call after
/// renderer::begin_ui so ImGui knows whether the mouse is over a panel.
struct GlfwInput {
  std::bitset<kKeyCount> held;
  std::array<double, kKeyCount> held_for{};  ///< seconds, for auto-repeat of the step keys
  glm::dvec2 cursor{0.0};
  bool cursor_known = false;
  bool looking = false;
  double last_time = 0.0;
};
InputFrame poll_glfw_input(GlfwInput& state, GLFWwindow* window);
/// Queues key presses from GLFW's key callback (chained to the one installed before it, ImGui's),
/// so poll_glfw_input counts every tap between two frames. Call once, after the UI is set up.
void install_key_queue(GLFWwindow* window);

/// The body's input for a new frame from the held keys and the look angles (WASD relative to
/// the look yaw, Shift runs, Space jumps on the frame it goes down).
FrameInput character_input(const InputFrame& in, const LiveState& s, bool jump_pressed);

/// Turns the look angles (body or free camera) by a mouse movement.
void apply_look(LiveState& s, const InputFrame& in);

/// Where "focus on selection" looks: the picked triangle's point nearest the body, else the
/// shown frame's first hit or contact; `distance` suits its size (in world units).
struct FocusTarget {
  glm::vec3 point{0.0f};
  float distance = 1.0f;
};
std::optional<FocusTarget> focus_target(const LiveState& s, const collision::CharacterState& body_state);

/// The camera for this frame: following the body, or the detached fly / orbit camera
/// (moved by WASD QE / right-drag / wheel while detached). G focuses the orbit camera on
/// focus_target; X toggles see-through.
renderer::Camera update_camera(LiveState& s, const InputFrame& in, const collision::CharacterState& body_state);

}  // namespace debugger::live
