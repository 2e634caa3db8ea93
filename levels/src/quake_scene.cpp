/// @file quake_scene.cpp
/// The movers of a map driven in a Scene (quake_scene.hpp).

#include "collision_io/quake_scene.hpp"

#include <cmath>
#include <memory>
#include <stdexcept>

namespace collision::io {

QuakeSceneMovers::QuakeSceneMovers(const QuakeMovers& movers, Scene& scene)
    : movers_(&movers), scene_(&scene), system_(movers), instance_(movers.movers.size(), kNoInstance) {
  for (std::size_t m = 0; m < movers.movers.size(); ++m) {
    const QuakeMover& q = movers.movers[m];
    if (q.mesh.triangle_count() == 0) continue;
    TriangleMesh local = q.mesh;  // same triangles, same order, in the mover's frame
    for (glm::vec3& p : local.positions) p -= q.origin;
    const std::uint32_t id = scene.add_mesh(std::make_shared<const World>(std::move(local)), scene_pose(m));
    instance_[m] = id;
    if (mover_.size() <= id) mover_.resize(id + 1, kNoMover);
    mover_[id] = m;
  }
}

std::size_t QuakeSceneMovers::mover(std::uint32_t instance) const {
  return instance < mover_.size() ? mover_[instance] : kNoMover;
}

Pose QuakeSceneMovers::scene_pose(std::size_t m) const {
  const MoverPose p = system_.pose(m);
  Pose out;
  out.position = movers_->movers.at(m).origin + p.translation;
  out.rotation = p.rotation;
  return out;
}

MoverTouches QuakeSceneMovers::touches() const {
  MoverTouches t;
  for (const SceneCharacter& c : scene_->characters()) {
    const glm::vec3 h = c.body.half_size();
    Aabb box;
    box.min = c.state.position - h;
    box.max = c.state.position + h;
    for (const std::size_t i : system_.triggers_touched(box)) t.triggers.push_back(i);
    const auto touch_instance = [&](std::uint32_t id) {
      if (const std::size_t m = mover(id); m != kNoMover) t.movers.push_back(m);
    };
    if (c.state.ground != GroundState::kInAir) touch_instance(c.state.ground_instance);
    for (const Contact& k : c.state.contacts) touch_instance(k.instance);
  }
  return t;
}

void QuakeSceneMovers::advance(float dt) {
  if (!std::isfinite(dt) || !(dt > 0.0f)) throw std::invalid_argument("quake movers: advance: dt must be finite and > 0");
  const double now = system_.time();
  system_.advance(now, touches());
  system_.advance(now + static_cast<double>(dt));
  for (std::size_t m = 0; m < instance_.size(); ++m) {
    if (instance_[m] != kNoInstance) scene_->move_kinematic(instance_[m], scene_pose(m), dt);
  }
  scene_->advance(dt);
  for (std::size_t m = 0; m < instance_.size(); ++m) {
    if (instance_[m] != kNoInstance && scene_->instance(instance_[m]).blocked) system_.blocked(m);
  }
}

void QuakeSceneMovers::place_at(double t) {
  system_.advance(t);
  for (std::size_t m = 0; m < instance_.size(); ++m) {
    if (instance_[m] == kNoInstance) continue;
    scene_->set_pose(instance_[m], scene_pose(m));
    const MoverPose p = system_.pose(m);
    scene_->set_velocity(instance_[m], p.linear_velocity, p.angular_velocity);
  }
}

}  // namespace collision::io
