// Highlight fills bounded to a share of the view (fill_share.hpp).
#include "debugger/fill_share.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include "debugger/palette.hpp"

namespace debugger {
namespace {

// Clips a polygon in Vulkan's clip space against the plane dot(plane, v) >= 0.
std::vector<glm::vec4> clip(const std::vector<glm::vec4>& poly, glm::vec4 plane) {
  std::vector<glm::vec4> out;
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const glm::vec4 a = poly[i], b = poly[(i + 1) % poly.size()];
    const float da = glm::dot(plane, a), db = glm::dot(plane, b);
    if (da >= 0.0f) out.push_back(a);
    if ((da >= 0.0f) != (db >= 0.0f)) out.push_back(a + (b - a) * (da / (da - db)));
  }
  return out;
}

}  // namespace

float view_share(const collision::Triangle& tri, const renderer::Camera& camera, glm::uvec2 extent) {
  const glm::mat4 m = renderer::camera_view_projection(camera, extent);
  std::vector<glm::vec4> poly = {m * glm::vec4(tri.a, 1.0f), m * glm::vec4(tri.b, 1.0f), m * glm::vec4(tri.c, 1.0f)};
  // The near plane (z >= 0, ZO depth) first, so every corner left has w > 0; then the four sides.
  for (const glm::vec4 plane : {glm::vec4(0, 0, 1, 0), glm::vec4(1, 0, 0, 1), glm::vec4(-1, 0, 0, 1),
                                glm::vec4(0, 1, 0, 1), glm::vec4(0, -1, 0, 1)}) {
    poly = clip(poly, plane);
    if (poly.size() < 3) return 0.0f;
  }
  double twice_area = 0.0;  // shoelace over the normalised device coordinates (the view: 2 x 2)
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const glm::vec4 a = poly[i], b = poly[(i + 1) % poly.size()];
    if (a.w <= 0.0f || b.w <= 0.0f) return 0.0f;
    twice_area += static_cast<double>(a.x / a.w) * (b.y / b.w) - static_cast<double>(b.x / b.w) * (a.y / a.w);
  }
  return std::clamp(static_cast<float>(std::abs(twice_area) / 8.0), 0.0f, 1.0f);
}

int bound_fills(OverlayFrame& overlay, const collision::TriangleMesh& mesh, const renderer::Camera& camera,
                glm::uvec2 extent) {
  struct Fill {
    renderer::TriangleHighlight highlight;
    bool hit;
    float share;
  };
  // Highlights come candidates first, hits after (a hit is drawn over its candidate fill).
  const renderer::Colour hit_rgb = palette::kHits & 0x00FFFFFFu;
  std::vector<Fill> fills;
  std::vector<std::uint32_t> hits;
  for (const renderer::TriangleHighlight& h : overlay.highlights)
    if ((h.colour & 0x00FFFFFFu) == hit_rgb) hits.push_back(h.triangle);
  // A candidate that is hit too (in another iteration) lies under the hit's fill: kept as it is.
  for (const renderer::TriangleHighlight& h : overlay.highlights) {
    const bool hit = std::find(hits.begin(), hits.end(), h.triangle) != hits.end();
    fills.push_back({h, hit, hit ? 0.0f : view_share(mesh.triangle(h.triangle), camera, extent)});
  }
  // Smaller first: the budget keeps as many candidates filled as it can. Hits always stay
  // filled: the triangle the body met is the frame's point, and the view follows the body.
  std::vector<std::size_t> order(fills.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return fills[a].share < fills[b].share; });
  std::vector<bool> filled(fills.size(), false);
  float total = 0.0f;
  for (std::size_t i : order) {
    filled[i] = fills[i].hit || total + fills[i].share <= kMaxFillShare;
    if (!fills[i].hit && filled[i]) total += fills[i].share;
  }
  overlay.highlights.clear();
  int outlined = 0;
  for (std::size_t i = 0; i < fills.size(); ++i) {
    if (filled[i]) {
      overlay.highlights.push_back(fills[i].highlight);
      continue;
    }
    ++outlined;
    const collision::Triangle t = mesh.triangle(fills[i].highlight.triangle);
    const renderer::Colour c = fills[i].highlight.colour | 0xFF000000u;
    for (const auto& [a, b] : {std::pair{t.a, t.b}, std::pair{t.b, t.c}, std::pair{t.c, t.a}})
      renderer::debug_line(overlay.debug.depth_tested, a, b, c, 3.0f);
  }
  return outlined;
}

}  // namespace debugger
