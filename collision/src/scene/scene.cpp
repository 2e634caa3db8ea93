// The Scene's instances: adding, posing, integrating (advance) and the world boxes the
// queries scan. The pushes and the characters' steps are in scene_characters.cpp.
#include "collision/scene.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include "geometry/finite.hpp"
#include "scene/frame.hpp"

namespace collision {

namespace {

using detail::finite;

Pose checked(const Pose& pose, const char* what) {
  const glm::quat& q = pose.rotation;
  const float len = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
  if (!finite(pose.position) || !std::isfinite(len) || !(len > 1e-6f)) {
    throw std::invalid_argument(std::string("scene: ") + what + ": position and rotation must be finite, rotation non-zero");
  }
  Pose out = pose;
  out.rotation = q / len;
  return out;
}

}  // namespace

TriangleMesh scene_box_mesh(const glm::vec3& h) {
  std::vector<glm::vec3> p;
  for (int i = 0; i < 8; ++i) p.emplace_back(i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z);
  // Corners by bits (x 1, y 2, z 4); each face's two triangles wound outward.
  const std::vector<glm::uvec3> idx = {{0, 4, 6}, {0, 6, 2}, {1, 3, 7}, {1, 7, 5},   // -x, +x
                                       {0, 1, 5}, {0, 5, 4}, {2, 6, 7}, {2, 7, 3},   // -y, +y
                                       {0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6}};  // -z, +z
  return make_mesh(std::move(p), idx);
}

Scene::Scene(std::shared_ptr<const World> level)
    : level_(level ? std::move(level) : std::make_shared<const World>(TriangleMesh{})) {
  touch();
}

void Scene::touch() { version_ = detail::next_world_id(); }

// The instance's derived parts at its pose: its rotation matrix and its world box (kept twice:
// in the instance, and packed for the queries' exact test) and its broad-phase leaf.
void Scene::place(std::uint32_t id, const glm::vec3& motion) {
  SceneInstance& in = instances_[id];
  in.rotation_matrix = glm::mat3_cast(glm::dquat(in.pose.rotation));
  // (local_bounds is kept in the instance: reading the mesh's would chase two pointers an
  // instance, most of advance's time for 1,000 of them.)
  in.world_bounds = in.local_bounds.empty()
                        ? Aabb{}  // empty: overlaps nothing
                        : detail::turned_box(in.rotation_matrix, glm::dvec3(in.pose.position), in.local_bounds);
  set_bounds(id, in.world_bounds);
  tree_.place(id, in.world_bounds, motion);
}

void Scene::set_bounds(std::uint32_t id, const Aabb& b) {
  if (id == bounds_.size()) {
    for (std::vector<float>* v : {&bounds_.min_x, &bounds_.min_y, &bounds_.min_z, &bounds_.max_x, &bounds_.max_y, &bounds_.max_z}) {
      v->push_back(0.0f);
    }
  }
  bounds_.min_x[id] = b.min.x;
  bounds_.min_y[id] = b.min.y;
  bounds_.min_z[id] = b.min.z;
  bounds_.max_x[id] = b.max.x;
  bounds_.max_y[id] = b.max.y;
  bounds_.max_z[id] = b.max.z;
}

SceneInstance& Scene::live(std::uint32_t id, const char* what) {
  if (id >= instances_.size() || !instances_[id].alive) {
    throw std::invalid_argument(std::string("scene: ") + what + ": no instance " + std::to_string(id));
  }
  return instances_[id];
}

const SceneInstance& Scene::instance(std::uint32_t id) const {
  return const_cast<Scene*>(this)->live(id, "instance");
}

std::uint32_t Scene::add_mesh(std::shared_ptr<const World> mesh, const Pose& pose) {
  if (!mesh) throw std::invalid_argument("scene: add_mesh: null mesh");
  if (instances_.size() >= kCharacterInstance) throw std::invalid_argument("scene: add_mesh: too many instances");
  SceneInstance in;
  in.pose = checked(pose, "add_mesh pose");
  if (mesh->solid_triangle_count() > 0) in.local_bounds = mesh->bounds();
  in.mesh = std::move(mesh);
  instances_.push_back(std::move(in));
  const auto id = static_cast<std::uint32_t>(instances_.size() - 1);
  place(id);
  touch();
  return id;
}

std::uint32_t Scene::add_box(const glm::vec3& half_extents, const Pose& pose) {
  if (const char* why = body_domain_error(Body::box(half_extents))) {
    throw std::invalid_argument(std::string("scene: add_box half_extents: ") + why);
  }
  const std::uint32_t id = add_mesh(std::make_shared<const World>(scene_box_mesh(half_extents)), pose);
  instances_[id].is_box = true;
  instances_[id].half_extents = half_extents;
  return id;
}

void Scene::remove(std::uint32_t id) {
  SceneInstance& in = live(id, "remove");
  in.alive = false;
  in.mesh.reset();
  in.world_bounds = Aabb{};
  set_bounds(id, in.world_bounds);
  tree_.erase(id);
  touch();
}

void Scene::set_pose(std::uint32_t id, const Pose& pose) {
  SceneInstance& in = live(id, "set_pose");
  in.pose = checked(pose, "set_pose");
  place(id);
  touch();
}

void Scene::set_velocity(std::uint32_t id, const glm::vec3& velocity, const glm::vec3& angular_velocity) {
  SceneInstance& in = live(id, "set_velocity");
  if (!finite(velocity) || !finite(angular_velocity)) {
    throw std::invalid_argument("scene: set_velocity: velocities must be finite");
  }
  in.velocity = velocity;
  in.angular_velocity = angular_velocity;
}

void Scene::move_kinematic(std::uint32_t id, const Pose& target, float dt) {
  SceneInstance& in = live(id, "move_kinematic");
  if (!std::isfinite(dt) || !(dt > 0.0f)) throw std::invalid_argument("scene: move_kinematic: dt must be finite and > 0");
  const Pose to = checked(target, "move_kinematic target");
  // The turn from the pose to the target, the shorter way (q and -q are the same rotation).
  glm::dquat turn = glm::dquat(to.rotation) * glm::conjugate(glm::dquat(in.pose.rotation));
  if (turn.w < 0.0) turn = -turn;
  const double s = std::sqrt(turn.x * turn.x + turn.y * turn.y + turn.z * turn.z);
  const double angle = 2.0 * std::atan2(s, turn.w);
  const glm::dvec3 w = s > 0.0 ? glm::dvec3(turn.x, turn.y, turn.z) * (angle / (s * dt)) : glm::dvec3(0.0);
  const glm::vec3 v = glm::vec3((glm::dvec3(to.position) - glm::dvec3(in.pose.position)) / double(dt));
  if (!finite(v) || !finite(glm::vec3(w))) throw std::invalid_argument("scene: move_kinematic: the velocities overflow");
  in.velocity = v;
  in.angular_velocity = glm::vec3(w);
  in.target = to;
  in.has_target = true;
}

glm::vec3 Scene::point_velocity(std::uint32_t id, const glm::vec3& p) const {
  const SceneInstance& in = instance(id);
  return in.velocity + glm::cross(in.angular_velocity, p - in.pose.position);
}

void Scene::advance(float dt) {
  if (!std::isfinite(dt) || dt < 0.0f) throw std::invalid_argument("scene: advance: dt must be finite and >= 0");
  if (dt == 0.0f) return;
  bool moved = false;
  for (std::uint32_t id = 0; id < instances_.size(); ++id) {
    SceneInstance& in = instances_[id];
    in.blocked = false;
    const bool to_target = in.has_target;
    in.has_target = false;
    if (!in.alive) continue;
    if (to_target && in.target.position == in.pose.position && in.target.rotation == in.pose.rotation) continue;
    if (!to_target && in.velocity == glm::vec3(0.0f) && in.angular_velocity == glm::vec3(0.0f)) continue;
    const Pose before = in.pose;
    const float w = glm::length(in.angular_velocity);
    if (to_target) {
      in.pose = in.target;  // exactly there: no drift from integrating the velocities
    } else {
      in.pose.position += in.velocity * dt;
    }
    if (!to_target && w > 0.0f) {
      // The exact rotation by w dt about the axis (not a first-order step): a point turns on
      // its circle.
      // The same turn as the last step's when the spin and dt are (a constant spin: no sincos).
      if (in.angular_velocity != in.step_turn_spin || dt != in.step_turn_dt) {
        in.step_turn = glm::angleAxis(static_cast<double>(w) * dt, glm::dvec3(in.angular_velocity) / double(w));
        in.step_turn_spin = in.angular_velocity;
        in.step_turn_dt = dt;
      }
      in.pose.rotation = glm::quat(glm::normalize(in.step_turn * glm::dquat(before.rotation)));
    }
    // Its broad-phase leaf stretched over four more such steps (Box2D's aabbMultiplier).
    place(id, 4.0f * (in.pose.position - before.position));
    moved = true;
    if (!characters_.empty() && !push_characters(id, before, dt)) {
      in.pose = before;  // Quake 3's G_MoverPush failing: the mover stays where it was
      place(id);
      in.blocked = true;
    }
  }
  if (!moved) return;
  touch();
  refresh_characters();
}

}  // namespace collision
