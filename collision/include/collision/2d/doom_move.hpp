#pragma once
/// @file doom_move.hpp
/// A circle body moving through Doom sectors at arm's length from the walls ("Standing at
/// Arm's Length" of "Crashing into the New Year", with Doom's P_TryMove / P_SlideMove rules for
/// what blocks).
///
/// The body is a circle of `radius` (Doom's player: 16) and `height` (56) standing at height
/// z = the highest floor under its disc: the floor of the sector holding its centre and of
/// both sides of every two-sided line closer than the radius (Doom's tmfloorz).
/// A line BLOCKS the body standing at z when (Doom's PIT_CheckLine and P_TryMove):
///  - it is one-sided, or flagged ML_BLOCKING (0x0001);
///  - its opening is too low: min(ceilings) - max(floors) < height;
///  - its step is too high: max(floors) - z > step_height (24);
///  - its ceiling is too low to pass under: min(ceilings) - z < height.
/// A line with the same sector on both sides blocks only by its flag.
///
/// move_body() sweeps the circle (moving_circle.hpp) against the lines that block it, stops at
/// the earliest time of impact (the centre exactly at distance radius from the wall), slides
/// the rest of the move along the wall (the component against the contact normal removed) and
/// repeats, up to `max_iterations`. Every position it accepts is checked: its centre lies in
/// some sector (sectors.hpp) and it is no closer than radius - tolerance to any line that
/// blocks it at its new height; an iteration that would break that is refused (the body
/// stays where the previous iteration left it, as P_TryMove refuses a move).

#include <cstdint>
#include <vector>

#include "collision/2d/sectors.hpp"

namespace collision::planar {

struct DoomBody {
  double radius = 16.0;       ///< map units
  double height = 56.0;       ///< map units
  double step_height = 24.0;  ///< highest step up it climbs (Doom: 24)
};

/// The static level the body moves in: the map, its sector boundaries, point location and a
/// line grid. Keeps a reference to `map`, which must outlive it. Not safe to query from several
/// threads at once (the line grid marks the lines a query has visited); give each thread its
/// own SectorWorld.
class SectorWorld {
 public:
  explicit SectorWorld(const SectorMap& map, double cell_size = 128.0);
  const SectorMap& map() const { return *map_; }
  const std::vector<SectorBoundary>& boundaries() const { return boundaries_; }
  const SectorLocator& locator() const { return locator_; }
  const LineGrid& lines() const { return grid_; }
  SectorLocation locate(const Vec2& p) const { return locator_.locate(p); }

 private:
  const SectorMap* map_;
  std::vector<SectorBoundary> boundaries_;
  SectorLocator locator_;
  LineGrid grid_;
};

/// The highest floor under a disc of `radius` at p (see the file comment); NaN outside every
/// sector.
double floor_under(const SectorWorld& world, const Vec2& p, double radius);

/// True when `line` blocks `body` standing at height z (rules in the file comment).
bool line_blocks(const SectorMap& map, const SectorLine& line, const DoomBody& body, double z);

struct DoomMove {
  Vec2 position{0.0};
  std::int32_t sector = kNoSector;  ///< the sector holding the final centre
  double z = 0.0;                   ///< floor_under the final position
  int iterations = 0;               ///< sweeps done
  int contacts = 0;                 ///< walls hit (each slide)
  bool refused = false;             ///< an iteration was refused by the final check
};

struct DoomMoveOptions {
  int max_iterations = 4;
  /// A position closer than radius - tolerance to a blocking line is refused.
  double tolerance = 1e-6;
  /// When set: cleared, then given the start and the position after each accepted iteration.
  /// The centre moves on the straight segments between consecutive entries (a slide bends
  /// the path at each contact), so a check that the body passed no wall tests each segment:
  /// the chord from the first to the last may cross a wall the path went around.
  std::vector<Vec2>* path = nullptr;
};

/// Moves the body from `position` by `delta` (map units), sliding along walls. Throws
/// std::invalid_argument naming the argument when the position, the displacement, the end of
/// the move or a length of the body is outside the 2D domain (domain_2d.hpp), or a length of
/// the body is negative.
DoomMove move_body(const SectorWorld& world, const DoomBody& body, const Vec2& position,
                   const Vec2& delta, const DoomMoveOptions& options = {});

/// The closest distance from p to a line blocking the body at height z, among lines within
/// `radius + margin`; +inf when none is that close. Used by the walk checks.
double blocking_clearance(const SectorWorld& world, const DoomBody& body, const Vec2& p, double z,
                          double margin = 1.0);

}  // namespace collision::planar
