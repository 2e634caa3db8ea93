// Body: the shape cases of the one body type, and the sweeps that dispatch on them.
#include "collision/body.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "collision/domain.hpp"
#include "collision/world.hpp"

namespace collision {

const char* to_string(Shape s) {
  switch (s) {
    case Shape::kEllipsoid: return "ellipsoid";
    case Shape::kBox: return "box";
    case Shape::kCapsule: return "capsule";
  }
  return "?";
}

float Body::min_radius() const { return std::min({radii.x, radii.y, radii.z}); }

float Body::bounding_radius() const {
  switch (shape) {
    case Shape::kEllipsoid: return std::max({radii.x, radii.y, radii.z});
    case Shape::kBox: return glm::length(radii);
    case Shape::kCapsule: return radii.x + half_height;
  }
  return 0.0f;
}

glm::vec3 Body::half_size() const {
  if (shape == Shape::kCapsule) return radii + glm::abs(axis) * half_height;
  return radii;
}

float Body::extent_along(const glm::vec3& dir) const {
  switch (shape) {
    case Shape::kEllipsoid: return glm::length(radii * dir);
    case Shape::kBox: return glm::dot(radii, glm::abs(dir));
    case Shape::kCapsule: return radii.x + half_height * std::fabs(glm::dot(axis, dir));
  }
  return 0.0f;
}

const char* body_domain_error(const Body& body) {
  switch (body.shape) {
    case Shape::kEllipsoid:
      return radii_domain_error(body.radii);
    case Shape::kBox:
      for (int a = 0; a < 3; ++a) {
        if (const char* why = radii_domain_error(glm::vec3(body.radii[a]))) return why;
      }
      return nullptr;
    case Shape::kCapsule: {
      if (const char* why = radii_domain_error(glm::vec3(body.radii.x))) return why;
      if (body.radii.y != body.radii.x || body.radii.z != body.radii.x) return "a capsule has one radius";
      if (!std::isfinite(body.half_height) || body.half_height < 0.0f) {
        return "the capsule's half height is negative or not finite";
      }
      if (body.half_height > kMaxBodyRadius) {
        return "the capsule's half height is above 2^40 (about 1.1e12, the input domain's kMaxBodyRadius)";
      }
      const float len = glm::length(body.axis);
      if (!std::isfinite(len) || std::fabs(len - 1.0f) > 1e-4f) return "the capsule's axis is not a unit vector";
      return nullptr;
    }
  }
  return "unknown shape";
}

namespace {

SweepHit invalid() {
  SweepHit h;
  h.invalid_input = true;
  return h;
}

}  // namespace

SweepHit sweep(const World& world, const Body& body, const glm::vec3& center, const glm::vec3& delta,
               const SweepOptions& options) {
  switch (body.shape) {
    case Shape::kEllipsoid:
      return body.is_sphere() ? sweep_sphere(world, center, body.radii.x, delta, options)
                              : sweep_ellipsoid(world, center, body.radii, delta, options);
    case Shape::kBox:
    case Shape::kCapsule:
      break;
  }
  return invalid();
}

SweepHit sweep_triangle(const Triangle& tri, const Body& body, const glm::vec3& center,
                        const glm::vec3& delta, const SweepOptions& options, std::uint32_t triangle_index) {
  switch (body.shape) {
    case Shape::kEllipsoid:
      return body.is_sphere() ? sweep_sphere_triangle(tri, center, body.radii.x, delta, options, triangle_index)
                              : sweep_ellipsoid_triangle(tri, center, body.radii, delta, options, triangle_index);
    case Shape::kBox:
    case Shape::kCapsule:
      break;
  }
  return invalid();
}

}  // namespace collision
