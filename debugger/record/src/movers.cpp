// A scene's movers stepped with a session's character (movers.hpp).
#include "debugger/movers.hpp"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <glm/gtc/quaternion.hpp>

#include "collision/queries.hpp"

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

std::string instance_note(const SessionMovers* movers, const std::optional<MoverFrame>& frame, std::uint32_t id,
                          const glm::vec3& at) {
  if (!movers || !frame || id >= frame->poses.size()) return "";
  const std::size_t m = movers->mover_of(id);
  const std::size_t file_instances = movers->file() ? movers->file()->instances.size() : 0;
  if (m == collision::io::QuakeSceneMovers::kNoMover && id >= file_instances) return "";
  const glm::vec3 v = movers->point_velocity(*frame, id, at);
  char text[200];
  if (m != collision::io::QuakeSceneMovers::kNoMover) {
    const collision::io::QuakeMover& q = movers->movers().movers[m];
    std::snprintf(text, sizeof text, "%s *%d (i%u), moving %.3g %.3g %.3g units/s",
                  collision::io::mover_class_name(q.kind), q.model, id, static_cast<double>(v.x),
                  static_cast<double>(v.y), static_cast<double>(v.z));
  } else {
    const collision::io::SceneInstanceSpec& spec = movers->file()->instances[id];
    const std::string what = spec.box ? "box" : std::filesystem::path(spec.mesh).filename().string();
    std::snprintf(text, sizeof text, "%s i%u, moving %.3g %.3g %.3g units/s", what.c_str(), id,
                  static_cast<double>(v.x), static_cast<double>(v.y), static_cast<double>(v.z));
  }
  return text;
}

std::string ground_mover_note(const SessionMovers* movers, const std::optional<MoverFrame>& frame,
                              const collision::CharacterState& state) {
  if (state.ground == collision::GroundState::kInAir || state.ground_instance >= collision::kCharacterInstance) {
    return "";
  }
  const std::uint32_t id = state.ground_instance;
  glm::vec3 at = state.position;
  for (const collision::Contact& c : state.contacts) {
    if (c.instance == id && c.triangle == state.ground_triangle) at = c.point;
  }
  const std::string note = instance_note(movers, frame, id, at);
  return note.empty() ? note : "on " + note;
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
  build();
}

SessionMovers::SessionMovers(std::shared_ptr<const collision::World> level,
                             std::shared_ptr<const collision::io::QuakeMovers> movers,
                             std::shared_ptr<const collision::io::SceneFile> file, const glm::vec3& up)
    : level_(std::move(level)), movers_(std::move(movers)), file_(std::move(file)), up_(up) {
  if (!movers_) movers_ = std::make_shared<const collision::io::QuakeMovers>();
  const bool file_moves = file_ && (!file_->instances.empty() || !file_->characters.empty());
  if (!level_ || (!file_moves && !has_movers(*movers_))) {
    throw std::invalid_argument("session movers: no instance, character or mover with triangles");
  }
  build();
}

void SessionMovers::build() {
  scene_ = std::make_unique<collision::Scene>(level_);
  if (file_) collision::io::add_file_contents(*file_, *scene_, up_, 0);
  if (has_movers(*movers_)) driver_ = std::make_unique<collision::io::QuakeSceneMovers>(*movers_, *scene_);
  start_.emplace(MoverFrame{driver_ ? driver_->system() : collision::io::QuakeMoverSystem(*movers_), {}, {}, 0, 0.0f});
  for (std::uint32_t id = 0; id < scene_->instance_slots(); ++id) start_->poses.push_back(scene_->instance(id).pose);
  for (std::uint32_t i = 0; i < character_count(); ++i) start_->characters.push_back(scene_->character(i).state);
}

namespace {
float key_time(std::int64_t frames, float dt) { return static_cast<float>(static_cast<double>(frames) * static_cast<double>(dt)); }
}  // namespace

void SessionMovers::pose(const MoverFrame& m, float t, const collision::Body& body,
                         const collision::CharacterParams& params) const {
  if (driver_) driver_->system() = m.system;
  const std::size_t file_instances = file_ ? file_->instances.size() : 0;
  for (std::uint32_t id = 0; id < m.poses.size(); ++id) {
    scene_->set_pose(id, m.poses[id]);
    if (id < file_instances) {  // at its keys' velocities at the frame's time; a map's mover still (its driver sets it)
      const collision::io::InstanceVelocity v = collision::io::velocity_at(file_->instances[id], t);
      scene_->set_velocity(id, v.linear, v.angular);
    } else {
      scene_->set_velocity(id, glm::vec3(0.0f), glm::vec3(0.0f));
    }
  }
  for (std::uint32_t i = 0; i < m.characters.size(); ++i) scene_->set_character_state(i, m.characters[i]);
  const std::uint32_t me = own_character();
  if (scene_->character_count() == me) {
    scene_->add_character(body, params, collision::CharacterState{});
  } else {
    const collision::SceneCharacter& c = scene_->character(me);
    // The same body and parameters as the last frame posed (nearly always): not set again, which
    // would look its contacts up for a state about to be replaced. Compared byte for byte, as
    // the core's step compares its parameters: equal bytes are equal values (padding that
    // differs costs only the lookup).
    if (std::memcmp(&c.body, &body, sizeof body) != 0 || std::memcmp(&c.params, &params, sizeof params) != 0) {
      scene_->set_character_body(me, body, params);
    }
  }
}

collision::CharacterState SessionMovers::step(const collision::CharacterState& s, MoverFrame& m,
                                              const collision::CharacterInput& in, float dt,
                                              const collision::Body& body, const collision::CharacterParams& params,
                                              collision::Trace* trace) const {
  if (params.move.method != collision::Method::kRobust) {
    return collision::step_character(*level_, body, s, in, dt, params, trace);
  }
  pose(m, key_time(m.frames, dt), body, params);
  const std::uint32_t me = own_character();
  scene_->set_character_state(me, s);
  if (dt > 0.0f) {
    if (driver_) {
      driver_->advance(dt);  // the scene's advance, the map's movers where the system has them
    } else {
      scene_->advance(dt);
    }
  }
  for (std::uint32_t i = 0; i < character_count(); ++i) scene_->update_character(i, collision::CharacterInput{}, dt);
  scene_->update_character(me, in, dt, trace);
  if (driver_) m.system = driver_->system();
  for (std::uint32_t id = 0; id < m.poses.size(); ++id) m.poses[id] = scene_->instance(id).pose;
  for (std::uint32_t i = 0; i < m.characters.size(); ++i) m.characters[i] = scene_->character(i).state;
  ++m.frames;
  m.dt = dt;
  return scene_->character(me).state;
}

collision::CharacterState SessionMovers::refresh(const collision::CharacterState& s, const MoverFrame& m,
                                                 const collision::Body& body,
                                                 const collision::CharacterParams& params) const {
  if (params.move.method != collision::Method::kRobust) return collision::refresh_contacts(*level_, body, s, params);
  pose(m, key_time(m.frames > 0 ? m.frames - 1 : 0, m.dt), body, params);  // the velocities of the frame that led to m
  const std::uint32_t me = own_character();
  scene_->set_character_state(me, s);                 // the rest of the state as given
  scene_->set_character_position(me, s.position);     // its contacts looked up there
  return scene_->character(me).state;
}

glm::vec3 SessionMovers::point_velocity(const MoverFrame& m, std::uint32_t id, const glm::vec3& p) const {
  if (id >= m.poses.size()) return glm::vec3(0.0f);
  const std::size_t file_instances = file_ ? file_->instances.size() : 0;
  if (id < file_instances) {  // the velocities it moved at in the frame that led to m
    const collision::io::InstanceVelocity v =
        collision::io::velocity_at(file_->instances[id], key_time(m.frames > 0 ? m.frames - 1 : 0, m.dt));
    return v.linear + glm::cross(v.angular, p - m.poses[id].position);
  }
  const std::size_t mover = mover_of(id);
  if (mover == collision::io::QuakeSceneMovers::kNoMover) return glm::vec3(0.0f);
  const collision::io::MoverPose q = m.system.pose(mover);
  return q.linear_velocity + glm::cross(q.angular_velocity, p - m.poses[id].position);
}

collision::RayHit SessionMovers::raycast(const MoverFrame& m, const glm::vec3& origin, const glm::vec3& delta) const {
  // The scratch scene's instances put where m has them (the next step poses it all again), and
  // the core's scene raycast without the characters.
  for (std::uint32_t id = 0; id < m.poses.size() && id < scene_->instance_slots(); ++id) scene_->set_pose(id, m.poses[id]);
  collision::SceneQueryFilter triangles_only;
  triangles_only.characters = false;
  return collision::raycast(*scene_, origin, delta, triangles_only);
}

collision::Triangle SessionMovers::instance_triangle(const MoverFrame& m, std::uint32_t id, std::uint32_t t) const {
  const collision::Triangle local = instance_mesh(id).triangle(t);
  const collision::Pose& pose = m.poses.at(id);
  return {pose.position + pose.rotation * local.a, pose.position + pose.rotation * local.b,
          pose.position + pose.rotation * local.c};
}

bool trace_triangle(const collision::World& level, const SessionMovers* movers, const MoverFrame* frame,
                    std::uint32_t instance, std::uint32_t triangle, collision::Triangle& out) {
  if (instance == collision::kStaticLevel) {
    if (triangle >= level.mesh().triangle_count()) return false;
    out = level.mesh().triangle(triangle);
    return true;
  }
  if (!movers || !frame || instance >= frame->poses.size() || instance >= movers->instance_count()) return false;
  if (triangle >= movers->instance_mesh(instance).triangle_count()) return false;
  out = movers->instance_triangle(*frame, instance, triangle);
  return true;
}

}  // namespace debugger
