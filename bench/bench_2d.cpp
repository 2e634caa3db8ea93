// bench_2d: the 2D core on real Doom maps (Debian's freedoom). Single thread. Prints Markdown.
//
//   bench_2d [--maps freedoom1:E1M1,freedoom2:MAP15] [--points 200] [--reps 5]
//
// 1. Point in polygon per method (seed 002: convex signs, angle sum, quadrant, crossing) on the
//    sectors of each map that are one simple loop, grouped by shape (convex or not) and by
//    vertex count; the points are uniform in each sector's box (about half inside). Best of reps.
// 2. Sector location per second: the grid (SectorLocator) against the brute-force loop over all
//    sectors, for uniform points of the map's box.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "collision/2d/doom_move.hpp"
#include "collision/2d/polygon.hpp"
#include "collision_io/wad.hpp"

using namespace collision::planar;

namespace {

struct Options {
  std::vector<std::string> maps = {"freedoom1:E1M1", "freedoom2:MAP15"};
  int points = 200;
  int reps = 5;
};

double best_seconds(int reps, const std::function<void()>& run) {
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    run();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

bool is_convex(const Polygon& p) {
  const auto& v = p.vertices;
  bool left = false, right = false;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const int s = orient2d(v[i], v[(i + 1) % v.size()], v[(i + 2) % v.size()]);
    left |= s > 0;
    right |= s < 0;
  }
  return !(left && right);
}

struct Case {
  Polygon polygon;
  std::vector<Vec2> points;
};

volatile long g_sink = 0;

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--maps") && i + 1 < argc) {
      o.maps.clear();
      std::stringstream ss(argv[++i]);
      for (std::string m; std::getline(ss, m, ',');) o.maps.push_back(m);
    } else if (!std::strcmp(argv[i], "--points") && i + 1 < argc) {
      o.points = std::atoi(argv[++i]);
    } else if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) {
      o.reps = std::atoi(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: bench_2d [--maps WAD:MAP,...] [--points N] [--reps R]\n");
      return 2;
    }
  }
  const PointInPolygonMethod methods[] = {PointInPolygonMethod::kConvexSigns, PointInPolygonMethod::kAngleSum,
                                          PointInPolygonMethod::kQuadrant, PointInPolygonMethod::kCrossing};
  const std::pair<std::size_t, std::size_t> buckets[] = {{3, 4}, {5, 8}, {9, 16}, {17, 100000}};
  for (const std::string& spec : o.maps) {
    const collision::io::DoomLevel level = collision::io::load_doom_level(spec);
    const SectorWorld world(level.map);
    std::mt19937_64 rng(2);
    std::printf("\n### %s (%zu sectors, %zu lines)\n\n", spec.c_str(), level.map.sectors.size(),
                level.map.lines.size());
    std::printf("Point in polygon, million points/s (best of %d), sectors that are one simple loop:\n\n", o.reps);
    std::printf("| shape | vertices | polygons | convex signs | angle sum | quadrant | crossing |\n");
    std::printf("|---|---|---|---|---|---|---|\n");
    for (int convex = 1; convex >= 0; --convex) {
      for (const auto& [lo, hi] : buckets) {
        std::vector<Case> cases;
        for (const SectorBoundary& b : world.boundaries()) {
          if (b.loops.size() != 1 || !b.closed || !(b.area > 0.0)) continue;
          Polygon p{b.loops[0]};
          if (p.vertices.size() < lo || p.vertices.size() > hi || is_convex(p) != (convex == 1)) continue;
          std::uniform_real_distribution<double> ux(b.bounds.min.x, b.bounds.max.x), uy(b.bounds.min.y, b.bounds.max.y);
          Case c{p, {}};
          for (int i = 0; i < o.points; ++i) c.points.push_back({ux(rng), uy(rng)});
          cases.push_back(std::move(c));
        }
        if (cases.empty()) continue;
        std::size_t total = 0;
        for (const Case& c : cases) total += c.points.size();
        std::printf("| %s | %zu-%s | %zu |", convex ? "convex" : "concave", lo,
                    hi > 1000 ? "" : std::to_string(hi).c_str(), cases.size());
        for (PointInPolygonMethod m : methods) {
          if (m == PointInPolygonMethod::kConvexSigns && !convex) {
            std::printf(" (wrong here) |");
            continue;
          }
          const double s = best_seconds(o.reps, [&] {
            long inside = 0;
            for (const Case& c : cases) {
              for (const Vec2& p : c.points) inside += contains(c.polygon, p, m);
            }
            g_sink = g_sink + inside;
          });
          std::printf(" %.1f |", static_cast<double>(total) / s * 1e-6);
        }
        std::printf("\n");
      }
    }
    Vec2 lo{1e300}, hi{-1e300};
    for (const Vec2& v : level.map.vertices) {
      lo = glm::min(lo, v);
      hi = glm::max(hi, v);
    }
    std::uniform_real_distribution<double> ux(lo.x, hi.x), uy(lo.y, hi.y);
    std::vector<Vec2> pts(100000);
    for (Vec2& p : pts) p = {ux(rng), uy(rng)};
    const double grid_s = best_seconds(o.reps, [&] {
      long sum = 0;
      for (const Vec2& p : pts) sum += world.locate(p).sector;
      g_sink = g_sink + sum;
    });
    const double brute_s = best_seconds(o.reps, [&] {
      long sum = 0;
      for (const Vec2& p : pts) sum += locate_sector_brute_force(level.map, world.boundaries(), p).sector;
      g_sink = g_sink + sum;
    });
    const auto t0 = std::chrono::steady_clock::now();
    const SectorWorld rebuilt(level.map);
    const double build_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::printf("\nSector location, %zu uniform points of the map's box: grid %.2f M/s, brute force %.2f M/s "
                "(%.1fx); boundaries + grid build %.1f ms\n",
                pts.size(), static_cast<double>(pts.size()) / grid_s * 1e-6,
                static_cast<double>(pts.size()) / brute_s * 1e-6, brute_s / grid_s, build_ms);
  }
  return 0;
}
