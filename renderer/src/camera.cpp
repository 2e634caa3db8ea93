#include "renderer/camera.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/matrix.hpp>

namespace renderer {
namespace {

constexpr float kMaxPitch = 1.5533430f;  // 89 degrees

using heading::horizontal_basis;

}  // namespace

glm::mat4 camera_view(const Camera& camera) {
  glm::vec3 up = camera.up;
  // Looking straight up or down: borrow a horizontal axis so lookAt stays defined.
  if (std::abs(glm::dot(glm::normalize(camera.forward), glm::normalize(up))) > 0.9999f) {
    glm::vec3 e1, e2;
    horizontal_basis(glm::normalize(up), e1, e2);
    up = e1;
  }
  return glm::lookAtRH(camera.position, camera.position + camera.forward, up);
}

glm::mat4 camera_projection(const Camera& camera, glm::uvec2 extent) {
  float aspect = static_cast<float>(std::max(extent.x, 1u)) / static_cast<float>(std::max(extent.y, 1u));
  const float h = 0.5f * camera.ortho_height;
  glm::mat4 projection =
      camera.ortho_height > 0.0f
          ? glm::orthoRH_ZO(-h * aspect, h * aspect, -h, h, camera.near_plane, camera.far_plane)
          : glm::perspectiveRH_ZO(camera.fov_y, aspect, camera.near_plane, camera.far_plane);
  projection[1][1] *= -1.0f;  // Vulkan's clip space has y pointing down
  return projection;
}

glm::mat4 camera_view_projection(const Camera& camera, glm::uvec2 extent) {
  return camera_projection(camera, extent) * camera_view(camera);
}

Ray camera_pick_ray(const Camera& camera, glm::vec2 pixel, glm::uvec2 extent) {
  glm::mat4 inverse = glm::inverse(camera_view_projection(camera, extent));
  glm::vec2 ndc = pixel / glm::vec2(extent) * 2.0f - 1.0f;
  glm::vec4 near_point = inverse * glm::vec4(ndc, 0.0f, 1.0f);
  glm::vec4 far_point = inverse * glm::vec4(ndc, 1.0f, 1.0f);
  glm::vec3 a = glm::vec3(near_point) / near_point.w;
  glm::vec3 b = glm::vec3(far_point) / far_point.w;
  return {a, glm::normalize(b - a)};
}

std::optional<glm::vec2> camera_project(const Camera& camera, glm::vec3 world, glm::uvec2 extent) {
  glm::vec4 clip = camera_view_projection(camera, extent) * glm::vec4(world, 1.0f);
  if (clip.w <= 0.0f || clip.z < 0.0f) return std::nullopt;
  glm::vec2 ndc = glm::vec2(clip) / clip.w;
  return (ndc * 0.5f + 0.5f) * glm::vec2(extent);
}

void first_person_update(FirstPersonController& controller, Camera& camera,
                         const FirstPersonInput& input) {
  controller.yaw -= input.mouse_delta.x * controller.look_sensitivity;
  controller.pitch = std::clamp(controller.pitch - input.mouse_delta.y * controller.look_sensitivity,
                                -kMaxPitch, kMaxPitch);
  glm::vec3 up = glm::normalize(camera.up);
  camera.forward = direction_from_angles(up, controller.yaw, controller.pitch);
  glm::vec3 right = glm::normalize(glm::cross(camera.forward, up));
  glm::vec3 step = input.move.x * right + input.move.y * camera.forward + input.move.z * up;
  camera.position += step * controller.speed * input.dt;
}

void orbit_update(OrbitController& controller, Camera& camera, glm::vec2 drag, float scroll) {
  controller.yaw -= drag.x * controller.rotate_sensitivity;
  controller.pitch = std::clamp(controller.pitch + drag.y * controller.rotate_sensitivity,
                                -kMaxPitch, kMaxPitch);
  controller.distance *= std::pow(controller.zoom_factor, -scroll);
  camera.forward = direction_from_angles(camera.up, controller.yaw, -controller.pitch);
  camera.position = controller.target - camera.forward * controller.distance;
}

}  // namespace renderer
