#pragma once
/// @file read_file.hpp
/// A whole level file in memory: the one reader of the map and mesh loaders (level.cpp) and the
/// WAD reader (wad.cpp, read_binary_file).

#include <cstdint>
#include <string>
#include <vector>

namespace collision::io::detail {

/// Larger files are refused rather than read (no map comes near it).
inline constexpr std::uintmax_t kMaxFileSize = std::uintmax_t{1} << 30;

/// The bytes of the file at `path`. @throws LoadError naming the path: not a regular file, its
/// size unreadable, larger than kMaxFileSize, or a short read.
std::vector<std::uint8_t> read_file(const std::string& path);

}  // namespace collision::io::detail
