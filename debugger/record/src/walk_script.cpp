// The walk script format (see walk_script.hpp).
#include "debugger/walk_script.hpp"

#include <cmath>
#include <string>

#include <glm/ext/vector_double3.hpp>
#include <glm/geometric.hpp>

#include "heading/heading.hpp"
#include "debugger/script_lines.hpp"
#include "degrees.hpp"

namespace debugger {

double WalkScript::duration() const {
  double t = 0.0;
  for (const WalkSegment& s : segments) t += s.seconds;
  return t;
}

WalkScript parse_walk_script(std::string_view text) {
  WalkScript script;
  for_each_script_line(text, "walk script", [&](ScriptLine& line) {
    WalkSegment seg;
    if (!(line.words >> seg.seconds)) line.fail("expected SECONDS first");
    if (!(seg.seconds > 0.0) || !std::isfinite(seg.seconds)) line.fail("SECONDS must be > 0");
    for (std::string key = line.next_word(); !key.empty(); key = line.next_word()) {
      auto number = [&](float& out) {
        if (!(line.words >> out) || !std::isfinite(out)) line.fail("'" + key + "' needs a number");
      };
      // Angles within +-1e6 degrees: a turn summed over a long script stays finite in float.
      auto angle = [&](float& out) {
        number(out);
        if (std::fabs(out) > 1e6f) line.fail("'" + key + "' needs degrees within +-1e6");
      };
      if (key == "yaw") { angle(seg.yaw_degrees); seg.has_yaw = true; }
      else if (key == "turn") angle(seg.turn_degrees);
      else if (key == "pitch") { angle(seg.pitch_degrees); seg.has_pitch = true; }
      else if (key == "forward") number(seg.forward);
      else if (key == "right") number(seg.right);
      else if (key == "speed") number(seg.speed_scale);
      else if (key == "jump") seg.jump = true;
      else if (key == "run") seg.speed_scale = 2.0f;
      else line.fail("unknown word '" + key + "'");
    }
    script.segments.push_back(seg);
  });
  return script;
}

WalkScript load_walk_script(const std::string& path) {
  return load_script_file(path, "walk script", parse_walk_script);
}

FrameInput walk_input(const WalkScript& script, int frame, float dt, glm::vec3 up, float start_yaw) {
  FrameInput in;
  float yaw = start_yaw, pitch = 0.0f;
  const double t = (static_cast<double>(frame) + 0.5) * dt;  // the frame's middle: no edge ties
  double seg_start = 0.0;
  const WalkSegment* active = nullptr;
  for (const WalkSegment& s : script.segments) {
    if (s.has_yaw) yaw = s.yaw_degrees * kDegrees;
    if (s.has_pitch) pitch = s.pitch_degrees * kDegrees;
    if (t < seg_start + s.seconds) {
      const double f = (t - seg_start) / s.seconds;
      yaw += static_cast<float>(f) * s.turn_degrees * kDegrees;
      active = &s;
      break;
    }
    yaw += s.turn_degrees * kDegrees;
    seg_start += s.seconds;
  }
  in.yaw = yaw;
  in.pitch = pitch;
  if (!active) return in;
  const glm::vec3 forward = heading::direction_from_angles(up, yaw, 0.0f);
  const glm::vec3 right = glm::normalize(glm::cross(forward, up));
  glm::vec3 wish = active->forward * forward + active->right * right;
  const float len = glm::length(wish);
  if (!std::isfinite(len)) {
    // `forward 1e30`: too long to square in float; clamped in double, at full speed, rather
    // than normalised by an infinite length into zero.
    const glm::dvec3 d = static_cast<double>(active->forward) * glm::dvec3(forward) +
                         static_cast<double>(active->right) * glm::dvec3(right);
    wish = glm::vec3(d / glm::length(d));
  } else if (len > 1.0f) {
    wish = glm::normalize(wish);
  }
  in.character.wish = wish;
  in.character.speed_scale = active->speed_scale;
  // Jump on the segment's first frame only.
  in.character.jump = active->jump && (t - seg_start) < dt;
  return in;
}

}  // namespace debugger
