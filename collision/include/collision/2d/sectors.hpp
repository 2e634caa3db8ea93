#pragma once
/// @file sectors.hpp
/// Doom-style sectors ("Standing at Arm's Length" of "Crashing into the New Year", 1999): a
/// level is a set of sectors, each bounded by lines, with a floor and a ceiling height. This file holds the map as plain data,
/// each sector's boundary, and point location (which sector contains a point).
///
/// Conventions (Doom's): x east, y north, map units. A line runs from v1 to v2; its front side
/// is on the RIGHT of v1 -> v2, its back side on the left. A side is -1 when absent (a
/// one-sided line has only a front).
///
/// Boundary rule: the boundary lines of a sector are the lines with that sector on exactly one
/// side. A line with the same sector on both sides does not bound it, so a self-referencing
/// sector (every line has it on both sides, e.g. freedoom1 E1M6 sector 390) has no boundary of
/// its own and a point inside it is located in the sector around it. Each boundary line is
/// oriented with its sector on the LEFT, so a sector's boundary has positive signed area
/// (outer loops counterclockwise, holes clockwise).
///
/// Point location rule (exact, the same as `prism-query sector`): a sector contains p when
/// p is off its boundary and the ray from p towards +x crosses its boundary lines an odd number
/// of times (even-odd), or when p lies exactly on one of its boundary lines. Among the sectors
/// that contain p the one with the smallest area wins (the lower index on ties); none -> -1.
/// on_boundary is true when p lies exactly on some boundary line.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "collision/2d/moving_circle.hpp"
#include "collision/2d/predicates.hpp"

namespace collision::planar {

inline constexpr std::int32_t kNoSector = -1;

/// Doom linedef flags used here.
inline constexpr std::uint16_t kLineBlocking = 0x0001;  ///< ML_BLOCKING: blocks players and monsters
inline constexpr std::uint16_t kLineTwoSided = 0x0004;  ///< ML_TWOSIDED

struct SectorLine {
  std::uint32_t v1 = 0;
  std::uint32_t v2 = 0;
  std::int32_t front_sector = kNoSector;  ///< on the right of v1 -> v2
  std::int32_t back_sector = kNoSector;   ///< on the left; kNoSector for a one-sided line
  std::uint16_t flags = 0;
  std::uint16_t special = 0;
};

struct Sector {
  double floor_height = 0.0;    ///< map units
  double ceiling_height = 0.0;  ///< map units
};

/// A level as plain data (what the WAD reader produces; any other source works too).
struct SectorMap {
  std::vector<Vec2> vertices;
  std::vector<SectorLine> lines;
  std::vector<Sector> sectors;
};

/// Axis-aligned box in 2D.
struct Box2 {
  Vec2 min{0.0};
  Vec2 max{0.0};
  bool contains(const Vec2& p) const {
    return min.x <= p.x && p.x <= max.x && min.y <= p.y && p.y <= max.y;
  }
  bool overlaps(const Box2& o) const {
    return min.x <= o.max.x && o.min.x <= max.x && min.y <= o.max.y && o.min.y <= max.y;
  }
};

/// One sector's boundary.
struct SectorBoundary {
  std::vector<std::uint32_t> lines;  ///< boundary line indices (the sector on exactly one side)
  std::vector<Segment> edges;        ///< the same lines, oriented with the sector on the left
  /// The edges chained into closed loops (vertex lists, first not repeated). At a pinch
  /// vertex (several loops touching) the outgoing edge that turns most to the right is taken,
  /// which keeps touching loops apart.
  std::vector<std::vector<Vec2>> loops;
  /// Every vertex has as many boundary edges in as out: the boundary closes into loops.
  bool closed = true;
  double area = 0.0;  ///< shoelace area over the oriented edges (positive for a proper sector)
  Box2 bounds;
};

/// Opens the doors a player opens by hand (Doom's manual door specials 1, 26-28, 31-34, 117,
/// 118 on a two-sided line: the door is the line's back sector): each door sector's ceiling is
/// raised to 4 units below the lowest ceiling around it, as Doom's EV_DoDoor does
/// (P_FindLowestCeilingSurrounding). Maps are stored with their doors closed (ceiling on the
/// floor), so without this a body cannot pass any door. Returns the number of doors opened.
int open_manual_doors(SectorMap& map);

/// Builds every sector's boundary (index = sector index). Lines naming a sector or vertex out
/// of range throw std::out_of_range naming the line; a line's vertex, or a sector's floor or
/// ceiling height, outside the 2D domain (domain_2d.hpp) throws std::invalid_argument naming it.
std::vector<SectorBoundary> build_sector_boundaries(const SectorMap& map);

struct SectorLocation {
  std::int32_t sector = kNoSector;
  bool on_boundary = false;
};

/// A uniform grid of line indices over the map's bounds (broad phase for lines).
class LineGrid {
 public:
  LineGrid() = default;
  LineGrid(const SectorMap& map, double cell_size);
  /// Line indices whose bounding box overlaps `box` (each once, ascending).
  void query(const Box2& box, std::vector<std::uint32_t>& out) const;
  /// The cell holding p (clamped to the grid), and its box grown by the build margin.
  std::size_t cell_of(const Vec2& p) const;
  const std::vector<std::uint32_t>& cell_lines(std::size_t cell) const { return cells_[cell]; }
  Box2 cell_box(std::size_t cell) const;
  std::size_t cell_count() const { return cells_.size(); }
  std::size_t columns() const { return static_cast<std::size_t>(nx_); }

 private:
  Box2 bounds_;
  double cell_ = 1.0;
  int nx_ = 0, ny_ = 0;
  std::vector<std::vector<std::uint32_t>> cells_;
  const SectorMap* map_ = nullptr;
  mutable std::vector<std::uint32_t> stamp_;
  mutable std::uint32_t epoch_ = 0;
};

/// Point location through a uniform grid: per cell, the sectors that cover the whole cell
/// (no boundary line of theirs touches it; decided once at build time) and the sectors whose
/// boundary lines touch it (tested exactly, even-odd over their boundary). A sector whose
/// boundary does not close (corrupt input) is tested in every cell of its box. Answers exactly
/// what locate_sector_brute_force() answers (the tests check it on every Freedoom map, the
/// fuzzer on corrupt ones).
class SectorLocator {
 public:
  SectorLocator(const SectorMap& map, const std::vector<SectorBoundary>& boundaries,
                double cell_size = 128.0);
  /// Throws std::invalid_argument when p is outside the 2D domain (domain_2d.hpp).
  SectorLocation locate(const Vec2& p) const;

 private:
  const std::vector<SectorBoundary>* boundaries_;
  LineGrid grid_;
  std::vector<std::vector<std::int32_t>> covering_;  ///< per cell
  std::vector<std::vector<std::int32_t>> touching_;  ///< per cell
};

/// True when p is inside sector `s` by the rule above (boundary included).
bool sector_contains(const SectorBoundary& boundary, const Vec2& p);

/// The reference: every sector tested in turn (bounding box first). Throws
/// std::invalid_argument when p is outside the 2D domain (domain_2d.hpp).
SectorLocation locate_sector_brute_force(const SectorMap& map,
                                         const std::vector<SectorBoundary>& boundaries,
                                         const Vec2& p);

}  // namespace collision::planar
