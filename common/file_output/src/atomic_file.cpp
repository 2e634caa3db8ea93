#include "file_output/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

namespace file_output {

namespace {

std::atomic<unsigned> next_temp{0};

std::string reason(int error) { return error != 0 ? std::strerror(error) : "unknown error"; }

}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  struct stat st {};
  if (::stat(path_.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    throw WriteError(path_ + ": cannot write: it is a directory");
  }
  temp_ = path_ + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(next_temp++);
  // Mode 0666 less the umask, as an ordinary fopen would create it.
  const int fd = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) {
    const int e = errno;
    temp_.clear();
    throw WriteError(path_ + ": cannot write: " + reason(e));
  }
  file_ = ::fdopen(fd, "wb");
  if (file_ == nullptr) {
    const int e = errno;
    ::close(fd);
    ::unlink(temp_.c_str());
    temp_.clear();
    throw WriteError(path_ + ": cannot write: " + reason(e));
  }
}

AtomicFile::~AtomicFile() {
  if (committed_) return;
  if (file_ != nullptr) std::fclose(file_);
  if (!temp_.empty()) ::unlink(temp_.c_str());
}

void AtomicFile::fail(const std::string& step, int error) {
  if (file_ != nullptr) std::fclose(file_);
  file_ = nullptr;
  if (!temp_.empty()) ::unlink(temp_.c_str());
  temp_.clear();
  throw WriteError(path_ + ": cannot write (" + step + "): " + reason(error));
}

void AtomicFile::write(std::string_view bytes) {
  if (file_ == nullptr) throw WriteError(path_ + ": cannot write: the file is closed");
  if (bytes.empty()) return;
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) fail("write", errno);
}

void AtomicFile::commit() {
  if (file_ == nullptr) throw WriteError(path_ + ": cannot write: the file is closed");
  if (std::fflush(file_) != 0) fail("flush", errno);
  if (std::ferror(file_)) fail("write", errno);
  if (::fsync(::fileno(file_)) != 0) fail("sync", errno);
  const int closed = std::fclose(file_);
  file_ = nullptr;
  if (closed != 0) fail("close", errno);
  if (::rename(temp_.c_str(), path_.c_str()) != 0) fail("rename", errno);
  committed_ = true;
}

void write_file_atomically(const std::string& path, std::string_view bytes) {
  AtomicFile file(path);
  file.write(bytes);
  file.commit();
}

void check_stdout() {
  errno = 0;
  if (std::fflush(stdout) != 0) throw WriteError(std::string("stdout: cannot write: ") + reason(errno));
  if (std::ferror(stdout)) throw WriteError("stdout: cannot write: an earlier write failed");
}

}  // namespace file_output
