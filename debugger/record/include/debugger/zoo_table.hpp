#pragma once
/// @file zoo_table.hpp
/// docs/zoo.md, the bug zoo's scene x method table: every zoo scene walked by its own walk with
/// each of the robust, offset-prism and sphere-classify methods and the anomaly finder on
/// (zoo_walk.hpp), one row per run: anomalies found, the first (frame, kind, triangles), each
/// kind's first frame and count, and a link to headless's capture at the first flagged frame.
/// The program `zoo-table` writes the file and its pictures; the test
/// debugger.ZooTable.DocsTableMatchesWhatTheBuildFinds fails when the file and the build differ.

#include <string>
#include <vector>

namespace debugger {

/// A capture the table links, to be copied from a headless run's output into docs/zoo/.
struct ZooPicture {
  std::string scene;    ///< the zoo name ("wedge")
  std::string method;   ///< "offset-prism"
  int frame = 0;        ///< the frame to capture
  std::string capture;  ///< headless's name for it: zoo_SCENE_fFFFFFF_TAG.png (capture_tag)
  std::string dest;     ///< its name in docs/zoo/: SCENE_METHOD_fFRAME_KIND.png
  int run_frames = 0;   ///< the run's length (its walk's)
};

struct ZooTable {
  std::string markdown;              ///< docs/zoo.md, whole
  std::vector<ZooPicture> pictures;  ///< the captures it links, each once
  int runs = 0, frames = 0;          ///< runs walked and frames recorded in all
};

/// Walks every zoo scene (zoo_scene_names) with each method and writes the table. Deterministic:
/// the same build gives the same bytes (about 20 s of collision on one core, no rendering).
ZooTable make_zoo_table();

}  // namespace debugger
