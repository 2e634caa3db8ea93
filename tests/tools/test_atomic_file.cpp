// file_output: a file is written whole or left as it was (issue 14 item 4: a full disk left an
// empty session.prism behind a run that reported success).
#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "file_output/atomic_file.hpp"

namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

fs::path fresh_dir(const char* name) {
  const fs::path dir = fs::path(PRISM_TEST_OUTPUT_DIR) / "atomic" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// A full disk, simulated: files may not grow past `bytes` (EFBIG instead of SIGXFSZ).
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    getrlimit(RLIMIT_FSIZE, &old_);
    old_handler_ = std::signal(SIGXFSZ, SIG_IGN);
    rlimit lim = old_;
    lim.rlim_cur = bytes;
    setrlimit(RLIMIT_FSIZE, &lim);
  }
  ~FileSizeLimit() {
    setrlimit(RLIMIT_FSIZE, &old_);
    std::signal(SIGXFSZ, old_handler_);
  }

 private:
  rlimit old_{};
  void (*old_handler_)(int) = nullptr;
};

bool only_file(const fs::path& dir, const std::string& name) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().filename() != name) return false;
    ++n;
  }
  return n <= 1;
}

TEST(AtomicFile, FullDiskThrowsAndLeavesTheOldFileAndNoTemporary) {
  const fs::path dir = fresh_dir("full");
  const fs::path target = dir / "session.prism";
  std::ofstream(target) << "old contents\n";
  const std::string big(256 * 1024, 'x');
  {
    FileSizeLimit limit(64 * 1024);
    EXPECT_THROW(file_output::write_file_atomically(target.string(), big), file_output::WriteError);
  }
  EXPECT_EQ(slurp(target), "old contents\n");
  EXPECT_TRUE(only_file(dir, "session.prism"));
}

TEST(AtomicFile, FullDiskLeavesNoFileWhereThereWasNone) {
  const fs::path dir = fresh_dir("full_new");
  const fs::path target = dir / "report.json";
  {
    FileSizeLimit limit(1024);
    try {
      file_output::AtomicFile f(target.string());
      for (int i = 0; i < 1000; ++i) std::fputs("0123456789abcdef\n", f.stream());
      f.commit();
      ADD_FAILURE() << "commit() succeeded past the size limit";
    } catch (const file_output::WriteError& e) {
      EXPECT_NE(std::string(e.what()).find("report.json"), std::string::npos) << e.what();
    }
  }
  EXPECT_FALSE(fs::exists(target));
  EXPECT_TRUE(fs::is_empty(dir));
}

TEST(AtomicFile, UncommittedFileLeavesNothing) {
  const fs::path dir = fresh_dir("uncommitted");
  {
    file_output::AtomicFile f((dir / "t.jsonl").string());
    f.write("half a trace");
  }
  EXPECT_TRUE(fs::is_empty(dir));
}

TEST(AtomicFile, CommitReplacesTheFileWhole) {
  const fs::path dir = fresh_dir("commit");
  const fs::path target = dir / "out.txt";
  std::ofstream(target) << "old";
  file_output::write_file_atomically(target.string(), "new contents");
  EXPECT_EQ(slurp(target), "new contents");
  EXPECT_TRUE(only_file(dir, "out.txt"));
}

TEST(AtomicFile, MissingFolderOrDirectoryTargetIsAnError) {
  const fs::path dir = fresh_dir("errors");
  EXPECT_THROW(file_output::write_file_atomically((dir / "no" / "such" / "f").string(), "x"),
               file_output::WriteError);
  EXPECT_THROW(file_output::write_file_atomically(dir.string(), "x"), file_output::WriteError);
}

}  // namespace
