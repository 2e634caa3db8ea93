#pragma once
// A recording file being written (docs/recording-format.md): its header, chunks, and at the end
// the frame index and tail. Used by the recorder's writer thread, and by Recorder::save for the
// flight recorder's copies.
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "recording/archive.hpp"

namespace collision::detail {

/// A chunk on its way to a file: its payload is `payload` then `parts` (a frame's thread
/// blocks: the threads' buffers themselves, handed over rather than copied).
struct PendingChunk {
  std::uint32_t tag = 0;
  recording::ByteBuffer payload;
  std::uint64_t frame = 0;  // FRAM chunks: the frame number, for the index
  std::vector<recording::ByteBuffer> parts;
  double seconds = 0.0;     // FRAM chunks: the game's time, for the flight recorder
  std::size_t size() const {
    std::size_t n = payload.size();
    for (const auto& part : parts) n += part.size();
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

  /// Appends a chunk (nothing once a write has failed).
  void write(const PendingChunk& chunk);
  /// Hands what is written to the system; a failure is kept as the error.
  void flush();
  /// Writes the frame index (with the count of dropped frames) and the tail, and closes.
  void finish(std::uint64_t dropped);

  bool failed() const { return !error_.empty(); }
  const std::string& error() const { return error_; }
  std::uint64_t bytes() const { return offset_; }

 private:
  void write_bytes(const void* data, std::size_t size);
  void fail(const char* what);
  std::string path_;
  std::FILE* file_ = nullptr;
  std::uint64_t offset_ = 0;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> index_;  // frame, chunk offset
  std::string error_;
};

}  // namespace collision::detail
