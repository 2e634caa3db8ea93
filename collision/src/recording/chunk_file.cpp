#include "recording/chunk_file.hpp"

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "collision/recording_file.hpp"
#include "recording/format.hpp"

#ifndef PRISM_VERSION_STRING
#define PRISM_VERSION_STRING "unknown"
#endif

namespace collision::detail {

ChunkFile::ChunkFile(const std::string& path, std::uint64_t memory_cap) : path_(path) {
  file_ = std::fopen(path.c_str(), "wb");
  if (file_ == nullptr) throw std::runtime_error("cannot create recording '" + path + "': " + std::strerror(errno));
  std::uint8_t header[recording::kFileHeaderBytes] = {};
  std::memcpy(header, recording::kMagic, sizeof recording::kMagic);
  const std::uint32_t version = kRecordingFormatVersion;
  std::memcpy(header + 8, &version, sizeof version);
  write_bytes(header, sizeof header);
  PendingChunk head{recording::kHead, {}, 0, {}, 0.0};
  recording::ByteWriter{head.payload}(std::string(PRISM_VERSION_STRING), memory_cap);
  write(head);
  flush();
  if (failed()) {
    std::fclose(file_);
    file_ = nullptr;
    throw std::runtime_error(error_);
  }
}

ChunkFile::~ChunkFile() {
  if (file_ != nullptr) std::fclose(file_);
}

void ChunkFile::write(const PendingChunk& chunk) {
  if (failed()) return;
  if (chunk.tag == recording::kFrame) index_.emplace_back(chunk.frame, offset_);
  const std::uint64_t size = chunk.size();
  std::uint32_t crc = recording::chunk_crc(chunk.tag, size, chunk.payload.bytes());
  for (const auto& part : chunk.parts) crc = recording::crc_continue(crc, part.bytes());
  std::uint8_t header[recording::kChunkHeaderBytes];
  std::memcpy(header, &chunk.tag, 4);
  std::memcpy(header + 4, &crc, 4);
  std::memcpy(header + 8, &size, 8);
  write_bytes(header, sizeof header);
  write_bytes(chunk.payload.data(), chunk.payload.size());
  for (const auto& part : chunk.parts) write_bytes(part.data(), part.size());
}

void ChunkFile::flush() {
  if (!failed() && std::fflush(file_) != 0) fail(std::strerror(errno));
}

void ChunkFile::finish(std::uint64_t dropped) {
  PendingChunk index{recording::kIndex, {}, 0, {}, 0.0};
  {
    recording::ByteWriter w(index.payload);  // sets the payload's size when it goes
    w(dropped, static_cast<std::uint32_t>(index_.size()));
    for (const auto& [frame, offset] : index_) w(frame, offset);
  }
  const std::uint64_t index_offset = offset_;
  write(index);
  PendingChunk tail{recording::kTail, {}, 0, {}, 0.0};
  recording::ByteWriter{tail.payload}(index_offset);
  write(tail);
  const int closed = std::fclose(file_);
  file_ = nullptr;
  if (closed != 0) fail(std::strerror(errno));
}

void ChunkFile::write_bytes(const void* data, std::size_t size) {
  if (failed() || size == 0) return;
  if (std::fwrite(data, 1, size, file_) != size) {
    fail(std::strerror(errno));
    return;
  }
  offset_ += size;
}

void ChunkFile::fail(const char* what) {
  if (error_.empty()) error_ = "writing recording '" + path_ + "': " + what + "; recording stopped";
}

}  // namespace collision::detail
