// Trace -> debug primitives. Colours: one table (kStyles) shared by the picture and the legend.
#include "debugger/overlay.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>

#include "debugger/events.hpp"
#include "debugger/prism_geometry.hpp"
#include "debugger/swept_shape.hpp"

namespace debugger {

using renderer::Colour;
using renderer::rgba;

namespace {

const OverlayStyle kStyles[] = {
    {rgba(255, 205, 0, 90), "candidates tested (arrow: box separating axis)"},
    {rgba(255, 40, 40, 190), "triangles hit"},
    {rgba(0, 190, 255, 80), "offset plane S' (triangle moved by r)"},
    {rgba(255, 140, 0, 70), "edge clip planes (3)"},
    {rgba(230, 60, 230, 70), "acute-angle clip planes (3)"},
    {rgba(60, 235, 110, 255), "exact swept shape (triangle grown by the body)"},
    {rgba(255, 255, 90, 255), "contacts, normals (orange: steep)"},
    {rgba(90, 160, 255, 255), "slide vector per iteration"},
    {rgba(150, 170, 210, 200), "body ghost per iteration"},
    {rgba(255, 255, 255, 255), "move: actual (white), desired (grey)"},
    {rgba(190, 120, 255, 255), "ground normal, walkable contacts"},
    {rgba(255, 230, 60, 255), "step-up probe (red: failed)"},
    {rgba(240, 240, 240, 255), "body"},
};
static_assert(std::size(kStyles) == static_cast<std::size_t>(Overlay::kCount));

// Steep-ground contact normals: one colour of their own (legend: the contacts line).
constexpr Colour kSteepContact = rgba(255, 150, 40, 255);

Colour col(Overlay o) { return kStyles[static_cast<std::size_t>(o)].colour; }
Colour with_alpha(Colour c, std::uint8_t a) { return (c & 0x00FFFFFFu) | (Colour(a) << 24); }

// The body's outline at `centre`, whatever its shape.
void draw_body(renderer::DebugList& list, const collision::Body& body, glm::vec3 centre, Colour colour, float width,
               int segments) {
  switch (body.shape) {
    case collision::Shape::kEllipsoid:
      renderer::debug_wire_ellipsoid(
          list, centre, glm::mat3(glm::vec3(body.radii.x, 0, 0), glm::vec3(0, body.radii.y, 0), glm::vec3(0, 0, body.radii.z)),
          colour, width, segments);
      return;
    case collision::Shape::kBox:
      renderer::debug_wire_box(list, centre, body.radii, colour, width);
      return;
    case collision::Shape::kCapsule:
      renderer::debug_wire_capsule(list, centre, body.radii.x, body.half_height, body.axis, colour, width, segments);
      return;
  }
}

void fill_polygon(renderer::DebugList& list, const std::vector<glm::vec3>& poly, Colour c) {
  for (std::size_t i = 2; i < poly.size(); ++i) renderer::debug_triangle(list, poly[0], poly[i - 1], poly[i], c);
}

void outline(renderer::DebugList& list, const std::vector<glm::vec3>& poly, Colour c, float width) {
  for (std::size_t i = 0; i < poly.size(); ++i)
    renderer::debug_line(list, poly[i], poly[(i + 1) % poly.size()], c, width);
}

// The exact swept shape of a box: the outline of the triangle (+) box (debugger/swept_shape.hpp),
// faces filled faintly; for a capsule, the triangle's sphere-grown shape at both ends of the
// segment, joined.
void draw_box_swept_shape(renderer::DebugList& dt, const collision::Triangle& tri, glm::vec3 half, Colour c) {
  for (const std::vector<glm::vec3>& face : box_minkowski_faces(tri, half)) {
    outline(dt, face, c, 2.0f);
    fill_polygon(dt, face, with_alpha(c, 30));
  }
}

void draw_sphere_swept_shape(renderer::DebugList& dt, const collision::Triangle& tri, float r, Colour c) {
  const glm::vec3 n = glm::normalize(glm::cross(tri.b - tri.a, tri.c - tri.a));
  const glm::vec3 v[3] = {tri.a, tri.b, tri.c};
  for (float side : {1.0f, -1.0f}) {  // the two plates
    const glm::vec3 s = n * (r * side);
    for (int i = 0; i < 3; ++i) renderer::debug_line(dt, v[i] + s, v[(i + 1) % 3] + s, c, 2.0f);
    renderer::debug_triangle(dt, v[0] + s, v[1] + s, v[2] + s, with_alpha(c, 40));
  }
  for (int i = 0; i < 3; ++i) {  // cylinders on the edges
    const glm::vec3 a = v[i], b = v[(i + 1) % 3];
    const glm::vec3 e = glm::normalize(b - a);
    const glm::vec3 u = glm::normalize(glm::cross(e, n)), w = glm::cross(e, u);
    for (int k = 0; k < 8; ++k) {
      const float ang = static_cast<float>(k) * 0.785398f;
      const glm::vec3 off = (std::cos(ang) * u + std::sin(ang) * w) * r;
      renderer::debug_line(dt, a + off, b + off, with_alpha(c, 170), 1.0f);
    }
    renderer::debug_wire_sphere(dt, a, r, with_alpha(c, 200), 1.0f, 24);  // corners
  }
}

void draw_prism(const collision::TriangleTest& test, const collision::Triangle& tri, const collision::Body& body,
                const OverlayOptions& o, OverlayFrame& out) {
  renderer::DebugList& dt = out.debug.depth_tested;
  renderer::DebugList& top = out.debug.on_top;
  // Seed 000's offset prism is a sphere's: drawn for spheres and ellipsoids only.
  for (const PrismPolygon& f : body.shape == collision::Shape::kEllipsoid ? prism_faces(test, tri)
                                                                          : std::vector<PrismPolygon>{}) {
    if (f.corners.empty()) continue;
    Overlay which = Overlay::kOffsetPlane;
    if (f.face == PrismFace::kEdgeClip) which = Overlay::kEdgeClip;
    if (f.face == PrismFace::kAcuteClip) which = Overlay::kAcuteClip;
    if (!o[which]) continue;
    const Colour c = col(which);
    const bool twin = f.face == PrismFace::kTwinPlane;
    fill_polygon(dt, f.corners, twin ? with_alpha(c, 35) : c);
    outline(twin ? dt : top, f.corners, with_alpha(c, twin ? 120 : 230), twin ? 1.0f : 2.0f);
  }
  if (o[Overlay::kSweptShape]) {
    const Colour c = col(Overlay::kSweptShape);
    switch (body.shape) {
      case collision::Shape::kBox:
        draw_box_swept_shape(dt, tri, body.radii, c);
        break;
      case collision::Shape::kCapsule: {
        const glm::vec3 s = body.axis * body.half_height;
        draw_sphere_swept_shape(dt, {tri.a + s, tri.b + s, tri.c + s}, body.radii.x, c);
        draw_sphere_swept_shape(dt, {tri.a - s, tri.b - s, tri.c - s}, body.radii.x, c);
        for (const glm::vec3& v : {tri.a, tri.b, tri.c}) renderer::debug_line(dt, v - s, v + s, c, 2.0f);
        break;
      }
      case collision::Shape::kEllipsoid:
        draw_sphere_swept_shape(dt, tri, prism_radius(test, tri), c);
        break;
    }
  }
}

}  // namespace

const char* to_string(Overlay o) {
  static const char* names[] = {"candidates", "hits", "offset_plane", "edge_clip", "acute_clip",
                                "swept_shape", "contacts", "slides", "ghosts", "moves", "ground",
                                "step_up", "body"};
  return names[static_cast<std::size_t>(o)];
}

const OverlayStyle& overlay_style(Overlay o) { return kStyles[static_cast<std::size_t>(o)]; }

void build_overlay(const collision::Trace& trace, const collision::World& world,
                   const collision::Body& body, const collision::CharacterState& state,
                   glm::vec3 up, float max_slope_degrees, const OverlayOptions& o,
                   OverlayFrame& out) {
  renderer::debug_clear(out.debug);
  out.highlights.clear();
  out.prism_triangles.clear();
  renderer::DebugList& dt = out.debug.depth_tested;
  renderer::DebugList& top = out.debug.on_top;
  const float r = body.min_radius();
  const collision::TriangleMesh& mesh = world.mesh();

  // Level highlights: candidates, then hits over them.
  std::vector<std::uint32_t> candidates, hits;
  for (std::size_t i = 0; i < trace.iterations.size(); ++i) {
    if (o.only_iteration >= 0 && static_cast<int>(i) != o.only_iteration) continue;
    const collision::SlideIteration& it = trace.iterations[i];
    for (const collision::TriangleTest& t : it.tests) {
      if (t.triangle >= mesh.triangle_count()) continue;
      (t.verdict == collision::Verdict::kHit ? hits : candidates).push_back(t.triangle);
      // A box's rejected candidate: the separating axis that kept it apart, from its centroid.
      if (o[Overlay::kCandidates] && t.separating_axis != glm::vec3(0.0f)) {
        const collision::Triangle tri = mesh.triangle(t.triangle);
        const glm::vec3 centroid = (tri.a + tri.b + tri.c) / 3.0f;
        renderer::debug_arrow(dt, centroid, centroid + t.separating_axis * r, with_alpha(col(Overlay::kCandidates), 220), 2.0f);
      }
      // Every hit draws its prism: walls, floors and slopes alike.
      const bool want = o.prisms_of_all_candidates || t.verdict == collision::Verdict::kHit;
      if (want && out.prism_triangles.size() < 12 &&
          std::find(out.prism_triangles.begin(), out.prism_triangles.end(), t.triangle) == out.prism_triangles.end()) {
        out.prism_triangles.push_back(t.triangle);
        draw_prism(t, mesh.triangle(t.triangle), body, o, out);
      }
    }
  }
  auto unique = [](std::vector<std::uint32_t>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  };
  unique(candidates);
  unique(hits);
  if (o[Overlay::kCandidates])
    for (std::uint32_t t : candidates) out.highlights.push_back({t, col(Overlay::kCandidates)});
  if (o[Overlay::kHits])
    for (std::uint32_t t : hits) out.highlights.push_back({t, col(Overlay::kHits)});

  // Per iteration: ghost, contact point and normal, slide vector.
  for (std::size_t i = 0; i < trace.iterations.size(); ++i) {
    if (o.only_iteration >= 0 && static_cast<int>(i) != o.only_iteration) continue;
    const collision::SlideIteration& it = trace.iterations[i];
    if (o[Overlay::kGhosts]) draw_body(dt, body, it.reached, col(Overlay::kGhosts), 1.0f, 24);
    // Seed 004: the box's 12 edges as cast at the tested position; a hitting edge red up to its
    // hit, with the hit point and the normal it answered.
    if (o[Overlay::kCandidates]) {
      for (const collision::EdgeCast& e : it.edge_casts) {
        if (!e.hit) {
          renderer::debug_line(top, e.from, e.to, with_alpha(col(Overlay::kGhosts), 200), 1.5f);
          continue;
        }
        renderer::debug_line(top, e.from, e.point, col(Overlay::kHits), 3.0f);
        renderer::debug_line(top, e.point, e.to, with_alpha(col(Overlay::kHits), 90), 1.5f);
        renderer::debug_point(top, e.point, col(Overlay::kHits), 9.0f);
        renderer::debug_arrow(top, e.point, e.point + e.normal * r, col(Overlay::kHits), 2.0f);
      }
    }
    if (!it.hit) continue;
    if (o[Overlay::kContacts]) {
      renderer::debug_point(top, it.contact_point, col(Overlay::kContacts), 10.0f);
      renderer::debug_arrow(top, it.contact_point, it.contact_point + it.normal * (1.5f * r),
                            col(Overlay::kContacts), 3.0f);
    }
    if (o[Overlay::kSlides] && glm::length(it.slide) > 0.0f)
      renderer::debug_arrow(top, it.reached, it.reached + it.slide * o.move_scale, col(Overlay::kSlides), 3.0f);
  }

  // The contacts the frame ended touching: point, normal (walkable, steep, other) and a tick
  // from the contact out to the skin.
  if (o[Overlay::kContacts]) {
    const float walkable = std::cos(max_slope_degrees * 3.14159265f / 180.0f) - 1e-4f;
    for (const collision::Contact& c : state.contacts) {
      const float n_up = glm::dot(c.normal, up);
      const Colour nc = c.walkable || n_up >= walkable ? col(Overlay::kGround)
                        : n_up >= -1e-3f             ? kSteepContact
                                                     : col(Overlay::kContacts);
      renderer::debug_point(top, c.point, col(Overlay::kContacts), 8.0f);
      renderer::debug_arrow(top, c.point, c.point + c.normal * (1.2f * r), nc, 3.0f);
    }
  }

  if (o[Overlay::kMoves]) {
    const glm::vec3 actual = trace.end - trace.start;
    if (glm::length(trace.desired) > 0.0f)
      renderer::debug_arrow(top, trace.start, trace.start + trace.desired * o.move_scale, rgba(150, 150, 150), 3.0f);
    if (glm::length(actual) > 0.0f)
      renderer::debug_arrow(top, trace.start, trace.start + actual * o.move_scale, col(Overlay::kMoves), 3.0f);
  }
  if (o[Overlay::kGround] && trace.ground.probed) {
    const Colour c = col(Overlay::kGround);
    renderer::debug_line(top, trace.ground.from, trace.ground.to, c, 2.0f);
    if (trace.ground.state != collision::GroundState::kInAir) {
      const glm::vec3 foot = state.position - trace.ground.normal * r;
      renderer::debug_arrow(top, foot, foot + trace.ground.normal * (1.2f * r), c, 3.0f);
    }
  }
  if (o[Overlay::kStepUp] && trace.step_up.attempted) {
    const Colour c = trace.step_up.succeeded ? col(Overlay::kStepUp) : rgba(255, 60, 60);
    renderer::debug_line(top, trace.start, trace.start + up * std::max(trace.step_up.height, 0.25f * r), c, 4.0f);
  }
  if (o[Overlay::kBody]) draw_body(dt, body, state.position, col(Overlay::kBody), 2.0f, 32);
}

void add_prism(const collision::TriangleTest& test, const collision::Triangle& triangle,
               const collision::Body& body, const OverlayOptions& options, OverlayFrame& out) {
  if (std::find(out.prism_triangles.begin(), out.prism_triangles.end(), test.triangle) != out.prism_triangles.end())
    return;
  out.prism_triangles.push_back(test.triangle);
  draw_prism(test, triangle, body, options, out);
}

void add_picked_triangle(const collision::Triangle& tri, glm::vec3 focus, float extent, renderer::Colour colour,
                         OverlayFrame& out) {
  const glm::vec3 v[3] = {tri.a, tri.b, tri.c};
  for (int i = 0; i < 3; ++i) renderer::debug_line(out.debug.on_top, v[i], v[(i + 1) % 3], with_alpha(colour, 255), 3.0f);
  const glm::vec3 n = glm::normalize(glm::cross(tri.b - tri.a, tri.c - tri.a));
  const glm::vec3 u = glm::normalize(tri.b - tri.a), w = glm::cross(n, u);
  std::vector<glm::vec3> patch = {tri.a, tri.b, tri.c};
  for (const glm::vec3& axis : {u, -u, w, -w})
    patch = clip_polygon(patch, collision::Plane{axis, glm::dot(axis, focus) - extent});
  if (patch.size() < 3) return;
  outline(out.debug.depth_tested, patch, with_alpha(colour, 200), 1.5f);
  fill_polygon(out.debug.depth_tested, patch, with_alpha(colour, 110));
}

void add_comparison(const collision::Trace& trace, const collision::Body& body, renderer::Colour colour,
                    float move_scale, OverlayFrame& out) {
  draw_body(out.debug.on_top, body, trace.end, colour, 2.0f, 32);
  renderer::debug_arrow(out.debug.on_top, trace.start, trace.start + (trace.end - trace.start) * move_scale, colour, 3.0f);
  for (const collision::SlideIteration& it : trace.iterations)
    if (it.hit) renderer::debug_point(out.debug.on_top, it.contact_point, colour, 8.0f);
}

}  // namespace debugger
