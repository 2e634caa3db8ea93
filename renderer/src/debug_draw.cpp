#include "renderer/debug_draw.hpp"

#include <algorithm>
#include <cmath>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

namespace renderer {

Colour rgba(glm::vec4 colour) {
  glm::vec4 c = glm::clamp(colour, 0.0f, 1.0f) * 255.0f + 0.5f;
  return rgba(static_cast<std::uint8_t>(c.r), static_cast<std::uint8_t>(c.g),
              static_cast<std::uint8_t>(c.b), static_cast<std::uint8_t>(c.a));
}

void debug_clear(DebugList& list) {
  list.lines.clear();
  list.points.clear();
  list.triangles.clear();
}

void debug_clear(DebugDraw& draw) {
  debug_clear(draw.depth_tested);
  debug_clear(draw.on_top);
}

void debug_line(DebugList& list, glm::vec3 a, glm::vec3 b, Colour colour, float width_px) {
  list.lines.push_back({a, width_px, b, colour});
}

void debug_point(DebugList& list, glm::vec3 position, Colour colour, float size_px) {
  list.points.push_back({position, size_px, colour});
}

namespace {
template <class T>
std::span<T> append(std::vector<T>& items, std::size_t count) {
  const std::size_t first = items.size();
  items.resize(first + count);
  return {items.data() + first, count};
}
}  // namespace

std::span<DebugLine> debug_lines(DebugList& list, std::size_t count) {
  return append(list.lines, count);
}

std::span<DebugPoint> debug_points(DebugList& list, std::size_t count) {
  return append(list.points, count);
}

std::span<DebugVertex> debug_triangle_vertices(DebugList& list, std::size_t count) {
  return append(list.triangles, count);
}

void debug_arrow(DebugList& list, glm::vec3 from, glm::vec3 to, Colour colour, float width_px,
                 float head_length) {
  debug_line(list, from, to, colour, width_px);
  glm::vec3 shaft = to - from;
  float length = glm::length(shaft);
  if (length <= 0.0f) return;
  glm::vec3 dir = shaft / length;
  if (head_length <= 0.0f) head_length = 0.2f * length;
  head_length = std::min(head_length, length);
  // Two axes perpendicular to the shaft.
  glm::vec3 helper = std::abs(dir.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
  glm::vec3 u = glm::normalize(glm::cross(dir, helper));
  glm::vec3 v = glm::cross(dir, u);
  glm::vec3 base = to - dir * head_length;
  float spread = 0.35f * head_length;
  for (glm::vec3 side : {u, -u, v, -v}) debug_line(list, to, base + side * spread, colour, width_px);
}

void debug_triangle(DebugList& list, glm::vec3 a, glm::vec3 b, glm::vec3 c, Colour colour) {
  list.triangles.push_back({a, colour});
  list.triangles.push_back({b, colour});
  list.triangles.push_back({c, colour});
}

void debug_quad(DebugList& list, glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d,
                Colour colour) {
  debug_triangle(list, a, b, c, colour);
  debug_triangle(list, a, c, d, colour);
}

void debug_wire_ellipsoid(DebugList& list, glm::vec3 centre, const glm::mat3& axes, Colour colour,
                          float width_px, int segments) {
  segments = std::max(segments, 3);
  const float step = 6.28318530718f / static_cast<float>(segments);
  for (int plane = 0; plane < 3; ++plane) {
    glm::vec3 u = axes[plane];
    glm::vec3 v = axes[(plane + 1) % 3];
    glm::vec3 previous = centre + u;
    for (int i = 1; i <= segments; ++i) {
      float angle = step * static_cast<float>(i);
      glm::vec3 next = centre + u * std::cos(angle) + v * std::sin(angle);
      debug_line(list, previous, next, colour, width_px);
      previous = next;
    }
  }
}

void debug_wire_sphere(DebugList& list, glm::vec3 centre, float radius, Colour colour,
                       float width_px, int segments) {
  debug_wire_ellipsoid(list, centre, glm::mat3(radius), colour, width_px, segments);
}

void debug_wire_box(DebugList& list, glm::vec3 centre, glm::vec3 half_extents, Colour colour, float width_px) {
  for (int axis = 0; axis < 3; ++axis) {
    const int u = (axis + 1) % 3, v = (axis + 2) % 3;
    for (int corner = 0; corner < 4; ++corner) {
      glm::vec3 a = centre;
      a[u] += (corner & 1) ? half_extents[u] : -half_extents[u];
      a[v] += (corner & 2) ? half_extents[v] : -half_extents[v];
      glm::vec3 b = a;
      a[axis] -= half_extents[axis];
      b[axis] += half_extents[axis];
      debug_line(list, a, b, colour, width_px);
    }
  }
}

void debug_wire_capsule(DebugList& list, glm::vec3 centre, float radius, float half_height, glm::vec3 axis,
                        Colour colour, float width_px, int segments) {
  segments = std::max(segments, 4) & ~1;  // even, so the half circles end on the sides
  const float len = glm::length(axis);
  const glm::vec3 w = len > 0.0f ? axis / len : glm::vec3(0.0f, 1.0f, 0.0f);
  // Two unit vectors across the axis.
  const glm::vec3 helper = std::fabs(w.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
  const glm::vec3 u = glm::normalize(glm::cross(w, helper));
  const glm::vec3 v = glm::cross(w, u);
  const glm::vec3 top = centre + w * half_height, bottom = centre - w * half_height;
  const float step = 6.28318530718f / static_cast<float>(segments);
  for (const glm::vec3& ring : {top, bottom}) {  // the cylinder's end circles
    glm::vec3 previous = ring + u * radius;
    for (int i = 1; i <= segments; ++i) {
      const float a = step * static_cast<float>(i);
      const glm::vec3 next = ring + (u * std::cos(a) + v * std::sin(a)) * radius;
      debug_line(list, previous, next, colour, width_px);
      previous = next;
    }
  }
  for (const glm::vec3& side : {u, v}) {
    for (float s : {1.0f, -1.0f}) debug_line(list, bottom + side * (s * radius), top + side * (s * radius), colour, width_px);
    // The hemispheres' outlines: half circles over each end in the plane of `side` and the axis.
    for (int end = 0; end < 2; ++end) {
      const glm::vec3 c = end == 0 ? top : bottom;
      const glm::vec3 out = end == 0 ? w : -w;
      glm::vec3 previous = c + side * radius;
      for (int i = 1; i <= segments / 2; ++i) {
        const float a = step * static_cast<float>(i);
        const glm::vec3 next = c + (side * std::cos(a) + out * std::sin(a)) * radius;
        debug_line(list, previous, next, colour, width_px);
        previous = next;
      }
    }
  }
}

}  // namespace renderer
