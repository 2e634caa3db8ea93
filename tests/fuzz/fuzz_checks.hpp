#pragma once
// What every whole-pipeline fuzz target checks after a query, a move or a character step:
// an answer is either flagged invalid_input (or an std::invalid_argument) or finite and inside
// its documented range. A violation aborts, so libFuzzer keeps the input as a crash.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "collision/character.hpp"
#include "collision/domain.hpp"
#include "collision/move.hpp"
#include "collision/queries.hpp"
#include "collision_io/level.hpp"
#include "tiny_map.hpp"

namespace prism_fuzz {

[[noreturn]] inline void fail(const char* what) {
  std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
  std::abort();
}

inline bool finite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

inline bool unit(const glm::vec3& v) {
  const float l = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
  return std::fabs(l - 1.0f) < 1e-3f;
}

inline void check(const collision::SweepHit& h) {
  if (h.invalid_input) {
    if (h.hit) fail("sweep: invalid input reported as a hit");
    return;
  }
  if (!(h.toi >= 0.0f && h.toi <= 1.0f)) fail("sweep: toi outside [0, 1]");
  if (!h.hit) return;
  if (!finite(h.point) || !unit(h.normal)) fail("sweep: hit with a non-finite point or a non-unit normal");
  if (!std::isfinite(h.penetration) || h.penetration < 0.0f) fail("sweep: bad penetration");
}

inline void check(const collision::RayHit& h) {
  if (h.invalid_input) {
    if (h.hit) fail("ray: invalid input reported as a hit");
    return;
  }
  if (!(h.t >= 0.0f && h.t <= 1.0f)) fail("ray: t outside [0, 1]");
  if (h.hit && (!finite(h.point) || !unit(h.normal))) fail("ray: hit with a non-finite point or normal");
}

inline void check(const collision::MoveResult& r) {
  if (!finite(r.position)) fail("move: non-finite position");
  if (r.iterations < 0) fail("move: negative iteration count");
}

inline void check(const collision::CharacterState& s) {
  if (!finite(s.position) || !finite(s.velocity)) fail("character: non-finite state");
}

/// A seed from the input's size and its last 64 bytes (so that the queries follow a mutation).
inline std::uint32_t seed_of(const std::uint8_t* data, std::size_t size) {
  auto seed = static_cast<std::uint32_t>(size);
  for (std::size_t i = 0; i < size && i < 64; ++i) seed = seed * 31u + data[size - 1 - i];
  return seed;
}

/// Queries placed from a level's own bounds: points in the bounds grown by `margin` times their
/// extent on every side, moves of normal components with deviation `reach` times the largest
/// extent (at least `min_scale`). A level with no solid triangle gets a 128-unit cube.
struct Placement {
  Placement(const collision::World& world, std::uint32_t seed, float margin, float reach, float min_scale)
      : rng(seed), u(-margin, 1.0f + margin) {
    const collision::Aabb box = world.bounds();
    lo = box.empty() ? glm::vec3(-64.0f) : box.min;
    ext = box.empty() ? glm::vec3(128.0f) : box.extent();
    scale = std::max({ext.x, ext.y, ext.z, min_scale});
    step = reach * scale;
  }
  glm::vec3 point() { return lo + glm::vec3(u(rng), u(rng), u(rng)) * ext; }
  glm::vec3 move() { return glm::vec3(g(rng), g(rng), g(rng)) * step; }
  float normal() { return g(rng); }

  std::mt19937 rng;
  float scale = 1.0f;  ///< the largest extent (at least min_scale)

 private:
  std::uniform_real_distribution<float> u;
  std::normal_distribution<float> g{0.0f, 1.0f};
  glm::vec3 lo{0.0f}, ext{0.0f};
  float step = 0.0f;
};

/// The fixed level of the query, session and walk targets: the io tests' tiny map (a 128 x 128
/// floor, a Bezier bump, a fog triangle; Quake units, Z up).
inline const collision::World& fixed_world() {
  static const collision::World world = [] {
    const std::vector<std::uint8_t> bytes = prism_test::tiny_map();
    return collision::World(collision::io::load_bsp(bytes.data(), bytes.size(), "tiny.bsp").mesh);
  }();
  return world;
}

}  // namespace prism_fuzz
