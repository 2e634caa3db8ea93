#pragma once
// The tree's leaf triangles for the tests that check them one by one: the tree keeps them only
// in its packets (Bvh::triangle), so the tests gather the used lanes.
#include <vector>

#include "bvh/bvh_layout.hpp"

namespace prism_test {

/// Every leaf triangle of `bvh`, in slot order (the packets' used lanes).
inline std::vector<collision::BvhTriangle> leaf_triangles(const collision::Bvh& bvh) {
  std::vector<collision::BvhTriangle> out;
  out.reserve(bvh.triangle_count);
  for (std::uint32_t slot = 0; slot < bvh.slot_count(); ++slot) {
    const collision::BvhTriangle t = bvh.triangle(slot);
    if (t.index != collision::BvhPacket4::kEmptyLane) out.push_back(t);
  }
  return out;
}

}  // namespace prism_test
