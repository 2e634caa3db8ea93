// bench_batch: the batch API (collision/batch.hpp) on 1, 2, ... threads: swept spheres, rays
// and character steps per second, and the scaling over one thread.
//
//   bench_batch [--queries N] [--characters C] [--frames F] [--repeats K] [MAP...]
//                                                    (default oa_dm1 ctf_inyard)
//
// Queries: N random segments in the map's bounds (moves up to 256 units), radius 16. Characters:
// C characters spread over the spawn points, each stepped F frames at 60 Hz with random walk
// velocities (320 units/s) and a jump now and then; a step is one step_character. Each figure
// is the best of K runs (default 15), the thread counts taking turns within each run. Goal
// (issue 12): >= 1.8x on this machine's 2 cores. (A character frame is now about 0.15 ms on
// two threads: with 5 runs, one disturbed run of the two-thread side could still be the best
// it had, and the character column moved between 1.3x and 1.9x; with 15 it holds 1.8x-1.9x.)
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "collision/batch.hpp"
#include "collision/world.hpp"
#include "collision_io/level.hpp"

namespace {

using Clock = std::chrono::steady_clock;

template <class F>
double seconds(const F& f) {
  const auto t0 = Clock::now();
  f();
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

void bench_map(const std::string& name, std::size_t n, std::size_t characters, int frames, int repeats,
               const std::vector<unsigned>& thread_counts) {
  const collision::io::Level level = collision::io::load_level(name);
  const collision::World world(level.mesh);
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> u(0.0f, 1.0f), d(-1.0f, 1.0f);
  const collision::Aabb b = world.bounds();
  std::vector<collision::SegmentQuery> queries(n);
  for (auto& q : queries) {
    q.origin = b.min + glm::vec3(u(rng), u(rng), u(rng)) * (b.max - b.min);
    q.delta = glm::vec3(d(rng), d(rng), d(rng)) * 148.0f;
  }
  const collision::Body body = collision::Body::sphere(16.0f);
  collision::CharacterParams params;
  params.up = level.up;
  params = params.resolved(body);
  std::vector<collision::CharacterState> start(characters);
  for (std::size_t i = 0; i < characters; ++i) {
    start[i].position = level.spawns[i % level.spawns.size()].origin;
    start[i] = collision::refresh_contacts(world, body, start[i], params);
  }
  std::vector<std::vector<collision::CharacterInput>> inputs(static_cast<std::size_t>(frames),
                                                             std::vector<collision::CharacterInput>(characters));
  for (auto& frame : inputs) {
    for (auto& in : frame) {
      in.velocity = glm::vec3(d(rng), d(rng), d(rng)) * 320.0f;
      in.jump = u(rng) < 0.02f;
    }
  }
  std::vector<collision::SweepHit> sweeps(n);
  std::vector<collision::RayHit> rays(n);
  std::printf("%s: %zu triangles, %zu queries, %zu characters x %d frames\n", name.c_str(),
              level.mesh.triangle_count(), n, characters, frames);
  std::printf("  %-8s %14s %8s %14s %8s %16s %8s\n", "threads", "sweeps/s", "scale", "rays/s", "scale",
              "char steps/s", "scale");
  // The thread counts take turns within each repeat (1, 2, ..., 1, 2, ...), each keeping its
  // best: a change of the machine's load then hits every count alike, not one column.
  std::vector<std::array<double, 3>> best(thread_counts.size(), {1e300, 1e300, 1e300});
  for (int k = 0; k < repeats; ++k) {
    for (std::size_t i = 0; i < thread_counts.size(); ++i) {
      const unsigned t = thread_counts[i];
      auto& rb = best[i];
      rb[0] = std::min(rb[0], seconds([&] { collision::sweep_sphere_batch(world, 16.0f, queries, sweeps, {}, t); }));
      rb[1] = std::min(rb[1], seconds([&] { collision::raycast_batch(world, queries, rays, t); }));
      rb[2] = std::min(rb[2], seconds([&] {
        std::vector<collision::CharacterState> states = start;
        for (const auto& frame : inputs) collision::step_characters(world, body, states, frame, 1.0f / 60.0f, params, t);
      }));
    }
  }
  double base[3] = {0, 0, 0};
  for (std::size_t i = 0; i < thread_counts.size(); ++i) {
    const double rates[3] = {static_cast<double>(n) / best[i][0], static_cast<double>(n) / best[i][1],
                             static_cast<double>(characters) * frames / best[i][2]};
    if (base[0] == 0.0) std::copy(rates, rates + 3, base);
    std::printf("  %-8u %14.0f %7.2fx %14.0f %7.2fx %16.0f %7.2fx\n", thread_counts[i], rates[0], rates[0] / base[0],
                rates[1], rates[1] / base[1], rates[2], rates[2] / base[2]);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t queries = 200000, characters = 256;
  int frames = 120, repeats = 15;
  std::vector<std::string> maps;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto value = [&](const char* flag) {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "bench_batch: %s needs a value\n", flag);
        std::exit(2);
      }
      return std::strtol(argv[++i], nullptr, 10);
    };
    if (a == "--queries") queries = static_cast<std::size_t>(std::max(1L, value("--queries")));
    else if (a == "--characters") characters = static_cast<std::size_t>(std::max(1L, value("--characters")));
    else if (a == "--frames") frames = static_cast<int>(std::max(1L, value("--frames")));
    else if (a == "--repeats") repeats = static_cast<int>(std::max(1L, value("--repeats")));
    else maps.push_back(a);
  }
  if (maps.empty()) maps = {"oa_dm1", "ctf_inyard"};
  std::vector<unsigned> threads = {1};
  for (unsigned t = 2; t <= std::max(2u, std::thread::hardware_concurrency()); t *= 2) threads.push_back(t);
  std::printf("bench_batch: hardware threads %u, %s traversal\n", std::thread::hardware_concurrency(),
              collision::bvh_uses_avx2() ? "8-wide AVX2" : "4-wide SSE");
  try {
    for (const std::string& m : maps) bench_map(m, queries, characters, frames, repeats, threads);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_batch: %s\n", e.what());
    return 1;
  }
  return 0;
}
