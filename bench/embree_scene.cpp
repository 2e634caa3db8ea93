#include "embree_scene.hpp"

#include <chrono>
#include <stdexcept>
#include <vector>

#include <embree3/rtcore.h>

namespace prism::bench {

EmbreeScene::EmbreeScene(const collision::TriangleMesh& mesh) {
  RTCDevice device = rtcNewDevice("threads=1");
  if (device == nullptr) throw std::runtime_error("Embree: rtcNewDevice failed");
  device_ = device;
  std::vector<glm::uvec3> indices;
  for (std::size_t i = 0; i < mesh.triangle_count(); ++i) {
    if (!mesh.solid(i)) continue;
    indices.push_back(mesh.indices[i]);
    to_mesh_index_.push_back(static_cast<std::uint32_t>(i));
  }
  const auto t0 = std::chrono::steady_clock::now();
  RTCScene scene = rtcNewScene(device);
  RTCGeometry geometry = rtcNewGeometry(device, RTC_GEOMETRY_TYPE_TRIANGLE);
  auto* vertices = static_cast<float*>(rtcSetNewGeometryBuffer(
      geometry, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3, 3 * sizeof(float), mesh.positions.size()));
  for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
    vertices[3 * i + 0] = mesh.positions[i].x;
    vertices[3 * i + 1] = mesh.positions[i].y;
    vertices[3 * i + 2] = mesh.positions[i].z;
  }
  auto* tris = static_cast<std::uint32_t*>(rtcSetNewGeometryBuffer(
      geometry, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3, 3 * sizeof(std::uint32_t), indices.size()));
  for (std::size_t i = 0; i < indices.size(); ++i) {
    tris[3 * i + 0] = indices[i].x;
    tris[3 * i + 1] = indices[i].y;
    tris[3 * i + 2] = indices[i].z;
  }
  rtcCommitGeometry(geometry);
  rtcAttachGeometry(scene, geometry);
  rtcReleaseGeometry(geometry);
  rtcCommitScene(scene);
  build_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  scene_ = scene;
  if (rtcGetDeviceError(device) != RTC_ERROR_NONE) throw std::runtime_error("Embree: scene build failed");
}

EmbreeScene::~EmbreeScene() {
  if (scene_) rtcReleaseScene(static_cast<RTCScene>(scene_));
  if (device_) rtcReleaseDevice(static_cast<RTCDevice>(device_));
}

EmbreeHit EmbreeScene::raycast(const glm::vec3& origin, const glm::vec3& delta) const {
  RTCIntersectContext context;
  rtcInitIntersectContext(&context);
  RTCRayHit rh;
  rh.ray.org_x = origin.x;
  rh.ray.org_y = origin.y;
  rh.ray.org_z = origin.z;
  rh.ray.tnear = 0.0f;
  rh.ray.dir_x = delta.x;
  rh.ray.dir_y = delta.y;
  rh.ray.dir_z = delta.z;
  rh.ray.time = 0.0f;
  rh.ray.tfar = 1.0f;
  rh.ray.mask = 0xFFFFFFFFu;
  rh.ray.id = 0;
  rh.ray.flags = 0;
  rh.hit.geomID = RTC_INVALID_GEOMETRY_ID;
  rh.hit.instID[0] = RTC_INVALID_GEOMETRY_ID;
  rtcIntersect1(static_cast<RTCScene>(scene_), &context, &rh);
  EmbreeHit out;
  if (rh.hit.geomID != RTC_INVALID_GEOMETRY_ID) {
    out.hit = true;
    out.t = rh.ray.tfar;
    out.triangle = to_mesh_index_[rh.hit.primID];
  }
  return out;
}

}  // namespace prism::bench
