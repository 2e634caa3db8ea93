#pragma once
// Everything the window loop holds between frames, as plain data. The files beside this one
// each own one concern (controls, frame control, timeline, inspector, comparison, screenshot)
// and work on this struct through free functions.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "collision/character.hpp"
#include "collision/trace.hpp"
#include "debugger/events.hpp"
#include "debugger/follow_camera.hpp"
#include "debugger/overlay.hpp"
#include "debugger/scene.hpp"
#include "debugger/session.hpp"
#include "debugger/walk_source.hpp"
#include "renderer/camera.hpp"

namespace debugger::live {

inline constexpr std::size_t kEventKinds = static_cast<std::size_t>(EventKind::kCount);

/// Per recorded frame, what the timeline plots (one entry per frame), plus the frame's events.
struct Timeline {
  std::vector<float> speed;        ///< |velocity| after the frame, units/s
  std::vector<float> iterations;   ///< slide iterations the frame used
  std::vector<float> contacts;     ///< iterations that hit something
  std::vector<float> penetration;  ///< depenetration depth (0 when none)
  std::vector<Event> events;       ///< sorted by frame
};

/// The frame on screen: frame `frame` of the recording re-run with a Trace (or the start,
/// frame -1, with an empty trace).
struct ViewFrame {
  int frame = -2;  ///< -2: nothing computed yet
  std::uint64_t recording = 0;  ///< LiveState::recording_id it was computed for
  collision::Trace trace;
  collision::CharacterState before, after;
  std::vector<Event> events;
  /// The level's movers as they stand after the frame (empty without movers).
  std::optional<MoverFrame> movers;
};

struct Playback {
  bool paused = false;
  float speed = 1.0f;         ///< 0.25, 0.5 or 1 recorded frames per real frame time
  double accumulator = 0.0;   ///< seconds of simulation owed
  int frame = -1;             ///< the frame shown (-1: the start, before any frame)
  std::array<bool, kEventKinds> pause_on{};  ///< "pause on event" per kind
  std::string paused_by;      ///< why playback stopped on its own (an event), for the panel
  /// Recording paused by itself (the walk script ended, or no input for a second): any input
  /// resumes it.
  bool idle_paused = false;
  double idle_seconds = 0.0;  ///< window time since the last input
  /// The timeline's zoom: frames view_lo..view_hi are on the plots (view_hi < 0: all of them).
  int view_lo = 0, view_hi = -1;
  /// A selected range of frames (shift-drag on the plots; range_a < 0: none), played in a loop
  /// when `loop` is on, and exported as its own session.
  int range_a = -1, range_b = -1;
  bool loop = false;
};

enum class CameraMode { kFollow, kFly, kOrbit };

struct CameraState {
  CameraMode mode = CameraMode::kFollow;
  renderer::FirstPersonController fly;
  renderer::OrbitController orbit;
  renderer::Camera camera;  ///< the camera of the last frame drawn (for picking)
  FollowSettings follow;    ///< the follow camera's arm length, spring arm and see-through
  ArmLag arm_lag;           ///< the follow camera's arm eases out after a pull-in
  bool focus_requested = false;  ///< "focus on selection": orbit the picked triangle or contact
};

/// The inspector's choice: an iteration of the current frame and/or a triangle (picked or hit).
struct Selection {
  int iteration = -1;
  std::uint32_t instance = collision::kStaticLevel;  ///< the triangle's: the level or a mover
  std::uint32_t triangle = collision::kNoTriangle;
  bool only_selected_iteration = false;
};

/// Method comparison on the shown frame: the same frame re-run with `method`.
struct Comparison {
  bool on = false;
  collision::Method method = collision::Method::kOffsetPrism;
  int frame = -2;
  std::uint64_t recording = 0;
  collision::Trace trace;
  collision::CharacterState after;
};

/// A recording kept aside when the user forks (a method or body change, B): whole, to switch
/// back to or to compare with frame by frame.
struct Branch {
  std::unique_ptr<Session> session;
  Timeline timeline;
  std::string label;
};

/// The shown branch compared with a shelved one at the same frame number.
struct BranchComparison {
  int branch = -1;  ///< index in LiveState::shelved; -1: off
};

struct LiveState {
  Scene scene;
  collision::CharacterParams base_params;  ///< unresolved (derived per body); up = scene.up
  std::unique_ptr<Session> session;
  std::unique_ptr<EventDetector> detector;
  std::uint64_t recording_id = 1;  ///< changes whenever the recording is replaced or cut
  Timeline timeline;
  std::string branch_label = "#1 (first recording)";
  std::vector<Branch> shelved;  ///< the other branches; the shown one is session + timeline
  int branches_made = 1;        ///< for the labels (#2, #3, ...)
  BranchComparison branch_comparison;
  Playback playback;
  ViewFrame view;
  /// The scene's tour (walk_source.hpp: scene_tour, as headless runs play it): drives new
  /// frames from the first one while tour_active; the walking keys, a fork or a load end it.
  std::optional<WalkSource> tour;
  bool tour_active = false;
  float yaw = 0.0f, pitch = 0.0f;  ///< the body's look angles (radians about scene.up)
  CameraState camera;
  OverlayOptions overlay;
  Selection selection;
  Comparison comparison;
  bool show_ui = true;
  bool hint_shown = true;  ///< the hint bar (layout.hpp), until the first key
  bool screenshot_requested = false;
  bool quit = false;
  std::string out_dir = "captures";
  std::string status;  ///< last message for the panel (saved, loaded, error)
  bool unsaved = false;
  std::uint64_t idle_waits = 0;
  double step_ms = 0.0;     ///< the collision query time of the last recorded frame (step_character)
  double retrace_ms = 0.0;  ///< re-running the last shown past frame with its Trace (keyframe replay included)  ///< times the loop waited for events instead of drawing  ///< frames recorded (or a branch forked) since the last save or load
  /// A question waiting for the user: loading a session or quitting would drop unsaved frames.
  enum class Ask { kNothing, kLoad, kQuit } ask = Ask::kNothing;
};

}  // namespace debugger::live
