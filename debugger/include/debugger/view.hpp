#pragma once
/// @file view.hpp
/// What the picture looks like: the level's colours, the third-person camera that follows the
/// body and looks at its contact, and the ImGui legend and frame panel (window and headless).

#include <string>
#include <vector>

#include "collision/character.hpp"
#include "collision/trace.hpp"
#include "debugger/events.hpp"
#include "debugger/overlay.hpp"
#include "debugger/scene.hpp"
#include "renderer/camera.hpp"
#include "renderer/renderer.hpp"

namespace debugger {

/// The level as the renderer draws it: floors (walkable) light grey, walls sand, ceilings
/// darker, non-solid triangles blue.
renderer::MeshUpload level_upload(const Scene& scene, float max_slope_degrees);

/// Behind and above the body along its look yaw, aimed between the body and the frame's
/// contact (if any), with Scene::up as the camera's up.
renderer::Camera follow_camera(const Scene& scene, const collision::Body& body,
                               const collision::CharacterState& state, float yaw,
                               const collision::Trace& trace);

/// The legend window (overlay colours; with checkboxes when `toggles` is given).
void draw_legend(OverlayOptions* toggles, float x, float y);

/// A small panel: scene, method, frame, ground state and normal, velocities, the contacts (gap
/// beyond the `skin`), hits and the frame's events.
void draw_frame_panel(const std::string& scene, collision::Method method, int frame,
                      const collision::CharacterState& state, const collision::Trace& trace,
                      const std::vector<Event>& events, float skin, float x, float y);

}  // namespace debugger
