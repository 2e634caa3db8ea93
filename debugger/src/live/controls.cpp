// Keyboard, mouse and key scripts -> InputFrame; look angles; the follow and free cameras.
#include "live/controls.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <glm/geometric.hpp>
#include <imgui.h>

#include "collision/queries.hpp"
#include "debugger/view.hpp"
#include "debugger/script_lines.hpp"
#include "live/inspector_panel.hpp"

namespace debugger::live {
namespace {

constexpr int kGlfwKeys[kKeyCount] = {
    GLFW_KEY_W, GLFW_KEY_A, GLFW_KEY_S, GLFW_KEY_D, GLFW_KEY_Q, GLFW_KEY_E, GLFW_KEY_SPACE,
    GLFW_KEY_LEFT_SHIFT, GLFW_KEY_P, GLFW_KEY_PERIOD, GLFW_KEY_COMMA, GLFW_KEY_LEFT, GLFW_KEY_RIGHT,
    GLFW_KEY_PAGE_UP, GLFW_KEY_PAGE_DOWN, GLFW_KEY_HOME, GLFW_KEY_END, GLFW_KEY_F, GLFW_KEY_O,
    GLFW_KEY_B, GLFW_KEY_C, GLFW_KEY_TAB, GLFW_KEY_F12, GLFW_KEY_ESCAPE, GLFW_KEY_N, GLFW_KEY_G, GLFW_KEY_X,
    GLFW_KEY_H, GLFW_KEY_V};

constexpr const char* kKeyNames[kKeyCount] = {
    "W", "A", "S", "D", "Q", "E", "SPACE", "SHIFT", "P", "PERIOD", "COMMA", "LEFT", "RIGHT",
    "PAGEUP", "PAGEDOWN", "HOME", "END", "F", "O", "B", "C", "TAB", "F12", "ESCAPE", "N", "G", "X", "H", "V"};

/// Keys that repeat while held (frame stepping), after this delay, at this period.
constexpr double kRepeatDelay = 0.4, kRepeatPeriod = 1.0 / 15.0;
bool repeats(Key k) {
  return k == Key::kPeriod || k == Key::kComma || k == Key::kLeft || k == Key::kRight ||
         k == Key::kPageUp || k == Key::kPageDown;
}

/// (yaw, pitch) of a unit direction, the inverse of renderer::direction_from_angles.
glm::vec2 angles_of(glm::vec3 up, glm::vec3 dir) {
  const glm::vec3 e1 = renderer::direction_from_angles(up, 0.0f, 0.0f);
  const glm::vec3 e2 = renderer::direction_from_angles(up, 1.5707964f, 0.0f);
  return {std::atan2(glm::dot(dir, e2), glm::dot(dir, e1)),
          std::asin(std::clamp(glm::dot(dir, glm::normalize(up)), -1.0f, 1.0f))};
}

// Key presses between two polls, from GLFW's key callback (one window per process).
std::array<int, kKeyCount> g_queued_presses{};
bool g_queue_installed = false;
GLFWkeyfun g_previous_key_callback = nullptr;

void queue_key(GLFWwindow* window, int key, int scancode, int action, int mods) {
  if (g_previous_key_callback) g_previous_key_callback(window, key, scancode, action, mods);
  if (action != GLFW_PRESS) return;
  if (key == GLFW_KEY_RIGHT_SHIFT) key = GLFW_KEY_LEFT_SHIFT;
  for (std::size_t k = 0; k < kKeyCount; ++k)
    if (kGlfwKeys[k] == key) ++g_queued_presses[k];
}

}  // namespace

void install_key_queue(GLFWwindow* window) {
  g_previous_key_callback = glfwSetKeyCallback(window, queue_key);
  g_queue_installed = true;
}

std::optional<FocusTarget> focus_target(const LiveState& s, const collision::CharacterState& body_state) {
  const float size = body_size(s.session->config().body);
  if (const std::optional<SelectedTriangle> selected = selected_triangle(s)) {
    // The point of the picked triangle nearest the body: a large wall is framed where it matters.
    const collision::Triangle t = selected->triangle;
    const glm::vec3 p = glm::vec3(collision::closest_point_on_triangle(
        glm::dvec3(body_state.position), glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c)));
    const float extent = std::max({glm::length(t.b - t.a), glm::length(t.c - t.b), glm::length(t.a - t.c)});
    return FocusTarget{p, std::clamp(extent, 4.0f * size, 12.0f * size)};
  }
  for (const collision::SlideIteration& it : s.view.trace.iterations)
    if (it.hit) return FocusTarget{it.contact_point, 5.0f * size};
  if (!body_state.contacts.empty()) return FocusTarget{body_state.contacts.front().point, 5.0f * size};
  return std::nullopt;
}

const char* key_name(Key k) { return kKeyNames[static_cast<std::size_t>(k)]; }

KeyScript parse_key_script(std::string_view text) {
  KeyScript script;
  for_each_script_line(text, "key script", [&](ScriptLine& line) {
    std::istringstream& ls = line.words;
    auto fail = [&](const std::string& what) { line.fail(what); };
    ScriptEvent e;
    std::string verb;
    if (!(ls >> e.tick)) fail("expected TICK first");
    if (e.tick < 0) fail("TICK must be >= 0");
    if (!(ls >> verb)) fail("missing action");
    auto key = [&]() {
      std::string name;
      if (!(ls >> name)) fail("'" + verb + "' needs a key");
      for (std::size_t k = 0; k < kKeyCount; ++k)
        if (name == kKeyNames[k]) return static_cast<Key>(k);
      fail("unknown key '" + name + "'");
      return Key::kCount;
    };
    auto number = [&]() {
      float v = 0.0f;
      if (!(ls >> v) || !std::isfinite(v)) fail("'" + verb + "' needs numbers");
      return v;
    };
    using K = ScriptEvent::Kind;
    if (verb == "down") { e.kind = K::kDown; e.key = key(); }
    else if (verb == "up") { e.kind = K::kUp; e.key = key(); }
    else if (verb == "tap") { e.kind = K::kTap; e.key = key(); }
    else if (verb == "click") { e.kind = K::kClick; e.xy.x = number(); e.xy.y = number(); }
    else if (verb == "look") { e.kind = K::kLook; e.xy.x = number(); e.xy.y = number(); }
    else if (verb == "scroll") { e.kind = K::kScroll; e.xy.x = number(); }
    else if (verb == "compare") {
      e.kind = K::kCompare;
      std::string m;
      if (!(ls >> m) || !collision::parse_method(m, e.method)) fail("compare needs a method");
    } else if (verb == "ui") {
      e.kind = K::kUi;
      std::string v;
      ls >> v;
      if (v != "on" && v != "off") fail("ui needs on or off");
      e.xy.x = v == "on" ? 1.0f : 0.0f;
    } else if (verb == "seek") {
      e.kind = K::kSeek;
      e.xy.x = number();
    } else if (verb == "select") {  // T (the level's triangle T) or iN:T (triangle T of instance N)
      e.kind = K::kSelect;
      std::string what;
      ls >> what;
      unsigned instance = 0, triangle = 0;
      char tail = 0;
      if (std::sscanf(what.c_str(), "i%u:%u%c", &instance, &triangle, &tail) == 2) {
        e.xy = {static_cast<float>(triangle), static_cast<float>(instance)};
      } else if (std::sscanf(what.c_str(), "%u%c", &triangle, &tail) == 1 && what[0] != '-' && what[0] != '+') {
        e.xy = {static_cast<float>(triangle), -1.0f};
      } else {
        fail("select needs a triangle: T or iN:T");
      }
    } else if (verb == "overlay") {
      e.kind = K::kOverlay;
      std::string name, v;
      ls >> name >> v;
      e.xy.x = -1.0f;
      for (std::size_t o = 0; o < static_cast<std::size_t>(Overlay::kCount); ++o)
        if (name == to_string(static_cast<Overlay>(o))) e.xy.x = static_cast<float>(o);
      if (e.xy.x < 0.0f || (v != "on" && v != "off")) fail("overlay needs an overlay name and on or off");
      e.xy.y = v == "on" ? 1.0f : 0.0f;
    } else if (verb == "method") {
      e.kind = K::kMethod;
      std::string m;
      if (!(ls >> m) || !collision::parse_method(m, e.method)) fail("method needs a method");
    } else if (verb == "iteration") {
      e.kind = K::kIteration;
      e.xy.x = number();
    } else if (verb == "range") {
      e.kind = K::kRange;
      e.xy.x = number();
      e.xy.y = number();
      if (e.xy.x < 0.0f || e.xy.y < e.xy.x) fail("range needs A B with 0 <= A <= B");
    } else if (verb == "query") {  // a game recording's query browser: row N of the shown rows
      e.kind = K::kQuery;
      e.xy.x = number();
      if (e.xy.x < 0.0f) fail("query needs a row >= 0");
    } else if (verb == "filter") {  // the query browser's text search (the rest of the line)
      e.kind = K::kFilter;
      std::getline(ls >> std::ws, e.text);
    } else if (verb == "export") e.kind = K::kExport;
    else if (verb == "dump") e.kind = K::kDump;
    else if (verb == "resize") {
      e.kind = K::kResize;
      e.xy.x = number();
      e.xy.y = number();
      if (e.xy.x < 1.0f || e.xy.y < 1.0f || e.xy.x > 16384.0f || e.xy.y > 16384.0f) fail("resize needs W H in 1..16384");
    } else if (verb == "realtime") {
      e.kind = K::kRealtime;
      e.xy.x = number();
      if (e.xy.x <= 0.0f || e.xy.x > 600.0f) fail("realtime needs SECONDS in (0, 600]");
    } else if (verb == "exit") e.kind = K::kExit;
    else fail("unknown action '" + verb + "'");
    std::string extra;
    if (ls >> extra) fail("unexpected '" + extra + "'");
    script.events.push_back(e);
  });
  std::stable_sort(script.events.begin(), script.events.end(),
                   [](const ScriptEvent& a, const ScriptEvent& b) { return a.tick < b.tick; });
  return script;
}

KeyScript load_key_script(const std::string& path) {
  return load_script_file(path, "key script", parse_key_script);
}

InputFrame scripted_input(KeyScript& script, int tick) {
  InputFrame in;
  in.dt = 1.0 / 60.0;
  std::bitset<kKeyCount> release_after;
  using K = ScriptEvent::Kind;
  for (; script.next < script.events.size() && script.events[script.next].tick <= tick; ++script.next) {
    const ScriptEvent& e = script.events[script.next];
    const auto k = static_cast<std::size_t>(e.key);
    switch (e.kind) {
      case K::kDown:
        if (!script.held[k]) {
          in.pressed[k] = true;
          ++in.presses[k];
        }
        script.held[k] = true;
        break;
      case K::kUp: script.held[k] = false; break;
      case K::kTap:
        in.pressed[k] = true;
        ++in.presses[k];  // taps in one tick all count, as queued presses do
        release_after[k] = release_after[k] || !script.held[k];
        script.held[k] = true;
        break;
      case K::kClick: in.click = e.xy; break;
      case K::kLook: in.look = true; in.mouse_delta += e.xy; break;
      case K::kScroll: in.scroll += e.xy.x; break;
      case K::kCompare: in.compare = e.method; break;
      case K::kUi: in.ui = e.xy.x != 0.0f; break;
      case K::kSeek: in.seek = static_cast<int>(e.xy.x); break;
      case K::kSelect:
        in.select = ScriptSelect{e.xy.y < 0.0f ? collision::kStaticLevel : static_cast<std::uint32_t>(e.xy.y),
                                 static_cast<std::uint32_t>(e.xy.x)};
        break;
      case K::kOverlay: in.overlays.emplace_back(static_cast<int>(e.xy.x), e.xy.y != 0.0f); break;
      case K::kMethod: in.method = e.method; break;
      case K::kDump: in.dump = true; break;
      case K::kIteration: in.iteration = static_cast<int>(e.xy.x); break;
      case K::kRange: in.range = e.xy; break;
      case K::kExport: in.export_range = true; break;
      case K::kQuery: in.query_row = static_cast<int>(e.xy.x); break;
      case K::kFilter: in.filter = e.text; break;
      case K::kResize: in.resize = e.xy; break;
      case K::kRealtime: in.realtime = e.xy.x; break;
      case K::kExit: in.quit = true; break;
    }
  }
  in.held = script.held;
  script.held &= ~release_after;
  return in;
}

InputFrame poll_glfw_input(GlfwInput& st, GLFWwindow* window) {
  InputFrame in;
  const double now = glfwGetTime();
  in.dt = st.last_time > 0.0 ? std::clamp(now - st.last_time, 0.0, 0.25) : 1.0 / 60.0;
  st.last_time = now;
  const ImGuiIO& io = ImGui::GetIO();
  const bool typing = io.WantTextInput;
  for (std::size_t k = 0; k < kKeyCount; ++k) {
    bool down = !typing && glfwGetKey(window, kGlfwKeys[k]) == GLFW_PRESS;
    if (static_cast<Key>(k) == Key::kShift) down = down || glfwGetKey(window, GLFW_KEY_RIGHT_SHIFT) == GLFW_PRESS;
    in.held[k] = down;
    // Presses the callback queued since the last poll: a tap that went down and up between two
    // frames is not held now, yet counts.
    const int queued = typing ? 0 : std::exchange(g_queued_presses[k], 0);
    if (typing) g_queued_presses[k] = 0;
    if (queued > 0) {
      in.pressed[k] = true;
      in.presses[k] = static_cast<std::uint8_t>(std::min(queued, 255));
    }
    if (down && !st.held[k]) {
      in.pressed[k] = true;
      if (!g_queue_installed) in.presses[k] = 1;
      st.held_for[k] = 0.0;
    } else if (down) {
      const double before = st.held_for[k];
      st.held_for[k] += in.dt;
      // One repeat each time the hold crosses delay + n * period.
      if (repeats(static_cast<Key>(k)) && st.held_for[k] >= kRepeatDelay &&
          std::floor((st.held_for[k] - kRepeatDelay) / kRepeatPeriod) !=
              std::floor((before - kRepeatDelay) / kRepeatPeriod)) {
        in.pressed[k] = true;
        in.presses[k] = static_cast<std::uint8_t>(std::min(in.presses[k] + 1, 255));
      }
    }
  }
  st.held = in.held;

  glm::dvec2 cursor;
  glfwGetCursorPos(window, &cursor.x, &cursor.y);
  const bool right = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS;
  if (right && !st.looking && !io.WantCaptureMouse) {
    st.looking = true;  // capture the cursor while looking, so it never leaves the window
    glfwSetInputMode(window, GLFW_CURSOR, GLFW_CURSOR_DISABLED);
    st.cursor_known = false;
  } else if (!right && st.looking) {
    st.looking = false;
    glfwSetInputMode(window, GLFW_CURSOR, GLFW_CURSOR_NORMAL);
    st.cursor_known = false;
  }
  if (st.looking && st.cursor_known) in.mouse_delta = glm::vec2(cursor - st.cursor);
  in.look = st.looking;
  st.cursor = cursor;
  st.cursor_known = true;

  if (!io.WantCaptureMouse) {
    in.scroll = io.MouseWheel;
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
      // Window coordinates -> framebuffer pixels (they differ on high-DPI screens).
      int ww = 1, wh = 1, fw = 1, fh = 1;
      glfwGetWindowSize(window, &ww, &wh);
      glfwGetFramebufferSize(window, &fw, &fh);
      in.click = glm::vec2(static_cast<float>(io.MousePos.x) * static_cast<float>(fw) / static_cast<float>(std::max(ww, 1)),
                           static_cast<float>(io.MousePos.y) * static_cast<float>(fh) / static_cast<float>(std::max(wh, 1)));
    }
  }
  in.quit = glfwWindowShouldClose(window) != 0;
  return in;
}

FrameInput character_input(const InputFrame& in, const LiveState& s, bool jump_pressed) {
  FrameInput out;
  out.yaw = s.yaw;
  out.pitch = s.pitch;
  if (s.camera.mode != CameraMode::kFollow) return out;  // WASD flies the free camera
  const glm::vec3 up = s.scene.up;
  const glm::vec3 forward = renderer::direction_from_angles(up, s.yaw, 0.0f);
  const glm::vec3 right = glm::normalize(glm::cross(forward, up));
  glm::vec3 wish(0.0f);
  if (in.is_held(Key::kW)) wish += forward;
  if (in.is_held(Key::kS)) wish -= forward;
  if (in.is_held(Key::kD)) wish += right;
  if (in.is_held(Key::kA)) wish -= right;
  if (glm::length(wish) > 1.0f) wish = glm::normalize(wish);
  out.character.wish = wish;
  out.character.jump = jump_pressed;
  out.character.speed_scale = in.is_held(Key::kShift) ? 2.0f : 1.0f;
  return out;
}

void apply_look(LiveState& s, const InputFrame& in) {
  if (!in.look || s.camera.mode != CameraMode::kFollow) return;
  constexpr float kSensitivity = 0.004f;  // radians per pixel
  s.yaw -= in.mouse_delta.x * kSensitivity;
  s.pitch = std::clamp(s.pitch - in.mouse_delta.y * kSensitivity, -1.4f, 1.4f);
}

renderer::Camera update_camera(LiveState& s, const InputFrame& in, const collision::CharacterState& body_state) {
  CameraState& c = s.camera;
  const float r = s.session->config().body.min_radius();
  if (in.was_pressed(Key::kF)) {
    if (c.mode == CameraMode::kFollow) {
      // Detach where the follow camera is, so the picture does not jump.
      const glm::vec2 a = angles_of(s.scene.up, c.camera.forward);
      c.fly.yaw = a.x;
      c.fly.pitch = a.y;
      c.fly.speed = 12.0f * r;
      c.orbit.target = body_state.position;
      c.orbit.distance = glm::length(c.camera.position - body_state.position);
      c.orbit.yaw = a.x;
      c.orbit.pitch = -a.y;
      c.mode = CameraMode::kFly;
    } else {
      c.mode = CameraMode::kFollow;
    }
  }
  if (in.was_pressed(Key::kO) && c.mode != CameraMode::kFollow) {
    if (c.mode == CameraMode::kFly) {
      c.orbit.target = body_state.position;
      const glm::vec3 to = c.orbit.target - c.camera.position;
      c.orbit.distance = std::max(glm::length(to), r);
      const glm::vec2 a = angles_of(s.scene.up, glm::normalize(to));
      c.orbit.yaw = a.x;
      c.orbit.pitch = -a.y;
      c.mode = CameraMode::kOrbit;
    } else {
      const glm::vec2 a = angles_of(s.scene.up, c.camera.forward);
      c.fly.yaw = a.x;
      c.fly.pitch = a.y;
      c.mode = CameraMode::kFly;
    }
  }
  if (in.was_pressed(Key::kX)) c.follow.see_through = !c.follow.see_through;
  if (in.was_pressed(Key::kV)) {  // the camera follows the next character: the body, c0, c1, ..., the body
    const std::size_t n = s.session->movers() ? s.session->movers()->character_count() : 0;
    c.follow.character = c.follow.character + 1 < static_cast<int>(n) ? c.follow.character + 1 : -1;
    s.status = c.follow.character < 0 ? "camera: follows the body" : "camera: follows character c" + std::to_string(c.follow.character);
  }
  if (in.was_pressed(Key::kG)) c.focus_requested = true;
  if (std::exchange(c.focus_requested, false)) {
    if (const std::optional<FocusTarget> f = focus_target(s, body_state)) {
      const glm::vec3 to = f->point - c.camera.position;
      const glm::vec2 a = glm::length(to) > 0.0f ? angles_of(s.scene.up, glm::normalize(to))
                                                 : angles_of(s.scene.up, c.camera.forward);
      c.orbit.target = f->point;
      c.orbit.distance = f->distance;
      c.orbit.yaw = a.x;
      c.orbit.pitch = std::max(-a.y, 0.3f);
      c.mode = CameraMode::kOrbit;
    } else {
      s.status = "focus: pick a triangle first (click), or show a frame with a contact";
    }
  }
  if (c.mode == CameraMode::kFollow) {
    // In the past, look the way the body looked on the shown frame.
    const bool past = s.view.frame >= 0 && s.view.frame < s.session->frame_count() - 1;
    const float yaw = past ? s.session->input(s.view.frame).yaw : s.yaw;
    const Followed fw = followed(c.follow, s.session->movers(), s.view.movers,
                                 s.session->segment_at(std::max(s.view.frame, 0)).body, body_state);
    c.camera = follow_camera(s.scene, fw.body, fw.state, yaw, fw.other ? collision::Trace{} : s.view.trace, c.follow,
                             &c.arm_lag, static_cast<float>(in.dt));
    return c.camera;
  }
  c.camera.up = s.scene.up;
  if (c.mode == CameraMode::kFly) {
    renderer::FirstPersonInput fin;
    auto axis = [&](Key plus, Key minus) {
      return (in.is_held(plus) ? 1.0f : 0.0f) - (in.is_held(minus) ? 1.0f : 0.0f);
    };
    fin.move = {axis(Key::kD, Key::kA), axis(Key::kW, Key::kS), axis(Key::kE, Key::kQ)};
    if (in.is_held(Key::kShift)) fin.move *= 4.0f;
    if (in.look) fin.mouse_delta = in.mouse_delta;
    fin.dt = static_cast<float>(in.dt);
    if (in.scroll != 0.0f) c.fly.speed *= std::pow(1.25f, in.scroll);
    renderer::first_person_update(c.fly, c.camera, fin);
  } else {
    renderer::orbit_update(c.orbit, c.camera, in.look ? in.mouse_delta : glm::vec2(0.0f), in.scroll);
  }
  c.camera.near_plane = 0.02f * r;
  c.camera.far_plane = 2000.0f * r;
  return c.camera;
}

}  // namespace debugger::live
