// Doom sectors on real maps (Debian's freedoom): boundaries close into loops, point location
// through the grid agrees with brute force on every map, even-odd agrees with winding on every
// clean sector, the player start lies in a sector, and random walks have no anomaly.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <vector>
#include <random>
#include <string>

#include "collision/2d/doom_move.hpp"
#include "collision/2d/polygon.hpp"
#include "collision/2d/segment.hpp"
#include "collision_io/wad.hpp"
#include "walks2d/random_walk_2d.hpp"
#include "two_rooms_2d.hpp"

using namespace collision::planar;
namespace io = collision::io;

namespace {

std::string wad(const char* name) { return std::string(PRISM_FREEDOOM_DIR) + "/" + name; }

#ifdef PRISM_SLOW_BUILD
constexpr int kPointsPerMap = 2000;
#else
constexpr int kPointsPerMap = 20000;
#endif

}  // namespace

TEST(FreedoomMaps, E1M1HasItsSectorsAndAPlayerStart) {
  const io::DoomLevel level = io::load_doom_level("freedoom1:E1M1");
  EXPECT_EQ(level.map_name, "E1M1");
  EXPECT_GT(level.map.sectors.size(), 50u);
  EXPECT_GT(level.map.lines.size(), 500u);
  ASSERT_TRUE(level.has_player1_start);
  const SectorWorld world(level.map);
  const SectorLocation loc = world.locate(level.player1_start.position);
  EXPECT_NE(loc.sector, kNoSector);
  EXPECT_EQ(loc.sector, locate_sector_brute_force(level.map, world.boundaries(), level.player1_start.position).sector);
  // The same map by path.
  EXPECT_EQ(io::load_doom_level(wad("freedoom1.wad") + ":e1m1").map.lines.size(), level.map.lines.size());
}

TEST(FreedoomMaps, Map01OfFreedoom2HasAPlayerStartInASector) {
  const io::DoomLevel level = io::load_doom_level("freedoom2:MAP01");
  ASSERT_TRUE(level.has_player1_start);
  const SectorWorld world(level.map);
  EXPECT_NE(world.locate(level.player1_start.position).sector, kNoSector);
}

TEST(FreedoomMaps, UnknownMapAndWadAreClearErrors) {
  EXPECT_THROW(io::load_doom_level("freedoom1:E9M9"), io::LoadError);
  EXPECT_THROW(io::load_doom_level("nosuchwad:E1M1"), io::LoadError);
  EXPECT_THROW(io::load_doom_level("freedoom1"), io::LoadError);
}

// Every map of both WADs: boundaries, agreement of grid and brute force, even-odd vs winding.
class EveryFreedoomMap : public ::testing::TestWithParam<const char*> {};

TEST_P(EveryFreedoomMap, SectorBoundariesCloseAndGridLocationEqualsBruteForce) {
  const std::string path = wad(GetParam());
  const std::vector<std::uint8_t> bytes = io::read_binary_file(path);
  const std::vector<std::string> maps = io::list_doom_maps(bytes.data(), bytes.size(), path);
  ASSERT_GE(maps.size(), 32u);
  long total_points = 0, boundary_points = 0, located = 0, unclosed = 0, agree_checks = 0;
  double grid_s = 0.0, brute_s = 0.0;
  for (const std::string& name : maps) {
    SCOPED_TRACE(name);
    const io::DoomLevel level = io::load_doom_map(bytes.data(), bytes.size(), path, name);
    const SectorWorld world(level.map);
    const auto& bounds = world.boundaries();
    for (std::size_t s = 0; s < bounds.size(); ++s) {
      const SectorBoundary& b = bounds[s];
      if (b.edges.empty()) continue;  // self-referencing sector: no boundary of its own
      unclosed += !b.closed;
      EXPECT_TRUE(b.closed) << "sector " << s;
      std::size_t loop_vertices = 0;
      for (const auto& loop : b.loops) loop_vertices += loop.size();
      EXPECT_EQ(loop_vertices, b.edges.size()) << "sector " << s;
      EXPECT_GE(b.area, 0.0) << "sector " << s;
    }
    // Seeded points: uniform in the map's bounds, plus vertices and line midpoints (exactly on
    // boundaries).
    Vec2 lo{1e300}, hi{-1e300};
    for (const Vec2& v : level.map.vertices) {
      lo = glm::min(lo, v);
      hi = glm::max(hi, v);
    }
    std::mt19937_64 rng(std::hash<std::string>{}(name) ^ 0x2002);
    std::uniform_real_distribution<double> ux(lo.x - 16, hi.x + 16), uy(lo.y - 16, hi.y + 16);
    std::uniform_int_distribution<std::size_t> line(0, level.map.lines.size() - 1);
    std::vector<Vec2> points;
    for (int i = 0; i < kPointsPerMap; ++i) {
      if (i % 20 == 0) {
        const SectorLine& l = level.map.lines[line(rng)];
        points.push_back(0.5 * (level.map.vertices[l.v1] + level.map.vertices[l.v2]));
      } else if (i % 20 == 1) {
        points.push_back(level.map.vertices[level.map.lines[line(rng)].v1]);
      } else if (i % 20 == 2) {
        points.push_back({std::round(ux(rng)), std::round(uy(rng))});
      } else {
        points.push_back({ux(rng), uy(rng)});
      }
    }
    std::vector<SectorLocation> grid(points.size()), brute(points.size());
    auto t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < points.size(); ++i) grid[i] = world.locate(points[i]);
    auto t1 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < points.size(); ++i) {
      brute[i] = locate_sector_brute_force(level.map, bounds, points[i]);
    }
    auto t2 = std::chrono::steady_clock::now();
    grid_s += std::chrono::duration<double>(t1 - t0).count();
    brute_s += std::chrono::duration<double>(t2 - t1).count();
    for (std::size_t i = 0; i < points.size(); ++i) {
      ASSERT_EQ(grid[i].sector, brute[i].sector) << "point " << points[i].x << "," << points[i].y;
      ASSERT_EQ(grid[i].on_boundary, brute[i].on_boundary) << "point " << points[i].x << "," << points[i].y;
      boundary_points += grid[i].on_boundary;
      located += grid[i].sector != kNoSector;
    }
    total_points += static_cast<long>(points.size());
    // Even-odd and winding (sum of signed crossings over the oriented boundary) agree off the
    // boundary on every clean sector (closed, positive area).
    for (std::size_t s = 0; s < bounds.size(); ++s) {
      const SectorBoundary& b = bounds[s];
      if (b.edges.empty() || !b.closed || !(b.area > 0.0)) continue;
      std::uniform_real_distribution<double> sx(b.bounds.min.x, b.bounds.max.x), sy(b.bounds.min.y, b.bounds.max.y);
      for (int i = 0; i < 20; ++i) {
        const Vec2 p = i == 0 ? b.edges[0].a + Vec2{0.5, 0.0} : Vec2{sx(rng), sy(rng)};
        bool on = false;
        int crossings = 0, winding = 0;
        for (const Segment& e : b.edges) {
          on |= on_segment(e.a, e.b, p);
          const int c = ray_crossing(e.a, e.b, p);
          crossings += c != 0;
          winding += c;
        }
        if (on) continue;
        ++agree_checks;
        ASSERT_EQ((crossings & 1) != 0, winding != 0) << "sector " << s << " point " << p.x << "," << p.y;
        ASSERT_TRUE(winding == 0 || winding == 1) << "sector " << s << " winding " << winding;
      }
    }
  }
  EXPECT_EQ(unclosed, 0);
  EXPECT_GT(boundary_points, total_points / 20);
  EXPECT_GT(located, total_points / 4);
  std::printf("%s: %zu maps, %ld points (%ld on a boundary, %ld in a sector): grid %.0f points/s, "
              "brute force %.0f points/s; %ld even-odd/winding checks\n",
              GetParam(), maps.size(), total_points, boundary_points, located,
              static_cast<double>(total_points) / grid_s, static_cast<double>(total_points) / brute_s,
              agree_checks);
}

INSTANTIATE_TEST_SUITE_P(Freedoom, EveryFreedoomMap, ::testing::Values("freedoom1.wad", "freedoom2.wad"),
                         [](const ::testing::TestParamInfo<const char*>& param_info) {
                           return std::string(param_info.param).substr(0, 9);
                         });

TEST(FreedoomMaps, SelfReferencingSectorHasNoBoundaryOfItsOwn) {
  // PLATFORM.md: freedoom1 E1M6 sector 390 has every line with 390 on both sides.
  const io::DoomLevel level = io::load_doom_level("freedoom1:E1M6");
  ASSERT_GT(level.map.sectors.size(), 390u);
  const std::vector<SectorBoundary> b = build_sector_boundaries(level.map);
  EXPECT_TRUE(b[390].edges.empty());
  // A point inside it is located in the sector around it.
  Vec2 sum{0.0};
  int n = 0;
  for (const SectorLine& l : level.map.lines) {
    if (l.front_sector == 390 && l.back_sector == 390) {
      sum += level.map.vertices[l.v1];
      ++n;
    }
  }
  ASSERT_GT(n, 0);
  const SectorWorld world(level.map);
  const SectorLocation loc = world.locate(sum / static_cast<double>(n));
  EXPECT_NE(loc.sector, 390);
}

class E1Walks : public ::testing::TestWithParam<int> {};

TEST_P(E1Walks, HundredWalksOfSixHundredFramesHaveNoAnomaly) {
  const std::string spec = "freedoom1:E1M" + std::to_string(GetParam());
  const io::DoomLevel level = io::load_doom_level(spec);
  ASSERT_TRUE(level.has_player1_start);
  const SectorWorld world(level.map);
  walks2d::WalkSettings s;
#ifdef PRISM_SLOW_BUILD
  s.walks = 20;
#else
  s.walks = 100;
#endif
  s.frames = 600;
  s.seed = 1;
  long contact_frames = 0;
  std::vector<bool> visited(level.map.sectors.size(), false);
  const walks2d::WalkSummary sum = walks2d::run_walks(world, level.player1_start.position, s,
                                                      [&](const walks2d::WalkFrame& f) {
                                                        if (f.sector >= 0) visited[f.sector] = true;
                                                        contact_frames += f.contacts > 0;
                                                      });
  EXPECT_EQ(sum.anomalies(), 0) << sum.first_anomaly;
  EXPECT_EQ(sum.outside_sectors, 0);
  EXPECT_EQ(sum.inside_band, 0);
  EXPECT_EQ(sum.through_one_sided, 0);
  EXPECT_LT(sum.deepest_band, 1e-3);
  EXPECT_GT(contact_frames, sum.frames / 50) << "the walks should meet walls";
  const long sectors_visited = std::count(visited.begin(), visited.end(), true);
  EXPECT_GE(sectors_visited, 2) << "the walks should leave the start sector";
  std::printf("%s: %ld frames, %ld with contact, %ld sectors visited, deepest band %.2g, %.0f moves/s\n",
              spec.c_str(), sum.frames, contact_frames, sectors_visited, sum.deepest_band,
              static_cast<double>(sum.frames) / sum.seconds_moving);
}

INSTANTIATE_TEST_SUITE_P(Freedoom1, E1Walks, ::testing::Range(1, 10));

TEST(DoomMove, OneSidedWallsBlockAndTheBodySlidesAtArmsLength) {
  // A 256 x 256 room (one sector, one-sided walls).
  SectorMap m;
  m.vertices = {{0, 0}, {256, 0}, {256, 256}, {0, 256}};
  m.sectors = {{0, 128}};
  // Front side (right of v1 -> v2) inside: walk the square clockwise.
  m.lines = {{0, 3, 0, kNoSector, 1, 0}, {3, 2, 0, kNoSector, 1, 0}, {2, 1, 0, kNoSector, 1, 0},
             {1, 0, 0, kNoSector, 1, 0}};
  const SectorWorld world(m);
  const DoomBody body;
  const DoomMove mv = move_body(world, body, {128, 128}, {200, 50});
  EXPECT_NEAR(mv.position.x, 256 - 16, 1e-9);
  EXPECT_GT(mv.position.y, 128.0);  // slid along the wall
  EXPECT_EQ(mv.sector, 0);
  EXPECT_GE(mv.contacts, 1);
}

TEST(DoomMove, StepsUpTo24ButNotHigherAndNeedsHeadroom) {
  // Two rooms side by side, joined by a two-sided line at x = 128.
  const auto make = test_maps::two_rooms_2d;
  const DoomBody body;
  for (const auto& [floor2, ceiling2, passes] :
       {std::tuple{24.0, 128.0, true}, std::tuple{25.0, 128.0, false}, std::tuple{-100.0, 128.0, true},
        std::tuple{0.0, 55.0, false}, std::tuple{0.0, 56.0, true}}) {
    const SectorMap m = make(floor2, ceiling2);
    const SectorWorld world(m);
    Vec2 p{64, 64};
    for (int i = 0; i < 20; ++i) p = move_body(world, body, p, {8, 0}).position;
    EXPECT_EQ(p.x > 128.0, passes) << "floor " << floor2 << " ceiling " << ceiling2 << " x " << p.x;
    if (!passes) {
      EXPECT_NEAR(p.x, 128 - 16, 1e-9);
    }
  }
}

TEST(SectorLocator, AnUnclosedSectorFromCorruptDataStillMatchesBruteForce) {
  // Found by fuzz_wad: with a line missing, a sector's ray parity changes level with the
  // dangling ends, not only across its lines; the grid must test it everywhere in its box.
  io::DoomLevel level = io::load_doom_level("freedoom1:E1M1");
  std::vector<SectorLine>& lines = level.map.lines;
  for (std::size_t i = 0; i < lines.size(); i += 37) lines[i].back_sector = lines[i].front_sector;
  const SectorWorld world(level.map);
  long unclosed = 0;
  for (const SectorBoundary& b : world.boundaries()) unclosed += !b.closed;
  ASSERT_GT(unclosed, 0);
  Vec2 lo{1e300}, hi{-1e300};
  for (const Vec2& v : level.map.vertices) {
    lo = glm::min(lo, v);
    hi = glm::max(hi, v);
  }
  std::mt19937_64 rng(14);
  std::uniform_real_distribution<double> ux(lo.x, hi.x), uy(lo.y, hi.y);
  for (int i = 0; i < 20000; ++i) {
    const Vec2 p = i % 2 ? Vec2{ux(rng), uy(rng)} : Vec2{std::round(ux(rng)), std::round(uy(rng))};
    const SectorLocation a = world.locate(p);
    const SectorLocation b = locate_sector_brute_force(level.map, world.boundaries(), p);
    ASSERT_EQ(a.sector, b.sector) << p.x << "," << p.y;
    ASSERT_EQ(a.on_boundary, b.on_boundary) << p.x << "," << p.y;
  }
}

TEST(FreedoomMaps, ClosedDoorsBlockUntilOpenedByHand) {
  io::DoomLevel level = io::load_doom_level("freedoom1:E1M1");
  // Sector 100 is the door south of the nukage room: stored closed (ceiling on the floor).
  ASSERT_GT(level.map.sectors.size(), 100u);
  EXPECT_EQ(level.map.sectors[100].ceiling_height, level.map.sectors[100].floor_height);
  EXPECT_GT(open_manual_doors(level.map), 5);
  EXPECT_GE(level.map.sectors[100].ceiling_height - level.map.sectors[100].floor_height, 56.0);
  // Walking south through it: blocked before, through after.
  const io::DoomLevel closed = io::load_doom_level("freedoom1:E1M1");
  for (const SectorMap* m : {&closed.map, static_cast<const SectorMap*>(&level.map)}) {
    const SectorWorld world(*m);
    Vec2 p{955.0, 30.0};
    for (int i = 0; i < 20; ++i) p = move_body(world, DoomBody{}, p, {0.0, -8.0}).position;
    EXPECT_EQ(p.y < -40.0, m == &level.map) << "y " << p.y;
  }
}

TEST(SectorLocator, NonFinitePointsAreAnErrorNotNoSector) {
  // Issue 38: outside the 2D input domain (domain_2d.hpp) the answer is an error, not a sector
  // (before, "no sector": a silent answer for a point that is not a point).
  const io::DoomLevel level = io::load_doom_level("freedoom1:E1M1");
  const SectorWorld world(level.map);
  for (const Vec2& p : {Vec2{NAN, 0.0}, Vec2{0.0, NAN}, Vec2{INFINITY, 0.0}, Vec2{-INFINITY, -INFINITY}}) {
    EXPECT_THROW(world.locate(p), std::invalid_argument);
  }
}

namespace {
// Every one-sided line of the map that the segment from-to passes through (its ends strictly
// on the two sides of the line, the segments meeting): the brute-force reference.
int one_sided_lines_crossed(const SectorMap& map, const Vec2& from, const Vec2& to) {
  int n = 0;
  for (const SectorLine& l : map.lines) {
    if (l.front_sector >= 0 && l.back_sector >= 0) continue;
    const Vec2 a = map.vertices[l.v1], b = map.vertices[l.v2];
    n += orient2d(a, b, from) * orient2d(a, b, to) < 0 &&
         intersect_segments(from, to, a, b).kind != IntersectionKind::kNone;
  }
  return n;
}
}  // namespace

TEST(DoomMove, Walk2dAt3000UnitsAFrameIsNotReportedThroughAOneSidedLine) {
  // Issue 38: `prism-query walk2d freedoom2:MAP01 --walks 1 --frames 1 --speed 3000` reported
  // "through a one-sided line" (exit 2). The move slid along walls; the check tested the chord
  // from its start to its end, which cut a corner the path went around.
  const io::DoomLevel level = io::load_doom_level("freedoom2:MAP01");
  const SectorWorld world(level.map);
  walks2d::WalkSettings s;
  s.walks = 1;
  s.frames = 1;
  s.speed = 3000.0;
  const walks2d::WalkSummary one = walks2d::run_walks(world, level.player1_start.position, s, {});
  EXPECT_EQ(one.through_one_sided, 0) << one.first_anomaly;
  EXPECT_EQ(one.contact_frames, 1);
  EXPECT_EQ(one.anomalies(), 0) << one.first_anomaly;
  // The moves themselves: from the start, 360 headings at 3000 and 1500 units. Each straight
  // piece of every path crosses no one-sided line (brute force over every line); some chords do
  // (the false alarm the old check raised).
  long chords_crossing = 0, pieces = 0;
  std::vector<Vec2> path;
  DoomMoveOptions options;
  options.path = &path;
  for (const double speed : {3000.0, 1500.0}) {
    for (int deg = 0; deg < 360; ++deg) {
      const double a = deg * std::numbers::pi / 180.0;
      const Vec2 start = level.player1_start.position;
      const DoomMove m = move_body(world, DoomBody{}, start, speed * Vec2{std::cos(a), std::sin(a)}, options);
      ASSERT_GE(path.size(), 1u);
      EXPECT_EQ(path.front(), start);
      EXPECT_EQ(path.back(), m.position);
      for (std::size_t i = 1; i < path.size(); ++i) {
        ++pieces;
        EXPECT_EQ(one_sided_lines_crossed(level.map, path[i - 1], path[i]), 0) << "heading " << deg << " piece " << i;
      }
      chords_crossing += one_sided_lines_crossed(level.map, start, m.position) > 0;
    }
  }
  EXPECT_GT(pieces, 720);
  EXPECT_GT(chords_crossing, 0);
  // Longer walks at that speed: no anomaly either.
  s.walks = 20;
  s.frames = 100;
  const walks2d::WalkSummary many = walks2d::run_walks(world, level.player1_start.position, s, {});
  EXPECT_EQ(many.anomalies(), 0) << many.first_anomaly;
}
