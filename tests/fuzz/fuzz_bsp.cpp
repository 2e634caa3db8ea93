// libFuzzer target: any bytes given to load_bsp() give a Level or a LoadError. Anything else
// (another exception, an ASan report, a broken mesh invariant) is a crash the fuzzer keeps.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "collision_io/level.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  collision::io::LoadOptions options;
  // Keeps a corrupt map that reuses its faces from using the whole memory limit; real maps need
  // far fewer (ctf_inyard: 35,107 at the default patch level).
  options.max_triangles = std::size_t{1} << 20;
  try {
    const collision::io::Level level = collision::io::load_bsp(data, size, "fuzz.bsp", options);
    const collision::TriangleMesh& mesh = level.mesh;
    if (mesh.normals.size() != mesh.indices.size() || mesh.flags.size() != mesh.indices.size()) {
      std::abort();
    }
    for (const glm::uvec3& t : mesh.indices) {
      if (t.x >= mesh.positions.size() || t.y >= mesh.positions.size() ||
          t.z >= mesh.positions.size()) {
        std::abort();
      }
    }
    for (const auto& spawn : level.spawns) {
      if (!std::isfinite(spawn.origin.x) || !std::isfinite(spawn.origin.y) ||
          !std::isfinite(spawn.origin.z)) {
        std::abort();
      }
    }
  } catch (const collision::io::LoadError&) {
  }
  return 0;
}
