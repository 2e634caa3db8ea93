#pragma once
// prism-query move: one collide-and-slide move (no gravity) per query line.
#include <string>

#include "level_args.hpp"

namespace prism_query {

/// Prints `x,y,z,iterations` per query line: where the body's centre ends and how many slide
/// iterations the move used. With `trace_path`, also writes each move's Trace as one JSON
/// object per line to that file (docs/trace-format.md).
int run_move(const LevelArgs& c, const BodyArgs& b, const MotionArgs& m,
             const std::string& trace_path);

}  // namespace prism_query
