#pragma once
/// @file batch.hpp
/// Batches: many independent queries or characters, split over threads. Spans in, spans out:
/// result i is exactly what the single-threaded call gives for input i (the same function runs
/// on each item; no item depends on another), whatever the thread count.
///
/// Threads: `threads` = 0 uses std::thread::hardware_concurrency(); 1 runs on the calling
/// thread. Otherwise the calling thread and oneTBB's persistent workers share the items in a
/// task arena of `threads` slots (one arena per thread count, kept for the process; no thread
/// is started per call; a count above the hardware's threads runs as the hardware's count):
/// tbb::parallel_for splits [0, count) into contiguous ranges of at least
/// count / (128 x threads) items and idle threads steal halves of the others' ranges, so uneven
/// work balances. Every item runs in the calling thread's floating-point mode (MXCSR:
/// denormals-are-zero, flush-to-zero, rounding), on the workers too, as the call finds it.
/// Errors: an output span shorter than the input throws std::invalid_argument before any work;
/// an exception thrown for an item (step_characters: std::invalid_argument for an input outside
/// the domain) is rethrown on the calling thread after every thread has stopped: the one of the
/// lowest item index (every item below it has run; later items may be left unwritten).

#include <span>

#include <glm/vec3.hpp>

#include "collision/body.hpp"
#include "collision/character.hpp"
#include "collision/queries.hpp"

namespace collision {

class World;

/// A move or a ray: from `origin` by `delta` (the same convention as the single queries).
struct SegmentQuery {
  glm::vec3 origin{0.0f};
  glm::vec3 delta{0.0f};
};

/// sweep(world, body, q.origin, q.delta, options) for every query.
void sweep_batch(const World& world, const Body& body, std::span<const SegmentQuery> queries,
                 std::span<SweepHit> out, const SweepOptions& options = {}, unsigned threads = 0);

/// sweep_sphere for every query.
void sweep_sphere_batch(const World& world, float radius, std::span<const SegmentQuery> queries,
                        std::span<SweepHit> out, const SweepOptions& options = {}, unsigned threads = 0);

/// raycast for every query.
void raycast_batch(const World& world, std::span<const SegmentQuery> queries, std::span<RayHit> out,
                   unsigned threads = 0);

/// One step_character per character: states[i] becomes the step of states[i] with inputs[i]
/// (characters do not collide with one another), in place (update_character: each state's
/// contact list keeps its memory, so a frame allocates nothing once the lists have grown).
/// `params` must be resolved for `body` or resolvable (as for step_character).
void step_characters(const World& world, const Body& body, std::span<CharacterState> states,
                     std::span<const CharacterInput> inputs, float dt, const CharacterParams& params,
                     unsigned threads = 0);

/// The thread count a batch uses for `threads` (0: the hardware's, at least 1).
unsigned batch_threads(unsigned threads);

}  // namespace collision
