// The input domain's checks (collision/domain.hpp says what and why).
#include "collision/domain.hpp"

#include <algorithm>
#include <cmath>

#include <glm/ext/vector_double3.hpp>
#include <glm/geometric.hpp>

namespace collision {

namespace {

bool within(double v, double limit) { return std::isfinite(v) && std::fabs(v) <= limit; }

}  // namespace

const char* point_domain_error(const glm::vec3& p) {
  for (int a = 0; a < 3; ++a) {
    if (!std::isfinite(p[a])) return "a coordinate is not finite";
    if (std::fabs(p[a]) > kMaxCoordinate) {
      return "a coordinate is beyond +-2^40 (about 1.1e12, the input domain's kMaxCoordinate)";
    }
  }
  return nullptr;
}

const char* move_domain_error(const glm::vec3& start, const glm::vec3& delta) {
  if (const char* why = point_domain_error(start)) return why;
  const glm::dvec3 d(delta);
  if (!within(d.x, 1e300) || !within(d.y, 1e300) || !within(d.z, 1e300)) {
    return "the displacement is not finite";
  }
  if (glm::length(d) > static_cast<double>(kMaxMoveLength)) {
    return "the displacement is longer than 2^40 (about 1.1e12, the input domain's kMaxMoveLength)";
  }
  const glm::dvec3 end = glm::dvec3(start) + d;
  for (int a = 0; a < 3; ++a) {
    if (!within(end[a], static_cast<double>(kMaxCoordinate))) {
      return "the move ends beyond +-2^40 (about 1.1e12, the input domain's kMaxCoordinate)";
    }
  }
  return nullptr;
}

namespace {

// The messages of extents_domain_error, worded for the body they describe.
struct ExtentWords {
  const char* not_finite;
  const char* not_positive;
  const char* too_large;
  const char* aspect;
  const char* too_small;
};

constexpr ExtentWords kRadiusWords = {
    "a radius is not finite", "a radius is not positive",
    "a radius is above 2^40 (about 1.1e12, the input domain's kMaxBodyRadius)",
    "the ellipsoid's largest radius is more than 2^16 = 65536 times its smallest "
    "(the input domain's kMaxEllipsoidAspect)",
    "a radius is below 2^-40 (about 9.1e-13, the input domain's kMinBodyRadius)"};

constexpr ExtentWords kHalfExtentWords = {
    "a half extent is not finite", "a half extent is not positive",
    "a half extent is above 2^40 (about 1.1e12, the input domain's kMaxBodyRadius)",
    "the box's largest half extent is more than 2^16 = 65536 times its smallest "
    "(the input domain's kMaxEllipsoidAspect)",
    "a half extent is below 2^-40 (about 9.1e-13, the input domain's kMinBodyRadius)"};

const char* extents_domain_error(const glm::vec3& e, const ExtentWords& words) {
  for (int a = 0; a < 3; ++a) {
    if (!std::isfinite(e[a])) return words.not_finite;
    if (!(e[a] > 0.0f)) return words.not_positive;
    if (e[a] > kMaxBodyRadius) return words.too_large;
  }
  const float lo = std::min({e.x, e.y, e.z});
  const float hi = std::max({e.x, e.y, e.z});
  if (static_cast<double>(hi) > static_cast<double>(kMaxEllipsoidAspect) * lo) return words.aspect;
  if (lo < kMinBodyRadius) return words.too_small;
  return nullptr;
}

}  // namespace

const char* radii_domain_error(const glm::vec3& radii) { return extents_domain_error(radii, kRadiusWords); }

const char* box_domain_error(const glm::vec3& half_extents) {
  return extents_domain_error(half_extents, kHalfExtentWords);
}

}  // namespace collision
