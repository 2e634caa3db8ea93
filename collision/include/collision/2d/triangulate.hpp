#pragma once
/// @file triangulate.hpp
/// Ear clipping (Meisters' two-ears theorem) of one simple polygon loop, for drawing filled
/// sectors. Exact ear tests (orient2d); O(n^2). Either orientation; triangles come out
/// counterclockwise. A loop that is not simple (self-touching, or collinear runs that leave no
/// ear) gets as many triangles as could be clipped and `complete == false`.

#include <array>
#include <cstdint>
#include <vector>

#include "collision/2d/predicates.hpp"

namespace collision::planar {

struct Triangulation {
  std::vector<std::array<std::uint32_t, 3>> triangles;  ///< vertex indices into the loop
  bool complete = true;
};

Triangulation triangulate_loop(const std::vector<Vec2>& loop);

}  // namespace collision::planar
