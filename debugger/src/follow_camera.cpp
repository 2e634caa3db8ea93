// The follow camera's spring arm and the see-through mode.
#include "debugger/follow_camera.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "collision/queries.hpp"

namespace debugger {
namespace {

// The arm, in body sizes: behind, above and a little to the side, so a wall straight ahead is
// seen at an angle.
constexpr float kBehind = 7.0f, kAbove = 4.5f, kAside = 2.5f;
// An arm that keeps this fraction of its length is taken as is; otherwise the longest of the
// alternatives wins (earlier ones on ties, so the camera does not swing for nothing).
constexpr float kGoodEnough = 0.85f;

glm::vec3 rotate_about(glm::vec3 v, glm::vec3 axis, float angle) {
  // Rodrigues' rotation of v about the unit axis.
  return v * std::cos(angle) + glm::cross(axis, v) * std::sin(angle) +
         axis * glm::dot(axis, v) * (1.0f - std::cos(angle));
}

}  // namespace

float ease_arm(ArmLag& lag, float free_length, float dt) {
  if (lag.length < 0.0f || free_length <= lag.length || !(dt > 0.0f)) {
    lag.length = lag.length < 0.0f || free_length <= lag.length ? free_length : lag.length;
    return lag.length;
  }
  lag.length = std::min(free_length, lag.length + (free_length - lag.length) * (1.0f - std::exp(-lag.rate * dt)));
  return lag.length;
}

glm::vec3 spring_arm(const collision::World& world, glm::vec3 pivot, glm::vec3 wanted, float probe_radius) {
  const glm::vec3 delta = wanted - pivot;
  const float length = glm::length(delta);
  if (!(length > 0.0f)) return wanted;
  const collision::SweepHit hit = collision::sweep_sphere(world, pivot, probe_radius, delta);
  if (hit.invalid_input || hit.start_overlap || !hit.hit) return wanted;
  const float free = std::max(hit.toi * length - probe_radius, 0.0f);
  return pivot + delta * (free / length);
}

Followed followed(const FollowSettings& settings, const SessionMovers* movers, const std::optional<MoverFrame>& frame,
                  const collision::Body& own_body, const collision::CharacterState& own_state) {
  if (settings.character >= 0 && movers && frame && static_cast<std::size_t>(settings.character) < frame->characters.size()) {
    const auto i = static_cast<std::size_t>(settings.character);
    return {movers->character_body(i), frame->characters[i], true};
  }
  return {own_body, own_state, false};
}

std::string follow_error(int character, const SessionMovers* movers) {
  const std::size_t n = movers ? movers->character_count() : 0;
  if (character < 0 || static_cast<std::size_t>(character) < n) return "";
  std::string known;
  for (std::size_t i = 0; i < n; ++i) known += (i ? ", c" : "c") + std::to_string(i);
  return "--follow c" + std::to_string(character) + ": the scene has " +
         (n == 0 ? std::string("no other character (they come from a scene file's \"characters\")")
                 : std::to_string(n) + " other character" + (n == 1 ? "" : "s") + " (" + known + ")");
}

renderer::Camera follow_camera(const Scene& scene, const collision::Body& body,
                               const collision::CharacterState& state, float yaw,
                               const collision::Trace& trace, const FollowSettings& settings, ArmLag* lag,
                               float dt) {
  const float size = body_size(body);
  const glm::vec3 up = glm::normalize(scene.up);
  const glm::vec3 forward = renderer::direction_from_angles(up, yaw, 0.0f);
  const glm::vec3 side = glm::normalize(glm::cross(forward, up));
  const float scale = size * std::max(settings.distance, 0.05f);
  const glm::vec3 wanted_arm = (-forward * kBehind + up * kAbove + side * kAside) * scale;
  const float wanted_length = glm::length(wanted_arm);

  glm::vec3 eye = state.position + wanted_arm;
  float kept = 1.0f;  // fraction of the wanted arm's length the camera keeps
  if (settings.collide && scene.world) {
    const float probe = 0.3f * body.min_radius();
    // The wanted arm first, then turned about up, then raised towards straight above.
    const float turns[] = {0.0f, 0.6f, -0.6f, 1.2f, -1.2f, 2.0f, -2.0f, 3.14159265f};
    float best = -1.0f;
    for (int raise = 0; raise < 2 && best < kGoodEnough * wanted_length; ++raise) {
      for (float turn : turns) {
        glm::vec3 arm = rotate_about(wanted_arm, up, turn);
        if (raise == 1) arm = glm::normalize(arm + up * (2.0f * wanted_length)) * wanted_length;
        const glm::vec3 spot = spring_arm(*scene.world, state.position, state.position + arm, probe);
        const float length = glm::length(spot - state.position);
        if (length > best + 0.05f * wanted_length) {
          best = length;
          eye = spot;
        }
        if (best >= kGoodEnough * wanted_length) break;
      }
    }
    kept = std::clamp(best / wanted_length, 0.0f, 1.0f);
  }
  if (lag) {
    // Along the chosen arm, no longer than it is free: in at once, out eased.
    const glm::vec3 arm = eye - state.position;
    const float free = glm::length(arm);
    const float length = ease_arm(*lag, free, dt);
    if (free > 0.0f) eye = state.position + arm * (length / free);
    kept = std::clamp(length / wanted_length, 0.0f, 1.0f);
  }

  // Aim between the body and a wall it hit, less so as the arm shortens (the body stays framed).
  glm::vec3 target = state.position;
  for (const collision::SlideIteration& it : trace.iterations)
    if (it.hit && std::fabs(glm::dot(it.normal, up)) < 0.7f)
      target = state.position + (it.contact_point - state.position) * (0.5f * kept);
  renderer::Camera cam;
  cam.up = scene.up;
  cam.position = eye;
  const glm::vec3 look = target - eye;
  cam.forward = glm::length(look) > 1e-6f * size ? glm::normalize(look) : forward;
  if (settings.aim_above_centre != 0.0f) {
    // Pitch down by the angle that puts the aim that far above the centre of the image.
    const glm::vec3 right = glm::cross(cam.forward, up);
    if (glm::length(right) > 1e-6f) {
      const glm::vec3 view_up = glm::normalize(glm::cross(glm::normalize(right), cam.forward));
      const float a = std::atan(settings.aim_above_centre * std::tan(0.5f * cam.fov_y));
      cam.forward = glm::normalize(cam.forward * std::cos(a) - view_up * std::sin(a));
    }
  }
  const float r = body.min_radius();
  cam.near_plane = 0.05f * r;
  cam.far_plane = 2000.0f * std::max(r, size * 0.25f);
  return cam;
}

void see_through(OverlayFrame& overlay, const renderer::Camera& camera, glm::uvec2 extent) {
  renderer::DebugList& dt = overlay.debug.depth_tested;
  renderer::DebugList& top = overlay.debug.on_top;
  top.lines.insert(top.lines.begin(), dt.lines.begin(), dt.lines.end());
  top.points.insert(top.points.begin(), dt.points.begin(), dt.points.end());
  top.triangles.insert(top.triangles.begin(), dt.triangles.begin(), dt.triangles.end());
  renderer::debug_clear(dt);
  // A sheet across the whole view just beyond the near plane, drawn after the level.
  const float d = camera.near_plane * 4.0f;
  const float aspect = static_cast<float>(std::max(extent.x, 1u)) / static_cast<float>(std::max(extent.y, 1u));
  const float h = 2.0f * d * std::tan(0.5f * camera.fov_y), w = h * aspect * 2.0f;
  const glm::vec3 f = glm::normalize(camera.forward);
  glm::vec3 right = glm::cross(f, camera.up);
  right = glm::length(right) > 1e-6f ? glm::normalize(right) : glm::vec3(1, 0, 0);
  const glm::vec3 u = glm::cross(right, f);
  const glm::vec3 c = camera.position + f * d;
  const renderer::Colour dark = renderer::rgba(16, 18, 22, 165);
  renderer::debug_quad(dt, c - right * w - u * h, c + right * w - u * h, c + right * w + u * h, c - right * w + u * h,
                       dark);
}

}  // namespace debugger
