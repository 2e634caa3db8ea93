// libFuzzer target, the whole pipeline: BSP bytes -> load_bsp() -> World (BVH build) -> a few
// sphere and ellipsoid sweeps, rays and moves of every method, placed from the level's own
// bounds by a generator seeded from the input (so the fuzzer mutates the map, and the queries
// follow its geometry), plus a few hostile queries at the edge of the input domain.
// A load gives a Level or a LoadError; a query an answer inside its range or invalid_input;
// a move a finite position or std::invalid_argument. The BVH answers what brute force does.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "fuzz_checks.hpp"

namespace {

using collision::Body;

void run_queries(const collision::World& world, std::uint32_t seed) {
  prism_fuzz::Placement place(world, seed, 0.1f, 0.25f, 1.0f);
  auto point = [&] { return place.point(); };
  auto move = [&] { return place.move(); };
  const float scale = place.scale;
  const float r = std::max(1e-3f, 0.02f * scale);

  for (int i = 0; i < 4; ++i) {
    const glm::vec3 p = point(), d = move();
    const collision::SweepHit h = collision::sweep_sphere(world, p, r, d);
    prism_fuzz::check(h);
    const collision::SweepHit b = collision::sweep_sphere_brute_force(world, p, r, d);
    if (h.hit != b.hit || h.triangle != b.triangle || h.toi != b.toi) {
      prism_fuzz::fail("sweep_sphere: the BVH and brute force disagree");
    }
    prism_fuzz::check(collision::sweep_ellipsoid(world, p, {r, r, 1.75f * r}, d));
    const collision::RayHit ray = collision::raycast(world, p, d);
    prism_fuzz::check(ray);
    const collision::RayHit ray_b = collision::raycast_brute_force(world, p, d);
    if (ray.hit != ray_b.hit || ray.triangle != ray_b.triangle) {
      prism_fuzz::fail("raycast: the BVH and brute force disagree");
    }
    std::vector<std::uint32_t> out;
    collision::overlap_sphere(world, p, r, out);
  }
  for (const collision::Method m : {collision::Method::kRobust, collision::Method::kOffsetPrism,
                                    collision::Method::kSphereClassify}) {
    collision::MoveParams params;
    params.method = m;
    const Body body = m == collision::Method::kRobust ? Body::ellipsoid({r, r, 1.75f * r}) : Body::sphere(r);
    try {
      prism_fuzz::check(collision::move(world, body, point(), move(), params));
    } catch (const std::invalid_argument&) {
    }
  }
  // The domain's edges: refused, never a crash or a NaN.
  const float big[] = {2e38f, -2e38f, collision::kMaxCoordinate, 1.9e19f,
                       std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()};
  const float b0 = big[seed % 6], b1 = big[(seed / 6) % 6];
  prism_fuzz::check(collision::sweep_sphere(world, {b0, 0, 0}, r, {b1, 0, 0}));
  prism_fuzz::check(collision::raycast(world, point(), {0, b1, 0}));
  prism_fuzz::check(collision::sweep_sphere(world, point(), b0, move()));
  try {
    prism_fuzz::check(collision::move(world, Body::sphere(r), point(), {0, 0, b0}, {}));
  } catch (const std::invalid_argument&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  collision::io::LoadOptions options;
  options.max_triangles = std::size_t{1} << 18;  // a BVH build per input: keep it quick
  try {
    const collision::io::Level level = collision::io::load_bsp(data, size, "fuzz.bsp", options);
    const collision::World world(level.mesh);
    run_queries(world, prism_fuzz::seed_of(data, size));
  } catch (const collision::io::LoadError&) {
  }
  return 0;
}
