// libFuzzer target: any bytes given to the Doom WAD reader give maps or a LoadError; every map
// read builds its sector boundaries, point location and a few body moves without a crash or a
// broken invariant (an index out of range, a non-finite position).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "collision/2d/doom_move.hpp"
#include "collision_io/wad.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace collision::planar;
  try {
    const auto maps = collision::io::list_doom_maps(data, size, "fuzz.wad");
    for (std::size_t m = 0; m < maps.size() && m < 4; ++m) {
      try {
        collision::io::DoomLevel level = collision::io::load_doom_map(data, size, "fuzz.wad", maps[m]);
        if (m % 2 == 1) open_manual_doors(level.map);
        const SectorMap& map = level.map;
        for (const SectorLine& l : map.lines) {
          if (l.v1 >= map.vertices.size() || l.v2 >= map.vertices.size()) std::abort();
          if (l.front_sector >= static_cast<std::int32_t>(map.sectors.size())) std::abort();
          if (l.back_sector >= static_cast<std::int32_t>(map.sectors.size())) std::abort();
        }
        // A coarse grid keeps a map spread over the whole int16 range cheap to index.
        const SectorWorld world(map, 512.0);
        Vec2 p = level.has_player1_start ? level.player1_start.position : Vec2{0.0, 0.0};
        for (int i = 0; i < 8; ++i) {
          const SectorLocation a = world.locate(p);
          const SectorLocation b = locate_sector_brute_force(map, world.boundaries(), p);
          if (a.sector != b.sector || a.on_boundary != b.on_boundary) std::abort();
          const DoomMove mv = move_body(world, DoomBody{}, p, {7.0 * (i % 3) - 7.0, 5.0 * (i % 2)});
          if (!std::isfinite(mv.position.x) || !std::isfinite(mv.position.y)) std::abort();
          p = mv.position;
        }
      } catch (const collision::io::LoadError&) {
      }
    }
  } catch (const collision::io::LoadError&) {
  }
  return 0;
}
