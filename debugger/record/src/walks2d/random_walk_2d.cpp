// Seeded random walks through Doom sectors with anomaly checks (see random_walk_2d.hpp).
#include "walks2d/random_walk_2d.hpp"

#include <chrono>
#include <cmath>
#include <numbers>
#include <random>

#include "collision/2d/domain_2d.hpp"
#include "collision/2d/segment.hpp"

namespace walks2d {

using namespace collision::planar;

namespace {
bool crosses_one_sided(const SectorWorld& world, const Vec2& from, const Vec2& to) {
  if (from == to) return false;
  const SectorMap& map = world.map();
  thread_local std::vector<std::uint32_t> near;
  world.lines().query({glm::min(from, to), glm::max(from, to)}, near);
  for (std::uint32_t li : near) {
    const SectorLine& l = map.lines[li];
    if (l.front_sector >= 0 && l.back_sector >= 0) continue;
    const Vec2 a = map.vertices[l.v1], b = map.vertices[l.v2];
    // Through: the path ends strictly on different sides and meets the line.
    if (orient2d(a, b, from) * orient2d(a, b, to) < 0 &&
        intersect_segments(from, to, a, b).kind != IntersectionKind::kNone) {
      return true;
    }
  }
  return false;
}
}  // namespace

WalkSummary run_walks(const SectorWorld& world, const Vec2& start, const WalkSettings& s,
                      const std::function<void(const WalkFrame&)>& on_frame) {
  WalkSummary sum;
  std::vector<Vec2> path;
  for (int w = 0; w < s.walks; ++w) {
    std::mt19937_64 rng(s.seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(w));
    std::uniform_real_distribution<double> angle_dist(0.0, 2.0 * std::numbers::pi);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    Vec2 p = start;
    double heading = angle_dist(rng);
    for (int f = 0; f < s.frames; ++f) {
      if (unit(rng) < 1.0 / 40.0) heading = angle_dist(rng);
      // Flushed: at a speed near 2^-200 a component (speed times a cosine of 1e-17) can fall
      // below the 2D domain's smallest magnitude, which move_body refuses.
      const Vec2 delta = flush_below_domain_2d(s.speed * Vec2{std::cos(heading), std::sin(heading)});
      const auto t0 = std::chrono::steady_clock::now();
      DoomMoveOptions options;
      options.path = &path;
      const DoomMove m = move_body(world, s.body, p, delta, options);
      sum.seconds_moving += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      ++sum.frames;
      if (m.contacts > 0) {
        ++sum.contact_frames;
        // Blocked walkers pick a new way now and then, so walks explore rather than press.
        if (unit(rng) < 0.25) heading = angle_dist(rng);
      }
      if (m.refused) ++sum.refused;
      auto note = [&](const char* what) {
        if (sum.first_anomaly.empty()) {
          sum.first_anomaly = "walk " + std::to_string(w) + " frame " + std::to_string(f) + ": " + what;
        }
      };
      if (m.sector == kNoSector) {
        ++sum.outside_sectors;
        note("outside every sector");
      }
      const double z = floor_under(world, m.position, s.body.radius);
      const double clearance = blocking_clearance(world, s.body, m.position, std::isnan(z) ? 0.0 : z);
      const double depth = s.body.radius - clearance;
      if (depth > sum.deepest_band) sum.deepest_band = depth;
      if (depth > s.band_tolerance) {
        ++sum.inside_band;
        note("inside a blocking wall's band");
      }
      // Each straight piece of the path: a slide bends it, and the chord from the start to
      // the end of a slide along a corner's walls may cut through the corner the body went
      // around (freedoom2 MAP01 at 3000 units a frame did).
      bool through = false;
      for (std::size_t i = 1; i < path.size() && !through; ++i) {
        through = crosses_one_sided(world, path[i - 1], path[i]);
      }
      if (through) {
        ++sum.through_one_sided;
        note("through a one-sided line");
      }
      p = m.position;
      if (on_frame) on_frame({w, f, p, m.sector, m.contacts});
    }
  }
  return sum;
}

}  // namespace walks2d
