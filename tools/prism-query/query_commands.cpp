#include "query_commands.hpp"

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "collision/domain.hpp"
#include "collision/queries.hpp"
#include "file_output/atomic_file.hpp"

namespace prism_query {

namespace {

// read_input() already refused lines outside the input domain and resolve_body() the body, so
// an invalid answer is a defect to stop on before any output, never a silent "miss".
template <class Hit>
void refuse_invalid(const LevelArgs& c, const std::vector<Query>& queries, const std::vector<Hit>& results) {
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (results[i].invalid_input) {
      throw InputError(query_place(c, queries[i]) + ": the core refused this query as invalid input");
    }
  }
}

}  // namespace

void add_sweep_shape_args(CLI::App* cmd, SweepShapeArgs& s, const BodyArgs& b) {
  s.box_opt = cmd->add_option("--box", s.box, "box half extents HX,HY,HZ");
  s.capsule_opt = cmd->add_option("--capsule", s.capsule, "capsule radius and half height R,HALF");
  cmd->add_option("--up", s.axis.up, "the capsule's axis (default: z for Quake maps, y otherwise)")
      ->check(CLI::IsMember({"x", "y", "z"}))
      ->needs(s.capsule_opt);
  s.box_opt->excludes(s.capsule_opt)->excludes(b.sphere_opt)->excludes(b.ellipsoid_opt);
  s.capsule_opt->excludes(b.sphere_opt)->excludes(b.ellipsoid_opt);
}

namespace {

enum class Shape { kSphere, kEllipsoid, kBox, kCapsule };

struct SweepBody {
  Shape shape = Shape::kSphere;
  glm::vec3 radii{0.0f};  ///< sphere (x), ellipsoid radii, or box half extents
  float half_height = 0.0f;
};

SweepBody resolve_sweep_body(const BodyArgs& b, const SweepShapeArgs& s) {
  SweepBody body;
  if (s.box_opt->count() > 0) {
    body.shape = Shape::kBox;
    body.radii = parse_vec3(s.box, "--box");
    if (const char* why = collision::radii_domain_error(body.radii)) {
      throw InputError("--box: '" + s.box + "': " + why);
    }
  } else if (s.capsule_opt->count() > 0) {
    body.shape = Shape::kCapsule;
    const glm::vec2 rh = parse_vec2(s.capsule, "--capsule");
    if (const char* why = collision::radii_domain_error(glm::vec3(rh.x))) {
      throw InputError("--capsule: '" + s.capsule + "': the radius: " + why);
    }
    if (!(rh.y >= 0.0f && rh.y <= collision::kMaxBodyRadius)) {
      throw InputError("--capsule: '" + s.capsule + "': the half height must be in [0, 2^40]");
    }
    body.radii = glm::vec3(rh.x);
    body.half_height = rh.y;
  } else {
    if (b.sphere_opt->count() == 0 && b.ellipsoid_opt->count() == 0) {
      throw InputError("sweep needs --sphere R, --ellipsoid RX,RY,RZ, --box HX,HY,HZ or --capsule R,HALF");
    }
    body.radii = resolve_body(b, "sweep").radii;
    body.shape = b.ellipsoid_opt->count() > 0 ? Shape::kEllipsoid : Shape::kSphere;
  }
  return body;
}

}  // namespace

int run_sweep(const LevelArgs& c, const BodyArgs& b, const SweepShapeArgs& s, bool one_sided) {
  const SweepBody body = resolve_sweep_body(b, s);
  const auto queries = read_input(c.queries);
  const LoadedWorld w = load(c);
  const glm::vec3 axis = resolve_up(s.axis, w.level);
  collision::SweepOptions options;
  options.one_sided = one_sided;
  std::vector<collision::SweepHit> results(queries.size());
  const auto t0 = Clock::now();
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const auto& q = queries[i];
    switch (body.shape) {
      case Shape::kSphere:
        results[i] = collision::sweep_sphere(w.world, q.origin, body.radii.x, q.delta, options);
        break;
      case Shape::kEllipsoid:
        results[i] = collision::sweep_ellipsoid(w.world, q.origin, body.radii, q.delta, options);
        break;
      case Shape::kBox:
        results[i] = collision::sweep_box(w.world, q.origin, body.radii, q.delta, options);
        break;
      case Shape::kCapsule:
        results[i] = collision::sweep_capsule(w.world, q.origin, body.radii.x, body.half_height,
                                              axis, q.delta, options);
        break;
    }
  }
  report_rate(c.stats, queries.size(), seconds_since(t0));
  refuse_invalid(c, queries, results);
  for (const auto& r : results) write_sweep(stdout, r);
  return 0;
}

int run_ray(const LevelArgs& c) {
  const auto queries = read_input(c.queries);
  const LoadedWorld w = load(c);
  std::vector<collision::RayHit> results(queries.size());
  const auto t0 = Clock::now();
  for (std::size_t i = 0; i < queries.size(); ++i) {
    results[i] = collision::raycast(w.world, queries[i].origin, queries[i].delta);
  }
  report_rate(c.stats, queries.size(), seconds_since(t0));
  refuse_invalid(c, queries, results);
  for (const auto& r : results) write_ray(stdout, r);
  return 0;
}

int run_random(const LevelArgs& c, std::size_t count, unsigned seed, float max_move) {
  const LoadedWorld w = load(c);
  const collision::Aabb box = w.world.bvh().bounds;
  if (box.empty()) throw InputError(c.level + ": no solid triangles");
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
    if (std::ferror(stdout)) file_output::check_stdout();  // stop at the first lost line
  }
  return 0;
}

}  // namespace prism_query
