#pragma once
// What every prism-query subcommand shares: the level argument and its options, the body
// options (--sphere / --ellipsoid), loading the level and its World, reading query lines.
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <glm/vec3.hpp>

#include "collision/move.hpp"
#include "collision/world.hpp"
#include "collision_io/level.hpp"
#include "query_csv.hpp"

namespace prism_query {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t0);

struct LevelArgs {
  std::string level;
  std::string queries = "-";
  int patch_level = 5;
  bool stats = false;
  float time = 0.0f;     ///< --time: a scene file's instances as they stand at this time (seconds)
  bool time_set = false;
  unsigned threads = 1;  ///< --threads: sweep and ray split their queries over this many threads (0: all cores)
};

struct LoadedWorld {
  collision::io::Level level;
  collision::World world;
};

/// An option's check: a whole number (decimal digits, no exponent) from lo to hi.
CLI::Validator whole_number_in(long lo, long hi);
/// LEVEL, [QUERIES] and --threads when `with_queries`, --patch-level, --stats.
void add_level_args(CLI::App* cmd, LevelArgs& c, bool with_queries);
/// Loads the level and builds its BVH; with --stats prints triangle count and build time.
LoadedWorld load(const LevelArgs& c);
/// The query lines of `path`, or of stdin when it is "-".
std::vector<Query> read_input(const std::string& path);
/// "<source>:<line>" of a query, for error messages.
std::string query_place(const LevelArgs& c, const Query& q);
/// With --stats: "queries: N in S s: R queries/s" on stderr.
void report_rate(bool stats, std::size_t n, double seconds);

/// --sphere R, --ellipsoid RX,RY,RZ, --box HX,HY,HZ or --capsule R,HALF (exclusive).
struct BodyArgs {
  float sphere = 0.0f;
  std::string ellipsoid, box, capsule;
  CLI::Option* sphere_opt = nullptr;
  CLI::Option* ellipsoid_opt = nullptr;
  CLI::Option* box_opt = nullptr;
  CLI::Option* capsule_opt = nullptr;
};
void add_body_args(CLI::App* cmd, BodyArgs& b);
/// The body the options describe; a capsule's axis is `up` (the level's up axis: callers that
/// know it only after loading the level set it then with Body::axis). @throws InputError
/// "<command> needs --sphere R, --ellipsoid RX,RY,RZ, --box HX,HY,HZ or --capsule R,HALF" when
/// none is given, or naming the option whose values are outside the input domain.
collision::Body resolve_body(const BodyArgs& b, const std::string& command,
                             const glm::vec3& up = glm::vec3(0.0f, 0.0f, 1.0f));

/// --method, --max-iterations, --up (move and walk).
struct MotionArgs {
  std::string method = "robust";
  int max_iterations = 4;
  std::string up;  ///< x, y, z, or empty: z for Quake maps, y otherwise
};
void add_motion_args(CLI::App* cmd, MotionArgs& m);
collision::Method resolve_method(const MotionArgs& m);
glm::vec3 resolve_up(const MotionArgs& m, const collision::io::Level& level);

}  // namespace prism_query
