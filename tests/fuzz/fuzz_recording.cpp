// libFuzzer target: the recording reader (collision::RecordingFile) on arbitrary bytes. Any input
// must either read or throw RecordingError (naming the file and an offset); a file that reads
// must give its character steps. Seed: tests/fuzz/corpus/fuzz_recording/seed_small.prec (two
// frames on a floor: a ray, a capsule step, a sweep batch and an overlap each, two labels).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "collision/recording_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const collision::RecordingFile file(std::vector<std::uint8_t>(data, data + size), "fuzz.prec");
    const auto steps = file.character_steps();
    if (steps.size() > size) std::abort();  // every step takes bytes of the file
  } catch (const collision::RecordingError& e) {
    if (std::string(e.what()).find("fuzz.prec': offset ") == std::string::npos) std::abort();
  }
  return 0;
}
