#pragma once
// The inspector: the shown frame's slide iterations and hits (select one), and the selected
// triangle (picked with the mouse through collision::raycast, or the selected hit's) with its
// index, corners, normal, feature, time of impact, and the signed distance of the tested
// point to each of its seven planes (offset plane S', three edge clip planes, three acute-angle
// clip planes: collision::offset_prism) with each plane's verdict.

#include <cstdint>
#include <optional>
#include <string>

#include <glm/vec2.hpp>

#include "collision/trace.hpp"
#include "live/live_state.hpp"

namespace debugger::live {

/// A triangle picked in the view: the level's (instance kStaticLevel) or a mover's (its
/// instance id and the index in its own mesh).
struct PickedTriangle {
  std::uint32_t instance = collision::kStaticLevel;
  std::uint32_t triangle = collision::kNoTriangle;
};

/// The triangle under `pixel` (framebuffer pixels) seen through `camera`, if any: the level's,
/// or with movers (SessionMovers::raycast) a mover's where it stands in `movers`.
std::optional<PickedTriangle> pick_triangle(const collision::World& world, const SessionMovers* scene_movers,
                                            const std::optional<MoverFrame>& movers, const renderer::Camera& camera,
                                            glm::vec2 pixel, glm::uvec2 extent);

/// The selected triangle in world space (a mover's where it stands in the shown frame) with its
/// unit normal and whether it is solid; none when nothing valid is selected.
struct SelectedTriangle {
  std::uint32_t instance = collision::kStaticLevel;
  std::uint32_t index = collision::kNoTriangle;  ///< in the level's or the instance's own mesh
  collision::Triangle triangle{};
  glm::vec3 normal{0.0f};
  bool solid = true;
};
std::optional<SelectedTriangle> selected_triangle(const LiveState& s);

/// The selected triangle as the shown frame saw it: the method's own test when the triangle
/// was a candidate (of the selected iteration first; a scene's traces list the movers' too),
/// else its offset prism for the body's radius and edge margin with the body centre after the
/// frame as the tested point.
struct TriangleReport {
  collision::TriangleTest test;
  bool tested = false;   ///< the test comes from the frame's trace
  int iteration = -1;    ///< the iteration that tested it (when tested)
  std::string tested_point;  ///< what the distances are measured from, in words
};
TriangleReport triangle_report(const LiveState& s, const SelectedTriangle& triangle);

/// The verdict of one plane in words: "in front", "crossed / behind", "inside", "outside".
const char* plane_verdict(bool offset_plane, float distance);

/// The inspector's widgets, inside the current ImGui window.
void draw_inspector_section(LiveState& s);

}  // namespace debugger::live
