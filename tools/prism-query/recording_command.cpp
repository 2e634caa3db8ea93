#include "recording_command.hpp"

#include <cinttypes>
#include <cstdio>
#include <map>
#include <utility>

#include "collision/recording_file.hpp"
#include "collision/world.hpp"
#include "debugger/case_export.hpp"

namespace prism_query {

void add_recording_args(CLI::App* cmd, RecordingArgs& a) {
  cmd->add_option("FILE", a.file, "a recording (collision::Recorder, .prec)")->required();
  auto* check = cmd->add_flag("--check", a.check, "re-run every call with this build's core; exit 1 if any result differs");
  auto* characters = cmd->add_flag("--characters", a.characters, "print frame,character,x,y,z per character step")->excludes(check);
  auto* out = cmd->add_option("--out", a.out, "the case folder --export writes (made if missing)");
  cmd->add_option("--export", a.export_calls,
                  "FRAME, FRAME:CALL or FIRST-LAST: write those calls with the triangles within their reach as a case "
                  "folder (case.prec, level.obj, triangles.csv, case_test.cpp) for prism-query replay")
      ->excludes(check)
      ->excludes(characters)
      ->needs(out);
  out->needs("--export");
}

void add_replay_args(CLI::App* cmd, std::string& path) {
  cmd->add_option("CASE", path, "a case folder (prism-query recording --export) or a recording")->required();
}

namespace {

void print_summary(const collision::RecordingFile& file) {
  const auto& frames = file.frames();
  std::printf("recording %s: format %" PRIu32 ", written by Prism %s%s\n", file.name().c_str(), file.format_version(),
              file.build_version().c_str(), file.closed() ? "" : " (not closed: cut after its last frame)");
  std::printf("level: %zu triangles, content hash %016" PRIx64 "\n", file.level().triangle_count(), file.level_hash());
  if (frames.empty()) {
    std::printf("frames: 0\n");
  } else {
    std::printf("frames: %zu (numbers %" PRIu64 " to %" PRIu64 ", %.9g s to %.9g s)\n", frames.size(),
                frames.front().number, frames.back().number, frames.front().seconds, frames.back().seconds);
  }
  std::printf("dropped frames: %" PRIu64 "\n", file.dropped_frames());
  std::printf("bytes: %zu\n", file.bytes());
  std::printf("characters: %zu\n", file.character_count());
  std::map<std::string, std::size_t> by_kind;
  std::map<std::pair<std::string, std::string>, std::size_t> by_label;
  std::size_t calls = 0;
  for (const auto& frame : frames) {
    for (const auto& call : frame.calls) {
      ++calls;
      ++by_kind[collision::to_string(call.kind)];
      ++by_label[{file.labels()[call.label], collision::to_string(call.kind)}];
    }
  }
  std::printf("calls: %zu\n", calls);
  for (const auto& [kind, n] : by_kind) std::printf("  %s: %zu\n", kind.c_str(), n);
  std::printf("calls by label:\n");
  for (const auto& [key, n] : by_label)
    std::printf("  \"%s\" %s: %zu\n", key.first.c_str(), key.second.c_str(), n);
}

int check(const collision::RecordingFile& file) {
  const collision::World world(file.level());
  std::size_t calls = 0, differences = 0;
  for (const auto& frame : file.frames()) {
    for (std::size_t i = 0; i < frame.calls.size(); ++i) {
      const auto& call = frame.calls[i];
      ++calls;
      const std::string difference = collision::replay_difference(world, call);
      if (difference.empty()) continue;
      ++differences;
      std::printf("frame %" PRIu64 " call %zu (%s, thread %" PRIu32 ", label \"%s\", offset %zu): %s\n", frame.number, i,
                  collision::to_string(call.kind), call.thread, file.labels()[call.label].c_str(), call.offset,
                  difference.c_str());
    }
  }
  std::printf("%zu calls re-run, %zu differ\n", calls, differences);
  return differences == 0 ? 0 : 1;
}

int export_case(const collision::RecordingFile& file, const RecordingArgs& a) {
  const collision::CaseSelection selection = debugger::parse_case_selection(a.export_calls);
  const debugger::CaseSummary s = debugger::export_case(file, selection, a.out, a.command);
  std::printf("case %s: %zu call%s, %zu of the level's %zu triangles, %ju bytes\n", a.out.c_str(), s.calls,
              s.calls == 1 ? "" : "s", s.triangles, s.level_triangles, s.bytes);
  if (s.differ_from_recording != 0)
    std::printf("note: %zu of them re-run differently from their recording with this build; the case holds this "
                "build's results\n", s.differ_from_recording);
  if (s.whole_level != 0) std::printf("note: %zu of them needed the whole level\n", s.whole_level);
  std::printf("wrote %s/case.prec, level.obj, triangles.csv, case_test.cpp; run: prism-query replay %s\n", a.out.c_str(),
              a.out.c_str());
  return 0;
}

}  // namespace

int run_replay(const std::string& path) {
  const collision::RecordingFile file(debugger::case_recording_path(path));
  return check(file);
}

int run_recording(const RecordingArgs& a) {
  const collision::RecordingFile file(a.file);
  if (a.check) return check(file);
  if (!a.export_calls.empty()) return export_case(file, a);
  if (a.characters) {
    std::printf("frame,character,x,y,z\n");
    for (const auto& s : file.character_steps())
      std::printf("%" PRIu64 ",%" PRIu32 ",%.9g,%.9g,%.9g\n", s.frame, s.character, s.x, s.y, s.z);
    return 0;
  }
  print_summary(file);
  return 0;
}

}  // namespace prism_query
