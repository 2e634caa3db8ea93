// Trace -> debug primitives. Colours: one table (kStyles) shared by the picture and the legend.
#include "debugger/overlay.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>

#include "debugger/events.hpp"
#include "debugger/palette.hpp"
#include "debugger/prism_geometry.hpp"
#include "debugger/swept_shape.hpp"

namespace debugger {

using renderer::Colour;
using renderer::rgba;

namespace {

namespace pal = palette;

// Every colour comes from palette.hpp (one meaning each); the text is the legend's row.
const OverlayStyle kStyles[] = {
    {pal::kCandidates, "candidates (arrow: separating axis)"},
    {pal::kHits, "triangles hit"},
    {pal::kOffsetPlane, "offset plane S' (triangle moved by r)"},
    {pal::kEdgeClip, "edge clip planes (3)"},
    {pal::kAcuteClip, "acute-angle clip planes (3)"},
    {pal::kSweptShape, "exact swept shape (triangle + body)"},
    {pal::kContacts, "contacts, normals", pal::kSteepContact, "steep"},
    {pal::kSlides, "slide vector per iteration"},
    {pal::kGhosts, "body ghost per iteration"},
    {pal::kMoves, "move: actual", pal::kDesiredMove, "desired"},
    {pal::kGround, "ground normal, walkable contacts"},
    {pal::kStepUp, "step-up probe", pal::kStepUpFailed, "failed"},
    {pal::kBody, "body", pal::kOtherCharacter, "other characters"},
};
static_assert(std::size(kStyles) == static_cast<std::size_t>(Overlay::kCount));

// Level highlights blend over the lit triangle by this much (the hit wins over a candidate).
constexpr std::uint8_t kCandidateAlpha = 110, kHitAlpha = 200;
// On a mover's slate blue the level's candidate alpha reads olive (the other characters'
// colour): a mover's candidates are painted stronger, so they read yellow.
constexpr std::uint8_t kMoverCandidateAlpha = 170;

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

// Lines across a convex polygon, parallel to `along`, `step` apart (measured along `across`):
// a patch that reads as a patch without a translucent fill to blend with.
void hatch(renderer::DebugList& list, const std::vector<glm::vec3>& poly, glm::vec3 along, glm::vec3 across,
           float step, Colour c) {
  float lo = 1e30f, hi = -1e30f;
  for (const glm::vec3& p : poly) {
    lo = std::min(lo, glm::dot(p, across));
    hi = std::max(hi, glm::dot(p, across));
  }
  for (float t = lo + 0.5f * step; t < hi; t += step) {
    std::vector<glm::vec3> ends;
    for (std::size_t i = 0; i < poly.size(); ++i) {
      const glm::vec3 a = poly[i], b = poly[(i + 1) % poly.size()];
      const float da = glm::dot(a, across) - t, db = glm::dot(b, across) - t;
      if ((da < 0.0f) != (db < 0.0f)) ends.push_back(a + (b - a) * (da / (da - db)));
    }
    if (ends.size() < 2) continue;
    auto by_along = [&](const glm::vec3& x, const glm::vec3& y) { return glm::dot(x, along) < glm::dot(y, along); };
    const auto [first, last] = std::minmax_element(ends.begin(), ends.end(), by_along);
    renderer::debug_line(list, *first, *last, c, 1.0f);
  }
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
  }
}

void draw_sphere_swept_shape(renderer::DebugList& dt, const collision::Triangle& tri, float r, Colour c) {
  const glm::vec3 n = glm::normalize(glm::cross(tri.b - tri.a, tri.c - tri.a));
  const glm::vec3 v[3] = {tri.a, tri.b, tri.c};
  for (float side : {1.0f, -1.0f}) {  // the two plates
    const glm::vec3 s = n * (r * side);
    for (int i = 0; i < 3; ++i) renderer::debug_line(dt, v[i] + s, v[(i + 1) % 3] + s, c, 2.0f);
  }
  for (int i = 0; i < 3; ++i) {  // cylinders on the edges
    const glm::vec3 a = v[i], b = v[(i + 1) % 3];
    const glm::vec3 e = glm::normalize(b - a);
    const glm::vec3 u = glm::normalize(glm::cross(e, n)), w = glm::cross(e, u);
    for (int k = 0; k < 8; ++k) {
      const float ang = static_cast<float>(k) * 0.785398f;
      const glm::vec3 off = (std::cos(ang) * u + std::sin(ang) * w) * r;
      renderer::debug_line(dt, a + off, b + off, c, 1.0f);
    }
    renderer::debug_wire_sphere(dt, a, r, c, 1.0f, 24);  // corners
  }
}

void draw_prism(const collision::TriangleTest& test, const collision::Triangle& tri, const collision::Body& body,
                const OverlayOptions& o, OverlayFrame& out) {
  renderer::DebugList& dt = out.debug.depth_tested;
  renderer::DebugList& top = out.debug.on_top;
  // Seed 000's offset prism is a sphere's: drawn for spheres and ellipsoids only.
  const std::vector<PrismPolygon> faces =
      body.shape == collision::Shape::kEllipsoid ? prism_faces(test, tri) : std::vector<PrismPolygon>{};
  // Outlines only: translucent faces stacked over each other would blend into colours the
  // legend does not list (palette.hpp). The clip planes first, then S' over them: its edges are
  // theirs too, and S' is the plane the method tests first. The twin behind the triangle is
  // thin and depth-tested.
  for (const bool offset_pass : {false, true}) {
    for (const PrismPolygon& f : faces) {
      if (f.corners.empty()) continue;
      Overlay which = Overlay::kOffsetPlane;
      if (f.face == PrismFace::kEdgeClip) which = Overlay::kEdgeClip;
      if (f.face == PrismFace::kAcuteClip) which = Overlay::kAcuteClip;
      if (!o[which] || (which == Overlay::kOffsetPlane) != offset_pass) continue;
      const bool twin = f.face == PrismFace::kTwinPlane;
      outline(twin ? dt : top, f.corners, col(which), twin ? 1.0f : offset_pass ? 3.0f : 2.0f);
    }
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
                   OverlayFrame& out, const TraceMovers& movers) {
  renderer::debug_clear(out.debug);
  out.highlights.clear();
  out.mover_highlights.clear();
  out.prism_triangles.clear();
  renderer::DebugList& dt = out.debug.depth_tested;
  renderer::DebugList& top = out.debug.on_top;
  const float r = body.min_radius();

  // Highlights: candidates, then hits over them, on the level and on the movers.
  using Key = std::pair<std::uint32_t, std::uint32_t>;  // (instance, triangle)
  std::vector<Key> candidates, hits;
  for (std::size_t i = 0; i < trace.iterations.size(); ++i) {
    if (o.only_iteration >= 0 && static_cast<int>(i) != o.only_iteration) continue;
    const collision::SlideIteration& it = trace.iterations[i];
    for (const collision::TriangleTest& t : it.tests) {
      collision::Triangle tri;
      if (!trace_triangle(world, movers.movers, movers.frame, t.instance, t.triangle, tri)) continue;
      const Key key{t.instance, t.triangle};
      (t.verdict == collision::Verdict::kHit ? hits : candidates).push_back(key);
      // A box's rejected candidate: the separating axis that kept it apart, from its centroid.
      if (o[Overlay::kCandidates] && t.separating_axis != glm::vec3(0.0f)) {
        const glm::vec3 centroid = (tri.a + tri.b + tri.c) / 3.0f;
        renderer::debug_arrow(dt, centroid, centroid + t.separating_axis * r, col(Overlay::kCandidates), 2.0f);
      }
      // Every hit draws its prism: walls, floors and slopes alike.
      const bool want = o.prisms_of_all_candidates || t.verdict == collision::Verdict::kHit;
      if (want && out.prism_triangles.size() < 12 &&
          std::find(out.prism_triangles.begin(), out.prism_triangles.end(), key) == out.prism_triangles.end()) {
        out.prism_triangles.push_back(key);
        draw_prism(t, tri, body, o, out);
      }
    }
  }
  auto unique = [](std::vector<Key>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  };
  unique(candidates);
  unique(hits);
  auto highlight = [&](const Key& k, renderer::Colour c) {
    if (k.first == collision::kStaticLevel) {
      out.highlights.push_back({k.second, c});
      return;
    }
    if (out.mover_highlights.size() <= k.first) out.mover_highlights.resize(k.first + 1);
    out.mover_highlights[k.first].push_back({k.second, c});
  };
  if (o[Overlay::kCandidates])
    for (const Key& k : candidates)
      highlight(k, with_alpha(col(Overlay::kCandidates),
                              k.first == collision::kStaticLevel ? kCandidateAlpha : kMoverCandidateAlpha));
  if (o[Overlay::kHits])
    for (const Key& k : hits) highlight(k, with_alpha(col(Overlay::kHits), kHitAlpha));

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
          renderer::debug_line(top, e.from, e.to, col(Overlay::kGhosts), 1.5f);
          continue;
        }
        renderer::debug_line(top, e.from, e.point, col(Overlay::kHits), 3.0f);
        renderer::debug_line(top, e.point, e.to, col(Overlay::kHits), 1.0f);
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
                        : n_up >= -1e-3f             ? pal::kSteepContact
                                                     : col(Overlay::kContacts);
      renderer::debug_point(top, c.point, col(Overlay::kContacts), 8.0f);
      renderer::debug_arrow(top, c.point, c.point + c.normal * (1.2f * r), nc, 3.0f);
    }
  }

  if (o[Overlay::kMoves]) {
    const glm::vec3 actual = trace.end - trace.start;
    if (glm::length(trace.desired) > 0.0f)
      renderer::debug_arrow(top, trace.start, trace.start + trace.desired * o.move_scale, pal::kDesiredMove, 3.0f);
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
    const Colour c = trace.step_up.succeeded ? col(Overlay::kStepUp) : pal::kStepUpFailed;
    renderer::debug_line(top, trace.start, trace.start + up * std::max(trace.step_up.height, 0.25f * r), c, 4.0f);
  }
  if (o[Overlay::kBody]) draw_body(dt, body, state.position, col(Overlay::kBody), 2.0f, 32);
}

void add_other_characters(const SessionMovers* movers, const std::optional<MoverFrame>& frame, std::uint32_t followed,
                          const OverlayOptions& options, OverlayFrame& out) {
  if (!movers || !frame || !options.on[static_cast<std::size_t>(Overlay::kBody)]) return;
  for (std::uint32_t i = 0; i < frame->characters.size() && i < movers->character_count(); ++i) {
    draw_body(out.debug.depth_tested, movers->character_body(i), frame->characters[i].position, pal::kOtherCharacter,
              i == followed ? 3.0f : 2.0f, 32);
  }
}

void add_characters(const std::vector<PlacedBody>& bodies, const OverlayOptions& options, OverlayFrame& out) {
  if (!options.on[static_cast<std::size_t>(Overlay::kBody)]) return;
  for (const PlacedBody& b : bodies) draw_body(out.debug.depth_tested, b.body, b.position, pal::kOtherCharacter, 2.0f, 32);
}

void add_recorded_query(const collision::RecordedQuery& q, const collision::World& world, OverlayFrame& out) {
  const bool ray = q.kind == collision::CallKind::kRaycast;
  const bool hit = ray ? q.ray.hit : q.sweep.hit;
  const float t = ray ? q.ray.t : q.sweep.toi;
  const std::uint32_t triangle = ray ? q.ray.triangle : q.sweep.triangle;
  const glm::vec3 end = q.start + q.delta;
  const glm::vec3 stop = hit ? q.start + q.delta * t : end;
  renderer::DebugList& top = out.debug.on_top;
  renderer::debug_line(top, q.start, stop, with_alpha(pal::kPicked, 255), 3.0f);
  if (hit) renderer::debug_line(top, stop, end, with_alpha(pal::kDesiredMove, 255), 1.5f);  // the rest, not travelled
  renderer::debug_point(top, q.start, with_alpha(pal::kPicked, 255), 8.0f);
  if (!ray) {
    draw_body(out.debug.depth_tested, q.body, q.start, pal::kPicked, 1.5f, 24);
    if (hit) draw_body(top, q.body, stop, pal::kPicked, 2.5f, 32);
    else draw_body(out.debug.depth_tested, q.body, end, pal::kDesiredMove, 1.0f, 24);
  }
  if (!hit) return;
  const glm::vec3 point = ray ? q.ray.point : q.sweep.point;
  const glm::vec3 normal = ray ? q.ray.normal : q.sweep.normal;
  const float size = ray ? glm::length(q.delta) * 0.02f + 1e-6f : std::max(q.body.bounding_radius(), 1e-6f);
  renderer::debug_point(top, point, with_alpha(pal::kContacts, 255), 10.0f);
  renderer::debug_arrow(top, point, point + normal * size, with_alpha(pal::kContacts, 255), 2.5f);
  if (triangle < world.mesh().triangle_count()) out.highlights.push_back({triangle, with_alpha(col(Overlay::kHits), kHitAlpha)});
}

void add_prism(const collision::TriangleTest& test, const collision::Triangle& triangle,
               const collision::Body& body, const OverlayOptions& options, OverlayFrame& out) {
  const std::pair<std::uint32_t, std::uint32_t> key{test.instance, test.triangle};
  if (std::find(out.prism_triangles.begin(), out.prism_triangles.end(), key) != out.prism_triangles.end()) return;
  out.prism_triangles.push_back(key);
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
  outline(out.debug.depth_tested, patch, with_alpha(colour, 255), 1.5f);
  hatch(out.debug.depth_tested, patch, u, w, extent / 6.0f, with_alpha(colour, 255));
}

void add_measures(const std::vector<Event>& events, glm::vec3 up, OverlayFrame& out) {
  for (const Event& e : events) {
    if (!e.measured || e.measured->length <= 0.0f) continue;
    const Measured& m = *e.measured;
    const glm::vec3 along = (m.body - m.geometry) / m.length;
    // The crossbars: across the segment, a third of its length each way (a dimension's ticks).
    glm::vec3 across = glm::cross(along, up);
    if (glm::length(across) < 1e-3f) across = glm::cross(along, glm::vec3(1.0f, 0.0f, 0.0f));
    if (glm::length(across) < 1e-3f) across = glm::cross(along, glm::vec3(0.0f, 1.0f, 0.0f));
    across = glm::normalize(across) * (m.length / 3.0f);
    renderer::DebugList& top = out.debug.on_top;
    renderer::debug_line(top, m.geometry, m.body, pal::kAnomaly, 3.0f);
    for (const glm::vec3& end : {m.geometry, m.body}) renderer::debug_line(top, end - across, end + across, pal::kAnomaly, 3.0f);
  }
}

void add_comparison(const collision::Trace& trace, const collision::Body& body, renderer::Colour colour,
                    float move_scale, OverlayFrame& out) {
  draw_body(out.debug.on_top, body, trace.end, colour, 2.0f, 32);
  renderer::debug_arrow(out.debug.on_top, trace.start, trace.start + (trace.end - trace.start) * move_scale, colour, 3.0f);
  for (const collision::SlideIteration& it : trace.iterations)
    if (it.hit) renderer::debug_point(out.debug.on_top, it.contact_point, colour, 8.0f);
}

}  // namespace debugger
