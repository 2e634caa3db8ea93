#pragma once
// A 2D map of two square rooms side by side, joined by a two-sided line at x = 128 (line 6):
// the first room's floor 0 and ceiling 128, the second's given. The 2D core's step test and the
// debugger's line report both walk it.
#include "collision/2d/sectors.hpp"

namespace test_maps {

inline collision::planar::SectorMap two_rooms_2d(double floor2, double ceiling2) {
  using namespace collision::planar;
  SectorMap m;
  m.vertices = {{0, 0}, {128, 0}, {256, 0}, {256, 128}, {128, 128}, {0, 128}};
  m.sectors = {{0, 128}, {floor2, ceiling2}};
  m.lines = {{0, 5, 0, kNoSector, 1, 0}, {5, 4, 0, kNoSector, 1, 0}, {1, 0, 0, kNoSector, 1, 0},
             {4, 3, 1, kNoSector, 1, 0}, {3, 2, 1, kNoSector, 1, 0}, {2, 1, 1, kNoSector, 1, 0},
             {4, 1, 0, 1, kLineTwoSided, 0}};
  return m;
}

}  // namespace test_maps
