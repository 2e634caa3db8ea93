#include "levels.hpp"

#include <chrono>
#include <map>
#include <mutex>

namespace prism::peer {

const LoadedLevel& level(const std::string& name) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<LoadedLevel>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto& slot = cache[name];
  if (!slot) {
    auto loaded = std::make_unique<LoadedLevel>();
    loaded->name = name;
    collision::io::LoadOptions options;
    options.patch_level = kPatchLevel;
    const auto t0 = std::chrono::steady_clock::now();
    loaded->level = collision::io::load_level(name, options);
    loaded->load_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    collision::TriangleMesh mesh = std::move(loaded->level.mesh);
    loaded->level.mesh = {};
    for (std::size_t i = 0; i < mesh.triangle_count(); ++i) {
      if (mesh.solid(i)) ++loaded->solid_triangles;
    }
    loaded->world = std::make_unique<collision::World>(std::move(mesh));
    slot = std::move(loaded);
  }
  return *slot;
}

}  // namespace prism::peer
