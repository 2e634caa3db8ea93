#pragma once
// Builds a PWAD in memory from named lumps (Doom's WAD layout: header, lump data, directory),
// for the WAD reader's tests and the fuzz_wad seed corpus.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace prism_test {

struct Lump {
  std::string name;
  std::vector<std::uint8_t> data;
};

inline std::vector<std::uint8_t> make_wad(const std::vector<Lump>& lumps) {
  std::vector<std::uint8_t> out(12);
  std::memcpy(out.data(), "PWAD", 4);
  std::vector<std::uint32_t> offsets;
  for (const Lump& l : lumps) {
    offsets.push_back(static_cast<std::uint32_t>(out.size()));
    out.insert(out.end(), l.data.begin(), l.data.end());
  }
  auto put32 = [&](std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
  };
  put32(4, static_cast<std::uint32_t>(lumps.size()));
  put32(8, static_cast<std::uint32_t>(out.size()));
  for (std::size_t i = 0; i < lumps.size(); ++i) {
    const std::size_t at = out.size();
    out.resize(at + 16, 0);
    put32(at, offsets[i]);
    put32(at + 4, static_cast<std::uint32_t>(lumps[i].data.size()));
    std::memcpy(out.data() + at + 8, lumps[i].name.data(), std::min<std::size_t>(8, lumps[i].name.size()));
  }
  return out;
}

}  // namespace prism_test
