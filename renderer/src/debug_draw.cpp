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

}  // namespace renderer
