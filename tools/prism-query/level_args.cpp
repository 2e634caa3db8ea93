#include "level_args.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <utility>

#include "collision/domain.hpp"
#include "setup_args/setup_args.hpp"

namespace prism_query {

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

CLI::Validator whole_number_in(long lo, long hi) {
  // CLI::Range reads "1e3" as out of range: say that an integer is wanted instead.
  const std::string range = std::to_string(lo) + " to " + std::to_string(hi);
  return CLI::Validator(
      [lo, hi, range](const std::string& text) -> std::string {
        char* end = nullptr;
        errno = 0;
        const long n = std::strtol(text.c_str(), &end, 10);
        if (text.empty() || end != text.c_str() + text.size() || errno == ERANGE) {
          return "'" + setup_args::printable(text) + "' is not a whole number (it wants an integer from " + range + ")";
        }
        if (n < lo || n > hi) return std::to_string(n) + " is not in range " + range;
        return {};
      },
      "INT in " + range);
}

void add_level_args(CLI::App* cmd, LevelArgs& c, bool with_queries) {
  cmd->add_option("level", c.level,
                  "mesh file, .bsp, archive.pk3:maps/x.bsp, or an OpenArena map name (oa_dm1)")
      ->required();
  if (with_queries) {
    cmd->add_option("queries", c.queries, "CSV file of x,y,z,dx,dy,dz (default stdin)");
    cmd->add_option("--threads", c.threads,
                    "threads for sweep and ray (collision/batch.hpp; 0: all cores; default 1); results are identical")
        ->check(whole_number_in(0, 1024));
    cmd->add_option_function<float>(
           "--time",
           [&c](float t) {
             if (!(std::isfinite(t) && t >= 0.0f && t <= 1e6f)) {
               throw CLI::ValidationError("--time", "must be a number of seconds in [0, 1e6]");
             }
             c.time = t;
             c.time_set = true;
           },
           "seconds: the scene as it stands then (a scene file's instances, a Quake 3 map's movers; "
           "without it a plain level is its static world)");
  }
  cmd->add_option("--patch-level", c.patch_level, "Bezier patch subdivisions (maps)")->check(whole_number_in(1, 64));
  cmd->add_flag("--stats", c.stats, "print triangle count, BVH build ms and queries/s to stderr");
}

namespace {

// Quake 3 maps with movers: "movers: 6 (func_door 4, func_button 2), 72 triangles, not in the
// world" (the movers are read but the World is model 0 alone). No line for a level without.
void print_movers(const collision::io::QuakeMovers& movers) {
  if (movers.movers.empty()) return;
  std::string classes;
  for (std::size_t c = 0; c < collision::io::kMoverClassCount; ++c) {
    const auto kind = static_cast<collision::io::MoverClass>(c);
    if (const std::size_t n = movers.count(kind); n > 0) {
      classes += (classes.empty() ? "" : ", ") + std::string(collision::io::mover_class_name(kind)) + " " +
                 std::to_string(n);
    }
  }
  std::size_t triangles = 0;
  for (const collision::io::QuakeMover& m : movers.movers) triangles += m.mesh.triangle_count();
  std::fprintf(stderr, "movers: %zu (%s), %zu triangles, not in the world\n", movers.movers.size(),
               classes.c_str(), triangles);
}

}  // namespace

LoadedWorld load(const LevelArgs& c) {
  // (A scene file or --time never comes here: those commands build the scene themselves.)
  if (c.time_set) throw InputError("--time is not taken by this command");
  collision::io::LoadOptions options;
  options.patch_level = c.patch_level;
  collision::io::Level level = collision::io::load_level(c.level, options);
  const auto t0 = Clock::now();
  collision::World world(level.mesh);
  const double build_ms = seconds_since(t0) * 1e3;
  if (c.stats) {
    std::fprintf(stderr, "triangles: %zu (solid in BVH %zu, degenerate dropped %zu)\n",
                 level.mesh.triangle_count(), world.solid_triangle_count(),
                 level.mesh.degenerate_count);
    std::fprintf(stderr, "bvh build: %.3f ms\n", build_ms);
    const collision::WorldMemory m = world.memory();
    const double per = 1.0 / static_cast<double>(std::max<std::size_t>(world.solid_triangle_count(), 1));
    const auto b = [&](std::size_t part) { return static_cast<double>(part) * per; };
    std::fprintf(stderr,
                 "memory: %zu bytes, %.1f a triangle (mesh %.1f, nodes4 %.1f, nodes8 %.1f, triangles %.1f, "
                 "packets %.1f, start grid %.1f, occupancy %.1f, wide prisms %.1f)\n",
                 m.total(), b(m.total()), b(m.mesh), b(m.nodes4), b(m.nodes8), b(m.triangles), b(m.packets),
                 b(m.start_grid), b(m.occupancy), b(m.wide_prisms));
    print_movers(level.movers);
  }
  return {std::move(level), std::move(world)};
}

namespace {

// A directory opens and reads as an empty stream on Linux: refuse it rather than answer nothing.
void refuse_directory(int fd, const std::string& name) {
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) throw InputError(name + ": is a directory");
}

}  // namespace

std::vector<Query> read_input(const std::string& path) {
  if (path == "-") {
    refuse_directory(STDIN_FILENO, "<stdin>");
    return read_queries(std::cin, "<stdin>");
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError(path + ": is a directory");
  std::ifstream in(path);
  if (!in) throw InputError(path + ": cannot open");
  return read_queries(in, path);
}

std::string query_place(const LevelArgs& c, const Query& q) {
  return (c.queries == "-" ? std::string("<stdin>") : c.queries) + ":" + std::to_string(q.line);
}

void report_rate(bool stats, std::size_t n, double seconds) {
  if (!stats) return;
  std::fprintf(stderr, "queries: %zu in %.6f s: %.0f queries/s\n", n, seconds,
               seconds > 0.0 ? static_cast<double>(n) / seconds : 0.0);
}

void add_body_args(CLI::App* cmd, BodyArgs& b) {
  b.sphere_opt = cmd->add_option("--sphere", b.sphere, "sphere radius");
  b.ellipsoid_opt = cmd->add_option("--ellipsoid", b.ellipsoid, "ellipsoid radii RX,RY,RZ");
  b.box_opt = cmd->add_option("--box", b.box, "axis-aligned box half extents HX,HY,HZ");
  b.capsule_opt = cmd->add_option("--capsule", b.capsule, "capsule radius and half height R,HALF (along up)");
  b.sphere_opt->excludes(b.ellipsoid_opt)->excludes(b.box_opt)->excludes(b.capsule_opt);
  b.ellipsoid_opt->excludes(b.box_opt)->excludes(b.capsule_opt);
  b.box_opt->excludes(b.capsule_opt);
}

collision::Body resolve_body(const BodyArgs& b, const std::string& command, const glm::vec3& up) {
  // Which option was given, not whether its text is empty: `--ellipsoid ""` is an ellipsoid error.
  if (b.box_opt->count() > 0) {
    const glm::vec3 half = parse_vec3(b.box, "--box");
    if (const char* why = collision::box_domain_error(half)) throw InputError("--box: '" + b.box + "': " + why);
    return collision::Body::box(half);
  }
  if (b.capsule_opt->count() > 0) {
    const glm::vec2 rh = parse_vec2(b.capsule, "--capsule");
    if (const char* why = collision::radii_domain_error(glm::vec3(rh.x))) {
      throw InputError("--capsule: '" + b.capsule + "': the radius: " + why);
    }
    if (!(rh.y >= 0.0f && rh.y <= collision::kMaxBodyRadius)) {
      throw InputError("--capsule: '" + b.capsule + "': the half height must be in [0, 2^40]");
    }
    return collision::Body::capsule(rh.x, rh.y, up);
  }
  if (b.ellipsoid_opt->count() > 0) {
    const glm::vec3 radii = parse_vec3(b.ellipsoid, "--ellipsoid");
    if (const char* why = collision::radii_domain_error(radii)) {
      throw InputError("--ellipsoid: '" + b.ellipsoid + "': " + why);
    }
    return collision::Body::ellipsoid(radii);
  }
  if (b.sphere_opt->count() == 0) {
    throw InputError(command + " needs --sphere R, --ellipsoid RX,RY,RZ, --box HX,HY,HZ or --capsule R,HALF");
  }
  if (const char* why = collision::radii_domain_error(glm::vec3(b.sphere))) {
    throw InputError(std::string("--sphere: ") + why);
  }
  return collision::Body::sphere(b.sphere);
}

void add_motion_args(CLI::App* cmd, MotionArgs& m) {
  cmd->add_option("--method", m.method, "collision method (default robust)")
      ->check(CLI::IsMember({"robust", "offset-prism", "sphere-classify", "box-edges"}));
  cmd->add_option("--max-iterations", m.max_iterations, "slide iterations per move (default 4)")
      ->check(CLI::Range(1, 1000));
  cmd->add_option("--up", m.up, "up axis (default: z for Quake maps, y otherwise)")
      ->check(CLI::IsMember({"x", "y", "z"}));
}

collision::Method resolve_method(const MotionArgs& m) {
  collision::Method method = collision::Method::kRobust;
  if (!collision::parse_method(m.method, method)) {
    throw InputError("--method: '" + m.method + "' is not robust, offset-prism or sphere-classify");
  }
  return method;
}

glm::vec3 resolve_up(const MotionArgs& m, const collision::io::Level& level) {
  const std::string axis = m.up.empty() ? (level.quake_map ? "z" : "y") : m.up;
  if (const std::optional<glm::vec3> up = setup_args::parse_up_axis(axis)) return *up;
  throw InputError("--up: '" + m.up + "' is not x, y or z");
}

}  // namespace prism_query
