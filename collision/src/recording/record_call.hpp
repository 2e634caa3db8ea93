#pragma once
// The recorder's hook in the core's public entry points (collision/recording.hpp). Each entry
// point starts with PRISM_RECORD_RETURN, PRISM_RECORD_OUT or PRISM_RECORD_BATCH: with no
// recorder attached to the world that is one atomic load and a branch; with one, the call runs
// again inside record_return/record_out, which counts it as nested (so that the core's own inner
// calls, and the items a recorded batch runs on other threads, are not recorded twice) and,
// while a frame is open, writes its inputs (straight from its arguments) and its result into the
// calling thread's buffer.
#include <atomic>
#include <cstddef>
#include <tuple>
#include <type_traits>

#include "collision/world.hpp"
#include "recording/calls.hpp"
#include "recording/raw.hpp"

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

struct ThreadBuffer;  // recorder_impl.hpp

/// One call being recorded on this thread: the header and inputs are written into the thread's
/// buffer before the call runs (update_character changes its state in place), its result after,
/// as their bytes (raw.hpp: the writer thread encodes them). Each part reserves its bytes once,
/// then appends unchecked. The buffer stays locked in between (end_frame waits for a call in
/// flight). Never throws: a failed allocation drops the frame; a call that throws leaves nothing.
class CallRecord {
 public:
  CallRecord(RecorderHook& hook, CallKind kind) noexcept;
  ~CallRecord();  // not finished: the call threw; its bytes are taken back
  CallRecord(const CallRecord&) = delete;
  CallRecord& operator=(const CallRecord&) = delete;
  explicit operator bool() const { return out_ != nullptr; }

  /// The inputs: the values of the Call's fields, in order (or a batch's Call, copied).
  template <class... Ts>
  void inputs(const Ts&... values) noexcept {
    try {
      recording::RawSize size;
      size(values...);
      out_->reserve_more(kHeaderBytes + size.bytes);
      recording::ReservedWriter out(*out_);
      out(kind_, label_, std::uint32_t{0}, std::uint32_t{0});  // the sizes: finish()
      recording::RawWriter{out}(values...);
    } catch (...) {
      fail();
      return;
    }
    inputs_end_ = out_->size();
  }
  template <class Result>
  void result(const Result& result) noexcept {
    if (out_ == nullptr) return;
    try {
      recording::RawSize size;
      size(result);
      out_->reserve_more(size.bytes);
      recording::ReservedWriter out(*out_);
      recording::RawWriter{out}(result);
    } catch (...) {
      fail();
      return;
    }
    finish();
  }

 private:
  static constexpr std::size_t kHeaderBytes = 13;  // u8 kind, u32 label, u32 input and result sizes
  void finish() noexcept;
  void rollback() noexcept;  // takes the call's bytes back
  void fail() noexcept;      // rollback, and drop the frame (an allocation failed)
  RecorderHook& hook_;
  ThreadBuffer* buffer_ = nullptr;
  recording::ByteBuffer* out_ = nullptr;
  std::size_t start_ = 0;
  std::size_t inputs_end_ = 0;
  CallKind kind_;
  std::uint32_t label_ = 0;
};

/// The call's inputs, in the order of Call's fields: a tuple of references to the arguments, or
/// a function that makes the Call (the batches, whose inputs are copied into one).
template <class Call, class Inputs>
void record_inputs(CallRecord& record, const Inputs& inputs) {
  if constexpr (std::is_invocable_v<const Inputs&>) {
    record.inputs(inputs());
  } else {
    std::apply(
        [&](const auto&... values) {
          static_assert(requires { Call{values...}; }, "the inputs are not Call's fields");
          record.inputs(values...);
        },
        inputs);
  }
}

template <class Call, class Inputs, class Run>
auto record_return(RecorderHook& hook, const Inputs& inputs, const Run& run) {
  const NestedCall nested;
  if (!hook.frame_open()) return run();
  CallRecord record(hook, Call::kind);
  if (record) record_inputs<Call>(record, inputs);
  auto result = run();
  record.result(result);
  return result;
}

template <class Call, class Inputs, class Out, class Run>
void record_out(RecorderHook& hook, const Inputs& inputs, const Out& out, const Run& run) {
  const NestedCall nested;
  if (!hook.frame_open()) return run();
  CallRecord record(hook, Call::kind);
  if (record) record_inputs<Call>(record, inputs);
  run();
  record.result(out());
}

}  // namespace collision::detail

#define PRISM_RECORD_HOOK_(world)                                                                \
  ::collision::detail::RecorderHook* prism_hook_ = (world).recorder_hook();                       \
  prism_hook_ != nullptr && ::collision::detail::t_recording_depth == 0

/// In a function returning `expr`'s type: records a `Call` (calls.hpp) of the parenthesised
/// `inputs` (its fields, in order) and the result of `expr` (the function called again).
#define PRISM_RECORD_RETURN(world, Call, inputs, expr)                                           \
  if (PRISM_RECORD_HOOK_(world)) [[unlikely]]                                                    \
  return ::collision::detail::record_return<::collision::detail::recording::Call>(              \
      *prism_hook_, std::forward_as_tuple inputs, [&] { return expr; })

/// In a void function whose result is left in `out`: as PRISM_RECORD_RETURN, `stmt` run.
#define PRISM_RECORD_OUT(world, Call, inputs, out, stmt)                                         \
  if (PRISM_RECORD_HOOK_(world)) [[unlikely]]                                                    \
  return ::collision::detail::record_out<::collision::detail::recording::Call>(                 \
      *prism_hook_, std::forward_as_tuple inputs, [&]() -> decltype(auto) { return (out); }, [&] { stmt; })

/// PRISM_RECORD_OUT for a batch: `make` is an expression that makes the Call (a copy of the
/// batch's inputs), evaluated only when a frame is open.
#define PRISM_RECORD_BATCH(world, Call, make, out, stmt)                                         \
  if (PRISM_RECORD_HOOK_(world)) [[unlikely]]                                                    \
  return ::collision::detail::record_out<::collision::detail::recording::Call>(                 \
      *prism_hook_, [&] { return make; }, [&]() -> decltype(auto) { return (out); }, [&] { stmt; })

/// Around a batch item run on any thread: the batch is recorded as one call.
#define PRISM_BATCH_ITEM const ::collision::detail::NestedCall prism_batch_item_

#else
#define PRISM_RECORD_RETURN(world, Call, inputs, expr) static_cast<void>(0)
#define PRISM_RECORD_OUT(world, Call, inputs, out, stmt) static_cast<void>(0)
#define PRISM_RECORD_BATCH(world, Call, make, out, stmt) static_cast<void>(0)
#define PRISM_BATCH_ITEM static_cast<void>(0)
#endif
