#pragma once
// Seeded random walks of a Doom-style circle body (collision/2d/doom_move.hpp) from the player 1
// start, and the anomaly checks the issue asks for: never inside a blocking wall's arm's-length
// band deeper than 1e-3 units, never outside every sector, never through a one-sided line.
#include <cstdint>
#include <functional>
#include <string>

#include "collision/2d/doom_move.hpp"

namespace walks2d {

struct WalkSettings {
  int walks = 10;
  int frames = 600;
  std::uint64_t seed = 1;
  collision::planar::DoomBody body;
  double speed = 8.0;  ///< map units per frame (Doom's run: about 16 per 35 Hz tic)
  double band_tolerance = 1e-3;
};

struct WalkFrame {
  int walk = 0;
  int frame = 0;
  collision::planar::Vec2 position{0.0};
  std::int32_t sector = collision::planar::kNoSector;
  int contacts = 0;
};

struct WalkSummary {
  long frames = 0;
  long outside_sectors = 0;      ///< frames whose centre is in no sector
  long inside_band = 0;          ///< frames closer than radius - 1e-3 to a blocking line
  long through_one_sided = 0;    ///< frames whose centre path (each straight piece of the move,
                                 ///< DoomMoveOptions::path) crosses a one-sided line
  long contact_frames = 0;       ///< frames with at least one wall contact
  long refused = 0;              ///< frames where move_body refused an iteration
  double deepest_band = 0.0;     ///< largest radius - clearance seen
  double seconds_moving = 0.0;   ///< time spent in move_body alone
  long anomalies() const { return outside_sectors + inside_band + through_one_sided; }
  std::string first_anomaly;     ///< "walk W frame F: what" for the first anomaly, if any
};

/// Runs the walks; `on_frame` (may be empty) sees every frame after its move. Throws
/// std::runtime_error when the map has no player 1 start.
WalkSummary run_walks(const collision::planar::SectorWorld& world,
                      const collision::planar::Vec2& start, const WalkSettings& settings,
                      const std::function<void(const WalkFrame&)>& on_frame);

}  // namespace walks2d
