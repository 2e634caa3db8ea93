// libFuzzer target: the recording reader (collision::RecordingFile) on arbitrary bytes. Any input
// must either read or throw RecordingError (naming the file and an offset); a file that reads
// must give its character steps. Seeds: tests/fuzz/corpus/fuzz_recording/seed_small.prec (format
// 1: two frames on a floor, a ray, a capsule step, a sweep batch and an overlap each, two labels)
// and seed_small_v2.prec (format 2: the same calls for two characters, whose bodies, parameters
// and second states are references).
//
// Every chunk carries a CRC-32, which a mutation almost never keeps right: the reader would
// stop at the checksum every time. So each input is read twice, as it is and with its chunks'
// checksums recomputed (those whose header and payload fit), so that the chunks' contents (the
// level, labels, frames, calls, index) get fuzzed too.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "collision/recording_file.hpp"
#include "recording/format.hpp"

namespace {

void read(std::vector<std::uint8_t> bytes) {
  const std::size_t size = bytes.size();
  try {
    const collision::RecordingFile file(std::move(bytes), "fuzz.prec");
    const auto steps = file.character_steps();
    if (steps.size() > size) std::abort();  // every step takes bytes of the file
  } catch (const collision::RecordingError& e) {
    if (std::string(e.what()).find("fuzz.prec': offset ") == std::string::npos) std::abort();
  }
}

void fix_checksums(std::vector<std::uint8_t>& bytes) {
  namespace rec = collision::detail::recording;
  for (std::size_t at = rec::kFileHeaderBytes; bytes.size() - at >= rec::kChunkHeaderBytes;) {
    std::uint32_t tag;
    std::uint64_t size;
    std::memcpy(&tag, bytes.data() + at, 4);
    std::memcpy(&size, bytes.data() + at + 8, 8);
    const std::size_t body = at + rec::kChunkHeaderBytes;
    if (size > bytes.size() - body) return;
    const std::uint32_t crc = rec::chunk_crc(tag, size, {bytes.data() + body, static_cast<std::size_t>(size)});
    std::memcpy(bytes.data() + at + 4, &crc, 4);
    at = body + size;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::uint8_t> bytes(data, data + size);
  read(bytes);
  if (size >= collision::detail::recording::kFileHeaderBytes) {
    fix_checksums(bytes);
    read(std::move(bytes));
  }
  return 0;
}
