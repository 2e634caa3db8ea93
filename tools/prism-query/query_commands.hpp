#pragma once
// The query subcommands: sweep, ray, random (output formats in main.cpp's header comment).
#include <cstddef>

#include "level_args.hpp"

namespace prism_query {

/// One sweep per query line: `hit,toi,px,py,pz,nx,ny,nz,triangle,start_overlap`.
int run_sweep(const LevelArgs& c, const BodyArgs& b, bool one_sided);
/// One segment cast per query line: `hit,t,px,py,pz,nx,ny,nz,triangle`.
int run_ray(const LevelArgs& c);
/// `count` random query lines inside the level's bounds.
int run_random(const LevelArgs& c, std::size_t count, unsigned seed, float max_move);

}  // namespace prism_query
