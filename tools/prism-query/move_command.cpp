#include "move_command.hpp"

#include <cstdio>
#include <optional>
#include <stdexcept>
#include <vector>

#include "collision/move.hpp"
#include "file_output/atomic_file.hpp"
#include "scene_mode.hpp"
#include "trace_json.hpp"

namespace prism_query {

int run_move(const LevelArgs& c, const BodyArgs& b, const MotionArgs& m,
             const std::string& trace_path) {
  collision::Body body = resolve_body(b, "move");
  collision::MoveParams params;
  params.method = resolve_method(m);
  params.max_iterations = m.max_iterations;
  const auto queries = read_input(c.queries);
  // Whole or absent: a failed load or move leaves no partial trace file behind.
  std::optional<file_output::AtomicFile> trace_out;
  if (!trace_path.empty()) trace_out.emplace(trace_path);
  // A scene file, or --time: the scene at --time (the robust method: collision::move on a
  // Scene refuses the others with a message); otherwise the level's static world.
  std::optional<LoadedWorld> plain;
  BuiltScene scene;
  if (scene_mode(c)) {
    scene = scene_at(scene_spec(c.level), c.patch_level, c.time);
  } else {
    plain.emplace(load(c));
  }
  const collision::io::Level& level = scene.scene ? scene.level : plain->level;
  const glm::vec3 up = resolve_up(m, level);  // a plain move has no gravity: only recorded
  body.axis = up;                                // and a capsule's axis

  std::vector<collision::MoveResult> results(queries.size());
  collision::Trace trace;
  const bool tracing = trace_out.has_value();
  const auto t0 = Clock::now();
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const auto& q = queries[i];
    if (tracing) trace.clear();
    try {
      results[i] = scene.scene ? collision::move(*scene.scene, body, q.origin, q.delta, params, tracing ? &trace : nullptr)
                               : collision::move(plain->world, body, q.origin, q.delta, params, tracing ? &trace : nullptr);
    } catch (const std::invalid_argument& e) {
      throw InputError(query_place(c, q) + ": " + e.what());
    }
    if (tracing) {
      Json line;
      line["query"] = i;
      line["up"] = vec_to_json(up);
      line.update(trace_to_json(trace));
      trace_out->write(line.dump());
      trace_out->write("\n");
    }
  }
  report_rate(c.stats, queries.size(), seconds_since(t0));
  for (const auto& r : results) {
    std::printf("%.9g,%.9g,%.9g,%d\n", static_cast<double>(r.position.x),
                static_cast<double>(r.position.y), static_cast<double>(r.position.z), r.iterations);
  }
  if (tracing) trace_out->commit();
  return 0;
}

}  // namespace prism_query
