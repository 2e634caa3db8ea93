// The top-down 2D view of a Doom map (see view2d.hpp).
#include "debugger/view2d.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numbers>

#include "collision/2d/segment.hpp"
#include "collision/2d/triangulate.hpp"
#include "collision_io/wad.hpp"
#include "debugger/palette.hpp"

namespace debugger {

using namespace collision::planar;
using renderer::rgba;

namespace {

glm::vec3 at(const Vec2& p, float z = 0.0f) {
  return {static_cast<float>(p.x), static_cast<float>(p.y), z};
}

void circle(renderer::DebugList& l, const Vec2& c, double r, renderer::Colour colour, float width) {
  constexpr int kSides = 48;
  for (int i = 0; i < kSides; ++i) {
    const double a0 = 2.0 * std::numbers::pi * i / kSides, a1 = 2.0 * std::numbers::pi * (i + 1) / kSides;
    renderer::debug_line(l, at(c + r * Vec2{std::cos(a0), std::sin(a0)}), at(c + r * Vec2{std::cos(a1), std::sin(a1)}),
                         colour, width);
  }
}

// The palette colour `c` with alpha `a` (0..255): the same meaning, drawn lighter.
renderer::Colour fade(renderer::Colour c, unsigned a) { return (c & 0x00FFFFFFu) | (a << 24); }

renderer::Colour floor_colour(double floor, double lo, double hi) {
  const double t = hi > lo ? (floor - lo) / (hi - lo) : 0.5;
  return palette::floor_scale(t);
}

}  // namespace

namespace {

// The 2D default tour of freedoom1 E1M1 (doors opened as a player opens them): from the player
// start into the start room's south-west corner, through the doorway east (two-sided lines),
// along the ledge of the nukage pit, through the door (sector 100) into the south hall, and up
// the stairs there (floors 0 -> 16 -> 32 -> 48 -> 64, steps of at most 24). A walk script
// (walk_script.hpp): yaw 0 = east, 90 = north; the body moves 8 units a frame at forward 1.
constexpr const char* kE1M1Tour = R"(0.6667 yaw 225 forward 1
0.5 yaw 30 forward 1
1.5667 yaw 0 forward 1
0.3333 yaw -90 forward 1
0.3667 yaw -13 forward 1
0.2 yaw -90 forward 1
0.6167 yaw -147 forward 1
0.5 yaw -100 forward 1
0.5
)";

}  // namespace

WalkScript walk_for_2d(const std::string& walk_file, const collision::io::DoomLevel& level) {
  if (!walk_file.empty()) return load_walk_script(walk_file);
  const std::string wad = std::filesystem::path(level.source.substr(0, level.source.rfind(':'))).filename().string();
  if (level.map_name == "E1M1" && wad == "freedoom1.wad") return parse_walk_script(kE1M1Tour);
  return {};
}

bool is_doom_map_spec(const std::string& spec) {
  const std::size_t colon = spec.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == spec.size()) return false;
  std::string wad = spec.substr(0, colon);
  std::string lower = wad;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower.size() > 4 && lower.substr(lower.size() - 4) == ".wad") return true;
  std::error_code ec;
  return wad.find('/') == std::string::npos &&
         std::filesystem::is_regular_file("/usr/share/games/doom/" + wad + ".wad", ec);
}

LineReport describe_line(const SectorMap& map, std::size_t index, const DoomBody& body, double z) {
  const SectorLine& line = map.lines[index];
  LineReport r;
  r.line = static_cast<int>(index);
  r.front = line.front_sector;
  r.back = line.back_sector;
  auto heights = [&](std::int32_t s, double& floor, double& ceiling) {
    if (s < 0 || static_cast<std::size_t>(s) >= map.sectors.size()) return;
    floor = map.sectors[static_cast<std::size_t>(s)].floor_height;
    ceiling = map.sectors[static_cast<std::size_t>(s)].ceiling_height;
  };
  heights(r.front, r.front_floor, r.front_ceiling);
  heights(r.back, r.back_floor, r.back_ceiling);
  r.blocks = line_blocks(map, line, body, z);
  char why[160];
  // line_blocks's rules, in its order: the first that applies decides.
  const double top = std::min(r.front_ceiling, r.back_ceiling), bottom = std::max(r.front_floor, r.back_floor);
  if (line.front_sector < 0 || line.back_sector < 0) {
    std::snprintf(why, sizeof why, "one-sided: a wall");
  } else if (line.flags & kLineBlocking) {
    std::snprintf(why, sizeof why, "flagged impassable (blocking flag)");
  } else if (line.front_sector == line.back_sector) {
    std::snprintf(why, sizeof why, "both sides are sector %d: passes", line.front_sector);
  } else if (top - bottom < body.height) {
    std::snprintf(why, sizeof why, "opening %.0f..%.0f is %.0f high, under the body's %.0f", bottom, top, top - bottom,
                  body.height);
  } else if (bottom - z > body.step_height) {
    std::snprintf(why, sizeof why, "step up %.0f from floor %.0f: above the step height %.0f", bottom - z, z,
                  body.step_height);
  } else if (top - z < body.height) {
    std::snprintf(why, sizeof why, "ceiling %.0f is %.0f above floor %.0f, under the body's %.0f", top, top - z, z,
                  body.height);
  } else {
    std::snprintf(why, sizeof why, "passes: step %.0f (at most %.0f), headroom %.0f (at least %.0f)", bottom - z,
                  body.step_height, top - z, body.height);
  }
  r.why = why;
  return r;
}

bool is_convex_loop(const std::vector<Vec2>& loop) {
  int sign = 0;
  const std::size_t n = loop.size();
  for (std::size_t i = 0; i < n; ++i) {
    const int o = orient2d(loop[i], loop[(i + 1) % n], loop[(i + 2) % n]);
    if (o == 0) continue;
    if (sign != 0 && o != sign) return false;
    sign = o;
  }
  return true;
}

int pick_line(const SectorMap& map, Vec2 p, double max_distance) {
  int best = -1;
  double best_d = max_distance;
  for (std::size_t i = 0; i < map.lines.size(); ++i) {
    const double d = distance_to_segment(map.vertices[map.lines[i].v1], map.vertices[map.lines[i].v2], p);
    if (d <= best_d) {
      best_d = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

Vec2 top_down_point(Vec2 centre, double view_height, double px, double py, double width, double height) {
  // The camera shows view_height units top to bottom, centred, north up (top_down_camera).
  const double units_per_pixel = view_height / height;
  return centre + Vec2{(px - 0.5 * width) * units_per_pixel, (0.5 * height - py) * units_per_pixel};
}

renderer::Camera top_down_camera(Vec2 centre, double view_height) {
  renderer::Camera c;
  c.position = at(centre, 4000.0f);
  c.forward = {0.0f, 0.0f, -1.0f};
  c.up = {0.0f, 1.0f, 0.0f};
  c.near_plane = 1.0f;
  c.far_plane = 8000.0f;
  c.ortho_height = static_cast<float>(view_height);
  return c;
}

void build_view_2d(const SectorWorld& world, const DoomBody& body, const View2dState& state,
                   const View2dOptions& o, renderer::DebugDraw& draw) {
  renderer::debug_clear(draw);
  renderer::DebugList& l = draw.on_top;
  const SectorMap& map = world.map();
  const auto& bounds = world.boundaries();
  const Vec2 p = state.position;
  const double half = 0.75 * o.view_height;  // what can be on screen (any aspect up to 1.5)
  const Box2 view{p - Vec2{half * 1.5}, p + Vec2{half * 1.5}};

  // Sectors filled by floor height: every loop that bounds a sector from outside (positive
  // area) is ear-clipped and filled, largest sectors first, so a hole is painted over by the
  // smaller sector inside it; a hole with no sector inside (a pillar) is cleared afterwards.
  double lo = 1e300, hi = -1e300;
  for (const Sector& s : map.sectors) {
    lo = std::min(lo, s.floor_height);
    hi = std::max(hi, s.floor_height);
  }
  if (o.fill_sectors) {
    std::vector<std::size_t> order;
    for (std::size_t s = 0; s < bounds.size(); ++s) {
      if (!bounds[s].loops.empty() && bounds[s].bounds.overlaps(view)) order.push_back(s);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t x, std::size_t y) { return bounds[x].area > bounds[y].area; });
    auto loop_area = [](const std::vector<Vec2>& loop) {
      double twice = 0.0;
      for (std::size_t i = 0, j = loop.size() - 1; i < loop.size(); j = i++) twice += cross(loop[j], loop[i]);
      return 0.5 * twice;
    };
    auto fill = [&](const std::vector<Vec2>& loop, renderer::Colour c) {
      const Triangulation t = triangulate_loop(loop);
      for (const auto& tri : t.triangles) renderer::debug_triangle(l, at(loop[tri[0]]), at(loop[tri[1]]), at(loop[tri[2]]), c);
      return t;
    };
    for (std::size_t s : order) {
      for (const auto& loop : bounds[s].loops) {
        if (loop.size() >= 3 && loop_area(loop) > 0.0) fill(loop, floor_colour(map.sectors[s].floor_height, lo, hi));
      }
    }
    const renderer::Colour clear = palette::kNoSector;
    for (std::size_t s : order) {
      for (const auto& loop : bounds[s].loops) {
        if (loop.size() < 3 || !(loop_area(loop) < 0.0)) continue;
        const Triangulation t = triangulate_loop(loop);
        if (t.triangles.empty()) continue;
        const auto& tri = t.triangles[0];
        const Vec2 inside = (loop[tri[0]] + loop[tri[1]] + loop[tri[2]]) / 3.0;
        if (world.locate(inside).sector == kNoSector) fill(loop, clear);
      }
    }
  }

  // Lines: one-sided mint, two-sided moss, or ochre where they block this body at its floor
  // (red is an anomaly's colour in both views).
  const double z = floor_under(world, p, body.radius);
  for (const SectorLine& line : map.lines) {
    const Vec2 a = map.vertices[line.v1], b = map.vertices[line.v2];
    if (!Box2{glm::min(a, b), glm::max(a, b)}.overlaps(view)) continue;
    renderer::Colour c;
    float w = 2.0f;
    if (line.front_sector < 0 || line.back_sector < 0) {
      c = palette::kSolidLine;
      w = 3.0f;
    } else if (line_blocks(map, line, body, std::isnan(z) ? 0.0 : z)) {
      c = palette::kBlockingLine;
    } else {
      c = palette::kPassableLine;
      w = 1.5f;
    }
    renderer::debug_line(l, at(a), at(b), c, w);
  }

  // The arm's-length band along the blocking walls near the body: both offset lines and the
  // rounded ends (the shape the centre may not enter).
  if (o.band) {
    for (const SectorLine& line : map.lines) {
      const Vec2 a = map.vertices[line.v1], b = map.vertices[line.v2];
      if (a == b || distance_to_segment(a, b, p) > body.radius + 48.0) continue;
      if (!line_blocks(map, line, body, std::isnan(z) ? 0.0 : z)) continue;
      const Vec2 n = glm::normalize(Vec2{-(b - a).y, (b - a).x}) * body.radius;
      const renderer::Colour c = fade(palette::kOffsetPlane, 200);
      renderer::debug_line(l, at(a + n), at(b + n), c, 1.5f);
      renderer::debug_line(l, at(a - n), at(b - n), c, 1.5f);
      circle(l, a, body.radius, fade(palette::kOffsetPlane, 120), 1.0f);
      circle(l, b, body.radius, fade(palette::kOffsetPlane, 120), 1.0f);
    }
  }

  // The path so far, and where it crossed lines this far (points with their s and t).
  for (std::size_t i = 1; i < state.path.size(); ++i) {
    renderer::debug_line(l, at(state.path[i - 1]), at(state.path[i]), fade(palette::kMoves, 180), 1.5f);
  }
  if (state.path.size() >= 2) {
    const Vec2 from = state.path[state.path.size() - 2];
    for (const SectorLine& line : map.lines) {
      const SegmentIntersection x = intersect_segments(from, p, map.vertices[line.v1], map.vertices[line.v2]);
      if (x.kind != IntersectionKind::kNone) renderer::debug_point(l, at(x.ends[0].point), palette::kLineCrossing, 9.0f);
    }
  }

  if (state.picked_line >= 0 && static_cast<std::size_t>(state.picked_line) < map.lines.size()) {
    const SectorLine& line = map.lines[static_cast<std::size_t>(state.picked_line)];
    renderer::debug_line(l, at(map.vertices[line.v1]), at(map.vertices[line.v2]), palette::kPicked, 5.0f);
  }

  // The body and its desired move.
  circle(l, p, body.radius, palette::kBody, 2.5f);
  if (state.anomaly) circle(l, p, 1.5 * body.radius, palette::kAnomaly, 2.5f);
  renderer::debug_point(l, at(p), palette::kBody, 7.0f);
  renderer::debug_arrow(l, at(p), at(p + 4.0 * state.last_delta), palette::kDesiredMove, 2.0f);

  // The test point (the body's centre) and the working of the chosen point-in-polygon method on
  // the sector it is in.
  const SectorLocation loc = world.locate(p);
  if (loc.sector >= 0) {
    const SectorBoundary& sb = bounds[static_cast<std::size_t>(loc.sector)];
    switch (o.method) {
      case PointInPolygonMethod::kConvexSigns:
        for (const Segment& e : sb.edges) {
          const Vec2 mid = 0.5 * (e.a + e.b);
          const Vec2 inward = glm::normalize(Vec2{-(e.b - e.a).y, (e.b - e.a).x});
          const bool ok = orient2d(e.a, e.b, p) >= 0;
          renderer::debug_arrow(l, at(mid), at(mid + 24.0 * inward), ok ? palette::kInnerSide : palette::kOuterSide, 2.0f);
        }
        break;
      case PointInPolygonMethod::kAngleSum:
        for (const Segment& e : sb.edges) {
          const int s = orient2d(e.a, e.b, p);
          const renderer::Colour c = fade(s > 0 ? palette::kInnerSide : palette::kOuterSide, 140);
          renderer::debug_triangle(l, at(p), at(e.a), at(e.b), c);
        }
        break;
      case PointInPolygonMethod::kQuadrant: {
        // The axes through the point split the plane into its quadrants; each vertex lies in one
        // (where it is drawn says which: no colour per quadrant).
        renderer::debug_line(l, at(p - Vec2{half * 2, 0}), at(p + Vec2{half * 2, 0}), fade(palette::kPipWorking, 160), 1.0f);
        renderer::debug_line(l, at(p - Vec2{0, half * 2}), at(p + Vec2{0, half * 2}), fade(palette::kPipWorking, 160), 1.0f);
        for (const Segment& e : sb.edges) renderer::debug_point(l, at(e.a), palette::kPipWorking, 8.0f);
        break;
      }
      case PointInPolygonMethod::kCrossing: {
        const Vec2 end{sb.bounds.max.x + 32.0, p.y};
        renderer::debug_line(l, at(p), at(end), palette::kPipWorking, 1.5f);
        for (const Segment& e : sb.edges) {
          if (ray_crossing(e.a, e.b, p) == 0) continue;
          const SegmentIntersection x = intersect_segments(p, end, e.a, e.b);
          if (x.kind != IntersectionKind::kNone) renderer::debug_point(l, at(x.ends[0].point), palette::kLineCrossing, 10.0f);
        }
        break;
      }
    }
    // A particle bouncing inside the body's sector (seed 003), from the body's centre.
    if (o.particle && sb.loops.size() == 1 && sb.loops[0].size() >= 3) {
      const Polygon poly{sb.loops[0]};
      Vec2 q = p, v{std::cos(0.7), std::sin(0.7)};
      v *= 64.0;
      for (int i = 0; i < 60; ++i) {
        // One rebound a step, so each drawn segment is a real piece of the path.
        const ParticleStep s = step_particle(poly, q, v, 1.0, 1.0, 1);
        renderer::debug_line(l, at(q), at(s.position), fade(palette::kParticle, 150), 1.0f);
        if (s.bounces > 0) renderer::debug_point(l, at(s.position), palette::kParticle, 5.0f);
        q = s.position;
        v = s.velocity;
      }
    }
  }
}

}  // namespace debugger
