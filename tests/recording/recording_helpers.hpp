#pragma once
// What the recorder's tests share: a scratch file name, a file's bytes, a floor to stand on.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "collision/character.hpp"
#include "collision/world.hpp"
#include "file_bytes.hpp"
#include "test_worlds.hpp"

namespace prism_test {

inline std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("prism_test_" + name + ".prec")).string();
}

inline collision::World floor_world() { return world_of(floor_quad(10.0f)); }

inline collision::CharacterParams z_up() {
  collision::CharacterParams p;
  p.up = {0, 0, 1};
  return p;
}

}  // namespace prism_test
