#include "walk_command.hpp"

#include <cstdio>

#include "file_output/atomic_file.hpp"
#include "prism_walks/random_walk.hpp"
#include "prism_walks/start_points.hpp"
#include "scene_mode.hpp"

namespace prism_query {

int run_walk_command(const LevelArgs& c, const BodyArgs& b, const MotionArgs& m, const WalkArgs& w) {
  if (is_scene_file(c.level)) {  // (not yet: prism_walks steps characters against a World)
    throw InputError(c.level + ": walk does not take a scene file yet (its walks step against a static level); "
                               "prism-query character steps a character through a scene");
  }
  collision::Body body = resolve_body(b, "walk");
  const collision::Method method = resolve_method(m);
  const LoadedWorld lw = load(c);
  body.axis = resolve_up(m, lw.level);  // a capsule's axis
  prism_walks::WalkSetup setup(lw.world, body);
  setup.params.up = body.axis;
  setup.params.move.method = method;
  setup.params.move.max_iterations = m.max_iterations;
  setup.dt = 1.0f / 60.0f;
  setup.frames = w.frames;
  setup.seed = w.seed;
  const auto starts = prism_walks::start_points(lw.level, lw.world, body, setup.params.up,
                                                static_cast<std::size_t>(w.walks), w.seed);
  const prism_walks::WalkCounts counts = prism_walks::run_walks(
      setup, starts, [](std::uint32_t walk, int frame, const collision::CharacterState& s) {
        std::printf("%u,%d,%.9g,%.9g,%.9g,%d\n", walk, frame, static_cast<double>(s.position.x),
                    static_cast<double>(s.position.y), static_cast<double>(s.position.z),
                    s.ground == collision::GroundState::kOnGround ? 1 : 0);
        if (std::ferror(stdout)) file_output::check_stdout();  // stop at the first lost line
      });
  file_output::check_stdout();  // before the summary, so a lost line is the error reported
  prism_walks::print_summary(stderr, counts);
  for (const prism_walks::Anomaly& a : counts.examples) {
    std::fprintf(stderr, "%s\n", prism_walks::describe(a, setup).c_str());
  }
  return 0;
}

}  // namespace prism_query
