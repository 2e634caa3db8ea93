// The hot path of recording: one call and its result appended to the calling thread's buffer
// (record_call.hpp), in the encoding of docs/recording-format.md ("Calls").
#include "recording/record_call.hpp"

#if PRISM_RECORDING

#include <cstring>
#include <mutex>

#include "recording/recorder_impl.hpp"

namespace collision::detail {

CallRecord::CallRecord(RecorderHook& hook, CallKind kind) noexcept : hook_(hook), kind_(kind) {
  auto& recorder = static_cast<RecorderImpl&>(hook);
  if (recorder.overflowed()) return;
  try {
    buffer_ = &recorder.buffer();
    label_ = recorder.label_for(*buffer_);
    buffer_->mutex.lock();
    out_ = &buffer_->bytes;
    start_ = out_->size();
  } catch (...) {  // std::bad_alloc: the frame is dropped, the game goes on
    fail();
  }
}

CallRecord::~CallRecord() { rollback(); }  // when not finished: the call threw

void CallRecord::finish() noexcept {
  auto& recorder = static_cast<RecorderImpl&>(hook_);
  const auto input_size = static_cast<std::uint32_t>(inputs_end_ - start_ - kHeaderBytes);
  const auto result_size = static_cast<std::uint32_t>(out_->size() - inputs_end_);
  std::memcpy(out_->data() + start_ + 5, &input_size, 4);
  std::memcpy(out_->data() + start_ + 9, &result_size, 4);
  ++buffer_->calls;
  recorder.account(*buffer_, out_->size() - start_);
  out_ = nullptr;
  buffer_->mutex.unlock();
}

void CallRecord::rollback() noexcept {
  if (out_ == nullptr) return;
  out_->resize_down(start_);
  out_ = nullptr;
  buffer_->mutex.unlock();
}

void CallRecord::fail() noexcept {
  rollback();
  static_cast<RecorderImpl&>(hook_).overflow();
}

}  // namespace collision::detail

#endif
