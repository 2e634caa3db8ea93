// A game's recorded frames re-run and judged (recording_review.hpp).
#include "debugger/recording_review.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <stdexcept>

#include <glm/geometric.hpp>

#include "collision/character.hpp"
#include "heading/heading.hpp"

namespace debugger {

// Named, not anonymous: the sanitizer build compiles several files of the library in one unit.
namespace review_parts {

bool same(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }
bool same(glm::vec3 a, glm::vec3 b) { return same(a.x, b.x) && same(a.y, b.y) && same(a.z, b.z); }

// Bit for bit, every field the recording keeps (not contacts_key: calls.hpp leaves it out).
bool same_state(const collision::CharacterState& a, const collision::CharacterState& b) {
  if (!same(a.position, b.position) || !same(a.velocity, b.velocity) || !same(a.input_velocity, b.input_velocity) ||
      !same(a.effective_velocity, b.effective_velocity) || a.ground != b.ground || !same(a.ground_normal, b.ground_normal) ||
      a.ground_triangle != b.ground_triangle || a.contacts.size() != b.contacts.size())
    return false;
  for (std::size_t i = 0; i < a.contacts.size(); ++i) {
    const collision::Contact& x = a.contacts[i];
    const collision::Contact& y = b.contacts[i];
    if (x.triangle != y.triangle || !same(x.point, y.point) || !same(x.normal, y.normal) || !same(x.distance, y.distance) ||
        x.feature != y.feature || x.walkable != y.walkable || x.instance != y.instance)
      return false;
  }
  return true;
}

bool same(const std::optional<float>& a, const std::optional<float>& b) {
  return a.has_value() == b.has_value() && (!a || same(*a, *b));
}
bool same_body(const collision::Body& a, const collision::Body& b) {
  return a.shape == b.shape && same(a.radii, b.radii) && same(a.half_height, b.half_height) && same(a.axis, b.axis);
}
// Whether a character's settings changed between two steps (the finder then follows them).
bool same_params(const collision::CharacterParams& a, const collision::CharacterParams& b) {
  const collision::MoveParams &m = a.move, &n = b.move;
  return same(a.up, b.up) && same(a.max_slope_degrees, b.max_slope_degrees) && same(a.gravity, b.gravity) &&
         same(a.jump_speed, b.jump_speed) && same(a.walk_speed, b.walk_speed) && same(a.step_height, b.step_height) &&
         same(a.min_step_forward, b.min_step_forward) && same(a.step_forward_test, b.step_forward_test) &&
         same(a.snap_distance, b.snap_distance) && same(a.recovery, b.recovery) &&
         same(a.max_recovery_push, b.max_recovery_push) && same(a.contact_tolerance, b.contact_tolerance) &&
         m.method == n.method && m.max_iterations == n.max_iterations && same(m.skin_width, n.skin_width) &&
         m.one_sided == n.one_sided && same(m.edge_margin, n.edge_margin) &&
         same(m.offset_prism_epsilon, n.offset_prism_epsilon);
}

float yaw_of(glm::vec3 direction, glm::vec3 up) {
  glm::vec3 e1, e2;
  heading::horizontal_basis(up, e1, e2);
  return std::atan2(glm::dot(direction, e2), glm::dot(direction, e1));
}

}  // namespace review_parts


std::size_t ReviewedFrame::differing() const {
  return static_cast<std::size_t>(std::count_if(differences.begin(), differences.end(),
                                                [](const std::string& d) { return !d.empty(); }));
}

FrameInput walk_input_of(const collision::RecordedStep& step, glm::vec3 up, float yaw) {
  FrameInput in;
  in.yaw = yaw;
  in.character.jump = step.input.jump;
  const glm::vec3 v = step.input.velocity;
  const glm::vec3 horizontal = v - up * glm::dot(v, up);
  const float speed = glm::length(horizontal);
  if (!(speed > 0.0f) || !std::isfinite(speed)) return in;
  in.yaw = review_parts::yaw_of(horizontal, up);
  float walk_speed = 0.0f;
  try {
    walk_speed = *step.params.resolved(step.body).walk_speed;
  } catch (const std::exception&) {
    walk_speed = 0.0f;  // parameters outside the core's domain: the step itself was refused
  }
  if (!(walk_speed > 0.0f)) return in;
  // wish x walk_speed x speed_scale = the horizontal velocity (collision::walk_input), with a
  // wish no longer than 1 and the rest in the scale (a run).
  const float ratio = speed / walk_speed;
  in.character.wish = horizontal / speed * std::min(ratio, 1.0f);
  in.character.speed_scale = std::max(ratio, 1.0f);
  return in;
}

struct RecordingReview::Finder {
  EventDetector detector;
  collision::Body body;
  collision::CharacterParams params;
  float yaw = 0.0f;
};

RecordingReview::RecordingReview(const GameRecording& recording, bool find_anomalies)
    : recording_(&recording), find_anomalies_(find_anomalies) {}
RecordingReview::~RecordingReview() = default;
RecordingReview::RecordingReview(RecordingReview&&) noexcept = default;
RecordingReview& RecordingReview::operator=(RecordingReview&&) noexcept = default;

ReviewedFrame RecordingReview::review(int index, bool with_traces) {
  const GameRecording& rec = *recording_;
  const collision::RecordedFrame& frame = rec.frame(index);
  if (index != next_) finders_.clear();  // not the frame after the last: the finders start over
  next_ = index + 1;
  ReviewedFrame out;
  out.index = index;
  out.number = frame.number;
  out.seconds = frame.seconds;
  out.differences.reserve(frame.calls.size());
  for (const collision::RecordedCall& call : frame.calls) out.differences.push_back(collision::replay_difference(rec.world(), call));
  const glm::vec3 up = rec.up();
  for (const GameStep& g : rec.steps(index)) {
    const collision::RecordedStep& s = g.step;
    ReviewedStep r;
    r.character = s.character;
    r.call = g.call;
    r.step = &s;
    try {
      r.rerun = s.placed() ? collision::refresh_contacts(rec.world(), s.body, s.before, s.params)
                           : collision::step_character(rec.world(), s.body, s.before, s.input, s.dt, s.params, &r.trace);
      r.matched = review_parts::same_state(r.rerun, s.after);
    } catch (const std::exception&) {
      r.rerun = s.after;  // the core refuses the step's inputs now: the call's difference says so
      r.matched = false;
    }
    if (!s.placed()) {
      collision::CharacterParams params = s.params;
      try {
        params = s.params.resolved(s.body);
      } catch (const std::exception&) {
        params = {};  // refused above as well; the finder still needs resolvable settings
      }
      std::unique_ptr<Finder>& f = finders_[s.character];
      if (!f) {
        f = std::make_unique<Finder>(Finder{EventDetector(rec.world(), s.body, params, s.dt, find_anomalies_), s.body, params});
      } else if (!review_parts::same_body(f->body, s.body) || !review_parts::same_params(f->params, params)) {
        f->detector.follow(s.body, params);
        f->body = s.body;
        f->params = params;
      }
      const FrameInput in = walk_input_of(s, up, f->yaw);
      f->yaw = in.yaw;
      // Judged on what the recording says happened (the re-run is the same where it matched).
      r.events = f->detector.detect(static_cast<int>(frame.number), s.before, s.after, in, r.trace);
    }
    if (!with_traces) r.trace = {};
    out.steps.push_back(std::move(r));
  }
  return out;
}

}  // namespace debugger
