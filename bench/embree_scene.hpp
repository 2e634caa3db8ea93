#pragma once
/// @file embree_scene.hpp
/// Embree 3 as a ray-cast peer (benchmark only): the solid triangles of a mesh, the same float
/// corners, one triangle geometry, single-threaded device, rtcIntersect1.

#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/mesh.hpp"

namespace prism::bench {

struct EmbreeHit {
  bool hit = false;
  float t = 1.0f;  ///< fraction of the segment
  std::uint32_t triangle = 0xFFFFFFFFu;  ///< index in the source mesh
};

class EmbreeScene {
 public:
  explicit EmbreeScene(const collision::TriangleMesh& mesh);
  ~EmbreeScene();
  EmbreeScene(const EmbreeScene&) = delete;
  EmbreeScene& operator=(const EmbreeScene&) = delete;

  /// Wall time of building the scene (geometry setup and rtcCommitScene), in milliseconds.
  double build_ms() const { return build_ms_; }

  /// Nearest hit of origin -> origin + delta (tnear 0, tfar 1).
  EmbreeHit raycast(const glm::vec3& origin, const glm::vec3& delta) const;

 private:
  void* device_ = nullptr;  ///< RTCDevice
  void* scene_ = nullptr;   ///< RTCScene
  std::vector<std::uint32_t> to_mesh_index_;
  double build_ms_ = 0.0;
};

}  // namespace prism::bench
