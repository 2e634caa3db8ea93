#pragma once
// The "why" of each candidate: for one triangle test of a slide iteration, its verdict and the
// quantity that decided it, in a line: the robust method's closest distance against the body's
// radius and its time of impact and feature; seed 000's plane that rejected the crossing point
// and its signed distance; seed 001's distance to the plane against the radius.

#include <string>

#include "collision/mesh.hpp"
#include "collision/move.hpp"
#include "collision/trace.hpp"

namespace debugger::live {

/// `accepted_toi`: the time of impact of the iteration's accepted hit (1 when none).
std::string candidate_why(const collision::SlideIteration& iteration, const collision::TriangleTest& test,
                          const collision::Triangle& triangle, const collision::Body& body, float accepted_toi);

}  // namespace debugger::live
