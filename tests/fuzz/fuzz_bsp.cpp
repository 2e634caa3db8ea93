// libFuzzer target: any bytes given to load_bsp() give a Level or a LoadError. Anything else
// (another exception, an ASan report, a broken mesh invariant) is a crash the fuzzer keeps.
// A level's movers are then driven for a while (every trigger and mover touched, each used and
// blocked once): their poses must stay finite.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "collision_io/level.hpp"
#include "collision_io/quake_movers.hpp"

namespace {

bool finite(glm::vec3 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

void drive_movers(const collision::io::QuakeMovers& movers) {
  collision::io::QuakeMoverSystem system(movers);
  collision::io::MoverTouches all;
  for (std::size_t i = 0; i < movers.triggers.size(); ++i) all.triggers.push_back(i);
  for (std::size_t i = 0; i < movers.movers.size(); ++i) all.movers.push_back(i);
  for (const double t : {0.0, 0.03, 0.5, 2.0, 7.5, 60.0}) {
    system.advance(t, all);
    for (std::size_t i = 0; i < movers.movers.size(); ++i) {
      if (t == 2.0) system.use(i);
      if (t == 7.5) system.blocked(i);
      const collision::io::MoverPose p = system.pose(i);
      if (!finite(p.translation) || !finite(p.linear_velocity) || !finite(p.angular_velocity) ||
          !std::isfinite(p.rotation.w)) {
        std::abort();
      }
    }
  }
}

}  // namespace

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
    drive_movers(level.movers);
  } catch (const collision::io::LoadError&) {
  }
  return 0;
}
