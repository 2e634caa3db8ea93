#include "prism_walks/random_input.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

namespace prism_walks {

std::mt19937 walk_rng(std::uint32_t seed, std::uint32_t walk) {
  std::seed_seq seq{seed, walk, 0x5052534Du};  // std::seed_seq's algorithm is specified
  return std::mt19937(seq);
}

float uniform01(std::mt19937& rng) {
  return static_cast<float>(rng() >> 8) * (1.0f / 16777216.0f);
}

int uniform_int(std::mt19937& rng, int lo, int hi) {
  const auto span = static_cast<std::uint32_t>(hi - lo) + 1u;
  return lo + static_cast<int>(rng() % span);  // the bias is irrelevant for spans this small
}

RandomInput::RandomInput(std::uint32_t seed, std::uint32_t walk, const glm::vec3& up,
                       const RandomInputParams& params)
    : rng_(walk_rng(seed, walk)), params_(params) {
  const glm::vec3 u = glm::normalize(up);
  // The world axis least aligned with up gives a stable tangent.
  const glm::vec3 a = std::fabs(u.x) < 0.6f ? glm::vec3(1, 0, 0)
                      : std::fabs(u.y) < 0.6f ? glm::vec3(0, 1, 0)
                                              : glm::vec3(0, 0, 1);
  tangent_ = glm::normalize(glm::cross(u, a));
  bitangent_ = glm::cross(u, tangent_);
}

void RandomInput::new_segment() {
  const float hold = params_.min_hold_s + (params_.max_hold_s - params_.min_hold_s) * uniform01(rng_);
  frames_left_ = std::max(1, static_cast<int>(std::lround(hold * params_.frame_rate)));
  const float angle = 6.28318530718f * uniform01(rng_);
  const bool pause = uniform01(rng_) < params_.pause_chance;
  const bool run = uniform01(rng_) < params_.run_chance;
  held_.wish = pause ? glm::vec3(0.0f) : tangent_ * std::cos(angle) + bitangent_ * std::sin(angle);
  held_.speed_scale = run ? 2.0f : 1.0f;
}

collision::WalkInput RandomInput::next() {
  if (frames_left_ <= 0) new_segment();
  --frames_left_;
  collision::WalkInput in = held_;
  in.jump = uniform01(rng_) < params_.jumps_per_second / params_.frame_rate;
  return in;
}

}  // namespace prism_walks
