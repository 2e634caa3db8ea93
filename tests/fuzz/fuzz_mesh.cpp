// libFuzzer target, the collision core on raw triangle soups: bytes -> triangles -> make_mesh ->
// World (BVH build with the fuzzed node width, with or without the start grid) -> sweeps of
// every body, rays, overlaps, contacts and a character step, placed around the soup's bounds.
// Map files only reach the core through the BSP reader's brushes and patches; here the fuzzer
// shapes the geometry itself: corners on a coarse lattice (coincident corners, slivers, exact
// duplicates, axis-aligned walls, many triangles in one leaf), at any scale and far from the
// origin, or raw float bits (NaN, infinities, out-of-domain values, denormals).
// Checks: every answer in its range or flagged invalid; every BVH sweep and ray the same as its
// brute force (hit, triangle, time of impact), as the peer tests require on real maps.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <stdexcept>
#include <vector>

#include <glm/geometric.hpp>

#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "collision/contacts.hpp"
#include "collision/world.hpp"
#include "fuzz_checks.hpp"

namespace {

// The first byte: node width, start grid, lattice scale, offset from the origin, raw floats.
struct Header {
  bool wide, grid, raw;
  float scale, offset;
};

Header read_header(std::uint8_t b) {
  static constexpr float kScales[4] = {1.0f, 1.0f / 64.0f, 64.0f, 4096.0f};
  static constexpr float kOffsets[4] = {0.0f, 3.0e4f, 1.0e7f, -6.0e8f};
  return Header{(b & 1) != 0, (b & 2) != 0, (b & 64) != 0, kScales[(b >> 2) & 3], kOffsets[(b >> 4) & 3]};
}

// Triangles: nine lattice coordinates (signed bytes, times the scale, plus the offset) or nine
// raw floats each.
collision::TriangleMesh read_mesh(const Header& h, const std::uint8_t* data, std::size_t size) {
  std::vector<glm::vec3> positions;
  std::vector<glm::uvec3> indices;
  const std::size_t stride = h.raw ? 36 : 9;
  for (std::size_t at = 0; at + stride <= size && indices.size() < 4096; at += stride) {
    const auto base = static_cast<std::uint32_t>(positions.size());
    for (int k = 0; k < 3; ++k) {
      glm::vec3 p;
      for (int a = 0; a < 3; ++a) {
        if (h.raw) {
          std::memcpy(&p[a], data + at + 4 * (3 * k + a), 4);
        } else {
          p[a] = h.offset + h.scale * static_cast<float>(static_cast<std::int8_t>(data[at + 3 * k + a]));
        }
      }
      positions.push_back(p);
    }
    indices.emplace_back(base, base + 1, base + 2);
  }
  return collision::make_mesh(std::move(positions), indices);
}

void same(const collision::SweepHit& a, const collision::SweepHit& b, const char* what) {
  prism_fuzz::check(a);
  if (a.hit != b.hit || a.triangle != b.triangle || a.toi != b.toi || a.invalid_input != b.invalid_input) {
    prism_fuzz::fail(what);
  }
}

void run_queries(const collision::World& world, std::uint32_t seed) {
  prism_fuzz::Placement place(world, seed, 0.2f, 0.3f, 1e-3f);
  auto point = [&] { return place.point(); };
  auto move = [&] { return place.move(); };
  const float scale = place.scale;
  std::mt19937& rng = place.rng;
  // Radii from a thousandth of the soup to a third of it: from the leaf's size to most of the tree.
  auto radius = [&] { return scale * std::exp2(-10.0f * std::uniform_real_distribution<float>(0.0f, 1.0f)(rng)) / 3.0f; };

  std::vector<std::uint32_t> found;
  std::vector<collision::Contact> contacts;
  for (int i = 0; i < 4; ++i) {
    const glm::vec3 p = point(), d = move();
    const float r = radius();
    same(collision::sweep_sphere(world, p, r, d), collision::sweep_sphere_brute_force(world, p, r, d),
         "sweep_sphere: the BVH and brute force disagree");
    const glm::vec3 half(r, 0.5f * r + 1e-3f * scale, 1.5f * r);
    same(collision::sweep_box(world, p, half, d), collision::sweep_box_brute_force(world, p, half, d),
         "sweep_box: the BVH and brute force disagree");
    const glm::vec3 axis = glm::normalize(glm::vec3(place.normal(), place.normal(), place.normal()) + glm::vec3(0.0f, 0.0f, 1e-3f));
    same(collision::sweep_capsule(world, p, r, 2.0f * r, axis, d),
         collision::sweep_capsule_brute_force(world, p, r, 2.0f * r, axis, d),
         "sweep_capsule: the BVH and brute force disagree");
    prism_fuzz::check(collision::sweep_ellipsoid(world, p, half, d));
    const collision::RayHit ray = collision::raycast(world, p, d);
    prism_fuzz::check(ray);
    const collision::RayHit ray_b = collision::raycast_brute_force(world, p, d);
    if (ray.hit != ray_b.hit || ray.triangle != ray_b.triangle || ray.t != ray_b.t) {
      prism_fuzz::fail("raycast: the BVH and brute force disagree");
    }
    collision::overlap_sphere(world, p, r, found);
    collision::Aabb query;
    query.min = p - half;
    query.max = p + half;
    collision::overlap_aabb(world, query, found);
    collision::find_contacts(world, collision::Body::sphere(r), p, 0.1f * r, contacts);
    for (const collision::Contact& c : contacts) {
      if (!prism_fuzz::finite(c.normal) || !std::isfinite(c.distance)) prism_fuzz::fail("find_contacts: non-finite contact");
    }
  }
  // A character step of a capsule standing somewhere in the soup.
  const float r = radius();
  const collision::Body body = collision::Body::capsule(r, 2.0f * r, glm::vec3(0.0f, 0.0f, 1.0f));
  collision::CharacterState state;
  state.position = point();
  collision::CharacterInput input;
  input.velocity = move() * 10.0f;
  try {
    prism_fuzz::check(collision::step_character(world, body, state, input, 1.0f / 60.0f, {}));
  } catch (const std::invalid_argument&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const Header h = read_header(data[0]);
  collision::BvhBuildOptions options;
  options.wide = h.wide ? collision::BvhBuildOptions::Wide::kAlways : collision::BvhBuildOptions::Wide::kNever;
  options.start_grid = h.grid;
  const collision::World world(read_mesh(h, data + 1, size - 1), options);
  run_queries(world, prism_fuzz::seed_of(data, size));
  return 0;
}
