// bench_recording: what the recorder (collision/recording.hpp) costs a game on one thread
// (docs/benchmarks.md, "Recording"). On a map: rays and radius-16 sphere sweeps from uniform
// points of its box (the same 100,000 each way), and character steps in place (update_character,
// prism_walks' random walks from the spawn points), timed with no recorder attached and while
// recording (a frame every 1,000 queries, or every step of all walks); best of --reps runs each,
// taken in turn, in the game thread's CPU time (the writer thread works on another core). Prints ns a query and ns / % a step, and the ns recording adds.
//
//   bench_recording [--queries 100000] [--walks 50] [--frames 600] [--reps 5] [--file PATH]
//                   [--only off|on] [MAP]
//
// --only runs one side (for instruction counts under callgrind, which this machine's load does
// not disturb: `valgrind --tool=callgrind '--toggle-collect=collision::update_character*'
// bench_recording --queries 1 --walks 10 --frames 300 --reps 1 --only on`, then `--only off`).
//
// MAP: an OpenArena map name (default oa_dm1). The recording goes to --file (default
// /tmp/bench_recording.prec), written by the recorder's own thread.
#include <algorithm>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "collision/character.hpp"
#include "collision/queries.hpp"
#include "collision/recording.hpp"
#include "collision/world.hpp"
#include "collision_io/level.hpp"
#include "prism_walks/random_input.hpp"
#include "prism_walks/start_points.hpp"

namespace {

struct Segment {
  glm::vec3 origin, delta;
};

std::vector<Segment> uniform_segments(const collision::World& world, int n) {
  std::mt19937 rng(11);
  const collision::Aabb b = world.bounds();
  std::uniform_real_distribution<float> u(0.0f, 1.0f), d(-64.0f, 64.0f);
  std::vector<Segment> out(static_cast<std::size_t>(n));
  for (Segment& s : out) {
    s.origin = b.min + (b.max - b.min) * glm::vec3(u(rng), u(rng), u(rng));
    s.delta = {d(rng), d(rng), d(rng)};
  }
  return out;
}

// The calling thread's CPU seconds: the game thread's cost, not the recorder's writer thread's
// (which runs on another core) nor other processes'.
double thread_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// Thread CPU seconds for `work`, with a recorder recording (frames of `per_frame` items) or none.
template <class Work>
double timed(collision::Recorder* recorder, std::size_t items, std::size_t per_frame, const Work& work) {
  const double t0 = thread_seconds();
  for (std::size_t i = 0; i < items; i += per_frame) {
    if (recorder) recorder->begin_frame(static_cast<double>(i));
    const std::size_t end = std::min(items, i + per_frame);
    for (std::size_t k = i; k < end; ++k) work(k);
    if (recorder) recorder->end_frame();
  }
  return thread_seconds() - t0;
}

}  // namespace

int main(int argc, char** argv) {
  int queries = 100000, walks = 50, frames = 600, reps = 5;
  std::string file = "/tmp/bench_recording.prec", map = "oa_dm1", only;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool more = i + 1 < argc;
    if (a == "--queries" && more) queries = std::atoi(argv[++i]);
    else if (a == "--walks" && more) walks = std::atoi(argv[++i]);
    else if (a == "--frames" && more) frames = std::atoi(argv[++i]);
    else if (a == "--reps" && more) reps = std::atoi(argv[++i]);
    else if (a == "--file" && more) file = argv[++i];
    else if (a == "--only" && more) only = argv[++i];
    else if (a[0] != '-') map = a;
    else {
      std::fprintf(stderr, "bench_recording: unknown option '%s'\n", a.c_str());
      return 1;
    }
  }
  if (queries < 1 || walks < 1 || frames < 1 || reps < 1) {
    std::fprintf(stderr, "bench_recording: counts must be at least 1\n");
    return 1;
  }
  try {
    const collision::io::Level level = collision::io::load_level(map);
    const collision::World world(level.mesh);
    const std::vector<Segment> segments = uniform_segments(world, queries);
    const collision::Body body = collision::Body::sphere(16.0f);
    collision::CharacterParams params;
    params.up = level.up;
    params = params.resolved(body);
    const float dt = 1.0f / 60.0f;
    const auto starts = prism_walks::start_points(level, world, body, params.up, static_cast<std::size_t>(walks), 7);
    std::vector<std::vector<collision::CharacterInput>> inputs(starts.size());
    for (std::size_t w = 0; w < starts.size(); ++w) {
      prism_walks::RandomInput script(7, static_cast<std::uint32_t>(w), params.up);
      for (int f = 0; f < frames; ++f) inputs[w].push_back(collision::walk_input(script.next(), params, body));
    }

    float sink = 0.0f;
    const auto rays = [&](std::size_t k) { sink += collision::raycast(world, segments[k].origin, segments[k].delta).t; };
    const auto sweeps = [&](std::size_t k) {
      sink += collision::sweep_sphere(world, segments[k].origin, 16.0f, segments[k].delta).toi;
    };
    // All walks' frame f, then f + 1: a frame steps every character once, as a game does.
    std::vector<collision::CharacterState> states(starts.size());
    const auto reset = [&] {
      for (std::size_t w = 0; w < starts.size(); ++w) {
        states[w] = collision::CharacterState{};
        states[w].position = starts[w];
        states[w] = collision::refresh_contacts(world, body, states[w], params);
      }
    };
    const auto steps = [&](std::size_t k) {
      const std::size_t w = k % starts.size(), f = k / starts.size();
      collision::update_character(world, body, states[w], inputs[w][f], dt, params);
      sink += states[w].position.x;
    };
    const std::size_t step_count = starts.size() * static_cast<std::size_t>(frames);

    double best[3][2] = {{1e9, 1e9}, {1e9, 1e9}, {1e9, 1e9}};  // rays, sweeps, steps x off, on
    std::size_t bytes = 0;
    for (int r = 0; r < reps; ++r) {
      for (int on = 0; on < 2; ++on) {
        if ((only == "on" && !on) || (only == "off" && on)) continue;
        collision::Recorder recorder(file);
        if (on) recorder.attach(world);
        collision::Recorder* rec = on ? &recorder : nullptr;
        best[0][on] = std::min(best[0][on], timed(rec, segments.size(), 1000, rays));
        best[1][on] = std::min(best[1][on], timed(rec, segments.size(), 1000, sweeps));
        reset();
        best[2][on] = std::min(best[2][on], timed(rec, step_count, starts.size(), steps));
        if (on) bytes = recorder.status().bytes_written;
      }
    }
    std::printf("bench_recording on %s: %d rays, %d sphere sweeps, %zu character steps (%zu walks x %d frames); best of %d\n\n",
                map.c_str(), queries, queries, step_count, starts.size(), frames, reps);
    std::printf("| call | no recorder | recording | added |\n|---|---|---|---|\n");
    // A side not run (--only) prints "-", and so does the difference.
    const bool ran_off = only != "on", ran_on = only != "off";
    const auto cell = [](bool ran, double ns) {
      char text[32];
      if (ran) std::snprintf(text, sizeof text, "%.1f ns", ns);
      else std::snprintf(text, sizeof text, "-");
      return std::string(text);
    };
    const char* names[3] = {"raycast", "sweep_sphere r16", "update_character"};
    for (int q = 0; q < 3; ++q) {
      const double n = q < 2 ? static_cast<double>(queries) : static_cast<double>(step_count);
      const double off = best[q][0] / n * 1e9, on = best[q][1] / n * 1e9;
      std::string added = cell(ran_off && ran_on, on - off);
      if (q == 2 && ran_off && ran_on) {
        char pct[32];
        std::snprintf(pct, sizeof pct, " (%.1f%%)", 100.0 * (on - off) / off);
        added += pct;
      }
      std::printf("| %s | %s | %s | %s |\n", names[q], cell(ran_off, off).c_str(), cell(ran_on, on).c_str(),
                  added.c_str());
    }
    std::printf("\nrecording of the last run: %zu bytes (checksum %g)\n", bytes, static_cast<double>(sink));
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_recording: %s\n", e.what());
    return 1;
  }
}
