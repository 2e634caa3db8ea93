#include "query_commands.hpp"

#include <cmath>
#include <cstdio>
#include <random>
#include <type_traits>
#include <vector>

#include "collision/batch.hpp"
#include "collision/body.hpp"
#include "collision/domain.hpp"
#include "collision/queries.hpp"
#include "file_output/atomic_file.hpp"
#include "scene_mode.hpp"

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

// The rate (--stats), the refusal of any invalid answer, then one line a query.
template <class Hit>
int write_results(const LevelArgs& c, const std::vector<Query>& queries, const std::vector<Hit>& results, double seconds) {
  report_rate(c.stats, queries.size(), seconds);
  refuse_invalid(c, queries, results);
  for (const Hit& r : results) {
    if constexpr (std::is_same_v<Hit, collision::SweepHit>) {
      write_sweep(stdout, r);
    } else {
      write_ray(stdout, r);
    }
  }
  return 0;
}

std::vector<collision::SegmentQuery> segments_of(const std::vector<Query>& queries) {
  std::vector<collision::SegmentQuery> out(queries.size());
  for (std::size_t i = 0; i < queries.size(); ++i) out[i] = {queries[i].origin, queries[i].delta};
  return out;
}

}  // namespace

void add_sweep_shape_args(CLI::App* cmd, SweepShapeArgs& s, const BodyArgs& b) {
  cmd->add_option("--up", s.axis.up, "the capsule's axis (default: z for Quake maps, y otherwise)")
      ->check(CLI::IsMember({"x", "y", "z"}))
      ->needs(b.capsule_opt);
}

int run_sweep(const LevelArgs& c, const BodyArgs& b, const SweepShapeArgs& s, bool one_sided) {
  collision::Body body = resolve_body(b, "sweep");
  const auto queries = read_input(c.queries);
  collision::SweepOptions options;
  options.one_sided = one_sided;
  std::vector<collision::SweepHit> results(queries.size());
  const std::vector<collision::SegmentQuery> segments = segments_of(queries);
  if (scene_mode(c)) {  // the scene at --time, one query after another
    const BuiltScene w = scene_at(scene_spec(c.level), c.patch_level, c.time);
    body.axis = resolve_up(s.axis, w.level);
    const auto t0 = Clock::now();
    for (std::size_t i = 0; i < segments.size(); ++i) {
      results[i] = collision::sweep(*w.scene, body, segments[i].origin, segments[i].delta, options);
    }
    return write_results(c, queries, results, seconds_since(t0));
  }
  const LoadedWorld w = load(c);
  body.axis = resolve_up(s.axis, w.level);  // used by a capsule only
  const auto t0 = Clock::now();
  collision::sweep_batch(w.world, body, segments, results, options, c.threads);
  return write_results(c, queries, results, seconds_since(t0));
}

int run_ray(const LevelArgs& c) {
  const auto queries = read_input(c.queries);
  std::vector<collision::RayHit> results(queries.size());
  const std::vector<collision::SegmentQuery> segments = segments_of(queries);
  if (scene_mode(c)) {  // the scene at --time, one query after another
    const BuiltScene w = scene_at(scene_spec(c.level), c.patch_level, c.time);
    const auto t0 = Clock::now();
    for (std::size_t i = 0; i < segments.size(); ++i) {
      results[i] = collision::raycast(*w.scene, segments[i].origin, segments[i].delta);
    }
    return write_results(c, queries, results, seconds_since(t0));
  }
  const LoadedWorld w = load(c);
  const auto t0 = Clock::now();
  collision::raycast_batch(w.world, segments, results, c.threads);
  return write_results(c, queries, results, seconds_since(t0));
}

// The box the queries start in: the level's, or a scene file's level and instances where they
// stand at time 0 (a Quake 3 map's movers included).
collision::Aabb random_bounds(const LevelArgs& c) {
  if (!is_scene_file(c.level)) return load(c).world.bounds();
  const BuiltScene w = scene_at(scene_spec(c.level), c.patch_level, 0.0f);
  collision::Aabb box = w.scene->level().bounds();
  for (std::uint32_t id = 0; id < w.scene->instance_slots(); ++id) {
    const collision::SceneInstance& instance = w.scene->instance(id);
    if (instance.alive && !instance.world_bounds.empty()) box.grow(instance.world_bounds);
  }
  return box;
}

int run_random(const LevelArgs& c, std::size_t count, unsigned seed, float max_move) {
  const collision::Aabb box = random_bounds(c);
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
