#pragma once
/// @file fill_share.hpp
/// The candidates' fills (overlay.hpp) never flood the view. A floor triangle under a capsule's
/// camera (regr01.obj, `--up z --body capsule:0.3,0.5`) covered the whole picture in flat
/// yellow. The candidate fills are kept together to at most kMaxFillShare of the view, smaller
/// triangles first; each one past it is drawn as its outline instead. The fills of triangles hit
/// stay (the triangle the body met is what the frame is about).

#include <cstdint>

#include <glm/vec2.hpp>

#include "collision/world.hpp"
#include "debugger/overlay.hpp"
#include "renderer/camera.hpp"

namespace debugger {

/// The most of the view (0..1, of its pixels) the candidates' fills may cover together: a
/// quarter. Their shares add up, overlaps counted twice, so on screen they cover at most this.
inline constexpr float kMaxFillShare = 0.25f;

/// The share of a view of `extent` pixels (0..1) that `triangle` covers, seen from `camera`:
/// its projection clipped to the view (and to the near plane; 0 when wholly behind it).
float view_share(const collision::Triangle& triangle, const renderer::Camera& camera, glm::uvec2 extent);

/// Turns the candidate highlights of `overlay` (triangles of `mesh`) that would take the
/// candidates' fills past kMaxFillShare into outlines of their colour (depth-tested lines).
/// @return how many fills became outlines.
int bound_fills(OverlayFrame& overlay, const collision::TriangleMesh& mesh, const renderer::Camera& camera,
                glm::uvec2 extent);

}  // namespace debugger
