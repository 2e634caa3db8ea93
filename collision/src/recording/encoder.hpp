#pragma once
// The writer's half of recording a call: the raw calls the game's threads wrote (raw.hpp),
// encoded in the file's format (docs/recording-format.md, "Calls"), with format 2's references
// (refs.hpp). Runs on the recorder's writer thread, or in Recorder::save for a flight
// recorder's copy.
#include <cstdint>
#include <unordered_map>

#include <vector>

#include "recording/archive.hpp"
#include "recording/chunk_file.hpp"
#include "recording/refs.hpp"

namespace collision::detail {

/// Encodes the frames of one file, in file order: it remembers, per thread, what later calls
/// may refer back to, so a frame it did not see (dropped) is never referred to.
class Encoder {
 public:
  /// Appends the block's calls, encoded, to `out`. Throws std::bad_alloc.
  void encode(const RawBlock& block, recording::ByteBuffer& out);
  /// A frame's parts from its raw blocks: per block its head (thread number, call count, byte
  /// size) and its calls encoded. Throws std::bad_alloc.
  void encode_frame(PendingChunk& frame);
  /// A written frame's parts, kept (their memory warm) for the next frames.
  void recycle(PendingChunk& frame);

 private:
  std::unordered_map<std::uint32_t, recording::WriterRefs> threads_;
  std::vector<recording::ByteBuffer> spare_;
};

}  // namespace collision::detail
