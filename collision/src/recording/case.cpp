// A recording's calls with the triangles within their reach (collision/recording_case.hpp).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <unistd.h>
#include <unordered_map>

#include <glm/geometric.hpp>

#include "collision/recording.hpp"
#include "collision/recording_case.hpp"
#include "collision/world.hpp"
#include "recording/calls.hpp"
#include "recording/rerun.hpp"

namespace collision {

namespace rec = detail::recording;

// Named rather than anonymous: the unity builds put this file beside others.
namespace case_parts {

// ---- Triangle numbers: the level's and the case's ----

struct IndexMap {
  const std::vector<std::uint32_t>* to_level = nullptr;       // case -> level (ascending)
  std::unordered_map<std::uint32_t, std::uint32_t> to_case;  // level -> case

  std::uint32_t level(std::uint32_t t) const { return t < to_level->size() ? (*to_level)[t] : t; }
  std::uint32_t in_case(std::uint32_t t) const {
    const auto it = to_case.find(t);
    return it == to_case.end() ? kNoTriangle : it->second;
  }
};

IndexMap index_map(const std::vector<std::uint32_t>& level_triangles) {
  IndexMap m{&level_triangles, {}};
  for (std::uint32_t i = 0; i < level_triangles.size(); ++i) m.to_case.emplace(level_triangles[i], i);
  return m;
}

// A result in the case's numbers, put in the level's (kNoTriangle stays).
void to_level(RayHit& h, const IndexMap& m) { h.triangle = m.level(h.triangle); }
void to_level(SweepHit& h, const IndexMap& m) { h.triangle = m.level(h.triangle); }
void to_level(MoveResult&, const IndexMap&) {}
void to_level(std::vector<std::uint32_t>& v, const IndexMap& m) {
  for (auto& t : v) t = m.level(t);
}
void to_level(std::vector<Contact>& v, const IndexMap& m) {
  for (auto& c : v) c.triangle = m.level(c.triangle);
}
void to_level(CharacterState& s, const IndexMap& m) {
  s.ground_triangle = m.level(s.ground_triangle);
  to_level(s.contacts, m);
}
template <class T>
void to_level(std::vector<T>& v, const IndexMap& m) {
  for (auto& x : v) to_level(x, m);
}

// A character state's triangles in the case's numbers (they are always in the case).
void state_to_case(CharacterState& s, const IndexMap& m) {
  if (s.ground_triangle != kNoTriangle) s.ground_triangle = m.in_case(s.ground_triangle);
  for (auto& c : s.contacts) c.triangle = m.in_case(c.triangle);
}
template <class Call>
void inputs_to_case(Call& c, const IndexMap& m) {
  if constexpr (requires { c.state; }) state_to_case(c.state, m);
  if constexpr (requires { c.states; })
    for (auto& s : c.states) state_to_case(s, m);
}

// The triangles a call's inputs name (a character's ground and contacts).
void named_triangles(const CharacterState& s, std::vector<std::uint32_t>& out) {
  if (s.ground_triangle != kNoTriangle) out.push_back(s.ground_triangle);
  for (const auto& c : s.contacts) out.push_back(c.triangle);
}
template <class Call>
void named_triangles(const Call& c, std::vector<std::uint32_t>& out) {
  if constexpr (requires { c.state; }) named_triangles(c.state, out);
  if constexpr (requires { c.states; })
    for (const auto& s : c.states) named_triangles(s, out);
}

// ---- Reach ----

// What a call can reach: the points within `grow` of the segment from `start` to
// `start + delta` (a point when delta is zero), for each of its paths.
struct Path {
  glm::vec3 start{0.0f}, delta{0.0f};
  float grow = 0.0f;
};
using Reach = std::vector<Path>;

void add_path(Reach& r, const glm::vec3& start, const glm::vec3& delta, float grow) { r.push_back({start, delta, grow}); }

// Whether the box grown by the path's `grow` meets its segment (slab test, in double).
bool meets(const Aabb& box, const Path& p) {
  double t0 = 0.0, t1 = 1.0;
  for (int k = 0; k < 3; ++k) {
    const double lo = static_cast<double>(box.min[k]) - p.grow, hi = static_cast<double>(box.max[k]) + p.grow;
    const double s = p.start[k], d = p.delta[k];
    if (d == 0.0) {
      if (s < lo || s > hi) return false;
      continue;
    }
    double a = (lo - s) / d, b = (hi - s) / d;
    if (a > b) std::swap(a, b);
    t0 = std::max(t0, a);
    t1 = std::min(t1, b);
    if (t0 > t1) return false;
  }
  return true;
}

// The box a call's body can reach, grown by `m`.
Reach reach(const rec::RaycastCall& c, float m) {
  Reach b;
  add_path(b, c.origin, c.delta, m);
  return b;
}
Reach reach(const rec::SweepSphereCall& c, float m) {
  Reach b;
  add_path(b, c.center, c.delta, c.radius + m);
  return b;
}
Reach reach(const rec::SweepEllipsoidCall& c, float m) {
  Reach b;
  add_path(b, c.center, c.delta, std::max({c.radii.x, c.radii.y, c.radii.z}) + m);
  return b;
}
Reach reach(const rec::SweepBoxCall& c, float m) {
  Reach b;
  add_path(b, c.center, c.delta, glm::length(c.half_extents) + m);
  return b;
}
Reach reach(const rec::SweepCapsuleCall& c, float m) {
  Reach b;
  add_path(b, c.center, c.delta, c.radius + c.half_height + m);
  return b;
}
Reach reach(const rec::SweepBodyCall& c, float m) {
  Reach b;
  add_path(b, c.center, c.delta, c.body.bounding_radius() + m);
  return b;
}
Reach reach(const rec::OverlapSphereCall& c, float m) {
  Reach b;
  add_path(b, c.center, glm::vec3(0.0f), c.radius + m);
  return b;
}
Reach reach(const rec::OverlapAabbCall& c, float m) {
  Reach b;
  // The sphere about the box.
  if (!c.box.empty()) add_path(b, c.box.center(), glm::vec3(0.0f), glm::length(c.box.extent()) * 0.5f + m);
  return b;
}
Reach reach(const rec::FindContactsCall& c, float m) {
  Reach b;
  add_path(b, c.center, glm::vec3(0.0f), c.body.bounding_radius() + c.reach + m);
  return b;
}
Reach reach(const rec::MoveCall& c, float m) {
  // A slide never travels farther than the displacement, in any direction.
  Reach b;
  add_path(b, c.position, glm::vec3(0.0f), c.body.bounding_radius() + glm::length(c.displacement) + m);
  return b;
}
// A step: where it starts, grown by how far it may look (its distances, and what its velocities
// carry it in dt).
float step_reach(const Body& body, const CharacterState& s, const CharacterInput& in, float dt,
                 const CharacterParams& params) {
  float r = body.bounding_radius();
  try {
    const CharacterParams p = params.resolved(body);
    const float speed = glm::length(s.velocity) + glm::length(in.velocity) + glm::length(in.ground_velocity) +
                        (in.jump ? *p.jump_speed : 0.0f) + *p.gravity * std::abs(dt);
    r += *p.step_height + *p.snap_distance + *p.max_recovery_push + *p.contact_tolerance + speed * std::abs(dt);
  } catch (const std::exception&) {
    // Parameters the step refused: it made no query.
  }
  return r;
}
Reach reach(const rec::StepCall& c, float m) {
  Reach b;
  add_path(b, c.state.position, glm::vec3(0.0f), step_reach(c.body, c.state, c.input, c.dt, c.params) + m);
  return b;
}
Reach reach(const rec::RefreshCall& c, float m) {
  Reach b;
  add_path(b, c.state.position, glm::vec3(0.0f), step_reach(c.body, c.state, {}, 0.0f, c.params) + m);
  return b;
}
Reach reach(const rec::SweepBatchCall& c, float m) {
  Reach b;
  for (const auto& q : c.queries) add_path(b, q.origin, q.delta, c.body.bounding_radius() + m);
  return b;
}
Reach reach(const rec::SweepSphereBatchCall& c, float m) {
  Reach b;
  for (const auto& q : c.queries) add_path(b, q.origin, q.delta, c.radius + m);
  return b;
}
Reach reach(const rec::RaycastBatchCall& c, float m) {
  Reach b;
  for (const auto& q : c.queries) add_path(b, q.origin, q.delta, m);
  return b;
}
Reach reach(const rec::StepBatchCall& c, float m) {
  Reach b;
  for (std::size_t i = 0; i < c.states.size() && i < c.inputs.size(); ++i)
    add_path(b, c.states[i].position, glm::vec3(0.0f),
             step_reach(c.body, c.states[i], c.inputs[i], c.dt, c.params) + m);
  return b;
}

// The body's size, for the first margin (0 for rays).
template <class Call>
float body_size(const Call& c) {
  if constexpr (requires { c.body; }) return c.body.bounding_radius();
  else if constexpr (requires { c.radius; }) return c.radius;
  else if constexpr (requires { c.radii; }) return std::max({c.radii.x, c.radii.y, c.radii.z});
  else if constexpr (requires { c.half_extents; }) return glm::length(c.half_extents);
  else return 0.0f;
}

// ---- One call, decoded, with what the case needs of it ----

struct Candidate {
  const RecordedCall* recorded = nullptr;
  std::uint64_t frame = 0;
  std::size_t index = 0;
  double margin = 0.0;
  bool whole_level = false;
  bool matches_recording = true;
  std::vector<std::uint8_t> reference;  // the whole level's re-run, encoded
};

template <class F>
void with_decoded(const RecordedCall& call, F&& f) {
  const bool known = rec::visit_kind(call.kind, [&]<class Call>() {
    Call decoded{};
    rec::ByteReader(call.inputs, call.offset)(decoded);
    f(decoded);
  });
  if (!known) throw RecordingError("unknown call kind");
}

// The call's result re-run on `world`, encoded in the level's numbers (exceptions as an empty
// encoding: a call that throws was not recorded, so it never agrees).
template <class Call>
std::vector<std::uint8_t> rerun(const World& world, Call c, const IndexMap* m) {
  try {
    if (m != nullptr) inputs_to_case(c, *m);
    auto result = rec::run(world, c);
    if (m != nullptr) to_level(result, *m);
    const auto bytes = rec::encode(result);
    return {bytes.bytes().begin(), bytes.bytes().end()};
  } catch (const std::exception&) {
    return {};
  }
}

// The case's mesh: the level's triangles `keep` (ascending), with their corners.
TriangleMesh sub_mesh(const TriangleMesh& level, const std::vector<std::uint32_t>& keep) {
  TriangleMesh out;
  std::unordered_map<std::uint32_t, std::uint32_t> corner;
  const auto use = [&](std::uint32_t v) {
    const auto [it, added] = corner.emplace(v, static_cast<std::uint32_t>(out.positions.size()));
    if (added) out.positions.push_back(level.positions[v]);
    return it->second;
  };
  for (const std::uint32_t t : keep) {
    const glm::uvec3 i = level.indices[t];
    out.indices.emplace_back(use(i.x), use(i.y), use(i.z));
    out.normals.push_back(level.normals[t]);
    out.flags.push_back(level.flags[t]);
  }
  return out;
}

}  // namespace case_parts

RecordingCase extract_case(const RecordingFile& file, const World& world, const CaseSelection& selection) {
  using namespace case_parts;
  const auto& frames = file.frames();
  std::vector<Candidate> calls;
  for (const auto& frame : frames) {
    if (frame.number < selection.first_frame || frame.number > selection.last_frame) continue;
    for (std::size_t i = 0; i < frame.calls.size(); ++i) {
      if (selection.call && *selection.call != i) continue;
      Candidate c;
      c.recorded = &frame.calls[i];
      c.frame = frame.number;
      c.index = i;
      calls.push_back(std::move(c));
    }
    if (selection.call && *selection.call >= frame.calls.size())
      throw std::invalid_argument("recording '" + file.name() + "': frame " + std::to_string(frame.number) +
                                  " has " + std::to_string(frame.calls.size()) + " calls, no call " +
                                  std::to_string(*selection.call));
  }
  if (calls.empty()) {
    std::string range = frames.empty() ? std::string("it has no frames")
                                       : "its frames are " + std::to_string(frames.front().number) + " to " +
                                             std::to_string(frames.back().number);
    throw std::invalid_argument("recording '" + file.name() + "': no calls in frame" +
                                (selection.first_frame == selection.last_frame
                                     ? " " + std::to_string(selection.first_frame)
                                     : "s " + std::to_string(selection.first_frame) + " to " +
                                           std::to_string(selection.last_frame)) +
                                " (" + range + ")");
  }

  const TriangleMesh& level = file.level();
  const std::size_t n = level.triangle_count();
  std::vector<Aabb> boxes(n);
  Aabb level_box;
  for (std::size_t t = 0; t < n; ++t) {
    const Triangle tri = level.triangle(t);
    boxes[t].grow(tri.a);
    boxes[t].grow(tri.b);
    boxes[t].grow(tri.c);
    level_box.grow(boxes[t]);
  }
  const float diagonal = level_box.empty() ? 0.0f : glm::length(level_box.extent());

  // The whole level's answers, and the first margins.
  std::vector<std::uint32_t> named;
  for (auto& c : calls) {
    with_decoded(*c.recorded, [&](const auto& decoded) {
      c.reference = rerun(world, decoded, nullptr);
      c.matches_recording = std::ranges::equal(c.reference, c.recorded->result);
      c.margin = std::max(0.25f * body_size(decoded), 1e-4f * diagonal);
      named_triangles(decoded, named);
    });
  }

  constexpr int kWidenings = 6;
  RecordingCase out;
  out.level_triangle_count = n;
  for (int round = 0;; ++round) {
    std::vector<char> kept(n, 0);
    for (const std::uint32_t t : named)
      if (t < n) kept[t] = 1;
    for (auto& c : calls) {
      if (c.whole_level) {
        std::fill(kept.begin(), kept.end(), 1);
        break;
      }
      Reach paths;
      with_decoded(*c.recorded, [&](const auto& decoded) { paths = reach(decoded, static_cast<float>(c.margin)); });
      for (const Path& path : paths)
        for (std::size_t t = 0; t < n; ++t)
          if (!kept[t] && meets(boxes[t], path)) kept[t] = 1;
    }
    out.level_triangles.clear();
    for (std::size_t t = 0; t < n; ++t)
      if (kept[t]) out.level_triangles.push_back(static_cast<std::uint32_t>(t));
    out.level = sub_mesh(level, out.level_triangles);

    const World small(out.level);
    const IndexMap map = index_map(out.level_triangles);
    bool all_agree = true;
    for (auto& c : calls) {
      bool agrees = false;
      with_decoded(*c.recorded, [&](const auto& decoded) { agrees = rerun(small, decoded, &map) == c.reference; });
      if (agrees) continue;
      all_agree = false;
      if (round >= kWidenings) c.whole_level = true;
      else c.margin *= 2.0;
    }
    if (all_agree) break;
    if (round > kWidenings) throw std::logic_error("recording '" + file.name() + "': a case on the whole level does not re-run as the level does");
  }
  for (const auto& c : calls) out.calls.push_back({c.frame, c.index, c.recorded, c.matches_recording, c.margin, c.whole_level});
  return out;
}

void write_case_recording(const RecordingFile& file, const RecordingCase& c, const std::string& path) {
  using namespace case_parts;
  const std::string temp = path + ".tmp." + std::to_string(::getpid());
  std::error_code ignored;
  try {
    {
      const World world(c.level);
      Recorder recorder(temp);
      recorder.attach(world);
      const IndexMap map = index_map(c.level_triangles);
      // One state object per recorded character, so that the case numbers its characters as the
      // recording does (a character is the state object it is stepped at).
      std::map<std::uint64_t, CharacterState> states;
      std::map<std::uint64_t, std::vector<CharacterState>> batches;
      const RecordedFrame* open = nullptr;
      for (const CaseCall& call : c.calls) {
        const auto frame = std::ranges::find_if(file.frames(), [&](const RecordedFrame& f) { return f.number == call.frame; });
        if (&*frame != open) {
          open = &*frame;
          recorder.begin_frame(open->seconds);
        }
        const RecordingLabel label(file.labels()[call.recorded->label]);
        with_decoded(*call.recorded, [&]<class Call>(Call decoded) {
          inputs_to_case(decoded, map);
          try {
            if constexpr (std::is_same_v<Call, rec::StepCall>) {
              CharacterState& s = states[decoded.character.value];
              s = decoded.state;
              (void)step_character(world, decoded.body, s, decoded.input, decoded.dt, decoded.params);
            } else if constexpr (std::is_same_v<Call, rec::RefreshCall>) {
              CharacterState& s = states[decoded.character.value];
              s = decoded.state;
              (void)refresh_contacts(world, decoded.body, s, decoded.params);
            } else if constexpr (std::is_same_v<Call, rec::StepBatchCall>) {
              auto& s = batches[decoded.characters.empty() ? 0 : decoded.characters.front().value];
              s = decoded.states;
              if (decoded.inputs.size() >= s.size())
                step_characters(world, decoded.body, s, decoded.inputs, decoded.dt, decoded.params, decoded.threads);
            } else {
              (void)rec::run(world, decoded);
            }
          } catch (const std::exception&) {
            // A call that throws here threw on the whole level too (extract_case compared them),
            // and is not recorded, as the game's was not.
          }
        });
      }
      if (open != nullptr) recorder.end_frame();
      recorder.detach();
      const RecorderStatus status = recorder.status();
      if (!status.ok) throw std::runtime_error(status.error);
    }
    const RecordingFile back(temp);  // throws, naming it, when it is not a whole recording
    std::size_t calls = 0;
    for (const auto& f : back.frames()) calls += f.calls.size();
    if (calls > c.calls.size() || back.dropped_frames() != 0)
      throw std::runtime_error("'" + path + "': the case's recording does not hold its calls");
    std::filesystem::rename(temp, path);
  } catch (const std::logic_error&) {
    std::filesystem::remove(temp, ignored);
    throw;
  } catch (const std::exception& e) {
    std::filesystem::remove(temp, ignored);
    throw std::runtime_error("'" + path + "': cannot write the case: " + e.what());
  }
}

}  // namespace collision
