#pragma once
// Editing a recording's bytes for the tests that check an edited result is flagged: a float of a
// call's recorded result moved one step, and its chunk's checksum made right again, so that the
// file reads and only the re-run tells. Links zlib (ZLIB::ZLIB).
#include <zlib.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "collision/recording_file.hpp"
#include "file_bytes.hpp"

namespace prism_test {

/// The CRC-32 a chunk at `chunk` carries (docs/recording-format.md: over its tag, size and body).
inline std::uint32_t chunk_crc(const std::vector<std::uint8_t>& file, std::size_t chunk) {
  std::uint64_t size = 0;
  std::memcpy(&size, file.data() + chunk + 8, 8);
  uLong crc = crc32(0L, Z_NULL, 0);
  crc = crc32(crc, file.data() + chunk, 4);
  crc = crc32(crc, file.data() + chunk + 8, 8);
  crc = crc32(crc, file.data() + chunk + 16, static_cast<uInt>(size));
  return static_cast<std::uint32_t>(crc);
}

/// `bytes` (the file `file` was read from) with the float at byte `at` of `frame`'s call
/// `call`'s recorded result moved to the next float up, the frame's chunk checksum mended.
inline std::vector<std::uint8_t> with_result_float_nudged(const collision::RecordingFile& file,
                                                          std::vector<std::uint8_t> bytes, std::size_t frame,
                                                          std::size_t call, std::size_t at) {
  const collision::RecordedFrame& f = file.frames().at(frame);
  const collision::RecordedCall& c = f.calls.at(call);
  if (at + 4 > c.result.size()) throw std::invalid_argument("the result is shorter");
  const std::size_t where = c.offset + c.inputs.size() + at;
  float v = 0;
  std::memcpy(&v, bytes.data() + where, 4);
  v = std::nextafter(v, 2.0f * std::abs(v) + 1.0f);
  std::memcpy(bytes.data() + where, &v, 4);
  const std::uint32_t crc = chunk_crc(bytes, f.offset);
  std::memcpy(bytes.data() + f.offset + 4, &crc, 4);
  return bytes;
}

inline void write_bytes(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace prism_test
