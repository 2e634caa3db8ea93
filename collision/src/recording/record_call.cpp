// The hot path of recording: one call and its result appended to the calling thread's buffer
// (record_call.hpp), in the encoding of docs/recording-format.md ("Calls").
#include "recording/record_call.hpp"

#if PRISM_RECORDING

#include <cstring>
#include <mutex>
#include <span>

#include "recording/recorder_impl.hpp"

namespace collision::detail {

template <class Call, class Result>
void append(RecorderHook& hook, const Call& call, const Result& result) noexcept {
  auto& recorder = static_cast<RecorderImpl&>(hook);
  if (recorder.overflowed()) return;
  try {
    ThreadBuffer& buffer = recorder.buffer();
    const std::uint32_t label = recorder.label_for(buffer);
    const std::lock_guard<std::mutex> lock(buffer.mutex);
    std::vector<std::uint8_t>& bytes = buffer.bytes;
    const std::size_t start = bytes.size();
    recording::ByteWriter w(bytes);
    w(Call::kind, label, std::uint32_t{0}, std::uint32_t{0});  // the two sizes, set below
    const std::size_t inputs = bytes.size();
    w(call);
    const std::size_t output = bytes.size();
    w(result);
    const auto input_size = static_cast<std::uint32_t>(output - inputs);
    const auto result_size = static_cast<std::uint32_t>(bytes.size() - output);
    std::memcpy(bytes.data() + start + 5, &input_size, 4);
    std::memcpy(bytes.data() + start + 9, &result_size, 4);
    ++buffer.calls;
    recorder.account(buffer, bytes.size() - start);
  } catch (...) {  // std::bad_alloc: the frame is dropped, the game goes on
    recorder.overflow();
  }
}

namespace rec = recording;
template void append(RecorderHook&, const rec::RaycastCall&, const RayHit&) noexcept;
template void append(RecorderHook&, const rec::SweepSphereCall&, const SweepHit&) noexcept;
template void append(RecorderHook&, const rec::SweepEllipsoidCall&, const SweepHit&) noexcept;
template void append(RecorderHook&, const rec::SweepBoxCall&, const SweepHit&) noexcept;
template void append(RecorderHook&, const rec::SweepCapsuleCall&, const SweepHit&) noexcept;
template void append(RecorderHook&, const rec::SweepBodyCall&, const SweepHit&) noexcept;
template void append(RecorderHook&, const rec::OverlapSphereCall&, const std::vector<std::uint32_t>&) noexcept;
template void append(RecorderHook&, const rec::OverlapAabbCall&, const std::vector<std::uint32_t>&) noexcept;
template void append(RecorderHook&, const rec::FindContactsCall&, const std::vector<Contact>&) noexcept;
template void append(RecorderHook&, const rec::MoveCall&, const MoveResult&) noexcept;
template void append(RecorderHook&, const rec::StepCall&, const CharacterState&) noexcept;
template void append(RecorderHook&, const rec::RefreshCall&, const CharacterState&) noexcept;
template void append(RecorderHook&, const rec::SweepBatchCall&, const std::span<SweepHit>&) noexcept;
template void append(RecorderHook&, const rec::SweepSphereBatchCall&, const std::span<SweepHit>&) noexcept;
template void append(RecorderHook&, const rec::RaycastBatchCall&, const std::span<RayHit>&) noexcept;
template void append(RecorderHook&, const rec::StepBatchCall&, const std::span<CharacterState>&) noexcept;

}  // namespace collision::detail

#endif
