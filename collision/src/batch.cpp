// Batches over threads (see batch.hpp): contiguous chunks from a shared counter, the first
// exception by item index rethrown after every thread has stopped.
#include "collision/batch.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "collision/world.hpp"

namespace collision {

unsigned batch_threads(unsigned threads) {
  if (threads != 0) return threads;
  return std::max(1u, std::thread::hardware_concurrency());
}

namespace {

// Calls work(i) for every i in [0, count) on `threads` threads.
template <class Work>
void parallel_for(std::size_t count, unsigned threads, const Work& work) {
  threads = static_cast<unsigned>(std::min<std::size_t>(batch_threads(threads), std::max<std::size_t>(count, 1)));
  if (threads <= 1) {
    for (std::size_t i = 0; i < count; ++i) work(i);
    return;
  }
  // About 8 chunks per thread: small enough to balance uneven queries, large enough that the
  // shared counter is touched rarely.
  const std::size_t chunk = std::max<std::size_t>(1, count / (static_cast<std::size_t>(threads) * 8));
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex error_mutex;
  std::size_t error_index = count;
  std::exception_ptr error;
  const auto run = [&] {
    for (;;) {
      if (failed.load(std::memory_order_relaxed)) return;
      const std::size_t begin = next.fetch_add(chunk, std::memory_order_relaxed);
      if (begin >= count) return;
      const std::size_t end = std::min(count, begin + chunk);
      for (std::size_t i = begin; i < end; ++i) {
        try {
          work(i);
        } catch (...) {
          const std::lock_guard<std::mutex> lock(error_mutex);
          if (i < error_index) {
            error_index = i;
            error = std::current_exception();
          }
          failed.store(true, std::memory_order_relaxed);
          return;
        }
      }
    }
  };
  std::vector<std::jthread> pool;
  pool.reserve(threads - 1);
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(run);
  run();
  pool.clear();  // joins
  if (error) std::rethrow_exception(error);
}

void require_room(std::size_t in, std::size_t out, const char* what) {
  if (out < in) throw std::invalid_argument(std::string(what) + ": the output span is shorter than the input");
}

}  // namespace

void sweep_batch(const World& world, const Body& body, std::span<const SegmentQuery> queries,
                 std::span<SweepHit> out, const SweepOptions& options, unsigned threads) {
  require_room(queries.size(), out.size(), "sweep_batch");
  parallel_for(queries.size(), threads,
               [&](std::size_t i) { out[i] = sweep(world, body, queries[i].origin, queries[i].delta, options); });
}

void sweep_sphere_batch(const World& world, float radius, std::span<const SegmentQuery> queries,
                        std::span<SweepHit> out, const SweepOptions& options, unsigned threads) {
  require_room(queries.size(), out.size(), "sweep_sphere_batch");
  parallel_for(queries.size(), threads, [&](std::size_t i) {
    out[i] = sweep_sphere(world, queries[i].origin, radius, queries[i].delta, options);
  });
}

void raycast_batch(const World& world, std::span<const SegmentQuery> queries, std::span<RayHit> out,
                   unsigned threads) {
  require_room(queries.size(), out.size(), "raycast_batch");
  parallel_for(queries.size(), threads,
               [&](std::size_t i) { out[i] = raycast(world, queries[i].origin, queries[i].delta); });
}

void step_characters(const World& world, const Body& body, std::span<CharacterState> states,
                     std::span<const CharacterInput> inputs, float dt, const CharacterParams& params,
                     unsigned threads) {
  require_room(states.size(), inputs.size(), "step_characters (inputs)");
  const CharacterParams resolved = params.resolved(body);  // once, not per character
  parallel_for(states.size(), threads, [&](std::size_t i) {
    states[i] = step_character(world, body, states[i], inputs[i], dt, resolved);
  });
}

}  // namespace collision
