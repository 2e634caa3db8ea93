#include "recording/encoder.hpp"

#include <cstring>

#include "recording/calls.hpp"
#include "recording/raw.hpp"

namespace collision::detail {

namespace rec = recording;

namespace {
// The most character states a thread's references remember (about 1 MiB); past it they are
// let go (a game that keeps making new state objects), and the next steps are written in full.
constexpr std::size_t kMaxRememberedStates = 8192;
constexpr std::size_t kCallHeaderBytes = 13;  // u8 kind, u32 label, u32 input and result sizes
}  // namespace

void Encoder::encode(const RawBlock& block, rec::ByteBuffer& out) {
  rec::WriterRefs& refs = threads_[block.thread];
  refs.forget_values();  // each frame's block stands alone
  if (refs.states.size() > kMaxRememberedStates) refs.states.clear();
  rec::for_each_raw_call(block.bytes.bytes(), block.calls, [&](CallKind kind, std::uint32_t label, const auto& call,
                                                               const auto& outcome) {
    const std::size_t start = out.size();
    {
      rec::ByteWriter w(out);
      w(kind, label, std::uint32_t{0}, std::uint32_t{0});  // the sizes: below
      rec::InputWriter<rec::ByteWriter> writer(w, refs);
      fields(writer, call);
    }
    const std::size_t inputs_end = out.size();
    rec::ByteWriter{out}(outcome);
    refs.remember(outcome, out.bytes().subspan(inputs_end));
    const auto encoded_inputs = static_cast<std::uint32_t>(inputs_end - start - kCallHeaderBytes);
    const auto encoded_result = static_cast<std::uint32_t>(out.size() - inputs_end);
    std::memcpy(out.data() + start + 5, &encoded_inputs, 4);
    std::memcpy(out.data() + start + 9, &encoded_result, 4);
  });
}

void Encoder::encode_frame(PendingChunk& frame) {
  for (const RawBlock& block : frame.blocks) {
    frame.parts.emplace_back();  // the head, once the size is known
    rec::ByteBuffer encoded;
    if (!spare_.empty()) {
      encoded = std::move(spare_.back());
      spare_.pop_back();
    }
    encode(block, encoded);
    rec::ByteWriter{frame.parts.back()}(block.thread, block.calls, static_cast<std::uint64_t>(encoded.size()));
    frame.parts.push_back(std::move(encoded));
  }
}

void Encoder::recycle(PendingChunk& frame) {
  for (rec::ByteBuffer& part : frame.parts) {
    if (spare_.size() >= 64 || part.size() < 1024) continue;  // the encoded calls, not the heads
    part.clear();
    spare_.push_back(std::move(part));
  }
  frame.parts.clear();
}

}  // namespace collision::detail
