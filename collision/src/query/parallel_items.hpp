#pragma once
// Internal: the batches' thread pool (batch.cpp, collision/batch.hpp's "Threads") for other
// parts of the core: the Scene's batch of character steps.
#include <cstddef>
#include <functional>

namespace collision::detail {

/// work(i) for every i in [0, count) on `threads` threads (0: the hardware's), as the batches
/// run their items: the caller's floating-point mode, the lowest failing item's exception
/// rethrown once every thread has stopped.
void parallel_items(std::size_t count, unsigned threads, const std::function<void(std::size_t)>& work);

}  // namespace collision::detail
