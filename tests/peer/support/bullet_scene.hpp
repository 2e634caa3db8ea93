#pragma once
/// @file bullet_scene.hpp
/// Bullet 3.24 as a peer: the solid triangles of a mesh (the same float corners) in a
/// btBvhTriangleMeshShape (quantized BVH) inside a btCollisionWorld, queried with
/// convexSweepTest (btSphereShape, btBoxShape, btCapsuleShapeZ) and rayTest
/// (ClosestRayResultCallback).

#include <cstdint>
#include <memory>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/mesh.hpp"
#include "collision/queries.hpp"

class btTriangleMesh;

namespace prism::peer {

struct BulletHit {
  bool hit = false;
  float fraction = 1.0f;  ///< Bullet's hit fraction of the move, in [0, 1]
  glm::vec3 normal{0.0f};
  glm::vec3 point{0.0f};
  std::uint32_t triangle = collision::kNoTriangle;  ///< index in the source mesh
};

class BulletScene {
 public:
  /// Builds the scene over the solid triangles of `mesh`; spheres swept have `radius`.
  BulletScene(const collision::TriangleMesh& mesh, float radius);
  ~BulletScene();
  BulletScene(const BulletScene&) = delete;
  BulletScene& operator=(const BulletScene&) = delete;

  /// Wall time of the btBvhTriangleMeshShape constructor (its BVH build), in milliseconds.
  double build_ms() const { return build_ms_; }
  std::size_t triangle_count() const { return to_mesh_index_.size(); }

  BulletHit sweep_sphere(const glm::vec3& start, const glm::vec3& move) const;
  /// A btBoxShape of these half extents, its collision margin set to 0 (Bullet's default
  /// margin of 0.04 rounds the box's edges and corners); the shape is made once per size.
  BulletHit sweep_box(const glm::vec3& half_extents, const glm::vec3& start, const glm::vec3& move);
  /// A btCapsuleShapeZ (axis +z; Bullet's height is the segment's length, 2 * half_height).
  BulletHit sweep_capsule_z(float radius, float half_height, const glm::vec3& start,
                            const glm::vec3& move);
  BulletHit raycast(const glm::vec3& origin, const glm::vec3& delta) const;

  /// The solid triangles of `mesh` as a btTriangleMesh (same float corners, same vertex order).
  static std::unique_ptr<btTriangleMesh> make_mesh(const collision::TriangleMesh& mesh);

 private:
  template <class Callback>
  BulletHit hit_from(const Callback& callback) const;
  template <class Shape>
  BulletHit sweep(const Shape* shape, const glm::vec3& start, const glm::vec3& move) const;
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::vector<std::uint32_t> to_mesh_index_;  ///< Bullet triangle index -> mesh index
  double build_ms_ = 0.0;
};

}  // namespace prism::peer
