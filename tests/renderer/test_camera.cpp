// Camera conventions: Vulkan clip space, pick rays, controllers with any up vector.

#include <cmath>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "renderer/camera.hpp"

namespace {

using namespace renderer;

constexpr glm::uvec2 kExtent{640, 480};

float distance_to_ray(const Ray& ray, glm::vec3 point) {
  glm::vec3 d = point - ray.origin;
  return glm::length(d - ray.direction * glm::dot(d, ray.direction));
}

TEST(Camera, ProjectionUsesVulkanDepthRangeAndYDown) {
  Camera camera;
  camera.near_plane = 0.5f;
  camera.far_plane = 100.0f;
  glm::mat4 vp = camera_view_projection(camera, kExtent);
  glm::vec4 near_point = vp * glm::vec4(0.5f, 0, 0, 1);
  glm::vec4 far_point = vp * glm::vec4(100.0f, 0, 0, 1);
  EXPECT_NEAR(near_point.z / near_point.w, 0.0f, 1e-5f);
  EXPECT_NEAR(far_point.z / far_point.w, 1.0f, 1e-5f);
  glm::vec4 above = vp * glm::vec4(10.0f, 0, 1, 1);  // Z up
  EXPECT_LT(above.y / above.w, 0.0f) << "up in the world is negative y in Vulkan clip space";
}

TEST(Camera, PickRayThroughProjectedPixelHitsThePoint) {
  Camera camera;
  camera.position = {3, -2, 1};
  camera.forward = glm::normalize(glm::vec3(1, 0.5f, -0.2f));
  for (glm::vec3 point : {glm::vec3(10, 2, 0), glm::vec3(6, 3, 3), glm::vec3(20, -4, -1)}) {
    auto pixel = camera_project(camera, point, kExtent);
    ASSERT_TRUE(pixel);
    Ray ray = camera_pick_ray(camera, *pixel, kExtent);
    EXPECT_NEAR(glm::length(ray.direction), 1.0f, 1e-5f);
    EXPECT_LT(distance_to_ray(ray, point), 1e-3f);
  }
}

TEST(Camera, PickRayThroughImageCentreIsTheViewDirection) {
  Camera camera;
  camera.forward = glm::normalize(glm::vec3(1, 1, 0));
  Ray ray = camera_pick_ray(camera, glm::vec2(kExtent) * 0.5f, kExtent);
  EXPECT_GT(glm::dot(ray.direction, camera.forward), 0.99999f);
}

TEST(Camera, PointBehindTheCameraDoesNotProject) {
  Camera camera;
  EXPECT_FALSE(camera_project(camera, {-5, 0, 0}, kExtent));
}

TEST(Camera, FirstPersonMovesForwardAlongViewWithYUpWorld) {
  Camera camera;
  camera.up = {0, 1, 0};
  FirstPersonController controller;
  controller.yaw = 0.3f;
  FirstPersonInput input;
  input.move = {0, 1, 0};
  input.dt = 1.0f;
  first_person_update(controller, camera, input);
  EXPECT_NEAR(glm::dot(camera.forward, camera.up), 0.0f, 1e-6f) << "level look stays horizontal";
  EXPECT_NEAR(glm::length(camera.position), controller.speed, 1e-4f);
  EXPECT_GT(glm::dot(camera.position, camera.forward), 0.0f);
}

TEST(Camera, FirstPersonPitchIsClampedShortOfStraightUp) {
  Camera camera;
  FirstPersonController controller;
  FirstPersonInput input;
  input.mouse_delta = {0, -1e6f};
  first_person_update(controller, camera, input);
  EXPECT_LT(glm::dot(camera.forward, camera.up), 1.0f);
  EXPECT_GT(glm::dot(camera.forward, camera.up), 0.99f);
  glm::mat4 view = camera_view(camera);
  EXPECT_FALSE(std::isnan(view[0][0]));
}

TEST(Camera, OrbitKeepsTargetAtCentreAndDistance) {
  Camera camera;
  OrbitController orbit;
  orbit.target = {5, 5, 1};
  orbit.distance = 8.0f;
  orbit_update(orbit, camera, {40, -25}, 2.0f);
  EXPECT_NEAR(glm::length(camera.position - orbit.target), orbit.distance, 1e-4f);
  EXPECT_LT(orbit.distance, 8.0f) << "positive scroll zooms in";
  auto pixel = camera_project(camera, orbit.target, kExtent);
  ASSERT_TRUE(pixel);
  EXPECT_NEAR(pixel->x, kExtent.x / 2.0f, 1e-2f);
  EXPECT_NEAR(pixel->y, kExtent.y / 2.0f, 1e-2f);
}

}  // namespace
