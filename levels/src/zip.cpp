/// @file zip.cpp
/// Reading Quake 3 .pk3 archives (plain zip files) with libzip.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <zip.h>

#include "collision_io/level.hpp"
#include "names.hpp"

namespace collision::io {
namespace {

using detail::ends_with_nocase;
using detail::starts_with_nocase;

/// Larger entries are refused: no map comes near it, and a corrupt size must not make us
/// allocate gigabytes.
constexpr zip_uint64_t kMaxEntrySize = zip_uint64_t{1} << 30;

struct ZipCloser {
  void operator()(zip_t* z) const { zip_discard(z); }
};
struct ZipFileCloser {
  void operator()(zip_file_t* f) const { zip_fclose(f); }
};
using ZipHandle = std::unique_ptr<zip_t, ZipCloser>;
using ZipFileHandle = std::unique_ptr<zip_file_t, ZipFileCloser>;

ZipHandle open_archive(const std::string& archive) {
  int code = 0;
  zip_t* z = zip_open(archive.c_str(), ZIP_RDONLY, &code);
  if (z == nullptr) {
    zip_error_t error;
    zip_error_init_with_code(&error, code);
    const std::string message = zip_error_strerror(&error);
    zip_error_fini(&error);
    throw LoadError(archive + ": cannot open as a zip archive: " + message);
  }
  return ZipHandle(z);
}

}  // namespace

std::vector<std::uint8_t> read_zip_entry(const std::string& archive, const std::string& entry) {
  ZipHandle z = open_archive(archive);
  const std::string where = archive + ":" + entry;
  // Quake's file system ignores case inside pk3 files; so do we.
  const zip_int64_t index = zip_name_locate(z.get(), entry.c_str(), ZIP_FL_NOCASE);
  if (index < 0) throw LoadError(where + ": no such entry in the archive");
  zip_stat_t stat;
  zip_stat_init(&stat);
  if (zip_stat_index(z.get(), static_cast<zip_uint64_t>(index), 0, &stat) != 0 ||
      (stat.valid & ZIP_STAT_SIZE) == 0) {
    throw LoadError(where + ": cannot read the entry's size: " + zip_strerror(z.get()));
  }
  if (stat.size > kMaxEntrySize) {
    throw LoadError(where + ": entry of " + std::to_string(stat.size) + " bytes is too large");
  }
  ZipFileHandle file(zip_fopen_index(z.get(), static_cast<zip_uint64_t>(index), 0));
  if (!file) throw LoadError(where + ": cannot open the entry: " + zip_strerror(z.get()));
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(stat.size));
  std::size_t done = 0;
  while (done < bytes.size()) {
    const zip_int64_t n = zip_fread(file.get(), bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      throw LoadError(where + ": cannot read the entry: " +
                      zip_error_strerror(zip_file_get_error(file.get())));
    }
    if (n == 0) {
      throw LoadError(where + ": entry ends after " + std::to_string(done) + " of " +
                      std::to_string(bytes.size()) + " bytes");
    }
    done += static_cast<std::size_t>(n);
  }
  return bytes;
}

std::vector<std::string> list_maps(const std::string& archive) {
  ZipHandle z = open_archive(archive);
  const zip_int64_t count = zip_get_num_entries(z.get(), 0);
  std::vector<std::string> maps;
  for (zip_int64_t i = 0; i < count; ++i) {
    const char* name = zip_get_name(z.get(), static_cast<zip_uint64_t>(i), 0);
    if (name == nullptr) continue;
    const std::string_view n(name);
    if (starts_with_nocase(n, "maps/") && ends_with_nocase(n, ".bsp") &&
        n.find('/', 5) == std::string_view::npos) {
      maps.emplace_back(n);
    }
  }
  std::sort(maps.begin(), maps.end());
  return maps;
}

}  // namespace collision::io
