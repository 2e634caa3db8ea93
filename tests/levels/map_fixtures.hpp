#pragma once
// Shared by the io tests: real map bytes (read once) and a scratch folder per test.

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <unistd.h>

#include <gtest/gtest.h>

#include "collision_io/level.hpp"

namespace prism_test {

inline const std::string kPk3 = PRISM_OPENARENA_PK3;

/// The bytes of maps/<name>.bsp from the OpenArena pk3, read once per process.
inline const std::vector<std::uint8_t>& map_bytes(const std::string& name) {
  static std::map<std::string, std::vector<std::uint8_t>> cache;
  auto it = cache.find(name);
  if (it == cache.end()) {
    it = cache.emplace(name, collision::io::read_zip_entry(kPk3, "maps/" + name + ".bsp")).first;
  }
  return it->second;
}

/// A fresh folder under the system temp folder, removed with the object (kept when the
/// environment sets PRISM_KEEP, to look at what a test wrote).
class ScratchDir {
 public:
  ScratchDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            ("prism_io_" + std::string(info->test_suite_name()) + "_" + info->name() + "_" +
             std::to_string(::getpid()));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    if (!std::getenv("PRISM_KEEP")) std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  std::string file(const std::string& name) const { return (path_ / name).string(); }

  std::string write(const std::string& name, const std::vector<std::uint8_t>& bytes) const {
    const std::string p = file(name);
    std::ofstream out(p, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return p;
  }
  std::string write(const std::string& name, const std::string& text) const {
    const std::string p = file(name);
    std::ofstream out(p, std::ios::binary);
    out << text;
    return p;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace prism_test
