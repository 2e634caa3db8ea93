#include "recording/chunk_file.hpp"

#include <fcntl.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <stdexcept>

#include "collision/recording_file.hpp"
#include "recording/format.hpp"

#ifndef PRISM_VERSION_STRING
#define PRISM_VERSION_STRING "unknown"
#endif

namespace collision::detail {

ChunkFile::ChunkFile(const std::string& path, std::uint64_t memory_cap) : path_(path) {
  file_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (file_ < 0) throw std::runtime_error("cannot create recording '" + path + "': " + std::strerror(errno));
  std::uint8_t header[recording::kFileHeaderBytes] = {};
  std::memcpy(header, recording::kMagic, sizeof recording::kMagic);
  const std::uint32_t version = kRecordingFormatVersion;
  std::memcpy(header + 8, &version, sizeof version);
  const iovec part{header, sizeof header};
  write_parts(&part, 1);
  PendingChunk head{recording::kHead, {}, 0, {}, 0.0, {}, 0};
  recording::ByteWriter{head.payload}(std::string(PRISM_VERSION_STRING), memory_cap);
  write(head);
  if (failed()) {
    ::close(file_);
    file_ = -1;
    throw std::runtime_error(error_);
  }
}

ChunkFile::~ChunkFile() {
  if (file_ >= 0) ::close(file_);
}

void ChunkFile::write(const PendingChunk& chunk) {
  if (failed()) return;
  if (chunk.tag == recording::kFrame) index_.emplace_back(chunk.frame, offset_);
  const std::uint64_t size = chunk.payload_size();
  std::uint32_t crc = recording::chunk_crc(chunk.tag, size, chunk.payload.bytes());
  for (const auto& part : chunk.parts) crc = recording::crc_continue(crc, part.bytes());
  std::uint8_t header[recording::kChunkHeaderBytes];
  std::memcpy(header, &chunk.tag, 4);
  std::memcpy(header + 4, &crc, 4);
  std::memcpy(header + 8, &size, 8);
  // The whole chunk with one system call, straight from the buffers it is in (a frame's
  // encoded thread blocks are not gathered into one buffer first).
  std::vector<iovec> parts;
  parts.reserve(2 + chunk.parts.size());
  parts.push_back({header, sizeof header});
  parts.push_back({const_cast<std::uint8_t*>(chunk.payload.data()), chunk.payload.size()});
  for (const auto& part : chunk.parts) parts.push_back({const_cast<std::uint8_t*>(part.data()), part.size()});
  write_parts(parts.data(), parts.size());
}

void ChunkFile::finish(std::uint64_t dropped) {
  PendingChunk index{recording::kIndex, {}, 0, {}, 0.0, {}, 0};
  {
    recording::ByteWriter w(index.payload);  // sets the payload's size when it goes
    w(dropped, static_cast<std::uint32_t>(index_.size()));
    for (const auto& [frame, offset] : index_) w(frame, offset);
  }
  const std::uint64_t index_offset = offset_;
  write(index);
  PendingChunk tail{recording::kTail, {}, 0, {}, 0.0, {}, 0};
  recording::ByteWriter{tail.payload}(index_offset);
  write(tail);
  const int closed = ::close(file_);
  file_ = -1;
  if (closed != 0) fail(std::strerror(errno));
}

void ChunkFile::write_parts(const iovec* parts, std::size_t count) {
  if (failed()) return;
  std::vector<iovec> left(parts, parts + count);  // what a short write leaves, moved on
  std::size_t first = 0;
  while (first < left.size()) {
    if (left[first].iov_len == 0) {
      ++first;
      continue;
    }
    const int n = static_cast<int>(std::min<std::size_t>(left.size() - first, IOV_MAX));
    const ssize_t written = ::writev(file_, left.data() + first, n);
    if (written < 0) {
      if (errno == EINTR) continue;
      fail(std::strerror(errno));
      return;
    }
    if (written == 0) {
      fail("nothing written");
      return;
    }
    offset_ += static_cast<std::uint64_t>(written);
    for (auto done = static_cast<std::size_t>(written); done > 0;) {
      const std::size_t step = std::min(done, left[first].iov_len);
      left[first].iov_base = static_cast<std::uint8_t*>(left[first].iov_base) + step;
      left[first].iov_len -= step;
      done -= step;
      if (left[first].iov_len == 0) ++first;
    }
  }
}

void ChunkFile::fail(const char* what) {
  if (error_.empty()) error_ = "writing recording '" + path_ + "': " + what + "; recording stopped";
}

}  // namespace collision::detail
