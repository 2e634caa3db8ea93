#pragma once
// A file's bytes, for the tests that read or edit files byte by byte.
#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace prism_test {

inline std::vector<std::uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace prism_test
