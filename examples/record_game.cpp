// record_game: hello_character's game loop with the recorder on. A player walks a circle, three
// bots walk theirs (one step_characters batch), and THREADS worker threads cast a few hundred
// line-of-sight rays and sweeps a frame, every call labelled; then
// `prism-query recording FILE --check` re-runs the lot.
//
//   record_game [LEVEL [FILE [FRAMES [THREADS]]]]
//
// LEVEL: any spec collision::io::load_level takes (default assets/default_scene.obj); FILE: the
// recording (default record_game.prec); FRAMES at 60 Hz (default 600); THREADS (default 4).
#include <barrier>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <glm/geometric.hpp>

#include "collision/batch.hpp"
#include "collision/character.hpp"
#include "collision/recording.hpp"
#include "collision/world.hpp"
#include "collision_io/level.hpp"

namespace {

// Two unit vectors across `up`: the level's horizontal plane.
std::pair<glm::vec3, glm::vec3> horizontal_axes(const glm::vec3& up) {
  const glm::vec3 a = std::abs(up.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
  const glm::vec3 side = glm::normalize(a - up * glm::dot(a, up));
  return {side, glm::cross(up, side)};
}

// A reproducible number in [0, 1) for (frame, thread, index): the rays are the same every run.
float noise(unsigned frame, unsigned thread, unsigned i) {
  unsigned x = frame * 73856093u ^ thread * 19349663u ^ i * 83492791u;
  x ^= x >> 13;
  x *= 0x5bd1e995u;
  x ^= x >> 15;
  return static_cast<float>(x & 0xFFFFFFu) / 16777216.0f;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::string spec = argc > 1 ? argv[1] : "assets/default_scene.obj";
    const std::string path = argc > 2 ? argv[2] : "record_game.prec";
    const int frames = argc > 3 ? std::atoi(argv[3]) : 600;
    const unsigned threads = argc > 4 ? static_cast<unsigned>(std::atoi(argv[4])) : 4u;
    if (frames < 1 || threads < 1) throw std::invalid_argument("FRAMES and THREADS must be at least 1");

    collision::io::Level level = collision::io::load_level(spec);
    const glm::vec3 up = level.up;
    std::vector<glm::vec3> spawns;
    for (const auto& s : level.spawns) spawns.push_back(s.origin);
    if (spawns.empty()) spawns.push_back(up);
    const collision::World world(std::move(level.mesh));
    const collision::Body body = level.quake_map ? collision::Body::capsule(15.0f, 13.0f, up)
                                                 : collision::Body::capsule(0.3f, 0.5f, up);
    const float reach = level.quake_map ? 1024.0f : 20.0f;  // how far the rays look
    collision::CharacterParams params;
    params.up = up;
    const auto axes = horizontal_axes(up);  // not a structured binding: the workers capture them
    const glm::vec3 side = axes.first, forward = axes.second;

    collision::Recorder recorder(path);  // throws, naming the file, when it cannot be created
    recorder.attach(world);

    // The player, and three bots stepped as one batch, each placed on its spawn point.
    collision::CharacterState player;
    player.position = spawns[0];
    std::vector<collision::CharacterState> bots(3);
    std::vector<collision::CharacterInput> bot_inputs(bots.size());
    recorder.begin_frame(0.0);  // the placements are frame 0
    {
      const collision::RecordingLabel label("spawn");
      player = collision::refresh_contacts(world, body, player, params);
      for (std::size_t i = 0; i < bots.size(); ++i) {
        bots[i].position = spawns[(i + 1) % spawns.size()];
        bots[i] = collision::refresh_contacts(world, body, bots[i], params);
      }
    }
    recorder.end_frame();

    // Workers cast their share of 300 rays and 30 sweeps a frame from the player's eyes.
    constexpr float kDt = 1.0f / 60.0f;
    std::barrier sync(static_cast<std::ptrdiff_t>(threads) + 1);
    int frame = 0;
    glm::vec3 eye{0.0f};  // set by the main thread before each frame's start, read by the workers
    std::vector<std::thread> workers;
    for (unsigned t = 0; t < threads; ++t) {
      workers.emplace_back([&, t] {
        collision::Recorder::set_thread_label("bot " + std::to_string(t) + " line of sight");
        for (;;) {
          sync.arrive_and_wait();  // the frame starts
          if (frame > frames) return;
          for (unsigned i = t; i < 330; i += threads) {
            const float a = 6.2831853f * noise(static_cast<unsigned>(frame), t, i);
            const float tilt = noise(static_cast<unsigned>(frame), t, i + 1000) - 0.5f;
            const glm::vec3 dir = std::cos(a) * side + std::sin(a) * forward + tilt * up;
            if (i < 300) collision::raycast(world, eye, dir * reach);
            else collision::sweep_sphere(world, eye, body.min_radius() * 0.5f, dir * reach * 0.25f);
          }
          sync.arrive_and_wait();  // the frame's calls are done
        }
      });
    }
    for (frame = 1; frame <= frames; ++frame) {
      recorder.begin_frame(frame * static_cast<double>(kDt));
      eye = player.position + up * body.extent_along(up);  // the player moves while the rays fly
      sync.arrive_and_wait();
      {
        const collision::RecordingLabel label("player");
        collision::WalkInput walk;
        const float a = static_cast<float>(frame) * kDt * 0.7f;
        walk.wish = std::cos(a) * side + std::sin(a) * forward;
        walk.jump = frame % 120 == 0;
        collision::update_character(world, body, player, collision::walk_input(walk, params, body), kDt, params);
      }
      {
        const collision::RecordingLabel label("bots");
        for (std::size_t i = 0; i < bots.size(); ++i) {
          collision::WalkInput walk;
          const float a = static_cast<float>(frame + 40 * static_cast<int>(i)) * kDt * -0.9f;
          walk.wish = std::cos(a) * side + std::sin(a) * forward;
          bot_inputs[i] = collision::walk_input(walk, params, body);
        }
        collision::step_characters(world, body, bots, bot_inputs, kDt, params, 2);
      }
      sync.arrive_and_wait();
      recorder.end_frame();
    }
    sync.arrive_and_wait();  // frame > frames: the workers leave
    for (std::thread& w : workers) w.join();

    const collision::RecorderStatus status = recorder.status();
    std::printf("recorded %llu frames (%llu dropped) of %s into %s; the player stands at (%.3f, %.3f, %.3f)\n",
                static_cast<unsigned long long>(status.frames_recorded),
                static_cast<unsigned long long>(status.frames_dropped), spec.c_str(), path.c_str(),
                player.position.x, player.position.y, player.position.z);
    if (!status.ok) {
      std::fprintf(stderr, "record_game: %s\n", status.error.c_str());
      return 1;
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "record_game: %s\n", e.what());
    return 1;
  }
}
