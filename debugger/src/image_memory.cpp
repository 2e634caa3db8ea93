// The memory an image size needs, against what the machine has (image_memory.hpp).
#include "debugger/image_memory.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace debugger {

namespace {

// "Key:   N kB" of /proc/meminfo or /proc/self/status, in bytes.
std::optional<double> proc_kb(const char* file, const std::string& key) {
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(key + ":", 0) != 0) continue;
    std::istringstream words(line.substr(key.size() + 1));
    double kb = 0.0;
    if (words >> kb) return kb * 1024.0;
  }
  return std::nullopt;
}

}  // namespace

double image_memory_bytes(int width, int height) {
  return kImageBaseBytes + kImageBytesPerPixel * static_cast<double>(width) * static_cast<double>(height);
}

std::optional<double> available_memory_bytes() {
  std::optional<double> available = proc_kb("/proc/meminfo", "MemAvailable");
  if (!available) {
    const long pages = ::sysconf(_SC_AVPHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0) available = static_cast<double>(pages) * static_cast<double>(page);
  }
  rlimit as{};
  if (::getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) {
    const double mapped = proc_kb("/proc/self/status", "VmSize").value_or(0.0);
    const double left = std::max(0.0, static_cast<double>(as.rlim_cur) - mapped);
    available = available ? std::min(*available, left) : left;
  }
  return available;
}

std::string image_memory_error(int width, int height, std::optional<double> available) {
  const double need = image_memory_bytes(width, height);
  if (!available || need <= *available) return "";
  char why[256];
  std::snprintf(why, sizeof why,
                "--size %dx%d needs about %.1f GB of memory (%.0f bytes a pixel and %.1f GB besides); "
                "%.1f GB are available (MemAvailable, or the address-space limit)",
                width, height, need / 1e9, kImageBytesPerPixel, kImageBaseBytes / 1e9, *available / 1e9);
  return why;
}

void check_image_memory(int width, int height) {
  const std::string why = image_memory_error(width, height, available_memory_bytes());
  if (!why.empty()) throw std::runtime_error(why);
}

}  // namespace debugger
