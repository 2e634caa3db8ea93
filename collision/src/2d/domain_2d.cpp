// The 2D core's input domain checks (collision/2d/domain_2d.hpp says what and why).
#include "collision/2d/domain_2d.hpp"

#include <charconv>
#include <stdexcept>

namespace collision::planar {

const char* domain_error_2d(double v) {
  if (!std::isfinite(v)) return "is not finite";
  if (std::fabs(v) > kMaxMagnitude2d) return "is beyond +-2^200 (about 1.6e60)";
  if (v != 0.0 && std::fabs(v) < kMinMagnitude2d) {
    return "is nonzero and below 2^-200 (about 6.2e-61) in magnitude";
  }
  return nullptr;
}

void require_in_domain_2d(double v, const char* what) {
  if (const char* why = domain_error_2d(v)) {
    char value[32];  // the shortest text that reads back as v
    const auto end = std::to_chars(value, value + sizeof value, v).ptr;
    throw std::invalid_argument(std::string(what) + ": " + std::string(value, end) + " " + why +
                                " (outside the 2D input domain, collision/2d/domain_2d.hpp)");
  }
}

void require_in_domain_2d(const glm::dvec2& p, const char* what) {
  if (in_domain_2d(p)) return;
  require_in_domain_2d(p.x, what);
  require_in_domain_2d(p.y, what);
}

}  // namespace collision::planar
