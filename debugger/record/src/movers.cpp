// A scene's movers stepped with a session's character (movers.hpp).
#include "debugger/movers.hpp"

#include <cstdio>
#include <stdexcept>

namespace debugger {

std::string instance_name(std::uint32_t instance) {
  char text[16];
  if (instance == collision::kStaticLevel) return "";
  if (instance >= collision::kCharacterInstance) {
    std::snprintf(text, sizeof text, "c%u", instance - collision::kCharacterInstance);
  } else {
    std::snprintf(text, sizeof text, "i%u", instance);
  }
  return text;
}

std::string triangle_label(std::uint32_t instance, std::uint32_t triangle) {
  if (instance >= collision::kCharacterInstance && instance != collision::kStaticLevel) {
    return "character " + instance_name(instance);
  }
  const std::string of = instance_name(instance);
  return "tri " + (of.empty() ? std::to_string(triangle) : of + ":" + std::to_string(triangle));
}

std::string ground_mover_note(const SessionMovers* movers, const std::optional<MoverFrame>& frame,
                              const collision::CharacterState& state) {
  if (!movers || !frame || state.ground == collision::GroundState::kInAir ||
      state.ground_instance >= collision::kCharacterInstance) {
    return "";
  }
  const std::uint32_t id = state.ground_instance;
  const std::size_t m = movers->mover_of(id);
  if (m == collision::io::QuakeSceneMovers::kNoMover) return "";
  glm::vec3 at = state.position;
  for (const collision::Contact& c : state.contacts) {
    if (c.instance == id && c.triangle == state.ground_triangle) at = c.point;
  }
  const glm::vec3 v = movers->point_velocity(*frame, id, at);
  const collision::io::QuakeMover& q = movers->movers().movers[m];
  char text[160];
  std::snprintf(text, sizeof text, "on %s *%d (i%u), moving %.3g %.3g %.3g units/s", collision::io::mover_class_name(q.kind),
                q.model, id, static_cast<double>(v.x), static_cast<double>(v.y), static_cast<double>(v.z));
  return text;
}

bool has_movers(const collision::io::QuakeMovers& movers) {
  for (const collision::io::QuakeMover& m : movers.movers) {
    if (m.mesh.triangle_count() > 0) return true;
  }
  return false;
}

SessionMovers::SessionMovers(std::shared_ptr<const collision::World> level,
                             std::shared_ptr<const collision::io::QuakeMovers> movers)
    : level_(std::move(level)), movers_(std::move(movers)) {
  if (!level_ || !movers_ || !has_movers(*movers_)) throw std::invalid_argument("session movers: no mover with triangles");
  scene_ = std::make_unique<collision::Scene>(level_);
  driver_ = std::make_unique<collision::io::QuakeSceneMovers>(*movers_, *scene_);
  start_.emplace(MoverFrame{driver_->system(), {}});
  for (std::uint32_t id = 0; id < scene_->instance_slots(); ++id) start_->poses.push_back(scene_->instance(id).pose);
}

void SessionMovers::pose(const MoverFrame& m, const collision::Body& body, const collision::CharacterParams& params) const {
  driver_->system() = m.system;
  for (std::uint32_t id = 0; id < m.poses.size(); ++id) {
    scene_->set_pose(id, m.poses[id]);
    scene_->set_velocity(id, glm::vec3(0.0f), glm::vec3(0.0f));
  }
  if (scene_->character_count() == 0) {
    scene_->add_character(body, params, collision::CharacterState{});
  } else {
    scene_->set_character_body(0, body, params);
  }
}

collision::CharacterState SessionMovers::step(const collision::CharacterState& s, MoverFrame& m,
                                              const collision::CharacterInput& in, float dt,
                                              const collision::Body& body, const collision::CharacterParams& params,
                                              collision::Trace* trace) const {
  if (params.move.method != collision::Method::kRobust) {
    return collision::step_character(*level_, body, s, in, dt, params, trace);
  }
  pose(m, body, params);
  scene_->set_character_state(0, s);
  if (dt > 0.0f) driver_->advance(dt);
  scene_->update_character(0, in, dt, trace);
  m.system = driver_->system();
  for (std::uint32_t id = 0; id < m.poses.size(); ++id) m.poses[id] = scene_->instance(id).pose;
  return scene_->character(0).state;
}

collision::CharacterState SessionMovers::refresh(const collision::CharacterState& s, const MoverFrame& m,
                                                 const collision::Body& body,
                                                 const collision::CharacterParams& params) const {
  if (params.move.method != collision::Method::kRobust) return collision::refresh_contacts(*level_, body, s, params);
  pose(m, body, params);
  scene_->set_character_state(0, s);                 // the rest of the state as given
  scene_->set_character_position(0, s.position);     // its contacts looked up there
  return scene_->character(0).state;
}

glm::vec3 SessionMovers::point_velocity(const MoverFrame& m, std::uint32_t id, const glm::vec3& p) const {
  if (id >= m.poses.size()) return glm::vec3(0.0f);
  const std::size_t mover = driver_->mover(id);
  if (mover == collision::io::QuakeSceneMovers::kNoMover) return glm::vec3(0.0f);
  const collision::io::MoverPose q = m.system.pose(mover);
  return q.linear_velocity + glm::cross(q.angular_velocity, p - m.poses[id].position);
}

}  // namespace debugger
