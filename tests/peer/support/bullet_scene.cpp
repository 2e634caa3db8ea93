#include "bullet_scene.hpp"

#include <chrono>

#include <btBulletCollisionCommon.h>

namespace prism::peer {

namespace {

btVector3 bt(const glm::vec3& v) { return {v.x, v.y, v.z}; }
glm::vec3 from_bt(const btVector3& v) { return {v.x(), v.y(), v.z()}; }

std::unique_ptr<btTriangleMesh> make_bullet_mesh(const collision::TriangleMesh& mesh,
                                                 std::vector<std::uint32_t>* to_mesh_index) {
  auto out = std::make_unique<btTriangleMesh>(/*use32bitIndices=*/true,
                                              /*use4componentVertices=*/true);
  out->preallocateVertices(static_cast<int>(mesh.positions.size()));
  for (const glm::vec3& p : mesh.positions) out->findOrAddVertex(bt(p), false);
  for (std::size_t i = 0; i < mesh.triangle_count(); ++i) {
    if (!mesh.solid(i)) continue;
    const glm::uvec3 t = mesh.indices[i];
    out->addTriangleIndices(static_cast<int>(t.x), static_cast<int>(t.y), static_cast<int>(t.z));
    if (to_mesh_index) to_mesh_index->push_back(static_cast<std::uint32_t>(i));
  }
  return out;
}

/// ClosestRayResultCallback that also keeps the triangle index.
struct ClosestRayWithTriangle : btCollisionWorld::ClosestRayResultCallback {
  using ClosestRayResultCallback::ClosestRayResultCallback;
  int triangle = -1;
  btScalar addSingleResult(btCollisionWorld::LocalRayResult& r, bool normal_in_world) override {
    triangle = r.m_localShapeInfo ? r.m_localShapeInfo->m_triangleIndex : -1;
    return ClosestRayResultCallback::addSingleResult(r, normal_in_world);
  }
};

/// ClosestConvexResultCallback that also keeps the triangle index.
struct ClosestSweepWithTriangle : btCollisionWorld::ClosestConvexResultCallback {
  using ClosestConvexResultCallback::ClosestConvexResultCallback;
  int triangle = -1;
  btScalar addSingleResult(btCollisionWorld::LocalConvexResult& r, bool normal_in_world) override {
    triangle = r.m_localShapeInfo ? r.m_localShapeInfo->m_triangleIndex : -1;
    return ClosestConvexResultCallback::addSingleResult(r, normal_in_world);
  }
};

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

struct BulletScene::Impl {
  std::unique_ptr<btTriangleMesh> mesh;
  std::unique_ptr<btBvhTriangleMeshShape> shape;
  std::unique_ptr<btSphereShape> sphere;
  std::unique_ptr<btBoxShape> box;
  std::unique_ptr<btCapsuleShapeZ> capsule;
  btDefaultCollisionConfiguration configuration;
  btCollisionDispatcher dispatcher{&configuration};
  btDbvtBroadphase broadphase;
  std::unique_ptr<btCollisionWorld> world;
  btCollisionObject object;
};

BulletScene::BulletScene(const collision::TriangleMesh& mesh, float radius)
    : impl_(std::make_unique<Impl>()) {
  impl_->mesh = make_bullet_mesh(mesh, &to_mesh_index_);
  const auto t0 = std::chrono::steady_clock::now();
  impl_->shape = std::make_unique<btBvhTriangleMeshShape>(impl_->mesh.get(),
                                                          /*useQuantizedAabbCompression=*/true);
  build_ms_ = ms_since(t0);
  impl_->sphere = std::make_unique<btSphereShape>(radius);
  impl_->world = std::make_unique<btCollisionWorld>(&impl_->dispatcher, &impl_->broadphase,
                                                    &impl_->configuration);
  impl_->object.setCollisionShape(impl_->shape.get());
  impl_->world->addCollisionObject(&impl_->object);
  impl_->world->updateAabbs();
}

BulletScene::~BulletScene() {
  if (impl_ && impl_->world) impl_->world->removeCollisionObject(&impl_->object);
}

std::unique_ptr<btTriangleMesh> BulletScene::make_mesh(const collision::TriangleMesh& mesh) {
  return make_bullet_mesh(mesh, nullptr);
}

// Both Bullet callbacks report the closest hit the same way, with the triangle they saw.
template <class Callback>
BulletHit BulletScene::hit_from(const Callback& callback) const {
  BulletHit out;
  if (callback.hasHit()) {
    out.hit = true;
    out.fraction = callback.m_closestHitFraction;
    out.normal = from_bt(callback.m_hitNormalWorld);
    out.point = from_bt(callback.m_hitPointWorld);
    if (callback.triangle >= 0 && static_cast<std::size_t>(callback.triangle) < to_mesh_index_.size()) {
      out.triangle = to_mesh_index_[static_cast<std::size_t>(callback.triangle)];
    }
  }
  return out;
}

template <class Shape>
BulletHit BulletScene::sweep(const Shape* shape, const glm::vec3& start, const glm::vec3& move) const {
  btTransform from, to;
  from.setIdentity();
  to.setIdentity();
  from.setOrigin(bt(start));
  to.setOrigin(bt(start + move));
  ClosestSweepWithTriangle callback(from.getOrigin(), to.getOrigin());
  impl_->world->convexSweepTest(shape, from, to, callback);
  return hit_from(callback);
}

BulletHit BulletScene::sweep_sphere(const glm::vec3& start, const glm::vec3& move) const {
  return sweep(impl_->sphere.get(), start, move);
}

BulletHit BulletScene::sweep_box(const glm::vec3& half_extents, const glm::vec3& start,
                                 const glm::vec3& move) {
  if (!impl_->box || from_bt(impl_->box->getHalfExtentsWithMargin()) != half_extents) {
    impl_->box = std::make_unique<btBoxShape>(bt(half_extents));
    impl_->box->setMargin(0.0f);  // keeps the half extents, drops the rounding
  }
  return sweep(impl_->box.get(), start, move);
}

BulletHit BulletScene::sweep_capsule_z(float radius, float half_height, const glm::vec3& start,
                                       const glm::vec3& move) {
  if (!impl_->capsule || impl_->capsule->getRadius() != radius ||
      impl_->capsule->getHalfHeight() != half_height) {
    impl_->capsule = std::make_unique<btCapsuleShapeZ>(radius, 2.0f * half_height);
  }
  return sweep(impl_->capsule.get(), start, move);
}

BulletHit BulletScene::raycast(const glm::vec3& origin, const glm::vec3& delta) const {
  const btVector3 from = bt(origin), to = bt(origin + delta);
  ClosestRayWithTriangle callback(from, to);
  impl_->world->rayTest(from, to, callback);
  return hit_from(callback);
}

}  // namespace prism::peer
