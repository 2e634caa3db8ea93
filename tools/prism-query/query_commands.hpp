#pragma once
// The query subcommands: sweep, ray, random (output formats in main.cpp's header comment).
#include <cstddef>

#include "level_args.hpp"

namespace prism_query {

/// The sweep's other bodies: --box HX,HY,HZ (half extents) or --capsule R,HALF (radius, half
/// the segment's length) along --up (x, y or z; default z for Quake maps, y otherwise). Each
/// excludes the others and --sphere / --ellipsoid.
/// sweep's --up: the capsule's axis (the body options themselves are BodyArgs).
struct SweepShapeArgs {
  MotionArgs axis;  ///< only its `up`
};
void add_sweep_shape_args(CLI::App* cmd, SweepShapeArgs& s, const BodyArgs& b);

/// One sweep per query line: `hit,toi,px,py,pz,nx,ny,nz,triangle,start_overlap`; the query's
/// point is the body's centre.
int run_sweep(const LevelArgs& c, const BodyArgs& b, const SweepShapeArgs& s, bool one_sided);
/// One segment cast per query line: `hit,t,px,py,pz,nx,ny,nz,triangle`.
int run_ray(const LevelArgs& c);
/// `count` random query lines inside the level's bounds.
int run_random(const LevelArgs& c, std::size_t count, unsigned seed, float max_move);

}  // namespace prism_query
