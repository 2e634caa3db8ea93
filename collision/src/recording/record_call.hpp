#pragma once
// The recorder's hook in the core's public entry points (collision/recording.hpp). Each entry
// point starts with PRISM_RECORD_RETURN or PRISM_RECORD_OUT: with no recorder attached to the
// world that is one atomic load and a branch; with one, the call runs again inside
// record_return/record_out, which counts it as nested (so that the core's own inner calls, and
// the items a recorded batch runs on other threads, are not recorded twice) and appends its
// inputs and result to the calling thread's buffer while a frame is open.
#include <atomic>

#include "collision/world.hpp"
#include "recording/calls.hpp"

#if PRISM_RECORDING

namespace collision::detail {

/// > 0 while this thread runs inside a recorded call or a batch item: such calls are not
/// recorded themselves.
extern constinit thread_local int t_recording_depth;

struct NestedCall {
  NestedCall() { ++t_recording_depth; }
  ~NestedCall() { --t_recording_depth; }
  NestedCall(const NestedCall&) = delete;
  NestedCall& operator=(const NestedCall&) = delete;
};

/// What the hot path sees of a Recorder (recorder.cpp derives the rest).
class RecorderHook {
 public:
  bool frame_open() const { return frame_open_.load(std::memory_order_relaxed); }

 protected:
  RecorderHook() = default;
  ~RecorderHook() = default;
  std::atomic<bool> frame_open_{false};
};

/// Appends one call and its result to the calling thread's buffer. Never throws: a failed
/// allocation drops the frame. Instantiated in record_call.cpp for every call and result type.
template <class Call, class Result>
void append(RecorderHook& hook, const Call& call, const Result& result) noexcept;

template <class MakeCall, class Run>
auto record_return(RecorderHook& hook, const MakeCall& make_call, const Run& run) {
  const NestedCall nested;
  if (!hook.frame_open()) return run();
  const auto call = make_call();  // before the run: update_character changes its state in place
  auto result = run();
  append(hook, call, result);
  return result;
}

template <class MakeCall, class Out, class Run>
void record_out(RecorderHook& hook, const MakeCall& make_call, const Out& out, const Run& run) {
  const NestedCall nested;
  if (!hook.frame_open()) return run();
  const auto call = make_call();
  run();
  append(hook, call, out());
}

}  // namespace collision::detail

#define PRISM_RECORD_HOOK_(world)                                                                \
  ::collision::detail::RecorderHook* prism_hook_ = (world).recorder_hook();                       \
  prism_hook_ != nullptr && ::collision::detail::t_recording_depth == 0

/// In a function returning `expr`'s type: records `call` (a Call struct, built only when a
/// frame is open) and the result of `expr` (the function called again).
#define PRISM_RECORD_RETURN(world, call, expr)                                                   \
  if (PRISM_RECORD_HOOK_(world)) [[unlikely]]                                                    \
  return ::collision::detail::record_return(                                                     \
      *prism_hook_, [&] { return call; }, [&] { return expr; })

/// In a void function whose result is left in `out`: records `call` and `out` after `stmt`.
#define PRISM_RECORD_OUT(world, call, out, stmt)                                                 \
  if (PRISM_RECORD_HOOK_(world)) [[unlikely]]                                                    \
  return ::collision::detail::record_out(                                                        \
      *prism_hook_, [&] { return call; }, [&]() -> decltype(auto) { return (out); }, [&] { stmt; })

/// Around a batch item run on any thread: the batch is recorded as one call.
#define PRISM_BATCH_ITEM const ::collision::detail::NestedCall prism_batch_item_

#else
#define PRISM_RECORD_RETURN(world, call, expr) static_cast<void>(0)
#define PRISM_RECORD_OUT(world, call, out, stmt) static_cast<void>(0)
#define PRISM_BATCH_ITEM static_cast<void>(0)
#endif
