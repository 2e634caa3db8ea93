#pragma once
// Test support: the earliest contact of a swept body over every leaf triangle of a BVH, each
// tested alone by an exact per-triangle sweep: the reference a BVH sweep must match.
#include <algorithm>

#include "bvh/bvh_layout.hpp"
#include "leaf_triangles.hpp"

namespace prism_test {

struct EarliestContact {
  bool hit = false, start_overlap = false;
  double toi = 1.0;  ///< 0 when any triangle overlaps at the start
};

/// `sweep(triangle)` returns the contact with one collision::BvhTriangle (a SweepHit or the
/// narrow phase's SphereContact: hit, start_overlap, toi).
template <class PerTriangle>
EarliestContact earliest_contact(const collision::Bvh& bvh, PerTriangle&& sweep) {
  EarliestContact best;
  for (const collision::BvhTriangle& t : leaf_triangles(bvh)) {
    const auto h = sweep(t);
    if (!h.hit) continue;
    best.hit = true;
    best.start_overlap = best.start_overlap || h.start_overlap;
    best.toi = std::min(best.toi, h.start_overlap ? 0.0 : static_cast<double>(h.toi));
  }
  return best;
}

}  // namespace prism_test
