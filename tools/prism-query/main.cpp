// prism-query: collision queries and moves against a level from the command line.
//
//   prism-query sweep --sphere R LEVEL [QUERIES]      one line per query:
//       hit,toi,px,py,pz,nx,ny,nz,triangle,start_overlap
//   prism-query sweep --ellipsoid RX,RY,RZ LEVEL [QUERIES]
//   prism-query sweep --box HX,HY,HZ LEVEL [QUERIES]      a box of these half extents
//   prism-query sweep --capsule R,HALF LEVEL [QUERIES] [--up x|y|z]   a capsule along up
//       (default z for Quake maps, y otherwise); a query's point is the body's centre
//   prism-query ray LEVEL [QUERIES]                   hit,t,px,py,pz,nx,ny,nz,triangle
//   prism-query random LEVEL --count N --seed S       writes N random queries x,y,z,dx,dy,dz
//   prism-query move --sphere R LEVEL [QUERIES]       one collide-and-slide move (no gravity)
//       per query: x,y,z,iterations   (--trace FILE: each move's Trace as a JSON line,
//       docs/trace-format.md)
//   prism-query walk --sphere R LEVEL --walks N --frames F --seed S
//       seeded random walks with gravity from the spawn points (or random free points):
//       walk,frame,x,y,z,on_ground per frame; summary on stderr
//   prism-query character MESH --script FILE [--sphere R | --ellipsoid RX,RY,RZ] [--hz H]
//       [--gravity G] [--jump-speed V] [--max-slope DEG] [--step H] [--min-step-forward F]
//       [--snap D] [--skin S] [--recovery K] [--start X,Y,Z]: a scripted character run, script
//       lines `FRAMES VX VY VZ [jump]`; per frame
//       frame,x,y,z,vx,vy,vz,ground,gnx,gny,gnz,contacts
//   prism-query recording FILE [--check | --characters]   a collision::Recorder recording:
//       its summary; --check re-runs every call and lists those whose result differs (exit 1
//       if any); --characters prints frame,character,x,y,z per character step; --export
//       FRAME[:CALL] --out DIR writes those calls with the triangles within their reach as a case
//   prism-query replay CASE   re-runs a case folder's calls (or a recording's); exit 1 if any differs
//   move, walk and character take --ellipsoid RX,RY,RZ, --method robust|offset-prism|sphere-classify,
//   --max-iterations N (default 4) and --up x|y|z (default z for Quake maps, y otherwise).
//
// QUERIES is a CSV file of `x,y,z,dx,dy,dz` lines, or stdin when absent or "-".
// Coordinates are the level's own. --stats prints triangle count, BVH build time and the
// query rate (timed around the query loop alone) to stderr.
#include <cstdio>
#include <exception>
#include <string>

#include <CLI/CLI.hpp>

#include "character_command.hpp"
#include "commands_2d.hpp"
#include "collision/domain.hpp"
#include "file_output/atomic_file.hpp"

#include "level_args.hpp"
#include "move_command.hpp"
#include "query_commands.hpp"
#include "recording_command.hpp"
#include "walk_command.hpp"

int main(int argc, char** argv) {
  using namespace prism_query;
  CLI::App app{"prism-query: collision queries against a mesh or Quake 3 map"};
  app.require_subcommand(1);

  LevelArgs sweep_c, ray_c, random_c, move_c, walk_c;
  BodyArgs sweep_b, move_b, walk_b;
  bool one_sided = false;
  SweepShapeArgs sweep_s;
  auto* sweep = app.add_subcommand("sweep", "swept sphere, ellipsoid, box or capsule per query line");
  add_level_args(sweep, sweep_c, true);
  add_body_args(sweep, sweep_b);
  add_sweep_shape_args(sweep, sweep_s, sweep_b);
  sweep->add_flag("--one-sided", one_sided, "ignore triangles approached from behind");

  auto* ray = app.add_subcommand("ray", "segment cast per query line");
  add_level_args(ray, ray_c, true);

  long long count = 1000;
  unsigned seed = 1;
  float max_move = 64.0f;
  auto* random = app.add_subcommand("random", "write random queries inside the level's bounds");
  add_level_args(random, random_c, false);
  random->add_option("--count", count, "number of queries (0 to 1e9)")
      ->check(CLI::Range(0LL, 1'000'000'000LL));
  random->add_option("--seed", seed, "random seed");
  // Not CLI::PositiveNumber: it lets NaN through and words its error with DBL_MAX in full.
  random->add_option("--max-move", max_move, "longest move, in level units (0 < L <= 2^40)")
      ->check(CLI::Validator(
          [](const std::string& text) -> std::string {
            float v = 0.0f;
            try {
              std::size_t used = 0;
              v = std::stof(text, &used);
              if (used != text.size()) return "'" + text + "' is not a number";
            } catch (const std::exception&) {
              return "'" + text + "' is not a number in float's range";
            }
            if (!(v > 0.0f && v <= collision::kMaxMoveLength)) {
              return "'" + text + "' must be a positive length of at most 2^40 (about 1.1e12, " +
                     "the collision core's input domain)";
            }
            return {};
          },
          "LENGTH", "positive length"));

  MotionArgs move_m, walk_m;
  std::string trace_path;
  auto* move = app.add_subcommand("move", "one collide-and-slide move (no gravity) per query line");
  add_level_args(move, move_c, true);
  add_body_args(move, move_b);
  add_motion_args(move, move_m);
  move->add_option("--trace", trace_path, "write each move's trace as one JSON object per line");

  WalkArgs walk_w;
  auto* walk = app.add_subcommand("walk", "seeded random walks with gravity, every frame as CSV");
  add_level_args(walk, walk_c, false);
  add_body_args(walk, walk_b);
  add_motion_args(walk, walk_m);
  // Every walk's start point is found and kept before the walks run (12 bytes each): capped.
  walk->add_option("--walks", walk_w.walks, "number of walks (default 10, at most 1000000)")
      ->check(CLI::Validator(
          [](const std::string& text) -> std::string {
            long long n = 0;
            try {
              std::size_t used = 0;
              n = std::stoll(text, &used);
              if (used != text.size()) return "'" + text + "' is not an integer";
            } catch (const std::exception&) {
              return "'" + text + "' is not an integer";
            }
            if (n < 1) return "needs at least 1 walk";
            if (n > 1'000'000) {
              return "at most 1000000 walks (their start points are kept in memory: " + text +
                     " would need about " + std::to_string(n * 12 / 1'000'000) + " MB)";
            }
            return {};
          },
          "N", "walk count"));
  walk->add_option("--frames", walk_w.frames, "frames per walk at 60 Hz (default 600)")
      ->check(CLI::Range(1, 100000000));
  walk->add_option("--seed", walk_w.seed, "random seed (default 1)");

  LevelArgs character_c;
  BodyArgs character_b;
  MotionArgs character_m;
  CharacterArgs character_a;
  auto* character = app.add_subcommand("character", "a scripted character run (velocity segments), every frame as CSV");
  add_level_args(character, character_c, false);
  add_body_args(character, character_b);
  add_motion_args(character, character_m);
  add_character_args(character, character_a);
  RecordingArgs recording_a;
  auto* recording = app.add_subcommand("recording", "a game's recording: summary, --check (re-run), --characters");
  add_recording_args(recording, recording_a);
  std::string replay_path;
  auto* replay = app.add_subcommand("replay", "re-run a case folder (recording --export) and compare its results; exit 1 if any differs");
  add_replay_args(replay, replay_path);
  Commands2d commands_2d;  // sector, segments, walk2d (commands_2d.hpp)
  add_2d_commands(app, commands_2d);

  CLI11_PARSE(app, argc, argv);
  try {
    int status = 1;
    if (sweep->parsed()) status = run_sweep(sweep_c, sweep_b, sweep_s, one_sided);
    else if (ray->parsed()) status = run_ray(ray_c);
    else if (random->parsed()) status = run_random(random_c, static_cast<std::size_t>(count), seed, max_move);
    else if (move->parsed()) status = run_move(move_c, move_b, move_m, trace_path);
    else if (walk->parsed()) status = run_walk_command(walk_c, walk_b, walk_m, walk_w);
    else if (character->parsed()) status = run_character(character_c, character_b, character_m, character_a);
    else if (recording->parsed()) {
      recording_a.command = "prism-query";
      for (int i = 1; i < argc; ++i) recording_a.command += std::string(" ") + argv[i];
      status = run_recording(recording_a);
    } else if (replay->parsed()) status = run_replay(replay_path);
    else run_2d_commands(commands_2d, status);
    // A full disk or /dev/full shows up here, at the last flush: never exit 0 on lost output.
    file_output::check_stdout();
    return status;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "prism-query: %s\n", e.what());
    return 1;
  }
  return 1;
}
