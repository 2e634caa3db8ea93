#pragma once
/// @file random_walk.hpp
/// Running seeded random walks with gravity (collision::step_character at a fixed time step,
/// the input from a RandomWalk source, debugger/walk_source.hpp) and counting the anomalies the
/// finder's walk rules find (debugger/anomalies.hpp: ends_in_overlap, pass_through,
/// stuck_walk).

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/character.hpp"
#include "collision/queries.hpp"
#include "collision/world.hpp"
#include "debugger/anomalies.hpp"
#include "prism_walks/random_input.hpp"

namespace prism_walks {

/// The kinds a run of walks counts, by the finder's rules: ends_in_overlap, pass_through and
/// stuck_walk (named here as the walks print them).
enum class AnomalyKind : std::uint8_t { kDeepOverlap, kWallPass, kStuck };
const char* to_string(AnomalyKind k);

/// Everything a run of walks needs besides the start points.
struct WalkSetup {
  WalkSetup(const collision::World& w, const collision::Body& b) : world(w), body(b) {}

  const collision::World& world;
  collision::Body body;
  collision::CharacterParams params;  ///< up, method, max iterations, ...
  float dt = 1.0f / 60.0f;            ///< seconds per frame
  int frames = 600;                   ///< frames per walk
  std::uint32_t seed = 1;             ///< walk i uses RandomInput(seed, i)
  RandomInputParams script;
  bool check = true;                  ///< run the anomaly checks (off for benchmarks)
};

/// One anomaly, with what it takes to reproduce the frame on its own: the state before the
/// frame and the frame's input (then one step_character call), or the whole walk (seed, walk
/// index, start, replayed up to `frame`).
struct Anomaly {
  AnomalyKind kind = AnomalyKind::kDeepOverlap;
  std::uint32_t walk = 0;
  int frame = 0;
  glm::vec3 start{0.0f};  ///< the walk's start point
  collision::CharacterState before;
  collision::WalkInput input;
  collision::CharacterState after;
  float depth = 0.0f;  ///< deep overlap: depth beyond the skin
  std::uint32_t triangle = collision::kNoTriangle;
  /// What `triangle` belongs to in a scene walk (scene_walk.hpp): collision::kStaticLevel, an
  /// instance id, or collision::kCharacterInstance + a character id (then no triangle).
  std::uint32_t instance = collision::kStaticLevel;
};

struct WalkCounts {
  std::size_t walks = 0;
  std::size_t frames = 0;
  std::size_t deep_overlap_frames = 0;
  std::size_t wall_passes = 0;
  std::size_t stuck_walks = 0;
  double step_seconds = 0.0;  ///< time spent inside step_character alone
  std::vector<Anomaly> examples;  ///< the first few anomalies of each kind
  static constexpr std::size_t kExamplesPerKind = 5;

  double moves_per_second() const {
    return step_seconds > 0.0 ? static_cast<double>(frames) / step_seconds : 0.0;
  }
  void add(const WalkCounts& other);
};

/// A walk's frame, as an anomaly names it.
struct WalkFrame {
  std::uint32_t walk = 0;
  int frame = 0;
  glm::vec3 start{0.0f};
  const collision::CharacterState& before;
  const collision::WalkInput& input;
  const collision::CharacterState& after;
};
/// Counts frame `f`, judged `v`, into `counts` (keeping the first few examples of each kind).
void count_frame(WalkCounts& counts, const debugger::WalkFrameVerdict& v, const WalkFrame& f);

/// Called after every frame with the walk index, the frame index and the state it ended in.
using FrameSink = std::function<void(std::uint32_t walk, int frame, const collision::CharacterState&)>;

/// Runs walk `walk` from `start` (velocity zero, in air), adding to `counts`. `sink` may be
/// empty. Deterministic: the same setup, walk and start give bit-identical states.
void run_walk(const WalkSetup& setup, std::uint32_t walk, const glm::vec3& start,
              WalkCounts& counts, const FrameSink& sink = {});

/// Runs walks 0..starts.size()-1, walk i from starts[i].
WalkCounts run_walks(const WalkSetup& setup, const std::vector<glm::vec3>& starts,
                     const FrameSink& sink = {});

/// A reproduction of one anomaly as C++ statements and numbers in hex floats (exact).
std::string describe(const Anomaly& a, const WalkSetup& setup);
/// Its first line: kind, walk, frame, where from and to, depth, and the triangle (`T`, `iN:T`
/// for an instance's) or `character cN` it names.
std::string headline(const Anomaly& a, const WalkSetup& setup);

/// "walks N, frames F, deep overlaps D, wall passes W, stuck walks S, moves/s M" lines.
void print_summary(std::FILE* out, const WalkCounts& counts);

}  // namespace prism_walks
