// bench_moves: character moves per second on real maps, one thread.
//
//   bench_moves [--walks N] [--frames F] [--repeats K] [--body sphere|capsule] [MAP...]
//                                                         (default: sphere; oa_dm1 ctf_inyard)
//
// A move here is one collision::step_character call at 60 Hz for a sphere of radius 16 (or a
// capsule of radius 16 and half height 12: Quake's 56 units tall player; gravity, jumps,
// ground probe, step-up, snap-down; robust method, 4 slide iterations max) driven by
// prism_walks' seeded random walks from the map's spawn points, exactly the walks of test_real_map_walks but with
// no checks. For comparison, the same frames' requested displacements are replayed as plain
// collision::move calls (collide-and-slide only, no character layer), and the same walks are
// stepped in place with collision::update_character (the state kept by the loop, its contact
// list's memory reused: no allocation a step), in turn with step_character's. Each figure is
// the best of K runs, timed around the move loop alone. Goal (issue 3): 1 million moves/s on oa_dm1.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "collision/character.hpp"
#include "collision/move.hpp"
#include "collision/world.hpp"
#include "collision_io/level.hpp"
#include "prism_walks/start_points.hpp"
#include "prism_walks/random_input.hpp"

namespace {

using Clock = std::chrono::steady_clock;
constexpr double kGoal = 1e6;  // moves per second on oa_dm1 (issue 3)
constexpr std::uint32_t kSeed = 20240603u;

struct Frame {
  glm::vec3 position{0.0f};      // before the frame
  glm::vec3 displacement{0.0f};  // what the character asked for this frame
};

// The displacement step_character requests for one frame before collision (its walk or air
// move), so plain move() gets the same work minus the character layer.
glm::vec3 requested(const collision::CharacterParams& p, const collision::CharacterState& s,
                    const collision::CharacterInput& in, float dt) {
  const glm::vec3 h = in.velocity - p.up * glm::dot(in.velocity, p.up);
  glm::vec3 carried = s.velocity - s.input_velocity;
  if (s.ground == collision::GroundState::kOnGround) carried = in.jump ? p.up * *p.jump_speed : glm::vec3(0.0f);
  return (h + carried - p.up * (*p.gravity * dt)) * dt;
}

collision::CharacterState placed(const collision::World& world, const collision::Body& body,
                                 const glm::vec3& at, const collision::CharacterParams& params) {
  collision::CharacterState s;
  s.position = at;
  return collision::refresh_contacts(world, body, s, params);
}

struct Result {
  std::size_t triangles = 0, spawns = 0, moves = 0;
  double character_rate = 0.0, in_place_rate = 0.0, plain_rate = 0.0;
};

Result bench_map(const std::string& name, int walks, int frames, int repeats, bool capsule) {
  const collision::io::Level level = collision::io::load_level(name);
  const collision::World world(level.mesh);
  // Quake's player is 32 wide and 56 tall: a sphere of radius 16, or a capsule of radius 16
  // and half height 12 along the level's up axis.
  const collision::Body body =
      capsule ? collision::Body::capsule(16.0f, 12.0f, level.up) : collision::Body::sphere(16.0f);
  collision::CharacterParams params;
  params.up = level.up;
  params.move.method = collision::Method::kRobust;
  params.move.max_iterations = 4;
  params = params.resolved(body);
  const float dt = 1.0f / 60.0f;
  const auto starts = prism_walks::start_points(level, world, body, params.up,
                                                static_cast<std::size_t>(walks), kSeed);
  // The inputs are generated up front so that only the moves are timed.
  std::vector<std::vector<collision::CharacterInput>> inputs(starts.size());
  for (std::size_t w = 0; w < starts.size(); ++w) {
    prism_walks::RandomInput script(kSeed, static_cast<std::uint32_t>(w), params.up);
    for (int f = 0; f < frames; ++f) inputs[w].push_back(collision::walk_input(script.next(), params, body));
  }

  Result r;
  r.triangles = world.solid_triangle_count();
  r.spawns = level.spawns.size();
  r.moves = starts.size() * static_cast<std::size_t>(frames);
  // One untimed pass records each frame's state and requested displacement for move().
  std::vector<Frame> recorded;
  recorded.reserve(r.moves);
  for (std::size_t w = 0; w < starts.size(); ++w) {
    collision::CharacterState s = placed(world, body, starts[w], params);
    for (const collision::CharacterInput& in : inputs[w]) {
      recorded.push_back({s.position, requested(params, s, in, dt)});
      s = collision::step_character(world, body, s, in, dt, params);
    }
  }
  float sink = 0.0f;  // keeps the results observable
  for (int k = 0; k < repeats; ++k) {
    const auto t0 = Clock::now();
    for (std::size_t w = 0; w < starts.size(); ++w) {
      collision::CharacterState s = placed(world, body, starts[w], params);
      for (const collision::CharacterInput& in : inputs[w]) {
        s = collision::step_character(world, body, s, in, dt, params);
      }
      sink += s.position.x;
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    r.character_rate = std::max(r.character_rate, static_cast<double>(r.moves) / seconds);
    // The same walks stepped in place (update_character, as a game loop keeps its characters:
    // no list allocated per step), timed in turn with the above.
    const auto t1 = Clock::now();
    for (std::size_t w = 0; w < starts.size(); ++w) {
      collision::CharacterState s = placed(world, body, starts[w], params);
      for (const collision::CharacterInput& in : inputs[w]) collision::update_character(world, body, s, in, dt, params);
      sink += s.position.x;
    }
    const double seconds_in_place = std::chrono::duration<double>(Clock::now() - t1).count();
    r.in_place_rate = std::max(r.in_place_rate, static_cast<double>(r.moves) / seconds_in_place);
  }
  for (int k = 0; k < repeats; ++k) {
    const auto t0 = Clock::now();
    for (const Frame& f : recorded) {
      sink += collision::move(world, body, f.position, f.displacement, params.move).position.y;
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    r.plain_rate = std::max(r.plain_rate, static_cast<double>(recorded.size()) / seconds);
  }
  volatile float observed = sink;
  (void)observed;
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  int walks = 200, frames = 600, repeats = 3;
  bool capsule = false;
  std::vector<std::string> maps;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--walks" && has_value) walks = std::atoi(argv[++i]);
    else if (a == "--frames" && has_value) frames = std::atoi(argv[++i]);
    else if (a == "--repeats" && has_value) repeats = std::atoi(argv[++i]);
    else if (a == "--body" && has_value && (std::string(argv[i + 1]) == "sphere" || std::string(argv[i + 1]) == "capsule")) {
      capsule = std::string(argv[++i]) == "capsule";
    } else if (a.rfind("--", 0) == 0) {
      std::fprintf(stderr, "usage: bench_moves [--walks N] [--frames F] [--repeats K] [--body sphere|capsule] [MAP...]\n");
      return 2;
    } else maps.push_back(a);
  }
  if (walks < 1 || frames < 1 || repeats < 1) {
    std::fprintf(stderr, "bench_moves: --walks, --frames and --repeats must be >= 1\n");
    return 2;
  }
  if (maps.empty()) maps = {"oa_dm1", "ctf_inyard"};
  std::printf("bench_moves: %s, robust method, 4 slide iterations max, dt = 1/60 s,\n"
              "%d walks x %d frames per map from the spawn points (seed %u), one thread, best of %d, %s traversal\n\n",
              capsule ? "capsule r = 16, half height 12" : "sphere r = 16", walks, frames, kSeed, repeats,
              collision::bvh_uses_avx2() ? "8-wide AVX2" : "4-wide SSE");
  std::printf("%-12s %9s %7s %9s %18s %14s %16s %17s %16s\n", "map", "triangles", "spawns", "moves",
              "character moves/s", "plain move/s", "vs goal 1M/s", "in place moves/s", "in place vs 1M/s");
  try {
    for (const std::string& m : maps) {
      const Result r = bench_map(m, walks, frames, repeats, capsule);
      std::printf("%-12s %9zu %7zu %9zu %18.0f %14.0f %15.2fx %17.0f %15.2fx\n", m.c_str(), r.triangles, r.spawns,
                  r.moves, r.character_rate, r.plain_rate, r.character_rate / kGoal, r.in_place_rate,
                  r.in_place_rate / kGoal);
      std::fflush(stdout);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_moves: %s\n", e.what());
    return 1;
  }
  return 0;
}
