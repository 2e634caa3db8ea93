#include "walk_command.hpp"

#include <cstdio>
#include <string>

#include "file_output/atomic_file.hpp"
#include "prism_walks/random_walk.hpp"
#include "prism_walks/scene_walk.hpp"
#include "prism_walks/start_points.hpp"
#include "scene_mode.hpp"

namespace prism_query {

int run_walk_command(const LevelArgs& c, const BodyArgs& b, const MotionArgs& m, const WalkArgs& w) {
  collision::Body body = resolve_body(b, "walk");
  const collision::Method method = resolve_method(m);
  // A scene file: each walk steps the scene with the walker from time 0 (prism_walks/scene_walk.hpp).
  const bool scene = is_scene_file(c.level);
  if (scene && method != collision::Method::kRobust) {
    throw InputError(c.level + ": a scene moves characters with the robust method only (--method " +
                     collision::to_string(method) + " walks through a static level)");
  }
  const LevelOrScene loaded = load_level_or_scene(c);
  const SceneFile& file = loaded.file;
  const BuiltScene& built = loaded.built;
  const collision::io::Level& level = loaded.level();
  const collision::World& world = loaded.world();
  body.axis = resolve_up(m, level);  // a capsule's axis
  prism_walks::WalkSetup setup(world, body);
  setup.params.up = body.axis;
  setup.params.move.method = method;
  setup.params.move.max_iterations = m.max_iterations;
  setup.dt = 1.0f / 60.0f;
  setup.frames = w.frames;
  setup.seed = w.seed;
  const auto starts = scene ? prism_walks::start_points(level, *built.scene, body, setup.params.up,
                                                        static_cast<std::size_t>(w.walks), w.seed)
                            : prism_walks::start_points(level, world, body, setup.params.up,
                                                        static_cast<std::size_t>(w.walks), w.seed);
  const auto print = [](std::uint32_t walk, int frame, const collision::CharacterState& s) {
    std::printf("%u,%d,%.9g,%.9g,%.9g,%d\n", walk, frame, static_cast<double>(s.position.x),
                static_cast<double>(s.position.y), static_cast<double>(s.position.z),
                s.ground == collision::GroundState::kOnGround ? 1 : 0);
    if (std::ferror(stdout)) file_output::check_stdout();  // stop at the first lost line
  };
  const prism_walks::WalkCounts counts =
      scene ? prism_walks::run_scene_walks(setup, file, built, c.patch_level, starts, print)
            : prism_walks::run_walks(setup, starts, print);
  file_output::check_stdout();  // before the summary, so a lost line is the error reported
  prism_walks::print_summary(stderr, counts);
  for (const prism_walks::Anomaly& a : counts.examples) {
    // A scene walk's anomaly is replayed by running its walk again (the scene moves with it).
    std::fprintf(stderr, "%s\n", scene ? (prism_walks::headline(a, setup) + "\n  // replay: the same command (walk " +
                                          std::to_string(a.walk) + "; every walk starts the scene afresh)").c_str()
                                       : prism_walks::describe(a, setup).c_str());
  }
  return 0;
}

}  // namespace prism_query
