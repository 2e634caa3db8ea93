// hello_character: the collision core in one page. Loads a level, builds its collision world,
// walks a capsule character across it for three seconds at 60 Hz and prints where it stands.
//
//   hello_character [LEVEL [X Y Z]]
//
// LEVEL: any spec collision::io::load_level takes (a mesh file, a .bsp, an OpenArena map name);
// default assets/default_scene.obj (Y up, metres). X Y Z: the start (default: the level's first
// spawn point, else 1 unit above the origin, where the default scene's floor is).
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <utility>

#include "collision/character.hpp"
#include "collision/world.hpp"
#include "collision_io/level.hpp"

int main(int argc, char** argv) {
  try {
    const std::string spec = argc > 1 ? argv[1] : "assets/default_scene.obj";
    collision::io::Level level = collision::io::load_level(spec);  // throws LoadError naming the file
    const glm::vec3 up = level.up;  // (0,0,1) for Quake maps, (0,1,0) for other meshes
    glm::vec3 start = level.spawns.empty() ? up : level.spawns.front().origin;
    if (argc > 4) start = {std::strtof(argv[2], nullptr), std::strtof(argv[3], nullptr), std::strtof(argv[4], nullptr)};

    // The BVH is built once; every query on the world is const and thread-safe.
    const collision::World world(std::move(level.mesh));

    // A capsule standing along up: 1.6 m tall in a metre level, a Quake player's 56 units in a map.
    const collision::Body body = level.quake_map ? collision::Body::capsule(15.0f, 13.0f, up)
                                                 : collision::Body::capsule(0.3f, 0.5f, up);
    collision::CharacterParams params;
    params.up = up;  // required; gravity, jump speed, step height, ... are derived from the body

    // Place the character and look up what it touches, so that it starts on the ground.
    collision::CharacterState state;
    state.position = start;
    state = collision::refresh_contacts(world, body, state, params);

    // Walk along +x at a quarter of the derived walk speed (a Quake player's 320 units/s for a
    // 32-unit-tall body, scaled to the body's height): up and down the default scene's stairs.
    collision::WalkInput walk;
    walk.wish = {0.25f, 0.0f, 0.0f};
    const collision::CharacterInput input = collision::walk_input(walk, params, body);
    constexpr float kDt = 1.0f / 60.0f;
    for (int frame = 1; frame <= 180; ++frame) {
      state = collision::step_character(world, body, state, input, kDt, params);
      if (frame % 30 == 0)
        std::printf("t=%.1f s  position (%.3f, %.3f, %.3f)  %s\n", static_cast<float>(frame) * kDt,
                    state.position.x, state.position.y, state.position.z, collision::to_string(state.ground));
    }
    std::printf("after 3 s at 60 Hz the character stands at (%.3f, %.3f, %.3f), %s, touching %zu triangles\n",
                state.position.x, state.position.y, state.position.z, collision::to_string(state.ground),
                state.contacts.size());
    return 0;
  } catch (const std::exception& e) {  // collision::io::LoadError, std::invalid_argument
    std::fprintf(stderr, "hello_character: %s\n", e.what());
    return 1;
  }
}
