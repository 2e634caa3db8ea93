// prism-query sector | segments | walk2d (see commands_2d.hpp).
#include "commands_2d.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <vector>

#include "collision/2d/doom_move.hpp"
#include "collision/2d/sectors.hpp"
#include "collision/2d/segment.hpp"
#include "collision_io/wad.hpp"
#include "input_2d.hpp"
#include "query_csv.hpp"
#include "walks2d/random_walk_2d.hpp"

namespace prism_query {
namespace {

using collision::planar::Vec2;

// -0 prints as "-0": a signed zero is still zero, so print +0.
double z0(double v) { return v == 0.0 ? 0.0 : v; }

int run_sector(const Commands2d& c) {
  const collision::io::DoomLevel level = collision::io::load_doom_level(c.map_spec);
  const auto rows = read_rows_2d(c.input, 2);
  const auto t_build = std::chrono::steady_clock::now();
  const collision::planar::SectorWorld world(level.map);
  const double build_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t_build).count();
  std::vector<collision::planar::SectorLocation> out(rows.size());
  const auto t0 = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Vec2 p{rows[i][0], rows[i][1]};
    out[i] = c.brute_force
                 ? collision::planar::locate_sector_brute_force(level.map, world.boundaries(), p)
                 : world.locate(p);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (const auto& loc : out) std::printf("%d,%d\n", loc.sector, loc.on_boundary ? 1 : 0);
  if (c.stats) {
    std::fprintf(stderr, "%s: %zu sectors, %zu lines, grid build %.2f ms, %zu points, %.0f points/s (%s)\n",
                 level.source.c_str(), level.map.sectors.size(), level.map.lines.size(),
                 build_s * 1e3, rows.size(), secs > 0 ? static_cast<double>(rows.size()) / secs : 0.0,
                 c.brute_force ? "brute force" : "grid");
  }
  return 0;
}

int run_segments(const Commands2d& c) {
  const auto rows = read_rows_2d(c.input, 8);
  using collision::planar::IntersectionKind;
  std::vector<collision::planar::SegmentIntersection> out(rows.size());
  const auto t0 = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    out[i] = collision::planar::intersect_segments({r[0], r[1]}, {r[2], r[3]}, {r[4], r[5]},
                                                   {r[6], r[7]});
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (const auto& x : out) {
    switch (x.kind) {
      case IntersectionKind::kNone: std::printf("none,,,,,,,,\n"); break;
      case IntersectionKind::kPoint:
        std::printf("point,%.17g,%.17g,%.17g,%.17g,,,,\n", z0(x.ends[0].point.x), z0(x.ends[0].point.y),
                    z0(x.ends[0].s), z0(x.ends[0].t));
        break;
      case IntersectionKind::kOverlap:
        std::printf("overlap,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", z0(x.ends[0].point.x),
                    z0(x.ends[0].point.y), z0(x.ends[0].s), z0(x.ends[0].t), z0(x.ends[1].point.x),
                    z0(x.ends[1].point.y), z0(x.ends[1].s), z0(x.ends[1].t));
        break;
    }
  }
  if (c.stats) {
    std::fprintf(stderr, "%zu pairs, %.0f pairs/s\n", rows.size(), secs > 0 ? static_cast<double>(rows.size()) / secs : 0.0);
  }
  return 0;
}

int run_walk2d(const Commands2d& c) {
  collision::io::DoomLevel level = collision::io::load_doom_level(c.map_spec);
  if (!level.has_player1_start) throw std::runtime_error(level.source + ": no player 1 start");
  if (c.open_doors) collision::planar::open_manual_doors(level.map);
  const collision::planar::SectorWorld world(level.map);
  walks2d::WalkSettings s;
  s.walks = c.walks;
  s.frames = c.frames;
  s.seed = c.seed;
  s.body.radius = c.radius;
  s.body.height = c.height;
  s.speed = c.speed;
  const walks2d::WalkSummary sum =
      walks2d::run_walks(world, level.player1_start.position, s, [](const walks2d::WalkFrame& f) {
        std::printf("%d,%d,%.17g,%.17g,%d\n", f.walk, f.frame, z0(f.position.x), z0(f.position.y), f.sector);
      });
  std::fprintf(stderr,
               "%s: %d walks x %d frames, radius %g: %ld frames, %ld with wall contact, %ld "
               "anomalies (outside sectors %ld, inside a wall band %ld, through a one-sided line "
               "%ld), deepest band %.3g, %.0f moves/s\n",
               level.source.c_str(), c.walks, c.frames, c.radius, sum.frames, sum.contact_frames,
               sum.anomalies(), sum.outside_sectors, sum.inside_band, sum.through_one_sided,
               sum.deepest_band, sum.seconds_moving > 0 ? static_cast<double>(sum.frames) / sum.seconds_moving : 0.0);
  if (!sum.first_anomaly.empty()) std::fprintf(stderr, "first anomaly: %s\n", sum.first_anomaly.c_str());
  return sum.anomalies() == 0 ? 0 : 2;
}

}  // namespace

void add_2d_commands(CLI::App& app, Commands2d& c) {
  c.sector = app.add_subcommand("sector", "the sector holding each x,y point of a Doom map: sector,on_boundary");
  c.sector->add_option("map", c.map_spec, "WAD:MAP, e.g. freedoom1:E1M1")->required();
  c.sector->add_option("points", c.input, "x,y lines (file, or - for stdin)");
  c.sector->add_flag("--stats", c.stats, "grid build time and points/s on stderr");
  c.sector->add_flag("--brute-force", c.brute_force, "test every sector instead of the grid");

  c.segments = app.add_subcommand("segments", "segment-segment intersection per ax,ay,bx,by,cx,cy,dx,dy line");
  c.segments->add_option("pairs", c.input, "lines of 8 numbers (file, or - for stdin)");
  c.segments->add_flag("--stats", c.stats, "pairs/s on stderr");

  c.walk2d = app.add_subcommand("walk2d", "seeded random walks of a circle through a Doom map: walk,frame,x,y,sector");
  c.walk2d->add_option("map", c.map_spec, "WAD:MAP, e.g. freedoom1:E1M1")->required();
  c.walk2d->add_option("--radius", c.radius, "body radius (default 16)")->check(positive_length_2d());
  c.walk2d->add_option("--height", c.height, "body height (default 56)")->check(positive_length_2d());
  c.walk2d->add_option("--speed", c.speed, "units per frame (default 8)")->check(positive_length_2d());
  c.walk2d->add_option("--walks", c.walks, "number of walks (default 10)")->check(CLI::Range(1, 100000000));
  c.walk2d->add_option("--frames", c.frames, "frames per walk (default 600)")->check(CLI::Range(1, 100000000));
  c.walk2d->add_option("--seed", c.seed, "random seed (default 1)")->check(seed_64());
  c.walk2d->add_flag("--open-doors", c.open_doors, "open the doors a player opens by hand (default: as stored, closed)");
}

bool run_2d_commands(const Commands2d& c, int& status) {
  if (c.sector && c.sector->parsed()) status = run_sector(c);
  else if (c.segments && c.segments->parsed()) status = run_segments(c);
  else if (c.walk2d && c.walk2d->parsed()) status = run_walk2d(c);
  else return false;
  return true;
}

}  // namespace prism_query
