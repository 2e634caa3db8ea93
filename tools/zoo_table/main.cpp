// zoo-table [REPO_ROOT] [BUILD_DIR]: writes REPO_ROOT/docs/zoo.md (zoo_table.hpp) and the
// captures it links into REPO_ROOT/docs/zoo/, each rendered by a headless run of its scene and
// method into BUILD_DIR/zoo/SCENE_METHOD/ (defaults: the current directory, build/release).
// Exit 1 with a message when a run or a file fails; docs/zoo.md is written last, whole or not.
#include <cstdio>
#include <exception>
#include <filesystem>
#include <set>
#include <stdexcept>
#include <string>

#include "debugger/app.hpp"
#include "debugger/zoo_table.hpp"
#include "file_output/atomic_file.hpp"

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  try {
    if (argc > 3) throw std::runtime_error("usage: zoo-table [REPO_ROOT] [BUILD_DIR]");
    const fs::path root = argc > 1 ? argv[1] : ".";
    const fs::path build = argc > 2 ? argv[2] : root / "build" / "release";
    const debugger::ZooTable table = debugger::make_zoo_table();
    const fs::path pictures = root / "docs" / "zoo";
    if (!fs::is_directory(root / "docs")) throw std::runtime_error((root / "docs").string() + ": no such folder (REPO_ROOT?)");
    fs::remove_all(pictures);
    fs::create_directories(pictures);
    std::set<std::string> rendered;  // runs already rendered (SCENE_METHOD)
    for (const debugger::ZooPicture& p : table.pictures) {
      const std::string run = p.scene + "_" + p.method;
      const fs::path out = build / "zoo" / run;
      if (rendered.insert(run).second) {
        fs::remove_all(out);
        debugger::RunOptions o;
        o.scene = "zoo:" + p.scene;
        o.method = p.method;
        o.find_anomalies = true;
        o.frames = p.run_frames;
        o.out = out.string();
        o.width = 960;
        o.height = 540;
        debugger::run_headless(o);
        std::printf("%-14s %-16s rendered\n", p.scene.c_str(), p.method.c_str());
      }
      if (!fs::exists(out / p.capture))
        throw std::runtime_error((out / p.capture).string() + ": the headless run did not write the capture the table links");
      fs::copy_file(out / p.capture, pictures / p.dest, fs::copy_options::overwrite_existing);
    }
    file_output::write_file_atomically((root / "docs" / "zoo.md").string(), table.markdown);
    std::printf("wrote %s: %d runs, %d frames, %zu captures\n", (root / "docs" / "zoo.md").string().c_str(),
                table.runs, table.frames, table.pictures.size());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "zoo-table: %s\n", e.what());
    return 1;
  }
}
