#pragma once
// A recording file being written (docs/recording-format.md): its header, chunks, and at the end
// the frame index and tail. Used by the recorder's writer thread, and by Recorder::save for the
// flight recorder's copies.
#include <sys/uio.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "recording/archive.hpp"

namespace collision::detail {

/// One thread's calls of one frame as the game's thread wrote them (raw.hpp): the thread's
/// buffer itself, handed over rather than copied.
struct RawBlock {
  std::uint32_t thread = 0;
  std::uint32_t calls = 0;
  recording::ByteBuffer bytes;
};

/// A chunk on its way to a file: its payload is `payload` then `parts`. A frame comes with its
/// threads' raw `blocks`, which the writer encodes into `parts` (Encoder::encode_frame).
struct PendingChunk {
  std::uint32_t tag = 0;
  recording::ByteBuffer payload;
  std::uint64_t frame = 0;  // FRAM chunks: the frame number, for the index
  std::vector<recording::ByteBuffer> parts;
  double seconds = 0.0;     // FRAM chunks: the game's time, for the flight recorder
  std::vector<RawBlock> blocks;
  std::size_t held = 0;     // the bytes it was counted for in the writer's queue
  /// The payload's bytes in the file (once the blocks are encoded).
  std::size_t payload_size() const {
    std::size_t n = payload.size();
    for (const auto& part : parts) n += part.size();
    return n;
  }
  /// The bytes it holds in memory, for the memory cap.
  std::size_t size() const {
    std::size_t n = payload_size();
    for (const auto& block : blocks) n += block.bytes.size();
    return n;
  }
};

class ChunkFile {
 public:
  /// Creates (truncates) `path` and writes the file header and the HEAD chunk. Throws
  /// std::runtime_error naming the file when it cannot be created or written.
  ChunkFile(const std::string& path, std::uint64_t memory_cap);
  ~ChunkFile();
  ChunkFile(const ChunkFile&) = delete;
  ChunkFile& operator=(const ChunkFile&) = delete;

  /// Appends a chunk with one system call (nothing once a write has failed): once it returns,
  /// the system has the chunk, and a process that crashes leaves whole chunks.
  void write(const PendingChunk& chunk);
  /// Writes the frame index (with the count of dropped frames) and the tail, and closes.
  void finish(std::uint64_t dropped);

  /// Stops the file with an error (the first one is kept).
  void fail(const char* what);
  bool failed() const { return !error_.empty(); }
  const std::string& error() const { return error_; }
  std::uint64_t bytes() const { return offset_; }

 private:
  void write_parts(const iovec* parts, std::size_t count);  // all of them, or fail()
  std::string path_;
  int file_ = -1;
  std::uint64_t offset_ = 0;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> index_;  // frame, chunk offset
  std::string error_;
};

}  // namespace collision::detail
