#pragma once
/// @file atomic_file.hpp
/// Output files that cannot lie: a file is either written whole or left as it was.
///
/// The bytes go to a temporary file beside the target (`NAME.tmp.PID.N`, same folder, so the
/// rename cannot cross file systems); commit() flushes it, syncs it to disk, checks every step
/// (a full disk shows up at the flush or the sync, not at the write), then renames it over the
/// target. Any failure throws WriteError naming the path and the system's reason, and removes
/// the temporary file; an AtomicFile destroyed without commit() removes it too.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>

namespace file_output {

/// A failed write: "PATH: cannot write: REASON".
class WriteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class AtomicFile {
 public:
  /// Creates the temporary file. @throws WriteError when the folder is missing or not
  /// writable, or `path` names a folder.
  explicit AtomicFile(std::string path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  /// The temporary file's stream, for fprintf and the like (errors are caught by commit()).
  std::FILE* stream() { return file_; }
  /// Appends bytes. @throws WriteError when the write fails at once.
  void write(std::string_view bytes);
  /// Flush, sync, close, check, rename over the target. @throws WriteError.
  void commit();

  const std::string& path() const { return path_; }

 private:
  [[noreturn]] void fail(const std::string& step, int error);
  std::string path_;
  std::string temp_;
  std::FILE* file_ = nullptr;
  bool committed_ = false;
};

/// Writes `bytes` to `path` atomically (AtomicFile, then commit()). @throws WriteError.
void write_file_atomically(const std::string& path, std::string_view bytes);

/// Flushes stdout and throws WriteError ("stdout: cannot write: REASON") when any write to it
/// failed (a full disk, a closed pipe with SIGPIPE ignored, /dev/full).
void check_stdout();

}  // namespace file_output
