// The level files' reader (read_file.hpp).
#include "read_file.hpp"

#include <filesystem>
#include <fstream>
#include <system_error>

#include "collision_io/level.hpp"

namespace collision::io::detail {

std::vector<std::uint8_t> read_file(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) throw LoadError(path + ": no such file");
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec) throw LoadError(path + ": cannot read its size: " + ec.message());
  if (size > kMaxFileSize) throw LoadError(path + ": file of " + std::to_string(size) + " bytes is too large");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw LoadError(path + ": cannot open");
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (static_cast<std::size_t>(in.gcount()) != bytes.size()) throw LoadError(path + ": read failed");
  return bytes;
}

}  // namespace collision::io::detail
