#pragma once
// prism-query walk: seeded random walks with gravity (prism_walks), every frame as CSV.
#include <cstdint>

#include "level_args.hpp"

namespace prism_query {

struct WalkArgs {
  int walks = 10;
  int frames = 600;
  std::uint32_t seed = 1;
};

/// Prints `walk,frame,x,y,z,on_ground` per frame (on_ground: 1 on walkable ground), then on
/// stderr the summary (walks, frames, frames in overlap deeper than the skin, passes through a
/// wall, stuck walks, moves/s) and a reproduction of the first anomalies of each kind.
int run_walk_command(const LevelArgs& c, const BodyArgs& b, const MotionArgs& m, const WalkArgs& w);

}  // namespace prism_query
