#pragma once
/// @file view2d.hpp
/// The top-down 2D view of a Doom map (seeds 002 and 003): an orthographic camera looking down
/// on the map (x east, y north), sectors filled by floor height, lines by kind, the body, the
/// arm's-length band along the blocking walls near it, the test point with the working of a
/// point-in-polygon method, crossings of the body's path with lines (s and t), and a bouncing
/// particle's path. The collision core computes, this file only turns its answers into debug
/// primitives (renderer::DebugDraw).

#include <cstdint>
#include <string>
#include <vector>

#include "collision/2d/doom_move.hpp"
#include "collision/2d/polygon.hpp"
#include "renderer/camera.hpp"
#include "renderer/debug_draw.hpp"
#include "debugger/walk_script.hpp"

namespace collision::io {
struct DoomLevel;
}

namespace debugger {

/// True when `spec` names a Doom map (`WAD:MAP` with a .wad path or an installed Freedoom name).
bool is_doom_map_spec(const std::string& spec);

struct View2dState {
  collision::planar::Vec2 position{0.0};            ///< body centre
  std::vector<collision::planar::Vec2> path;        ///< centres of the frames so far
  collision::planar::Vec2 last_delta{0.0};          ///< this frame's desired move
  int contacts = 0;
  bool anomaly = false;  ///< the frame is an anomaly: a red ring around the body
  int picked_line = -1;  ///< a line the user picked (index in the map), drawn light cyan
};

struct View2dOptions {
  collision::planar::PointInPolygonMethod method = collision::planar::PointInPolygonMethod::kCrossing;
  bool fill_sectors = true;
  bool band = true;
  bool particle = true;
  double view_height = 1024.0;  ///< world units shown top to bottom
};

/// Fills `draw` (cleared first) with the view of `state` in `world`.
void build_view_2d(const collision::planar::SectorWorld& world, const collision::planar::DoomBody& body,
                   const View2dState& state, const View2dOptions& options, renderer::DebugDraw& draw);

/// The walk a 2D run follows: `walk_file` when given, else the map's default tour (freedoom1
/// E1M1: into the start room's corner, through a doorway and a door, up the stairs), else none
/// (empty: the caller walks at random or by keys). yaw 0 = east, 90 = north.
WalkScript walk_for_2d(const std::string& walk_file, const collision::io::DoomLevel& level);

/// What the 2D inspector says about a line (picked by a click): its sector on each side with
/// their floor and ceiling heights, and whether it blocks the body standing at floor height z,
/// and why, by collision::planar::line_blocks's rules in its order.
struct LineReport {
  int line = -1;
  std::int32_t front = collision::planar::kNoSector, back = collision::planar::kNoSector;
  double front_floor = 0.0, front_ceiling = 0.0, back_floor = 0.0, back_ceiling = 0.0;  ///< when the side has a sector
  bool blocks = false;
  std::string why;  ///< one line: the rule that decided
};

/// @pre line < map.lines.size().
LineReport describe_line(const collision::planar::SectorMap& map, std::size_t line,
                         const collision::planar::DoomBody& body, double z);

/// True when every turn of `loop` goes the same way (collinear vertices allowed): the convex
/// test (PointInPolygonMethod::kConvexSigns) answers only for such a polygon, and the
/// inspector says "not applicable" for another.
bool is_convex_loop(const std::vector<collision::planar::Vec2>& loop);

/// The line nearest `p` within `max_distance` map units, -1 when none.
int pick_line(const collision::planar::SectorMap& map, collision::planar::Vec2 p, double max_distance);

/// The map point under pixel `pixel` (x right, y down, from the top-left corner) of a `width` x
/// `height` view drawn with top_down_camera(centre, view_height).
collision::planar::Vec2 top_down_point(collision::planar::Vec2 centre, double view_height, double px, double py,
                                       double width, double height);

/// The orthographic top-down camera centred on `centre`, `view_height` units tall, north up.
renderer::Camera top_down_camera(collision::planar::Vec2 centre, double view_height);

}  // namespace debugger
