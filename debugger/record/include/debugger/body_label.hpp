#pragma once
/// @file body_label.hpp
/// A body in a few words, as the panels, the query browser and reports name it.

#include <string>

#include "collision/body.hpp"

namespace debugger {

/// "sphere r 0.4", "ellipsoid 15 15 28", "box 1 2 3", "capsule r 15 half 13".
std::string body_label(const collision::Body& body);

}  // namespace debugger
