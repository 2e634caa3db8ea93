// bench_queries: the collision core against Bullet 3.24 and Embree 3 on real Quake 3 maps, for
// the same seeded queries in one run (see docs/benchmarks.md). Single thread. Prints Markdown.
//
//   bench_queries [--maps oa_dm1,ctf_inyard|all|dense|dense:MESH] [--queries 100000] [--reps 5]
//                 [--only spheres|rays|shapes|build] [--shape box|capsule] [--set uniform|walking]
//                 [--classes]
//   (--shape and --set pick one row of the box and capsule sweeps, for profiling it alone;
//   --classes also times the sphere sweeps of each set split by our outcome: start overlap,
//   hit, miss, ours and Bullet's on the same queries, to show where the time goes)
//
// Query sets (tests/peer/support/query_sets.hpp, the same seeds as the peer tests):
//   uniform  sweeps of a radius-16 sphere from uniform points of the level's box, uniform
//            directions, lengths up to 64 units (most miss or start inside solid space);
//   walking  the sweeps a walking character makes: resting 1/32 unit above a floor, horizontal
//            moves of 4-20 units and short ground probes (most touch something near);
//   rays     the uniform set's segments, and long rays (up to the level's diagonal, most hit).
// Maps: names in openarena-081-maps; `all` is every one of them plus the dense mesh; `dense` is
// the Stanford bunny (tools/bench_data.sh fetches it from Debian's libcgal-demo), scaled so that
// the radius-16 sphere covers hundreds of its triangles (mean edge 1.5 units); `dense:MESH` any
// other mesh file scaled the same way.
// Box and capsule sweeps (issue 10) run the uniform and walking sets with a Quake player's box
// (half extents 15, 15, 24) and a capsule as wide and tall (radius 15, half height 9, along z),
// the walking starts raised to rest the taller body on the floor.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <btBulletCollisionCommon.h>

#include "bullet_scene.hpp"
#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "collision/queries.hpp"
#include "embree_scene.hpp"
#include "levels.hpp"
#include "query_sets.hpp"

namespace {

using prism::peer::Query;

struct Options {
  std::vector<std::string> maps = {"oa_dm1", "ctf_inyard"};
  std::size_t queries = 100000;
  int reps = 5;
  std::string only;  ///< empty: every section
  std::string shape;  ///< shapes section: "box" or "capsule" only (empty: both)
  std::string set;    ///< shapes section: "uniform" or "walking" only (empty: both)
  bool classes = false;  ///< spheres section: also time each outcome class apart
  bool run(const char* section) const { return only.empty() || only == section; }
};

// Every map of the installed OpenArena packages (openarena-081-maps), by name, sorted.
std::vector<std::string> installed_maps() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(collision::io::kOpenArenaDir, ec)) {
    if (entry.path().extension() != ".pk3") continue;
    for (const std::string& m : collision::io::list_maps(entry.path().string()))
      names.push_back(std::filesystem::path(m).stem().string());
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  if (names.empty()) {
    std::fprintf(stderr, "bench_queries: no maps under %s (install openarena-081-maps)\n", collision::io::kOpenArenaDir);
    std::exit(2);
  }
  return names;
}

// The dense scanned mesh (tools/bench_data.sh), scaled by prism::peer::level's "dense:" prefix.
constexpr const char* kDenseMesh = PRISM_SOURCE_DIR "/build/bench-data/bunny00.off";

// One summary line per figure: the geometric mean of the ratios across maps and the worst one.
struct Summary {
  double log_sum = 0.0;
  std::size_t n = 0;
  double worst = 1e300;
  std::string worst_map;
  void add(double ratio, const std::string& map) {
    log_sum += std::log(ratio);
    ++n;
    if (ratio < worst) {
      worst = ratio;
      worst_map = map;
    }
  }
  void print(const char* figure, double goal, const char* unit = "maps") const {
    if (n == 0) return;
    const double mean = std::exp(log_sum / static_cast<double>(n));
    std::printf("- %s over %zu %s: geometric mean %.2fx, worst %.2fx (%s); goal %.2gx on the worst: %s\n", figure, n, unit,
                mean, worst, worst_map.c_str(), goal, worst >= goal ? "met" : "not met");
  }
};

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "bench_queries: %s needs a value\n", arg.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (arg == "--maps") {
      o.maps.clear();
      std::stringstream ss(value());
      for (std::string m; std::getline(ss, m, ',');) {
        if (m == "all") {
          for (const std::string& name : installed_maps()) o.maps.push_back(name);
          if (std::filesystem::exists(kDenseMesh)) {
            o.maps.push_back(std::string("dense:") + kDenseMesh);
          } else {
            std::fprintf(stderr, "bench_queries: no %s (bash tools/bench_data.sh): the dense mesh is left out\n", kDenseMesh);
          }
        } else if (m == "dense") {
          o.maps.push_back(std::string("dense:") + kDenseMesh);
        } else {
          o.maps.push_back(m);
        }
      }
    } else if (arg == "--queries") {
      o.queries = std::stoul(value());
    } else if (arg == "--reps") {
      o.reps = std::max(1, std::stoi(value()));
    } else if (arg == "--only") {
      o.only = value();
    } else if (arg == "--shape") {
      o.shape = value();
    } else if (arg == "--set") {
      o.set = value();
    } else if (arg == "--classes") {
      o.classes = true;
    } else {
      std::fprintf(stderr, "usage: bench_queries [--maps a,b|all|dense|dense:MESH] [--queries N] [--reps R] "
                           "[--only spheres|rays|shapes|build] [--shape box|capsule] [--set uniform|walking] "
                           "[--classes]\n");
      std::exit(arg == "--help" ? 0 : 2);
    }
  }
  return o;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// CPU time of the calling thread, in seconds: the machines are shared (2 cores, often a load
/// of 4-8), and wall time would count the time other processes held the core.
double thread_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

/// Queries per second of each of `runs` over the same `count` queries, in thread CPU time.
/// Each run's set is repeated until a timing lasts at least 0.2 s; the runs are timed in turn
/// (ours, the peer's, ours, ...) `reps` times and each keeps its best, so that a change of load
/// on the shared machine falls on every side of a ratio rather than on one.
std::vector<double> rates(std::size_t count, int reps, const std::vector<std::function<void()>>& runs) {
  std::vector<int> repeat;
  for (const auto& run : runs) {
    const double t0 = thread_seconds();
    run();  // warm-up, and a first estimate
    const double once = std::max(thread_seconds() - t0, 1e-6);
    repeat.push_back(std::max(1, static_cast<int>(std::ceil(0.2 / once))));
  }
  std::vector<double> best(runs.size(), 1e300);
  for (int r = 0; r < reps; ++r) {
    for (std::size_t i = 0; i < runs.size(); ++i) {
      const double t0 = thread_seconds();
      for (int k = 0; k < repeat[i]; ++k) runs[i]();
      best[i] = std::min(best[i], (thread_seconds() - t0) / repeat[i]);
    }
  }
  std::vector<double> out;
  for (double b : best) out.push_back(static_cast<double>(count) / b);
  return out;
}

/// Best of `reps` (at least 3) thread CPU times of `build`, in milliseconds; also the best
/// wall time, to show that no work went to other threads (Embree's task system).
struct BuildTime {
  double cpu_ms = 1e300, wall_ms = 1e300;
};
BuildTime best_build(int reps, const std::function<void()>& build) {
  BuildTime best;
  for (int r = 0; r < std::max(reps, 3); ++r) {
    const double c0 = thread_seconds();
    const auto w0 = std::chrono::steady_clock::now();
    build();
    best.cpu_ms = std::min(best.cpu_ms, (thread_seconds() - c0) * 1e3);
    best.wall_ms = std::min(best.wall_ms, seconds_since(w0) * 1e3);
  }
  return best;
}

std::string si(double v) {
  char buf[32];
  if (v >= 1e6) std::snprintf(buf, sizeof buf, "%.2fM", v / 1e6);
  else if (v >= 1e3) std::snprintf(buf, sizeof buf, "%.0fk", v / 1e3);
  else std::snprintf(buf, sizeof buf, "%.0f", v);
  return buf;
}

std::string cpu_name() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  }
  return "unknown CPU";
}

volatile double g_sink = 0.0;  // keeps the query loops from being optimised away

struct SweepRow {
  std::string map, set;
  std::size_t count = 0, ours_hits = 0, bullet_hits = 0, start_overlap = 0, hit_agree = 0;
  double ours = 0, bullet = 0;
};
/// One outcome class of a sphere set (--classes): its queries timed apart, ours and Bullet's.
struct ClassRow {
  std::string map, set, outcome;
  std::size_t count = 0, set_count = 0;
  double ours = 0, bullet = 0;  ///< sweeps per second
};
struct RayRow {
  std::string map, set;
  std::size_t count = 0, ours_hits = 0, bullet_hits = 0, embree_hits = 0, agree_bullet = 0,
              agree_embree = 0;
  double ours = 0, bullet = 0, embree = 0;
};
struct ShapeRow {
  std::string map, shape, set;
  std::size_t count = 0, ours_hits = 0, bullet_hits = 0, start_overlap = 0, hit_agree = 0;
  double ours = 0, bullet = 0;
};
struct BuildRow {
  std::string map;
  std::size_t triangles = 0;
  BuildTime ours, bullet, embree;
  collision::WorldMemory memory;  ///< what the World holds
  std::size_t bullet_bvh = 0;     ///< Bullet's quantized BVH (its serialized size)
  std::size_t bullet_mesh = 0;    ///< Bullet's btTriangleMesh arrays (vertices and indices)
};

}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse(argc, argv);
  std::vector<SweepRow> sweeps;
  std::vector<ClassRow> classes;
  std::vector<RayRow> rays;
  std::vector<BuildRow> builds;
  std::vector<ShapeRow> shapes;
  const float r = prism::peer::kSweepRadius;

  for (const std::string& map : opt.maps) {
    std::fprintf(stderr, "bench_queries: %s ...\n", map.c_str());
    const prism::peer::LoadedLevel& lvl = prism::peer::level(map);
    // Rows and seeds name a dense mesh by its file name, not its path.
    const std::string label =
        map.starts_with("dense:") ? "dense:" + std::filesystem::path(map.substr(6)).filename().string() : map;
    const collision::World& world = *lvl.world;
    const collision::TriangleMesh& mesh = world.mesh();

    if (opt.run("build")) {
    BuildRow build;
    build.map = label;
    build.triangles = lvl.solid_triangles;
    // Each builder gets the mesh it needs ready-made, so only the tree build is timed: ours from
    // the TriangleMesh, Bullet's from its btTriangleMesh, Embree's from its geometry buffers.
    build.ours = best_build(opt.reps, [&] {
      const std::shared_ptr<const collision::Bvh> bvh = collision::build_bvh(mesh);
      g_sink = g_sink + static_cast<double>(bvh != nullptr);
    });
    {
      const std::unique_ptr<btTriangleMesh> bullet_mesh = prism::peer::BulletScene::make_mesh(mesh);
      build.bullet = best_build(opt.reps, [&] {
        btBvhTriangleMeshShape shape(bullet_mesh.get(), /*useQuantizedAabbCompression=*/true);
        g_sink = g_sink + static_cast<double>(shape.getOptimizedBvh() != nullptr);
      });
      // Memory: the World's parts, and Bullet's tree and mesh as it holds them.
      build.memory = world.memory();
      btBvhTriangleMeshShape shape(bullet_mesh.get(), /*useQuantizedAabbCompression=*/true);
      build.bullet_bvh = shape.getOptimizedBvh()->calculateSerializeBufferSize();
      const IndexedMeshArray& parts = bullet_mesh->getIndexedMeshArray();
      for (int i = 0; i < parts.size(); ++i) {
        const btIndexedMesh& part = parts[i];
        build.bullet_mesh += static_cast<std::size_t>(part.m_numVertices) * static_cast<std::size_t>(part.m_vertexStride) +
                             static_cast<std::size_t>(part.m_numTriangles) * static_cast<std::size_t>(part.m_triangleIndexStride);
      }
    }
    build.embree = best_build(opt.reps, [&] {
      const prism::bench::EmbreeScene scene(mesh);
      g_sink = g_sink + scene.build_ms();
    });
    builds.push_back(build);
    }

    prism::peer::BulletScene bullet(mesh, r);
    const prism::bench::EmbreeScene embree(mesh);
    const collision::Aabb bounds = prism::peer::solid_bounds(world);
    const std::vector<Query> uniform =
        prism::peer::uniform_queries(bounds, opt.queries, prism::peer::seed_for(label + "/uniform"));
    const std::vector<Query> walking = prism::peer::walking_queries(
        world, lvl.level.spawns, lvl.level.up, r, opt.queries, prism::peer::seed_for(label + "/walking"));
    const std::vector<Query> long_rays =
        prism::peer::long_rays(bounds, opt.queries, prism::peer::seed_for(label + "/long_rays"));

    // Sphere sweeps per second over `qs`, ours and Bullet's (a whole set, or one outcome class
    // of it with --classes).
    const auto sphere_rates = [&](const std::vector<Query>& qs) {
      return rates(qs.size(), opt.reps, {[&] {
        double sum = 0.0;
        for (const Query& q : qs) sum += collision::sweep_sphere(world, q.start, r, q.move).toi;
        g_sink = g_sink + sum;
      }, [&] {
        double sum = 0.0;
        for (const Query& q : qs) sum += bullet.sweep_sphere(q.start, q.move).fraction;
        g_sink = g_sink + sum;
      }});
    };
    for (const auto& [set_name, set] :
         {std::pair<const char*, const std::vector<Query>*>{"uniform", &uniform},
          {"walking", &walking}}) {
      if (!opt.run("spheres")) break;
      SweepRow row{label, set_name, set->size()};
      std::vector<Query> split[3];  // --classes: the queries by our outcome (start overlap, hit, miss)
      for (const Query& q : *set) {
        const collision::SweepHit ours = collision::sweep_sphere(world, q.start, r, q.move);
        if (opt.classes) split[ours.start_overlap ? 0 : ours.hit ? 1 : 2].push_back(q);
        const bool b = bullet.sweep_sphere(q.start, q.move).hit;
        row.ours_hits += ours.hit;
        row.bullet_hits += b;
        // Bullet does not report a sphere that starts inside geometry: compare the others.
        row.start_overlap += ours.start_overlap;
        row.hit_agree += !ours.start_overlap && ours.hit == b;
      }
      const std::vector<double> rate = sphere_rates(*set);
      row.ours = rate[0];
      row.bullet = rate[1];
      sweeps.push_back(row);
      if (!opt.classes) continue;
      // Each outcome class timed apart (in the set's order).
      const char* outcome[3] = {"start overlap", "hit", "miss"};
      for (int c = 0; c < 3; ++c) {
        if (split[c].empty()) continue;
        const std::vector<double> sub_rate = sphere_rates(split[c]);
        classes.push_back({label, set_name, outcome[c], split[c].size(), set->size(), sub_rate[0], sub_rate[1]});
      }
    }

    for (const auto& [set_name, set] :
         {std::pair<const char*, const std::vector<Query>*>{"uniform (<= 64 units)", &uniform},
          {"long (<= level diagonal)", &long_rays}}) {
      if (!opt.run("rays")) break;
      RayRow row{label, set_name, set->size()};
      for (const Query& q : *set) {
        const bool a = collision::raycast(world, q.start, q.move).hit;
        const bool b = bullet.raycast(q.start, q.move).hit;
        const bool c = embree.raycast(q.start, q.move).hit;
        row.ours_hits += a;
        row.bullet_hits += b;
        row.embree_hits += c;
        row.agree_bullet += a == b;
        row.agree_embree += a == c;
      }
      const std::vector<double> rate = rates(set->size(), opt.reps, {[&] {
        double sum = 0.0;
        for (const Query& q : *set) sum += collision::raycast(world, q.start, q.move).t;
        g_sink = g_sink + sum;
      }, [&] {
        double sum = 0.0;
        for (const Query& q : *set) sum += bullet.raycast(q.start, q.move).fraction;
        g_sink = g_sink + sum;
      }, [&] {
        double sum = 0.0;
        for (const Query& q : *set) sum += embree.raycast(q.start, q.move).t;
        g_sink = g_sink + sum;
      }});
      row.ours = rate[0];
      row.bullet = rate[1];
      row.embree = rate[2];
      rays.push_back(row);
    }

    // Box and capsule sweeps: the same sets, the walking starts raised for the taller bodies.
    const glm::vec3 up(0.0f, 0.0f, 1.0f);  // btCapsuleShapeZ; the maps are z-up
    const glm::vec3 half = prism::peer::kBoxHalf;
    const float cr = prism::peer::kCapsuleRadius, ch = prism::peer::kCapsuleHalf;
    const std::vector<Query> box_walking = prism::peer::raised(walking, lvl.level.up, half.z);
    const std::vector<Query> capsule_walking = prism::peer::raised(walking, lvl.level.up, cr + ch);
    using Ours = std::function<collision::SweepHit(const Query&)>;
    using Peer = std::function<prism::peer::BulletHit(const Query&)>;
    const Ours box = [&](const Query& q) { return collision::sweep_box(world, q.start, half, q.move); };
    const Peer box_bullet = [&](const Query& q) { return bullet.sweep_box(half, q.start, q.move); };
    const Ours capsule = [&](const Query& q) {
      return collision::sweep_capsule(world, q.start, cr, ch, up, q.move);
    };
    const Peer capsule_bullet = [&](const Query& q) { return bullet.sweep_capsule_z(cr, ch, q.start, q.move); };
    const struct {
      const char* shape;
      const char* set_name;
      const std::vector<Query>* set;
      const Ours* ours;
      const Peer* peer;
    } shape_runs[] = {{"box", "uniform", &uniform, &box, &box_bullet},
                      {"box", "walking", &box_walking, &box, &box_bullet},
                      {"capsule", "uniform", &uniform, &capsule, &capsule_bullet},
                      {"capsule", "walking", &capsule_walking, &capsule, &capsule_bullet}};
    for (const auto& run : shape_runs) {
      if (!opt.run("shapes")) break;
      if ((!opt.shape.empty() && opt.shape != run.shape) || (!opt.set.empty() && opt.set != run.set_name)) continue;
      ShapeRow row{label, run.shape, run.set_name, run.set->size()};
      for (const Query& q : *run.set) {
        const collision::SweepHit ours = (*run.ours)(q);
        const bool b = (*run.peer)(q).hit;
        row.ours_hits += ours.hit;
        row.bullet_hits += b;
        row.start_overlap += ours.start_overlap;
        row.hit_agree += !ours.start_overlap && ours.hit == b;
      }
      const std::vector<double> rate = rates(run.set->size(), opt.reps, {[&] {
        double sum = 0.0;
        for (const Query& q : *run.set) sum += (*run.ours)(q).toi;
        g_sink = g_sink + sum;
      }, [&] {
        double sum = 0.0;
        for (const Query& q : *run.set) sum += (*run.peer)(q).fraction;
        g_sink = g_sink + sum;
      }});
      row.ours = rate[0];
      row.bullet = rate[1];
      shapes.push_back(row);
    }
  }

  std::printf("Single thread, %s; %s traversal; %zu queries a set; thread CPU time, best of %d timings taken in "
              "turn with the peers'; sphere radius %g.\n\n",
              cpu_name().c_str(), collision::bvh_uses_avx2() ? "8-wide AVX2" : "4-wide SSE", opt.queries, opt.reps,
              static_cast<double>(r));
  if (opt.run("spheres")) {
  std::printf("### Swept sphere: ours vs Bullet btCollisionWorld::convexSweepTest\n\n");
  std::printf("| map | set | hits (ours / Bullet) | starts inside | hit/no-hit agree (the others) | ours sweeps/s | Bullet sweeps/s | ours / Bullet | goal |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|\n");
  for (const SweepRow& s : sweeps) {
    const double ratio = s.ours / s.bullet;
    const double goal = s.map.starts_with("dense:") ? 50.0 : s.set == "uniform" ? 20.0 : 15.0;  // issue 12
    std::printf("| %s | %s | %.1f%% / %.1f%% | %.1f%% | %zu / %zu | %s | %s | %.1fx | %.0fx: %s |\n",
                s.map.c_str(), s.set.c_str(), 100.0 * static_cast<double>(s.ours_hits) / static_cast<double>(s.count),
                100.0 * static_cast<double>(s.bullet_hits) / static_cast<double>(s.count),
                100.0 * static_cast<double>(s.start_overlap) / static_cast<double>(s.count), s.hit_agree,
                s.count - s.start_overlap,
                si(s.ours).c_str(), si(s.bullet).c_str(), ratio, goal, ratio >= goal ? "met" : "not met");
  }
  std::printf("\n");
  // The Quake maps' goals are judged without the dense mesh, which has its own (50x on each set).
  Summary uniform_sum, walking_sum, dense_sum;
  for (const SweepRow& s : sweeps) {
    (s.map.starts_with("dense:") ? dense_sum : s.set == "uniform" ? uniform_sum : walking_sum).add(s.ours / s.bullet, s.map.starts_with("dense:") ? s.map + " " + s.set : s.map);
  }
  uniform_sum.print("swept sphere vs Bullet, uniform", 20.0);
  walking_sum.print("swept sphere vs Bullet, walking", 15.0);
  dense_sum.print("swept sphere vs Bullet, dense mesh", 50.0, "sets");
  std::printf("\n");
  if (!classes.empty()) {
    std::printf("### Swept sphere by outcome (--classes)\n\n");
    std::printf("Each class's queries timed apart, in the set's order. A class alone runs faster than "
                "within its set (its branches go the same way more often, and a small class, repeated, is "
                "partly learned by the branch predictor): the classes' times add up to less than the set's.\n\n");
    std::printf("| map | set | outcome | share of the set | ours ns | Bullet ns | ours / Bullet | ns a query of the set (ours / Bullet) |\n");
    std::printf("|---|---|---|---|---|---|---|---|\n");
    for (const ClassRow& c : classes) {
      const double share = static_cast<double>(c.count) / static_cast<double>(c.set_count);
      std::printf("| %s | %s | %s | %.1f%% | %.1f | %.1f | %.1fx | %.1f / %.1f |\n", c.map.c_str(), c.set.c_str(),
                  c.outcome.c_str(), 100.0 * share, 1e9 / c.ours, 1e9 / c.bullet, c.ours / c.bullet,
                  share * 1e9 / c.ours, share * 1e9 / c.bullet);
    }
    std::printf("\n");
  }
  }
  if (opt.run("rays")) {
  std::printf("### Rays (segments): ours vs Bullet rayTest vs Embree 3 rtcIntersect1\n\n");
  std::printf("| map | set | hits (ours) | agree with Bullet / Embree | ours rays/s | Bullet rays/s | Embree rays/s | ours / Bullet | ours / Embree | goal |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
  for (const RayRow& s : rays) {
    const double vs_embree = s.ours / s.embree;
    std::printf("| %s | %s | %.1f%% | %zu / %zu of %zu | %s | %s | %s | %.1fx | %.2fx | >= Embree: %s |\n",
                s.map.c_str(), s.set.c_str(), 100.0 * static_cast<double>(s.ours_hits) / static_cast<double>(s.count),
                s.agree_bullet, s.agree_embree, s.count, si(s.ours).c_str(), si(s.bullet).c_str(),
                si(s.embree).c_str(), s.ours / s.bullet, vs_embree, vs_embree >= 1.0 ? "met" : "not met");
  }
  std::printf("\n");
  Summary short_sum, long_sum;
  for (const RayRow& s : rays) (s.set.rfind("uniform", 0) == 0 ? short_sum : long_sum).add(s.ours / s.embree, s.map);
  short_sum.print("rays vs Embree, uniform", 1.0);
  long_sum.print("rays vs Embree, long", 1.0);
  std::printf("\n");
  }
  if (opt.run("shapes")) {
  std::printf("### Swept box and capsule: ours vs Bullet convexSweepTest (btBoxShape, margin 0; btCapsuleShapeZ)\n\n");
  std::printf("| map | shape | set | hits (ours / Bullet) | starts inside | hit/no-hit agree (the others) | ours sweeps/s | Bullet sweeps/s | ours / Bullet | goal |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
  for (const ShapeRow& s : shapes) {
    const double ratio = s.ours / s.bullet;
    const double n = static_cast<double>(s.count);
    std::printf("| %s | %s | %s | %.1f%% / %.1f%% | %.1f%% | %zu / %zu | %s | %s | %.1fx | 10x: %s |\n",
                s.map.c_str(), s.shape.c_str(), s.set.c_str(), 100.0 * static_cast<double>(s.ours_hits) / n,
                100.0 * static_cast<double>(s.bullet_hits) / n, 100.0 * static_cast<double>(s.start_overlap) / n,
                s.hit_agree, s.count - s.start_overlap, si(s.ours).c_str(), si(s.bullet).c_str(), ratio,
                ratio >= 10.0 ? "met" : "not met");
  }
  std::printf("\n");
  Summary shape_sums[4];
  const char* shape_names[4] = {"swept box vs Bullet, uniform", "swept box vs Bullet, walking",
                                "swept capsule vs Bullet, uniform", "swept capsule vs Bullet, walking"};
  for (const ShapeRow& s : shapes)
    shape_sums[(s.shape == "capsule" ? 2 : 0) + (s.set == "walking" ? 1 : 0)].add(s.ours / s.bullet, s.map);
  for (int k = 0; k < 4; ++k) shape_sums[k].print(shape_names[k], 10.0);
  std::printf("\n");
  }
  if (opt.run("build")) {
  std::printf("### BVH build (single thread)\n\n");
  std::printf("| map | solid triangles | ours ms | Bullet btBvhTriangleMeshShape ms | Embree scene ms | Bullet / ours | goal |\n");
  std::printf("|---|---|---|---|---|---|---|\n");
  for (const BuildRow& b : builds) {
    std::printf("| %s | %zu | %.2f | %.2f | %.2f (wall %.2f) | %.2fx | no slower than Bullet: %s |\n",
                b.map.c_str(), b.triangles, b.ours.cpu_ms, b.bullet.cpu_ms, b.embree.cpu_ms,
                b.embree.wall_ms, b.bullet.cpu_ms / b.ours.cpu_ms,
                b.ours.cpu_ms <= b.bullet.cpu_ms ? "met" : "not met");
  }
  std::printf("\n### Memory a triangle (bytes; World::memory(), Bullet's quantized BVH and mesh)\n\n");
  std::printf("| map | ours | mesh | nodes4 | nodes8 | triangles | packets | start grid + occupancy | Bullet (BVH + mesh) | ours / Bullet |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
  for (const BuildRow& b : builds) {
    const double n = static_cast<double>(std::max<std::size_t>(b.triangles, 1));
    const auto per = [&](std::size_t bytes) { return static_cast<double>(bytes) / n; };
    const collision::WorldMemory& m = b.memory;
    std::printf("| %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f (%.1f + %.1f) | %.1fx |\n", b.map.c_str(),
                per(m.total()), per(m.mesh), per(m.nodes4), per(m.nodes8), per(m.triangles), per(m.packets),
                per(m.start_grid + m.occupancy), per(b.bullet_bvh + b.bullet_mesh), per(b.bullet_bvh), per(b.bullet_mesh),
                static_cast<double>(m.total()) / static_cast<double>(std::max<std::size_t>(b.bullet_bvh + b.bullet_mesh, 1)));
  }
  }
  return 0;
}
