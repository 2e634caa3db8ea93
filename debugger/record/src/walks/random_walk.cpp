#include "prism_walks/random_walk.hpp"

#include <chrono>
#include <cmath>
#include <sstream>

#include "debugger/anomalies.hpp"
#include "debugger/spawn.hpp"
#include "debugger/walk_source.hpp"

namespace prism_walks {

namespace {

using Clock = std::chrono::steady_clock;

std::size_t count_of(const WalkCounts& c, AnomalyKind k) {
  std::size_t n = 0;
  for (const Anomaly& a : c.examples) n += a.kind == k ? 1 : 0;
  return n;
}

void keep_example(WalkCounts& c, const Anomaly& a) {
  if (count_of(c, a.kind) < WalkCounts::kExamplesPerKind) c.examples.push_back(a);
}

std::string hex(float v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%af", static_cast<double>(v));
  return buf;
}

std::string hex(const glm::vec3& v) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "{%af, %af, %af}", static_cast<double>(v.x),
                static_cast<double>(v.y), static_cast<double>(v.z));
  return buf;
}

std::string dec(const glm::vec3& v) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "(%.9g, %.9g, %.9g)", static_cast<double>(v.x),
                static_cast<double>(v.y), static_cast<double>(v.z));
  return buf;
}

}  // namespace

const char* to_string(AnomalyKind k) {
  switch (k) {
    case AnomalyKind::kDeepOverlap: return "deep-overlap";
    case AnomalyKind::kWallPass: return "wall-pass";
    case AnomalyKind::kStuck: return "stuck";
  }
  return "unknown";
}

void count_frame(WalkCounts& counts, const debugger::WalkFrameVerdict& v, const WalkFrame& f) {
  Anomaly a;
  a.walk = f.walk;
  a.frame = f.frame;
  a.start = f.start;
  a.before = f.before;
  a.input = f.input;
  a.after = f.after;
  // An example lists the triangle of the last rule that named one (as each kind is checked).
  if (v.overlap_beyond_skin > 0.0f) {
    ++counts.deep_overlap_frames;
    a.kind = AnomalyKind::kDeepOverlap;
    a.depth = v.overlap_beyond_skin;
    a.triangle = v.overlap_triangle;
    a.instance = v.overlap_instance;
    keep_example(counts, a);
    a.instance = collision::kStaticLevel;
  }
  if (v.passes_through) {
    ++counts.wall_passes;
    a.kind = AnomalyKind::kWallPass;
    a.triangle = v.wall_triangle;
    keep_example(counts, a);
  }
  if (v.stuck) {
    ++counts.stuck_walks;
    a.kind = AnomalyKind::kStuck;
    keep_example(counts, a);
  }
}

void WalkCounts::add(const WalkCounts& o) {
  walks += o.walks;
  frames += o.frames;
  deep_overlap_frames += o.deep_overlap_frames;
  wall_passes += o.wall_passes;
  stuck_walks += o.stuck_walks;
  step_seconds += o.step_seconds;
  for (const Anomaly& a : o.examples) keep_example(*this, a);
}

void run_walk(const WalkSetup& setup, std::uint32_t walk, const glm::vec3& start,
              WalkCounts& counts, const FrameSink& sink) {
  const collision::CharacterParams params = setup.params.resolved(setup.body);
  debugger::AnomalyFinder finder(setup.world, setup.body, setup.params, setup.dt, false);
  debugger::WalkSource source = debugger::RandomWalk{RandomInput(setup.seed, walk, params.up, setup.script)};
  const debugger::WalkContext context{&setup.world, params.up, setup.dt, debugger::body_size(setup.body)};
  collision::CharacterState placed;
  placed.position = start;
  collision::CharacterState state = collision::refresh_contacts(setup.world, setup.body, placed, params);
  double seconds = 0.0;
  for (int frame = 0; frame < setup.frames; ++frame) {
    const collision::WalkInput input = debugger::next_input(source, context, frame, state).character;
    const auto t0 = Clock::now();
    const collision::CharacterState next =
        collision::step_character(setup.world, setup.body, state, collision::walk_input(input, params, setup.body),
                                  setup.dt, params);
    seconds += std::chrono::duration<double>(Clock::now() - t0).count();
    if (setup.check) {
      count_frame(counts, finder.judge_walk_frame(state, next, input), {walk, frame, start, state, input, next});
    }
    state = next;
    if (sink) sink(walk, frame, state);
  }
  counts.walks += 1;
  counts.frames += static_cast<std::size_t>(setup.frames);
  counts.step_seconds += seconds;
}

WalkCounts run_walks(const WalkSetup& setup, const std::vector<glm::vec3>& starts,
                     const FrameSink& sink) {
  WalkCounts counts;
  for (std::size_t i = 0; i < starts.size(); ++i) {
    run_walk(setup, static_cast<std::uint32_t>(i), starts[i], counts, sink);
  }
  return counts;
}

std::string headline(const Anomaly& a, const WalkSetup& setup) {
  std::ostringstream s;
  s << to_string(a.kind) << " in walk " << a.walk << " (seed " << setup.seed << ") at frame "
    << a.frame << ": " << dec(a.before.position) << " -> " << dec(a.after.position);
  if (a.kind == AnomalyKind::kDeepOverlap) s << ", " << a.depth << " beyond the skin";
  if (a.instance >= collision::kCharacterInstance && a.instance != collision::kStaticLevel) {
    s << ", character c" << (a.instance - collision::kCharacterInstance);
  } else if (a.triangle != collision::kNoTriangle) {
    s << ", triangle ";
    if (a.instance != collision::kStaticLevel) s << 'i' << a.instance << ':';
    s << a.triangle;
  }
  return s.str();
}

std::string describe(const Anomaly& a, const WalkSetup& setup) {
  const collision::CharacterParams p = setup.params.resolved(setup.body);
  std::ostringstream s;
  s << headline(a, setup);
  s << "\n  // replay the frame alone (method " << collision::to_string(p.move.method)
    << ", max_iterations " << p.move.max_iterations << ", dt " << hex(setup.dt) << "):\n"
    << "  collision::Body body{collision::Shape(" << static_cast<int>(setup.body.shape) << ") /* "
    << collision::to_string(setup.body.shape) << " */, glm::vec3" << hex(setup.body.radii) << ", "
    << hex(setup.body.half_height) << ", glm::vec3" << hex(setup.body.axis) << "};\n"
    << "  collision::CharacterParams params; params.up = glm::vec3" << hex(p.up) << ";\n"
    << "  collision::CharacterState before; before.position = glm::vec3" << hex(a.before.position)
    << "; before.velocity = glm::vec3" << hex(a.before.velocity)
    << "; before.input_velocity = glm::vec3" << hex(a.before.input_velocity)
    << "; before.ground = collision::GroundState(" << static_cast<int>(a.before.ground) << ") /* "
    << collision::to_string(a.before.ground) << " */;\n"
    << "  before = collision::refresh_contacts(world, body, before, params);  // its contacts and ground\n"
    << "  collision::WalkInput walk; walk.wish = glm::vec3" << hex(a.input.wish)
    << "; walk.jump = " << (a.input.jump ? "true" : "false")
    << "; walk.speed_scale = " << hex(a.input.speed_scale) << ";\n"
    << "  // step_character(world, body, before, walk_input(walk, params, body), dt, params).position == glm::vec3"
    << hex(a.after.position) << "\n"
    << "  // or the whole walk: run_walk(setup{seed " << setup.seed << ", frames > " << a.frame
    << "}, walk " << a.walk << ", start glm::vec3" << hex(a.start) << ")";
  return s.str();
}

void print_summary(std::FILE* out, const WalkCounts& c) {
  std::fprintf(out,
               "walks: %zu\nframes: %zu\nframes in overlap deeper than skin: %zu\n"
               "passes through a wall: %zu\nstuck walks: %zu\nmoves/s: %.0f\n",
               c.walks, c.frames, c.deep_overlap_frames, c.wall_passes, c.stuck_walks,
               c.moves_per_second());
}

}  // namespace prism_walks
