// prism-query: collision queries against a level from the command line.
//
//   prism-query sweep --sphere R LEVEL [QUERIES]      one line per query:
//       hit,toi,px,py,pz,nx,ny,nz,triangle,start_overlap
//   prism-query sweep --ellipsoid RX,RY,RZ LEVEL [QUERIES]
//   prism-query ray LEVEL [QUERIES]                   hit,t,px,py,pz,nx,ny,nz,triangle
//   prism-query random LEVEL --count N --seed S       writes N random queries x,y,z,dx,dy,dz
//
// QUERIES is a CSV file of `x,y,z,dx,dy,dz` lines, or stdin when absent or "-".
// Coordinates are the level's own. --stats prints triangle count, BVH build time and the
// query rate (timed around the query loop alone) to stderr.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>

#include <CLI/CLI.hpp>

#include "collision/queries.hpp"
#include "collision/world.hpp"
#include "collision_io/level.hpp"
#include "query_csv.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

struct Common {
  std::string level;
  std::string queries = "-";
  int patch_level = 5;
  bool stats = false;
};

struct LoadedWorld {
  collision::io::Level level;
  collision::World world;
};

LoadedWorld load(const Common& c) {
  collision::io::LoadOptions options;
  options.patch_level = c.patch_level;
  collision::io::Level level = collision::io::load_level(c.level, options);
  const auto t0 = Clock::now();
  collision::World world(level.mesh);
  const double build_ms = seconds_since(t0) * 1e3;
  if (c.stats) {
    std::fprintf(stderr, "triangles: %zu (solid in BVH %zu, degenerate dropped %zu)\n",
                 level.mesh.triangle_count(), world.bvh().triangles.size(),
                 level.mesh.degenerate_count);
    std::fprintf(stderr, "bvh build: %.3f ms\n", build_ms);
  }
  return {std::move(level), std::move(world)};
}

std::vector<prism_query::Query> read_input(const std::string& path) {
  if (path == "-") return prism_query::read_queries(std::cin, "<stdin>");
  std::ifstream in(path);
  if (!in) throw prism_query::InputError(path + ": cannot open");
  return prism_query::read_queries(in, path);
}

void report_rate(bool stats, std::size_t n, double seconds) {
  if (!stats) return;
  std::fprintf(stderr, "queries: %zu in %.6f s: %.0f queries/s\n", n, seconds,
               seconds > 0.0 ? static_cast<double>(n) / seconds : 0.0);
}

void add_common(CLI::App* cmd, Common& c, bool with_queries) {
  cmd->add_option("level", c.level,
                  "mesh file, .bsp, archive.pk3:maps/x.bsp, or an OpenArena map name (oa_dm1)")
      ->required();
  if (with_queries) cmd->add_option("queries", c.queries, "CSV file of x,y,z,dx,dy,dz (default stdin)");
  cmd->add_option("--patch-level", c.patch_level, "Bezier patch subdivisions (maps)")
      ->check(CLI::Range(1, 64));
  cmd->add_flag("--stats", c.stats, "print triangle count, BVH build ms and queries/s to stderr");
}

int run_sweep(const Common& c, float sphere, const std::string& ellipsoid, bool one_sided) {
  const bool use_ellipsoid = !ellipsoid.empty();
  glm::vec3 radii(sphere);
  if (use_ellipsoid) {
    radii = prism_query::parse_vec3(ellipsoid, "--ellipsoid");
    if (!(radii.x > 0 && radii.y > 0 && radii.z > 0)) {
      throw prism_query::InputError("--ellipsoid: radii must be positive");
    }
  } else if (!(sphere > 0.0f)) {
    throw prism_query::InputError("--sphere: radius must be positive");
  }
  const auto queries = read_input(c.queries);
  const LoadedWorld w = load(c);
  collision::SweepOptions options;
  options.one_sided = one_sided;
  std::vector<collision::SweepHit> results(queries.size());
  const auto t0 = Clock::now();
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const auto& q = queries[i];
    results[i] = use_ellipsoid
                     ? collision::sweep_ellipsoid(w.world, q.origin, radii, q.delta, options)
                     : collision::sweep_sphere(w.world, q.origin, sphere, q.delta, options);
  }
  report_rate(c.stats, queries.size(), seconds_since(t0));
  for (const auto& r : results) prism_query::write_sweep(stdout, r);
  return 0;
}

int run_ray(const Common& c) {
  const auto queries = read_input(c.queries);
  const LoadedWorld w = load(c);
  std::vector<collision::RayHit> results(queries.size());
  const auto t0 = Clock::now();
  for (std::size_t i = 0; i < queries.size(); ++i) {
    results[i] = collision::raycast(w.world, queries[i].origin, queries[i].delta);
  }
  report_rate(c.stats, queries.size(), seconds_since(t0));
  for (const auto& r : results) prism_query::write_ray(stdout, r);
  return 0;
}

int run_random(const Common& c, std::size_t count, unsigned seed, float max_move) {
  const LoadedWorld w = load(c);
  const collision::Aabb box = w.world.bvh().bounds;
  if (box.empty()) throw prism_query::InputError(c.level + ": no solid triangles");
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u01(0.0f, 1.0f);
  std::normal_distribution<float> gauss(0.0f, 1.0f);
  for (std::size_t i = 0; i < count; ++i) {
    const glm::vec3 p = box.min + glm::vec3(u01(rng), u01(rng), u01(rng)) * box.extent();
    glm::vec3 dir(gauss(rng), gauss(rng), gauss(rng));
    const float len = std::sqrt(dir.x * dir.x + dir.y * dir.y + dir.z * dir.z);
    dir = len > 0.0f ? dir / len : glm::vec3(1, 0, 0);
    const glm::vec3 d = dir * (u01(rng) * max_move);
    std::printf("%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", static_cast<double>(p.x), static_cast<double>(p.y),
                static_cast<double>(p.z), static_cast<double>(d.x), static_cast<double>(d.y),
                static_cast<double>(d.z));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"prism-query: collision queries against a mesh or Quake 3 map"};
  app.require_subcommand(1);

  Common sweep_c, ray_c, random_c;
  float sphere = 0.0f;
  std::string ellipsoid;
  bool one_sided = false;
  auto* sweep = app.add_subcommand("sweep", "swept sphere or ellipsoid per query line");
  add_common(sweep, sweep_c, true);
  auto* sphere_opt = sweep->add_option("--sphere", sphere, "sphere radius");
  auto* ellipsoid_opt = sweep->add_option("--ellipsoid", ellipsoid, "ellipsoid radii RX,RY,RZ");
  sphere_opt->excludes(ellipsoid_opt);
  sweep->add_flag("--one-sided", one_sided, "ignore triangles approached from behind");

  auto* ray = app.add_subcommand("ray", "segment cast per query line");
  add_common(ray, ray_c, true);

  std::size_t count = 1000;
  unsigned seed = 1;
  float max_move = 64.0f;
  auto* random = app.add_subcommand("random", "write random queries inside the level's bounds");
  add_common(random, random_c, false);
  random->add_option("--count", count, "number of queries");
  random->add_option("--seed", seed, "random seed");
  random->add_option("--max-move", max_move, "longest move, in level units")->check(CLI::PositiveNumber);

  CLI11_PARSE(app, argc, argv);
  try {
    if (sweep->parsed()) {
      if (sphere_opt->count() == 0 && ellipsoid_opt->count() == 0) {
        throw prism_query::InputError("sweep needs --sphere R or --ellipsoid RX,RY,RZ");
      }
      return run_sweep(sweep_c, sphere, ellipsoid, one_sided);
    }
    if (ray->parsed()) return run_ray(ray_c);
    if (random->parsed()) return run_random(random_c, count, seed, max_move);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "prism-query: %s\n", e.what());
    return 1;
  }
  return 1;
}
