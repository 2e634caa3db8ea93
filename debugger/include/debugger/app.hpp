#pragma once
/// @file app.hpp
/// The two ways `prism` runs: headless (captures + report, no window system) and live (window).

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "debugger/follow_camera.hpp"
#include "debugger/scene.hpp"
#include "setup_args/setup_args.hpp"

namespace debugger {

struct RunOptions {
  std::string scene;         ///< "" = the embedded default scene
  std::string walk;          ///< walk script file ("" = the scene's default walk, if any)
  std::string session;       ///< session file to replay ("" = none)
  std::string method;        ///< "" = the session's, else robust
  int frames = 600;
  /// --frames was given: a game's recording (`recording`) runs all its frames otherwise.
  bool frames_given = false;
  /// A game's recording to open (collision/recording.hpp; "" = none): its level, frames and
  /// characters replace the scene's (game_recording.hpp).
  std::string recording;
  /// --frames A-B with a recording: the frames numbered A through B.
  std::optional<std::pair<std::uint64_t, std::uint64_t>> frame_range;
  std::string out = "captures";
  int capture_every = 0;     ///< 0 = only at events (and the last frame)
  std::vector<int> capture_frames;  ///< extra frames to capture
  int width = 1280, height = 720;
  bool validation = false;  ///< Vulkan validation layer (also PRISM_VK_VALIDATION=1)
  /// The anomaly finder's further kinds (ghost bump, lost speed, early catch; anomalies.hpp)
  /// besides the four always on (overlap, pass-through, no progress, jitter).
  bool find_anomalies = false;
  /// Live mode test hook: window frames driven by a key script instead of the keyboard and
  /// mouse (format in debugger/src/live/controls.hpp), deterministic: 1/60 s per window frame.
  std::string script_keys;
  /// --up, --body, --spawn: the scene's setup for a new recording (a session keeps its own).
  SceneSetup setup;
  /// The character's settings (prism-query character's flags, setup_args.hpp).
  setup_args::CharacterFlags character;
  /// Seed of the tour a level without a walk script gets (wander.hpp).
  std::uint64_t seed = 1;
  /// The follow camera: arm length, spring arm on/off, see-through (follow_camera.hpp).
  FollowSettings camera;
};

struct HeadlessResult {
  int frames = 0;
  int anomalies = 0;
  std::vector<std::string> captures;
  std::string report;
  unsigned validation_messages = 0;
};

/// Runs without a window. @throws std::runtime_error (and the loaders' errors) with a message:
/// for more than 1,000,000 frames (each frame's record, about 1.3 KB, is kept for report.json),
/// a size beyond the device's largest image, or a frame the collision core refuses (a move
/// outside its input domain): then "frame N: ..." after writing report.json and session.prism
/// of the frames before it, so the run can be replayed up to the failure.
/// A Doom map scene (`freedoom1:E1M1`, is_doom_map_spec) runs the 2D view (run_headless_2d).
HeadlessResult run_headless(const RunOptions& options);

/// A game's recording without a window (options.recording; run_headless calls it): the frames of
/// options.frame_range, or the first options.frames, or all, each call re-run and compared with
/// its recorded result, each character's step re-run with a Trace and judged by the anomaly
/// finder; captures of the followed character (--follow cN, c0 by default) at its events and as
/// --capture-every / --capture-frames (frame numbers) ask, named RECORDING_fNUMBER[_event].png,
/// and report.json (recording_report.hpp). @throws collision::RecordingError naming the file.
HeadlessResult run_headless_recording(const RunOptions& options);

/// The window on a game's recording (options.recording; run_live calls it): the game's frames on
/// the timeline with every character's events and anomalies (N / Shift+N jump between them),
/// the followed character (--follow cN) drawn with the walks' overlays and the others where they
/// stand, the frame panel, and the query browser ("Calls": every call of the shown frame,
/// filtered and sorted; the selected one drawn in the view); F12 writes
/// DIR/STEM_fNUMBER[_callN].png (docs/debugger.md, "A game's recording"). Returns like run_live.
int run_live_recording(const RunOptions& options);

/// The top-down 2D view of a Doom map (view2d.hpp), doors opened: a Doom-style circle body
/// walks from the player 1 start by options.walk (a walk script: yaw 0 = east, 8 units a frame
/// at forward 1), else the map's default tour (freedoom1 E1M1: into a corner, through a doorway
/// and a door, up the stairs), else a seeded random walk; PNGs (the last frame once per
/// point-in-polygon method) and walk2d.csv (frame,x,y,sector,contacts,z) in options.out.
HeadlessResult run_headless_2d(const RunOptions& options);

/// The 2D view of a Doom map in a window (run_live calls it for a Doom map scene, or for a 2D
/// session file: options.session, recording2d.hpp), laid out and driven as the 3D window: the
/// tour or --walk plays, then WASD walks (W north); recording pauses when the tour ends and after
/// 1 s without input; the 3D window's frame keys and timeline, C cycles the point-in-polygon
/// method shown, a click picks a line, the wheel zooms, F12 writes DIR/MAP_fFRAME_METHOD.png;
/// the inspector shows the frame's body, sector, each method's answer, the picked line and the
/// session file box (docs/debugger.md, "Doom maps"). Returns like run_live.
int run_live_2d(const RunOptions& options);

/// Opens a window and runs until it closes (or the key script exits). Returns the process exit
/// code: 0, or 3 when the Vulkan validation layer reported anything. @throws like run_headless.
int run_live(const RunOptions& options);

}  // namespace debugger
