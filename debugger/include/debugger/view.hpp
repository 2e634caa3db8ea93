#pragma once
/// @file view.hpp
/// What the picture looks like: the level's colours and the ImGui legend and frame panel
/// (window and headless); the camera that follows the body is follow_camera.hpp.

#include <optional>
#include <string>
#include <vector>

#include "collision/character.hpp"
#include "collision/trace.hpp"
#include "debugger/body_label.hpp"
#include "debugger/events.hpp"
#include "debugger/follow_camera.hpp"
#include "debugger/overlay.hpp"
#include "debugger/scene.hpp"
#include "renderer/camera.hpp"
#include "renderer/renderer.hpp"

namespace debugger {

/// The level as the renderer draws it: floors (walkable) light grey, walls sand, ceilings
/// darker, non-solid triangles blue.
renderer::MeshUpload level_upload(const Scene& scene, float max_slope_degrees);

/// A mesh id that names no uploaded mesh: what upload_level gives a scene whose level has no
/// triangles (a scene file of instances alone), which scene_draws then leaves out.
inline constexpr renderer::MeshId kNoMesh = ~renderer::MeshId{0};
/// level_upload uploaded, or kNoMesh for a level without triangles.
renderer::MeshId upload_level(renderer::Renderer& r, const Scene& scene, float max_slope_degrees);

/// The level's movers (Scene::movers), each instance's triangles uploaded once in its own frame
/// in the movers' colour (palette::kMover); drawn each frame where the session has them.
struct MoverMeshes {
  std::vector<std::uint32_t> instances;  ///< scene instance ids
  std::vector<renderer::MeshId> meshes;  ///< beside them
};
MoverMeshes upload_movers(renderer::Renderer& r, const Scene& scene);
/// `level` first (unless its mesh is kNoMesh), then every mover at its pose in `movers` (none when it is empty), each with
/// its highlights from `overlay` (OverlayFrame::mover_highlights, which must outlive the draws).
std::vector<renderer::MeshDraw> scene_draws(const renderer::MeshDraw& level, const MoverMeshes& meshes,
                                            const std::optional<MoverFrame>& movers,
                                            const OverlayFrame* overlay = nullptr);

/// The legend window (overlay colours; with checkboxes when `toggles` is given) at (x, y) on
/// first use; `placed`: the caller set its position and size (the window's layout).
void draw_legend(OverlayOptions* toggles, float x, float y, bool placed = false);

/// A greyed (disabled-colour) text wrapped at the window's right edge, so it is never cut off.
void text_disabled_wrapped(const std::string& text);

/// " tri 12,40,41" (at most six, then "..."): the triangles an event names; empty for none.
std::string triangle_list(const std::vector<std::uint32_t>& triangles);


/// The numbers of the frame's measured distances (overlay.hpp, add_measures), e.g. "early_catch
/// gap 0.1881", written beside their segments' middles in the view (under the panels); nothing
/// for a segment behind the camera.
void draw_measure_labels(const std::vector<Event>& events, const renderer::Camera& camera, glm::uvec2 extent);

/// The frame panel's height in pixels (headless places it from the bottom).
inline constexpr float kFramePanelHeight = 232.0f;

/// A small panel: scene, method, frame, the body and where its size came from (`setup_note`),
/// ground state and normal, velocities, the contacts (gap beyond the `skin`), hits and the
/// frame's events.
void draw_frame_panel(const std::string& scene, collision::Method method, int frame,
                      const collision::CharacterState& state, const collision::Trace& trace,
                      const std::vector<Event>& events, float skin, float x, float y,
                      const collision::Body& body, const std::string& setup_note,
                      const std::string& ground_note = "");

}  // namespace debugger
