#pragma once
// The level the start grid's and the occupancy bits' tests share, and their build options.
#include <algorithm>
#include <random>
#include <vector>

#include "collision/bvh.hpp"
#include "collision/mesh.hpp"
#include "test_worlds.hpp"

namespace prism_test {

// Rooms of a level: a floor of many small quads, walls, a ramp, one large sloped triangle over
// half of it (as a terrain or sky triangle spans a map), and loose small triangles between the
// walls; open space above the other half.
inline std::vector<collision::Triangle> grid_level(unsigned seed) {
  std::vector<collision::Triangle> tris;
  for (int x = -8; x < 8; ++x) {
    for (int y = -8; y < 8; ++y) {
      const auto quad = floor_quad(16.0f, 0.0f, glm::vec3(32.0f * static_cast<float>(x) + 16.0f, 32.0f * static_cast<float>(y) + 16.0f, 0.0f));
      tris.insert(tris.end(), quad.begin(), quad.end());
    }
  }
  for (float x : {-256.0f, -64.0f, 100.0f, 256.0f}) {
    tris.push_back({glm::vec3(x, -256.0f, 0.0f), glm::vec3(x, 256.0f, 0.0f), glm::vec3(x, 256.0f, 128.0f)});
    tris.push_back({glm::vec3(x, -256.0f, 0.0f), glm::vec3(x, 256.0f, 128.0f), glm::vec3(x, -256.0f, 128.0f)});
  }
  tris.push_back({glm::vec3(-40.0f, -40.0f, 0.0f), glm::vec3(40.0f, -40.0f, 0.0f), glm::vec3(40.0f, 40.0f, 60.0f)});
  tris.push_back({glm::vec3(-300.0f, -300.0f, 150.0f), glm::vec3(0.0f, -300.0f, 170.0f), glm::vec3(-150.0f, 300.0f, 400.0f)});
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> pos(-250.0f, 250.0f), height(5.0f, 120.0f), off(-6.0f, 6.0f);
  for (int i = 0; i < 1500; ++i) {
    const glm::vec3 a(pos(rng), pos(rng), height(rng));
    tris.push_back({a, a + glm::vec3(off(rng), off(rng), off(rng)), a + glm::vec3(off(rng), off(rng), off(rng))});
  }
  return tris;
}

// The same level squashed flat (every z = 0 but the walls' tops at 1): a grid one cell high.
inline std::vector<collision::Triangle> flat_grid_level(unsigned seed) {
  std::vector<collision::Triangle> tris = grid_level(seed);
  for (collision::Triangle& t : tris) {
    for (glm::vec3* p : {&t.a, &t.b, &t.c}) p->z = p->z > 100.0f ? 1.0f : 0.0f;
  }
  tris.erase(std::remove_if(tris.begin(), tris.end(), [](const collision::Triangle& t) { return collision::is_degenerate(t); }),
             tris.end());
  return tris;
}

/// The 4-wide (SSE) or 8-wide (AVX2) tree, with or without the start grid and occupancy bits.
inline collision::BvhBuildOptions grid_options(int width, bool grid) {
  collision::BvhBuildOptions o;
  o.wide = width == 8 ? collision::BvhBuildOptions::Wide::kAlways : collision::BvhBuildOptions::Wide::kNever;
  o.start_grid = grid;
  return o;
}

/// The node widths this CPU can traverse.
inline std::vector<int> node_widths() {
  std::vector<int> w{4};
  if (collision::cpu_has_avx2()) w.push_back(8);
  return w;
}

}  // namespace prism_test
