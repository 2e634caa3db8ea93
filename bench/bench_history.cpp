// bench_history: the debugger's frame history over an hour at 60 Hz (216,000 frames) of the
// default scene's tour, walked again and again. Prints the history's memory (goal: under
// 50 MB) and the time to show a random frame, as the live view does: its state from the
// keyframe before it plus the frame re-run with a Trace (goal: under 50 ms).
//   bench_history [FRAMES]        (default 216000)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "debugger/scene.hpp"
#include "debugger/session.hpp"
#include "debugger/walk_script.hpp"

int main(int argc, char** argv) {
  const int frames = argc > 1 ? std::atoi(argv[1]) : 216'000;
  const debugger::Scene scene = debugger::load_scene("default");
  const debugger::SessionConfig config = debugger::spawn_config(scene);
  debugger::Session session(*scene.world, config, scene.movers);
  const debugger::WalkScript walk = debugger::parse_walk_script(scene.default_walk);
  const int loop = static_cast<int>(walk.duration() / config.dt);

  using Clock = std::chrono::steady_clock;
  const Clock::time_point t0 = Clock::now();
  int on_ground = 0;
  for (int f = 0; f < frames; ++f)
    on_ground += session.push(debugger::walk_input(walk, f % loop, config.dt, scene.up, config.start_yaw)).ground ==
                 collision::GroundState::kOnGround;
  const double record_s = std::chrono::duration<double>(Clock::now() - t0).count();

  // The live view also keeps four floats a frame for the timeline plots.
  const double timeline_bytes = 4.0 * sizeof(float) * frames;
  const double mb = (static_cast<double>(session.memory_bytes()) + timeline_bytes) / (1024.0 * 1024.0);

  std::mt19937 rng(42);
  std::uniform_int_distribution<int> pick(0, frames - 1);
  std::vector<double> ms;
  collision::Trace trace;
  for (int i = 0; i < 2000; ++i) {
    const int f = pick(rng);
    const Clock::time_point a = Clock::now();
    const collision::CharacterState before = session.state_at(f);
    const collision::CharacterState after = session.retrace(f, trace);
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - a).count());
    if (before.position == after.position && f < 0) std::puts("");  // keep both alive
  }
  std::sort(ms.begin(), ms.end());
  double mean = 0.0;
  for (double v : ms) mean += v;
  mean /= static_cast<double>(ms.size());
  const double p99 = ms[ms.size() * 99 / 100], worst = ms.back();

  std::printf("history: %d frames (%.1f min at 60 Hz) of the default tour, recorded in %.2f s (%.1f us/frame)\n", frames,
              frames / 3600.0, record_s, record_s * 1e6 / frames);
  const glm::vec3 end = session.last_state().position;
  std::printf("the body ends at %.2f %.2f %.2f, on the ground %.1f%% of the frames\n", static_cast<double>(end.x),
              static_cast<double>(end.y), static_cast<double>(end.z), 100.0 * on_ground / frames);
  std::printf("memory: %.2f MB (session %.2f MB + timeline %.2f MB); goal 50 MB: %.3f of the goal\n", mb,
              static_cast<double>(session.memory_bytes()) / (1024.0 * 1024.0), timeline_bytes / (1024.0 * 1024.0), mb / 50.0);
  std::printf("jump to a random frame (state from keyframe + traced re-run), 2000 jumps: mean %.3f ms, p99 %.3f ms, "
              "worst %.3f ms; goal 50 ms: worst is %.4f of the goal\n",
              mean, p99, worst, worst / 50.0);
  return mb < 50.0 && worst < 50.0 ? 0 : 1;
}
