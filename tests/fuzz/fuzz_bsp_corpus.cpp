// Writes the fuzzer's seed corpus into the folder given: oa_dm4 read out of the OpenArena pk3
// with read_zip_entry, a few truncated copies of it, and a tiny map holding every face type.

#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "collision_io/level.hpp"
#include "tiny_map.hpp"

namespace {

void write(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes, std::size_t size) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(size));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::vector<std::uint8_t> read_zip_entry_or_empty(const std::string& pk3, const std::string& entry) {
  try {
    return collision::io::read_zip_entry(pk3, entry);
  } catch (const collision::io::LoadError&) {
    return {};
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  try {
    const std::filesystem::path dir = argv[1];
    std::filesystem::create_directories(dir);
    const std::vector<std::uint8_t> tiny = prism_test::tiny_map();
    (void)collision::io::load_bsp(tiny.data(), tiny.size(), "tiny.bsp");  // the seed must load
    write(dir / "seed_tiny.bsp", tiny, tiny.size());
    // Every mover class, a team, a trigger_multiple and a train loop on model *1 (issue 40).
    const std::vector<std::uint8_t> movers = prism_test::tiny_map(
        "{\n\"classname\" \"func_door\"\n\"model\" \"*1\"\n\"team\" \"a\"\n\"angle\" \"-1\"\n}\n"
        "{\n\"classname\" \"func_door\"\n\"model\" \"*1\"\n\"team\" \"a\"\n\"targetname\" \"t\"\n}\n"
        "{\n\"classname\" \"func_plat\"\n\"model\" \"*1\"\n\"height\" \"64\"\n}\n"
        "{\n\"classname\" \"func_button\"\n\"model\" \"*1\"\n\"target\" \"t\"\n}\n"
        "{\n\"classname\" \"trigger_multiple\"\n\"model\" \"*1\"\n\"target\" \"t\"\n}\n"
        "{\n\"classname\" \"func_bobbing\"\n\"model\" \"*1\"\n\"spawnflags\" \"1\"\n}\n"
        "{\n\"classname\" \"func_rotating\"\n\"model\" \"*1\"\n\"origin\" \"64 64 0\"\n}\n"
        "{\n\"classname\" \"func_static\"\n\"model\" \"*1\"\n}\n"
        "{\n\"classname\" \"func_train\"\n\"model\" \"*1\"\n\"target\" \"p\"\n}\n"
        "{\n\"classname\" \"path_corner\"\n\"targetname\" \"p\"\n\"target\" \"q\"\n\"origin\" \"0 0 0\"\n}\n"
        "{\n\"classname\" \"path_corner\"\n\"targetname\" \"q\"\n\"target\" \"p\"\n\"origin\" \"0 64 0\"\n\"wait\" \"1\"\n}\n");
    write(dir / "seed_tiny_movers.bsp", movers, movers.size());

    const std::string pk3 = std::string(collision::io::kOpenArenaDir) + "/pak1-maps.pk3";
    const std::vector<std::uint8_t> dm4 = collision::io::read_zip_entry(pk3, "maps/oa_dm4.bsp");
    write(dir / "seed_oa_dm4.bsp", dm4, dm4.size());
    for (const std::size_t size : {std::size_t{144}, std::size_t{4096}, dm4.size() / 2, dm4.size() - 1}) {
      write(dir / ("seed_oa_dm4_cut_" + std::to_string(size) + ".bsp"), dm4, size);
    }
    // Issue 14 item 1's regression: one flipped header byte (the vertex lump's offset) of a real
    // map crashed the BVH build of every tool.
    std::vector<std::uint8_t> flipped = read_zip_entry_or_empty(pk3, "maps/oa_dm1.bsp");
    if (flipped.size() > 89) {
      flipped[89] = 0x6d;
      write(dir / "regression_oa_dm1_byte89.bsp", flipped, flipped.size());
    }
    std::printf("seed corpus written to %s\n", dir.string().c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fuzz_bsp_corpus: %s\n", e.what());
    return 1;
  }
  return 0;
}
