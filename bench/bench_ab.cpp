// bench_ab: two builds of the core timed against each other on one query set, in short slices
// taken in turn, for changes too small for bench_queries' run-to-run spread (docs/benchmarks.md,
// "Twenty-first round": this machine has spells of seconds at up to twice the time, which move
// one binary's rate by 30-50% between runs, and its two CPUs can run 10-25% apart for seconds).
//
//   bench_ab --a BIN_A --b BIN_B [--map q3dm6ish] [--set spheres-uniform] [--queries 10000]
//            [--pairs 4] [--rounds 40] [--slice 0.03] [--cpu C]
//   bench_ab --serve [--map q3dm6ish] [--queries 10000]
//
// The first form starts `BIN_A --serve` and `BIN_B --serve` (each a bench_ab built from the code
// to compare), waits until both have loaded the map, then asks each in turn (A B, then B A, ...)
// for one slice of the set: the set swept again and again for `--slice` seconds of thread CPU
// time. Only one of the two runs at a time, both on one CPU (`--cpu`, by default the one the
// command started on), so two slices a few milliseconds apart see the same machine. It does so
// with `--pairs` fresh pairs of processes, `--rounds` rounds each, and prints each side's best
// and median time a query, the median of all rounds' ratios A/B, each pair's median (their
// spread is the tool's resolution at the time: run BIN_A against itself to see it; here about
// 1%), and whether the two gave the same results (a checksum of the set's times of impact, or of
// a ray's t). Sets: spheres-, boxes- and capsules-uniform and -walking, rays-uniform, rays-long
// (bench_queries' sets, tests/peer/support/query_sets.hpp; the boxes and capsules start from the
// sphere's walking starts, not raised as bench_queries raises them).
// The second form is the server: it reads "SET SECONDS" lines on standard input and answers each
// with "NS_PER_QUERY CHECKSUM".

#include <sched.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "collision/box_queries.hpp"
#include "collision/capsule_queries.hpp"
#include "collision/queries.hpp"
#include "levels.hpp"
#include "query_sets.hpp"

namespace {

using prism::peer::Query;

double thread_seconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

struct Options {
  std::string a, b, map = "q3dm6ish", set = "spheres-uniform";
  std::size_t queries = 10000;
  int rounds = 40, pairs = 4, cpu = -1;
  double slice = 0.03;
  bool serve = false;
};

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "bench_ab: %s\nusage: bench_ab --a BIN_A --b BIN_B [--map M] [--set spheres-uniform|spheres-walking|"
               "boxes-uniform|boxes-walking|capsules-uniform|capsules-walking|rays-uniform|rays-long] [--queries N] [--pairs P] [--rounds R] [--slice SECONDS] [--cpu C]\n       bench_ab --serve [--map M] "
               "[--queries N]\n",
               why);
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(("missing value after " + arg).c_str());
      return argv[++i];
    };
    if (arg == "--serve") o.serve = true;
    else if (arg == "--a") o.a = value();
    else if (arg == "--b") o.b = value();
    else if (arg == "--map") o.map = value();
    else if (arg == "--set") o.set = value();
    else if (arg == "--queries") o.queries = static_cast<std::size_t>(std::max(1, std::atoi(value().c_str())));
    else if (arg == "--rounds") o.rounds = std::max(1, std::atoi(value().c_str()));
    else if (arg == "--pairs") o.pairs = std::max(1, std::atoi(value().c_str()));
    else if (arg == "--cpu") o.cpu = std::max(0, std::atoi(value().c_str()));
    else if (arg == "--slice") o.slice = std::max(0.001, std::atof(value().c_str()));
    else usage(("unknown option " + arg).c_str());
  }
  if (!o.serve && (o.a.empty() || o.b.empty())) usage("--a and --b are required (or --serve)");
  static const char* const kSets[] = {"spheres-uniform", "spheres-walking", "boxes-uniform", "boxes-walking",
                                      "capsules-uniform", "capsules-walking", "rays-uniform", "rays-long"};
  if (std::find(std::begin(kSets), std::end(kSets), o.set) == std::end(kSets)) {
    usage(("unknown set " + o.set).c_str());
  }
  return o;
}

// The server: loads the map and its sets, then answers slices.
int serve(const Options& o) {
  const prism::peer::LoadedLevel& lvl = prism::peer::level(o.map);
  const collision::World& world = *lvl.world;
  const float r = prism::peer::kSweepRadius;
  const collision::Aabb bounds = prism::peer::solid_bounds(world);
  const std::vector<Query> uniform =
      prism::peer::uniform_queries(bounds, o.queries, prism::peer::seed_for(o.map + "/uniform"));
  const std::vector<Query> walking = prism::peer::walking_queries(
      world, lvl.level.spawns, lvl.level.up, r, o.queries, prism::peer::seed_for(o.map + "/walking"));
  const std::vector<Query> long_rays =
      prism::peer::long_rays(bounds, o.queries, prism::peer::seed_for(o.map + "/long_rays"));
  std::printf("ready\n");
  std::fflush(stdout);
  char set[64];
  double seconds = 0.0;
  while (std::scanf("%63s %lf", set, &seconds) == 2) {
    const std::string name = set;
    const std::vector<Query>* qs = name.ends_with("-uniform") ? &uniform
                                   : name.ends_with("-walking") ? &walking
                                   : name == "rays-long"        ? &long_rays
                                                                : nullptr;
    if (qs == nullptr) {
      std::printf("error unknown set %s\n", set);
      std::fflush(stdout);
      continue;
    }
    // Boxes and capsules as bench_queries sweeps them: a Quake player's box and a capsule as
    // wide and tall, standing along z, from the same starts (its walking rows raise them; here
    // they start where the sphere does).
    const glm::vec3 up(0.0f, 0.0f, 1.0f);
    const auto pass = [&] {
      double sum = 0.0;
      if (name.starts_with("spheres-")) {
        for (const Query& q : *qs) sum += collision::sweep_sphere(world, q.start, r, q.move).toi;
      } else if (name.starts_with("boxes-")) {
        for (const Query& q : *qs) sum += collision::sweep_box(world, q.start, prism::peer::kBoxHalf, q.move).toi;
      } else if (name.starts_with("capsules-")) {
        for (const Query& q : *qs) {
          sum += collision::sweep_capsule(world, q.start, prism::peer::kCapsuleRadius, prism::peer::kCapsuleHalf, up,
                                          q.move)
                     .toi;
        }
      } else {
        for (const Query& q : *qs) sum += collision::raycast(world, q.start, q.move).t;
      }
      return sum;
    };
    const double t0 = thread_seconds();
    double t1 = t0, checksum = 0.0;
    int passes = 0;
    do {
      checksum = pass();
      ++passes;
      t1 = thread_seconds();
    } while (t1 - t0 < seconds);
    std::printf("%.4f %.17g\n", (t1 - t0) / passes / static_cast<double>(qs->size()) * 1e9, checksum);
    std::fflush(stdout);
  }
  return 0;
}

struct Server {
  pid_t pid = -1;
  FILE* to = nullptr;
  FILE* from = nullptr;
};

Server start(const std::string& binary, const Options& o, int cpu) {
  int in[2], out[2];
  if (pipe(in) != 0 || pipe(out) != 0) usage("pipe failed");
  const pid_t pid = fork();
  if (pid < 0) usage("fork failed");
  if (pid == 0) {
    // Both servers on one CPU: the two of a virtual machine can run at different speeds for
    // seconds (measured here: 10-25%), which would fall on one side only.
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    sched_setaffinity(0, sizeof set, &set);
    dup2(in[0], 0);
    dup2(out[1], 1);
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    const std::string queries = std::to_string(o.queries);
    execl(binary.c_str(), binary.c_str(), "--serve", "--map", o.map.c_str(), "--queries", queries.c_str(),
          static_cast<char*>(nullptr));
    std::fprintf(stderr, "bench_ab: cannot run %s: %s\n", binary.c_str(), std::strerror(errno));
    std::_Exit(2);
  }
  close(in[0]), close(out[1]);
  Server s{pid, fdopen(in[1], "w"), fdopen(out[0], "r")};
  char line[64];
  if (std::fgets(line, sizeof line, s.from) == nullptr || std::strncmp(line, "ready", 5) != 0) {
    std::fprintf(stderr, "bench_ab: %s did not start (is it a bench_ab binary? does --map %s load?)\n", binary.c_str(),
                 o.map.c_str());
    std::exit(1);
  }
  return s;
}

bool slice(Server& s, const Options& o, double& ns, double& checksum) {
  std::fprintf(s.to, "%s %g\n", o.set.c_str(), o.slice);
  std::fflush(s.to);
  char line[128];
  if (std::fgets(line, sizeof line, s.from) == nullptr) return false;
  return std::sscanf(line, "%lf %lf", &ns, &checksum) == 2;
}

// The q-quantile of v (0.5: the median), linear between neighbours.
double quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  const double at = q * static_cast<double>(v.size() - 1);
  const std::size_t i = static_cast<std::size_t>(at);
  const double f = at - static_cast<double>(i);
  return i + 1 < v.size() ? v[i] * (1.0 - f) + v[i + 1] * f : v[i];
}
double median(const std::vector<double>& v) { return quantile(v, 0.5); }

int compare(const Options& o) {
  const int cpu = o.cpu >= 0 ? o.cpu : std::max(0, sched_getcpu());
  std::vector<double> ta, tb, ratio, pair_median;
  bool same = true;
  for (int pair = 0; pair < o.pairs; ++pair) {
    Server a = start(o.a, o, cpu), b = start(o.b, o, cpu);
    std::vector<double> pair_ratio;
    double sum_a = 0.0, sum_b = 0.0;
    for (int round = 0; round < o.rounds; ++round) {
      double na = 0.0, nb = 0.0;
      const bool ok = (round + pair) % 2 == 0 ? slice(a, o, na, sum_a) && slice(b, o, nb, sum_b)
                                              : slice(b, o, nb, sum_b) && slice(a, o, na, sum_a);
      if (!ok) {
        std::fprintf(stderr, "bench_ab: a server stopped answering\n");
        return 1;
      }
      ta.push_back(na), tb.push_back(nb), ratio.push_back(na / nb), pair_ratio.push_back(na / nb);
    }
    std::fclose(a.to), std::fclose(b.to);
    waitpid(a.pid, nullptr, 0), waitpid(b.pid, nullptr, 0);
    pair_median.push_back(median(pair_ratio));
    same = same && sum_a == sum_b;
  }
  const auto percent = [](double r) { return (r - 1.0) * 100.0; };
  std::printf("%s %s, %zu queries; %d pairs of processes on CPU %d, %d rounds each of %.3f s slices (thread CPU "
              "time), A and B in turn\n",
              o.map.c_str(), o.set.c_str(), o.queries, o.pairs, cpu, o.rounds, o.slice);
  std::printf("  A %s: best %.2f ns, median %.2f ns a query\n", o.a.c_str(), *std::min_element(ta.begin(), ta.end()),
              median(ta));
  std::printf("  B %s: best %.2f ns, median %.2f ns a query\n", o.b.c_str(), *std::min_element(tb.begin(), tb.end()),
              median(tb));
  std::printf("  B faster than A by %+.2f%% (median of all rounds' A/B); each pair's median:", percent(median(ratio)));
  for (double m : pair_median) std::printf(" %+.2f%%", percent(m));
  std::printf("\n  results: %s\n", same ? "the same checksums" : "DIFFERENT checksums");
  return same ? 0 : 3;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  try {
    return o.serve ? serve(o) : compare(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_ab: %s\n", e.what());
    return 1;
  }
}
