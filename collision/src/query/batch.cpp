// Batches over threads (see batch.hpp): oneTBB's parallel_for over blocked ranges in a task
// arena of `threads` slots, on TBB's persistent workers; the exception of the lowest item index
// rethrown after every thread has stopped.
#include "collision/batch.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_group.h>
#include <tbb/task_arena.h>

#include "collision/world.hpp"
#include "query/parallel_items.hpp"
#include "recording/record_call.hpp"

namespace collision {

unsigned batch_threads(unsigned threads) {
  if (threads != 0) return threads;
  return std::max(1u, std::thread::hardware_concurrency());
}

namespace {

// One arena per thread count, made on first use and kept: its slots are filled by TBB's worker
// threads, which live as long as the process, so a batch starts no thread and its workers keep
// their warm malloc caches from one call to the next.
tbb::task_arena& arena_for(unsigned threads) {
  static std::mutex mutex;
  static std::vector<std::unique_ptr<tbb::task_arena>> arenas;
  const std::lock_guard<std::mutex> lock(mutex);
  if (arenas.size() <= threads) arenas.resize(threads + 1);
  if (!arenas[threads]) arenas[threads] = std::make_unique<tbb::task_arena>(static_cast<int>(threads));
  return *arenas[threads];
}

// Calls work(i) for every i in [0, count) on `threads` threads.
template <class Work>
void parallel_for(std::size_t count, unsigned threads, const Work& work) {
  threads = static_cast<unsigned>(std::min<std::size_t>(batch_threads(threads), std::max<std::size_t>(count, 1)));
  // TBB runs no more threads than the hardware has (and says so on stderr when an arena asks
  // for more): a larger count gets the hardware's.
  threads = std::min(threads, static_cast<unsigned>(std::max(1, tbb::info::default_concurrency())));
  if (threads <= 1) {
    for (std::size_t i = 0; i < count; ++i) {
      PRISM_BATCH_ITEM;  // the batch is recorded as one call, not item by item
      work(i);
    }
    return;
  }
  // Ranges down to 1/128 of a thread's share: TBB's auto partitioner splits that far only
  // when a thread runs dry, so uneven items (character steps of 1 to 5 us) leave no long tail
  // on one thread; splitting and stealing stay rare otherwise.
  const std::size_t grain = std::max<std::size_t>(1, count / (static_cast<std::size_t>(threads) * 128));
  // The lowest failing index so far (count: none). Items above it are skipped; items below it
  // still run, since one of them may fail too and its error is the one to report.
  std::atomic<std::size_t> error_index{count};
  std::mutex error_mutex;
  std::exception_ptr error;
  // The caller's floating-point mode (MXCSR: denormals-are-zero, flush-to-zero, rounding), taken
  // now and set by TBB around every task, on the workers and on this thread alike. Without it
  // the tasks run in the mode of the thread that first used the arena, whatever the caller's.
  tbb::task_group_context context(tbb::task_group_context::bound,
                                  tbb::task_group_context::default_traits | tbb::task_group_context::fp_settings);
  arena_for(threads).execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, count, grain), [&](const tbb::blocked_range<std::size_t>& r) {
      for (std::size_t i = r.begin(); i < r.end(); ++i) {
        if (i > error_index.load(std::memory_order_relaxed)) return;
        try {
          PRISM_BATCH_ITEM;
          work(i);
        } catch (...) {
          const std::lock_guard<std::mutex> lock(error_mutex);
          if (i < error_index.load(std::memory_order_relaxed)) {
            error_index.store(i, std::memory_order_relaxed);
            error = std::current_exception();
          }
          return;
        }
      }
    }, tbb::auto_partitioner(), context);
  });
  if (error) std::rethrow_exception(error);
}

void require_room(std::size_t in, std::size_t out, const char* what) {
  if (out < in) throw std::invalid_argument(std::string(what) + ": the output span is shorter than the input");
}

}  // namespace

void detail::parallel_items(std::size_t count, unsigned threads, const std::function<void(std::size_t)>& work) {
  parallel_for(count, threads, work);
}

void sweep_batch(const World& world, const Body& body, std::span<const SegmentQuery> queries,
                 std::span<SweepHit> out, const SweepOptions& options, unsigned threads) {
  require_room(queries.size(), out.size(), "sweep_batch");
  PRISM_RECORD_BATCH(world, SweepBatchCall,
                     (detail::recording::SweepBatchCall{body, {queries.begin(), queries.end()}, options, threads}),
                   out.first(queries.size()), sweep_batch(world, body, queries, out, options, threads));
  parallel_for(queries.size(), threads,
               [&](std::size_t i) { out[i] = sweep(world, body, queries[i].origin, queries[i].delta, options); });
}

void sweep_sphere_batch(const World& world, float radius, std::span<const SegmentQuery> queries,
                        std::span<SweepHit> out, const SweepOptions& options, unsigned threads) {
  require_room(queries.size(), out.size(), "sweep_sphere_batch");
  PRISM_RECORD_BATCH(world, SweepSphereBatchCall,
                     (detail::recording::SweepSphereBatchCall{radius, {queries.begin(), queries.end()}, options, threads}),
                   out.first(queries.size()), sweep_sphere_batch(world, radius, queries, out, options, threads));
  parallel_for(queries.size(), threads, [&](std::size_t i) {
    out[i] = sweep_sphere(world, queries[i].origin, radius, queries[i].delta, options);
  });
}

void raycast_batch(const World& world, std::span<const SegmentQuery> queries, std::span<RayHit> out,
                   unsigned threads) {
  require_room(queries.size(), out.size(), "raycast_batch");
  PRISM_RECORD_BATCH(world, RaycastBatchCall, (detail::recording::RaycastBatchCall{{queries.begin(), queries.end()}, threads}),
                   out.first(queries.size()), raycast_batch(world, queries, out, threads));
  parallel_for(queries.size(), threads,
               [&](std::size_t i) { out[i] = raycast(world, queries[i].origin, queries[i].delta); });
}

void step_characters(const World& world, const Body& body, std::span<CharacterState> states,
                     std::span<const CharacterInput> inputs, float dt, const CharacterParams& params,
                     unsigned threads) {
  require_room(states.size(), inputs.size(), "step_characters (inputs)");
  PRISM_RECORD_BATCH(world, StepBatchCall, detail::recording::step_batch_call(body, states, inputs, dt, params, threads), states,
                   step_characters(world, body, states, inputs, dt, params, threads));
  const CharacterParams resolved = params.resolved(body);  // once, not per character
  parallel_for(states.size(), threads, [&](std::size_t i) {
    update_character(world, body, states[i], inputs[i], dt, resolved);
  });
}

}  // namespace collision
