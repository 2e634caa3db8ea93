// Writes the seed corpus for fuzz_wad into DIR: freedoom1 E1M1 and freedoom2 MAP01 copied into
// small PWADs (when the freedoom package is installed), truncated copies, and a UDMF marker.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "collision_io/wad.hpp"
#include "wad_builder.hpp"

namespace {

using prism_test::Lump;
using prism_test::make_wad;

void write(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                              static_cast<std::streamsize>(bytes.size()));
}

std::vector<Lump> extract(const std::string& wad, const std::string& map) {
  const std::vector<std::uint8_t> big = collision::io::read_binary_file(wad);
  const auto dir = collision::io::read_wad_directory(big.data(), big.size(), wad);
  std::vector<Lump> lumps;
  for (std::size_t i = 0; i < dir.size(); ++i) {
    if (dir[i].name != map) continue;
    for (std::size_t j = i; j < i + 11 && j < dir.size(); ++j) {
      lumps.push_back({dir[j].name, {big.begin() + dir[j].offset, big.begin() + dir[j].offset + dir[j].size}});
    }
    break;
  }
  return lumps;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: fuzz_wad_corpus DIR\n");
    return 2;
  }
  const std::string dir = argv[1];
  int written = 0;
  const std::pair<const char*, const char*> maps[] = {{"freedoom1.wad", "E1M1"}, {"freedoom2.wad", "MAP01"}};
  for (const auto& [file, map] : maps) {
    try {
      const auto lumps = extract(std::string(collision::io::kDoomWadDir) + "/" + file, map);
      if (lumps.empty()) continue;
      const auto wad = make_wad(lumps);
      write(dir + "/" + map + ".wad", wad);
      write(dir + "/" + map + "_half.wad", {wad.begin(), wad.begin() + static_cast<long>(wad.size() / 2)});
      written += 2;
    } catch (const collision::io::LoadError& e) {
      std::fprintf(stderr, "fuzz_wad_corpus: skipping %s: %s\n", file, e.what());
    }
  }
  write(dir + "/udmf.wad", make_wad({{"MAP01", {}}, {"TEXTMAP", {'x'}}, {"ENDMAP", {}}}));
  ++written;
  std::printf("fuzz_wad_corpus: %d files in %s\n", written, dir.c_str());
  return 0;
}
