// libFuzzer target: any bytes given to load_bsp() give a Level or a LoadError. Anything else
// (another exception, an ASan report, a broken mesh invariant) is a crash the fuzzer keeps.
// A level's movers are then driven for a while (every trigger and mover touched, each used and
// blocked once): their poses must stay finite. Then the same movers as instances of a Scene
// (QuakeSceneMovers) with a character standing among them, a few steps: no exception, the
// character and every instance finite.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "collision_io/level.hpp"
#include "collision/scene.hpp"
#include "collision_io/quake_movers.hpp"
#include "collision_io/quake_scene.hpp"

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

void drive_scene(const collision::io::QuakeMovers& movers) {
  collision::Scene scene(nullptr);  // the movers alone: the static level's BVH is the other fuzzers'
  collision::io::QuakeSceneMovers driven(movers, scene);
  glm::vec3 at(0.0f);
  if (!movers.triggers.empty() && !movers.triggers.front().box.empty()) at = movers.triggers.front().box.center();
  if (!finite(at) || std::fabs(at.x) > 1e9f || std::fabs(at.y) > 1e9f || std::fabs(at.z) > 1e9f) at = glm::vec3(0.0f);
  collision::CharacterParams params;
  params.up = {0.0f, 0.0f, 1.0f};
  collision::CharacterState start;
  start.position = at;
  const std::uint32_t me = scene.add_character(collision::Body::sphere(16.0f), params, start);
  for (int step = 0; step < 4; ++step) {
    driven.advance(0.25f);
    scene.update_character(me, collision::CharacterInput{}, 0.25f);
    if (!finite(scene.character(me).state.position)) std::abort();
    for (std::uint32_t id = 0; id < scene.instance_slots(); ++id) {
      if (!finite(scene.instance(id).pose.position)) std::abort();
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
    drive_scene(level.movers);
  } catch (const collision::io::LoadError&) {
  }
  return 0;
}
