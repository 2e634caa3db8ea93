// A body in a few words (body_label.hpp).
#include "debugger/body_label.hpp"

#include <cstdio>

namespace debugger {

std::string body_label(const collision::Body& body) {
  char text[96];
  if (body.is_sphere())
    std::snprintf(text, sizeof text, "sphere r %.4g", static_cast<double>(body.radii.x));
  else if (body.shape == collision::Shape::kBox)
    std::snprintf(text, sizeof text, "box %.4g %.4g %.4g", static_cast<double>(body.radii.x),
                  static_cast<double>(body.radii.y), static_cast<double>(body.radii.z));
  else if (body.shape == collision::Shape::kCapsule)
    std::snprintf(text, sizeof text, "capsule r %.4g half %.4g", static_cast<double>(body.radii.x),
                  static_cast<double>(body.half_height));
  else
    std::snprintf(text, sizeof text, "ellipsoid %.4g %.4g %.4g", static_cast<double>(body.radii.x),
                  static_cast<double>(body.radii.y), static_cast<double>(body.radii.z));
  return text;
}

}  // namespace debugger
