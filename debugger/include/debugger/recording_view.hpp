#pragma once
/// @file recording_view.hpp
/// A game's recorded frame as the debugger draws it (headless and, later, the window): the
/// recorded level as a Scene, the followed character's step with the overlays of the debugger's
/// own walks (its re-run Trace: candidates, hits, contacts, normals, slide vectors, prisms), every
/// other character where it stands, and the frame panel.

#include <cstdint>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "collision/character.hpp"
#include "debugger/app.hpp"
#include "debugger/events.hpp"
#include "debugger/follow_camera.hpp"
#include "debugger/game_recording.hpp"
#include "debugger/overlay.hpp"
#include "debugger/recording_review.hpp"
#include "debugger/scene.hpp"
#include "renderer/camera.hpp"

namespace debugger {

/// The frames a run covers: options.frame_range (frame numbers, inclusive), else the first
/// options.frames frames when --frames was given (options.frames_given), else all. @throws std::invalid_argument for a
/// range the recording has no frame of, or a recording without frames.
FrameSpan recording_frames(const GameRecording& recording, const RunOptions& options);

/// Why `character` (--follow cN; -1: the first) cannot be followed in the recording ("" when it can).
std::string recording_follow_error(const GameRecording& recording, int character);

/// The recorded level as a Scene (named after the file's stem), up from its characters, the body
/// and spawn of its first character (a sphere of 1% of the level's size at its centre without one).
Scene recording_scene(const GameRecording& recording, const std::string& path);

/// The followed character's walkable limit (its first step's), for the level's floor colours.
float recording_max_slope(const GameRecording& recording, std::uint32_t character);

/// What a recorded frame's picture shows of the followed character.
struct RecordingPicture {
  renderer::Camera camera;
  collision::Body body = collision::Body::sphere(1.0f);
  collision::CharacterState state;   ///< where it stands after the frame
  const ReviewedStep* step = nullptr;  ///< its step this frame (null: not stepped, or no characters)
  std::vector<Event> events;         ///< its events this frame
  std::uint32_t character = 0;
  bool present = false;              ///< false before its first step or placement
};

/// Fills `overlay` (cleared) for frame `frame` (reviewed with traces) and works out the camera:
/// the followed character with its step's overlays, the others as outlines.
RecordingPicture recording_picture(const GameRecording& recording, const ReviewedFrame& frame, std::uint32_t character,
                                   float yaw, const Scene& scene, const OverlayOptions& options,
                                   const FollowSettings& framing, glm::uvec2 extent, OverlayFrame& overlay);

/// The frame panel for a recorded frame: the followed character's state, trace and events, and a
/// line on the frame (its number and time, its calls and how many re-run differently).
void draw_recording_frame_panel(const GameRecording& recording, const ReviewedFrame& frame,
                                const RecordingPicture& picture, float x, float y);

/// The same, short and wrapped, inside the current ImGui window (the recording window's side
/// panel): the frame, the followed character's body, method, position, ground, velocity,
/// contacts, hits and events.
void draw_recording_frame_section(const GameRecording& recording, const ReviewedFrame& frame,
                                  const RecordingPicture& picture);

}  // namespace debugger
