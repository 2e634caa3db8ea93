#pragma once
/// @file debug_draw.hpp
/// Debug primitives as plain lists the application fills each frame (no collision types).
///
/// Positions are world units; widths and sizes are pixels on screen, whatever the distance.
/// Colours are packed RGBA8 (see rgba()); alpha blends. A DebugDraw holds two lists: one
/// depth-tested against the scene (hidden behind walls) and one always on top.
/// Inside each list the renderer draws the translucent triangles first (alpha-blended,
/// depth-tested in the depth-tested list, never writing depth), then lines and points over
/// them, so a line keeps its own colour wherever fills lie in front of it.
/// Arrows, wire spheres and ellipsoids become lines as they are added.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace renderer {

/// RGBA8 packed with red in the lowest byte (the byte order of VK_FORMAT_R8G8B8A8_UNORM).
using Colour = std::uint32_t;

constexpr Colour rgba(std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a = 255) {
  return Colour(r) | (Colour(g) << 8) | (Colour(b) << 16) | (Colour(a) << 24);
}
/// From floats in [0, 1] (clamped).
Colour rgba(glm::vec4 colour);

/// A segment `width_px` pixels wide. 32 bytes, uploaded as is.
struct DebugLine {
  glm::vec3 a;
  float width_px;
  glm::vec3 b;
  Colour colour;
};

/// A disc `size_px` pixels across, facing the screen.
struct DebugPoint {
  glm::vec3 position;
  float size_px;
  Colour colour;
};

/// One corner of a translucent triangle; three consecutive vertices make a triangle.
struct DebugVertex {
  glm::vec3 position;
  Colour colour;
};

struct DebugList {
  std::vector<DebugLine> lines;
  std::vector<DebugPoint> points;
  std::vector<DebugVertex> triangles;  ///< a multiple of 3 vertices
};

struct DebugDraw {
  DebugList depth_tested;  ///< hidden by the scene where the scene is nearer
  DebugList on_top;        ///< always visible, drawn after everything but the UI
};

/// Empties both lists, keeping their capacity (call once per frame before filling).
void debug_clear(DebugDraw& draw);
void debug_clear(DebugList& list);

void debug_line(DebugList& list, glm::vec3 a, glm::vec3 b, Colour colour, float width_px = 2.0f);
void debug_point(DebugList& list, glm::vec3 position, Colour colour, float size_px = 8.0f);
/// A shaft from `from` to `to` and a head of four lines at `to`; `head_length` in world units
/// (0: a fifth of the arrow's length).
void debug_arrow(DebugList& list, glm::vec3 from, glm::vec3 to, Colour colour,
                 float width_px = 2.0f, float head_length = 0.0f);
void debug_triangle(DebugList& list, glm::vec3 a, glm::vec3 b, glm::vec3 c, Colour colour);
/// The quad a-b-c-d (corners in order around it) as two triangles.
void debug_quad(DebugList& list, glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d,
                Colour colour);
/// Appends `count` lines (zeroed) and returns them to be written in place: the fast path for
/// tens of thousands of primitives (about 7x faster than debug_line per line, no per-call
/// capacity check). The span is valid until the list next grows or is cleared.
std::span<DebugLine> debug_lines(DebugList& list, std::size_t count);
/// The same for points.
std::span<DebugPoint> debug_points(DebugList& list, std::size_t count);
/// The same for translucent triangles: `count` vertices, a multiple of 3 (a quad is 6: a b c, a c d).
std::span<DebugVertex> debug_triangle_vertices(DebugList& list, std::size_t count);

/// Three great circles of `segments` lines each.
void debug_wire_sphere(DebugList& list, glm::vec3 centre, float radius, Colour colour,
                       float width_px = 1.5f, int segments = 32);
/// Three principal ellipses; the columns of `axes` are the semi-axes (world units).
void debug_wire_ellipsoid(DebugList& list, glm::vec3 centre, const glm::mat3& axes, Colour colour,
                          float width_px = 1.5f, int segments = 32);
/// An axis-aligned box's 12 edges.
void debug_wire_box(DebugList& list, glm::vec3 centre, glm::vec3 half_extents, Colour colour,
                    float width_px = 1.5f);
/// A capsule (the points within `radius` of the segment centre +- half_height * axis): its end
/// circles, four side lines and the outlines of its hemispheres.
void debug_wire_capsule(DebugList& list, glm::vec3 centre, float radius, float half_height, glm::vec3 axis,
                        Colour colour, float width_px = 1.5f, int segments = 32);

}  // namespace renderer
