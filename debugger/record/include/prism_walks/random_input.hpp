#pragma once
/// @file random_input.hpp
/// The inputs of a seeded random walk (one of the walk sources, debugger/walk_source.hpp): a wish direction held for 0.5 to 2 seconds, then a new
/// one; now and then a jump, a pause or a run. Every number comes from a std::mt19937 and is
/// turned into floats and integers by our own arithmetic (not the standard distributions, whose
/// results differ between standard libraries), so a walk depends only on (seed, walk index).

#include <cstdint>
#include <random>

#include <glm/vec3.hpp>

#include "collision/character.hpp"

namespace prism_walks {

/// The random generator of walk `walk` of a run seeded with `seed`: each walk has its own
/// stream, so one walk can be replayed without the ones before it.
std::mt19937 walk_rng(std::uint32_t seed, std::uint32_t walk);

/// Uniform float in [0, 1) from 24 random bits.
float uniform01(std::mt19937& rng);
/// Uniform integer in [lo, hi] (inclusive; hi - lo small).
int uniform_int(std::mt19937& rng, int lo, int hi);

struct RandomInputParams {
  float frame_rate = 60.0f;     ///< frames per second the script is stepped at
  float min_hold_s = 0.5f;      ///< shortest time a wish direction is held, seconds
  float max_hold_s = 2.0f;      ///< longest time a wish direction is held, seconds
  float jumps_per_second = 0.4f;///< mean rate of jump presses
  float pause_chance = 0.1f;    ///< chance that a new segment has no wish (standing)
  float run_chance = 0.2f;      ///< chance that a new segment runs (speed_scale 2)
};

/// Generates one walk's inputs frame by frame (a text script is debugger::WalkScript). Wish
/// directions are unit vectors perpendicular to `up`, at a uniformly random angle.
class RandomInput {
 public:
  RandomInput(std::uint32_t seed, std::uint32_t walk, const glm::vec3& up,
              const RandomInputParams& params = {});

  /// The input of the next frame.
  collision::WalkInput next();

 private:
  void new_segment();

  std::mt19937 rng_;
  RandomInputParams params_;
  glm::vec3 tangent_{1.0f, 0.0f, 0.0f}, bitangent_{0.0f, 1.0f, 0.0f};
  collision::WalkInput held_;
  int frames_left_ = 0;
};

}  // namespace prism_walks
