#pragma once
/// @file recording2d.hpp
/// The 2D view's recording: a Doom map (doors opened by hand) walked by a circle body
/// (collision::planar::move_body), one desired move a frame. Each frame keeps what the core
/// made of its move and the frame's events; the recording's inputs (start and moves) are what
/// a 2D session file holds (session_file.hpp, `prism-session 6` with `kind 2d`), and replaying
/// them gives the same frames bit for bit.

#include <cstdint>
#include <string>
#include <vector>

#include "collision/2d/doom_move.hpp"
#include "debugger/events.hpp"

namespace debugger {

/// One recorded frame: the body after that frame's move.
struct Frame2d {
  collision::planar::Vec2 position{0.0};
  collision::planar::Vec2 delta{0.0};  ///< the desired move, map units
  double z = 0.0;                      ///< floor under the body (NaN outside every sector)
  std::int32_t sector = collision::planar::kNoSector;
  int contacts = 0;
  bool refused = false;       ///< the core's final check refused an iteration (the body stopped short)
  double clearance = 0.0;     ///< to the nearest blocking line (infinity: none near)
  bool contact_begin = false, contact_end = false, sector_change = false;
  /// Outside every sector, or closer to a blocking line than the radius (1e-3 units of slack).
  bool anomaly = false;
  bool event() const { return contact_begin || sector_change || anomaly || refused; }
};

/// The frame after `prev` (nullptr: the first, from `start`): moves the body by `delta`.
/// @throws std::invalid_argument as move_body does (a value outside the 2D domain).
Frame2d step_2d(const collision::planar::SectorWorld& world, const collision::planar::DoomBody& body,
                collision::planar::Vec2 start, const Frame2d* prev, collision::planar::Vec2 delta);

/// The frame's events as the timeline shows them (the 3D kinds of the same meaning): a wall
/// contact begins or ends; the floor rises (step_up) or falls (ground_lost) at a sector change;
/// the core refused a move (iteration_limit: the move stopped short); the centre outside every
/// sector (anomaly_pass_through) or closer than the radius to a blocking line
/// (anomaly_ends_in_overlap).
std::vector<Event> events_2d(const Frame2d& frame, const Frame2d* prev, int index,
                             const collision::planar::DoomBody& body);

/// A 2D session: the scene and the inputs that replay it.
struct Recording2d {
  std::string scene;  ///< a Doom map spec ("freedoom1:E1M1", "maps.wad:MAP01")
  collision::planar::DoomBody body;
  collision::planar::Vec2 start{0.0};
  std::vector<collision::planar::Vec2> moves;  ///< the desired move of each frame
};

/// @throws SessionError when the file cannot be written whole (nothing is left behind then).
void save_session_2d(const std::string& path, const Recording2d& recording);
/// @throws SessionError naming the file and line on a missing, corrupt or truncated file, a
/// value outside the 2D domain (collision/2d/domain_2d.hpp), or a 3D session.
Recording2d load_session_2d(const std::string& path);
/// True when the session file at `path` is a 2D one (`kind 2d`). @throws SessionError when it
/// cannot be read or is not a session file.
bool is_session_2d(const std::string& path);

}  // namespace debugger
