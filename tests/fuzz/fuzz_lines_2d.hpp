#pragma once
// prism-query's 2D readers (input_2d.hpp) under fuzzing, used by fuzz_query_lines on the same
// bytes as the 3D query lines: `segments` pairs (8 numbers a line) and `sector` points (2).
// Every row the reader accepts must be inside the 2D domain, so the core answers it without
// throwing: finite points, parameters in [0, 1], the same kind with the segments swapped, the
// sector the grid finds equal to brute force's. Every row it refuses is an InputError naming
// the source. A violation aborts (fuzz_checks.hpp's fail).
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "collision/2d/doom_move.hpp"
#include "collision/2d/domain_2d.hpp"
#include "collision/2d/segment.hpp"
#include "fuzz_checks.hpp"
#include "input_2d.hpp"
#include "query_csv.hpp"

namespace prism_fuzz {

// Rows of `count` numbers read from `text`; empty when the reader refused it (as it should,
// with the source named).
inline std::vector<std::vector<double>> rows_2d(const std::string& text, std::size_t count) {
  std::istringstream in(text);
  try {
    return prism_query::read_rows_2d(in, "fuzz2d.csv", count);
  } catch (const prism_query::InputError& e) {
    if (std::string(e.what()).rfind("fuzz2d.csv", 0) != 0) fail("2D InputError without the source");
  }
  return {};
}

// A room of 512 units with a raised pillar (sector 1) in it: one-sided outer walls, the
// pillar's two-sided (each line clockwise around its front sector).
inline const collision::planar::SectorWorld& room_2d() {
  using namespace collision::planar;
  static const SectorMap map = [] {
    SectorMap m;
    m.vertices = {{-256, -256}, {256, -256}, {256, 256}, {-256, 256},
                  {-32, -32},   {32, -32},   {32, 32},   {-32, 32}};
    for (std::uint32_t i = 0; i < 4; ++i) {
      m.lines.push_back({(4 - i) % 4, (3 - i) % 4, 0, kNoSector, 0, 0});            // outer, clockwise
      m.lines.push_back({4 + (i + 1) % 4, 4 + i, 1, 0, kLineTwoSided, 0});          // pillar
    }
    m.sectors = {{0.0, 128.0}, {16.0, 128.0}};
    return m;
  }();
  static const SectorWorld world(map);
  return world;
}

inline void fuzz_lines_2d(const std::string& text) {
  using namespace collision::planar;
  std::size_t n = 0;
  for (const auto& r : rows_2d(text, 8)) {
    if (++n > 16) break;
    const Vec2 a{r[0], r[1]}, b{r[2], r[3]}, c{r[4], r[5]}, d{r[6], r[7]};
    for (const Vec2& p : {a, b, c, d}) {
      if (!in_domain_2d(p)) fail("segments: the reader accepted a number outside the 2D domain");
    }
    const SegmentIntersection x = intersect_segments(a, b, c, d);  // must not throw
    if (intersect_segments(c, d, a, b).kind != x.kind) fail("segments: the kind depends on the order");
    const int ends = x.kind == IntersectionKind::kOverlap ? 2 : x.kind == IntersectionKind::kPoint ? 1 : 0;
    for (int e = 0; e < ends; ++e) {
      const IntersectionPoint& p = x.ends[e];
      if (!std::isfinite(p.point.x) || !std::isfinite(p.point.y)) fail("segments: a point is not finite");
      if (!(p.s >= 0.0 && p.s <= 1.0 && p.t >= 0.0 && p.t <= 1.0)) fail("segments: s or t outside [0, 1]");
    }
  }
  n = 0;
  const SectorWorld& world = room_2d();
  for (const auto& r : rows_2d(text, 2)) {
    if (++n > 16) break;
    const Vec2 p{r[0], r[1]};
    const SectorLocation grid = world.locate(p);  // must not throw
    const SectorLocation brute = locate_sector_brute_force(world.map(), world.boundaries(), p);
    if (grid.sector != brute.sector || grid.on_boundary != brute.on_boundary) {
      fail("sector: the grid and brute force disagree");
    }
  }
}

}  // namespace prism_fuzz
