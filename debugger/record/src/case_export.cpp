// A case folder: a recording's calls with the triangles within their reach, as files
// (debugger/case_export.hpp).
#include "debugger/case_export.hpp"

#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <initializer_list>

#include "collision/world.hpp"
#include "file_output/atomic_file.hpp"

namespace debugger {

// Named rather than anonymous: the unity builds put this file beside others.
namespace case_files {

std::uint64_t parse_number(const std::string& text, const std::string& whole) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 18)
    throw std::invalid_argument("--export '" + whole + "': expected FRAME, FRAME:CALL or FIRST-LAST (frame numbers and a call index)");
  return std::stoull(text);
}

std::string format(const char* f, auto... values) {
  char line[512];
  std::snprintf(line, sizeof line, f, values...);
  return line;
}

// A float as C++ source that reads back to the same bits.
std::string cpp_float(float v) { return format("%af", static_cast<double>(v)); }
std::string cpp_vec3(const glm::vec3& v) {
  return "glm::vec3(" + cpp_float(v.x) + ", " + cpp_float(v.y) + ", " + cpp_float(v.z) + ")";
}

// A direct call of the ray or sweep the recording holds, and the checks of its recorded result
// (the triangle in the case's numbers).
std::string direct_test(const collision::RecordedQuery& q, const std::string& name) {
  std::string call;
  const collision::Body& b = q.body;
  const std::string options = q.options.one_sided ? "collision::SweepOptions{true}" : "collision::SweepOptions{false}";
  switch (q.kind) {
    case collision::CallKind::kRaycast:
      call = "collision::raycast(world, " + cpp_vec3(q.start) + ", " + cpp_vec3(q.delta) + ")";
      break;
    case collision::CallKind::kSweepSphere:
      call = "collision::sweep_sphere(world, " + cpp_vec3(q.start) + ", " + cpp_float(b.radii.x) + ", " + cpp_vec3(q.delta) + ", " + options + ")";
      break;
    case collision::CallKind::kSweepEllipsoid:
      call = "collision::sweep_ellipsoid(world, " + cpp_vec3(q.start) + ", " + cpp_vec3(b.radii) + ", " + cpp_vec3(q.delta) + ", " + options + ")";
      break;
    case collision::CallKind::kSweepBox:
      call = "collision::sweep_box(world, " + cpp_vec3(q.start) + ", " + cpp_vec3(b.radii) + ", " + cpp_vec3(q.delta) + ", " + options + ")";
      break;
    case collision::CallKind::kSweepCapsule:
      call = "collision::sweep_capsule(world, " + cpp_vec3(q.start) + ", " + cpp_float(b.radii.x) + ", " + cpp_float(b.half_height) + ", " +
             cpp_vec3(b.axis) + ", " + cpp_vec3(q.delta) + ", " + options + ")";
      break;
    default: {
      const char* shape = b.shape == collision::Shape::kBox ? "box" : b.shape == collision::Shape::kCapsule ? "capsule" : "ellipsoid";
      const std::string body = "collision::Body{collision::Shape::k" + std::string(shape[0] == 'b' ? "Box" : shape[0] == 'c' ? "Capsule" : "Ellipsoid") +
                               ", " + cpp_vec3(b.radii) + ", " + cpp_float(b.half_height) + ", " + cpp_vec3(b.axis) + "}";
      call = "collision::sweep(world, " + body + ", " + cpp_vec3(q.start) + ", " + cpp_vec3(q.delta) + ", " + options + ")";
    }
  }
  std::string out = "TEST(PrismCase, " + name + "CalledDirectly) {\n" +
                    "  const collision::RecordingFile recording(PRISM_CASE_FILE);\n" +
                    "  const collision::World world(recording.level());\n" + "  const auto hit = " + call + ";\n";
  if (q.kind == collision::CallKind::kRaycast) {
    const collision::RayHit& h = q.ray;
    out += format("  EXPECT_EQ(hit.hit, %s);\n", h.hit ? "true" : "false");
    if (h.hit) {
      out += "  EXPECT_EQ(hit.t, " + cpp_float(h.t) + ");  // " + format("%.9g", static_cast<double>(h.t)) + "\n";
      out += format("  EXPECT_EQ(hit.triangle, %" PRIu32 "u);\n", h.triangle);
      out += "  EXPECT_EQ(hit.normal, " + cpp_vec3(h.normal) + ");\n";
    }
  } else {
    const collision::SweepHit& h = q.sweep;
    out += format("  EXPECT_EQ(hit.hit, %s);\n", h.hit ? "true" : "false");
    if (h.hit) {
      out += "  EXPECT_EQ(hit.toi, " + cpp_float(h.toi) + ");  // " + format("%.9g", static_cast<double>(h.toi)) + "\n";
      out += format("  EXPECT_EQ(hit.triangle, %" PRIu32 "u);\n", h.triangle);
      out += format("  EXPECT_EQ(hit.start_overlap, %s);\n", h.start_overlap ? "true" : "false");
      out += "  EXPECT_EQ(hit.normal, " + cpp_vec3(h.normal) + ");\n";
      out += "  EXPECT_EQ(hit.point, " + cpp_vec3(h.point) + ");\n";
    }
  }
  return out + "}\n";
}

std::string test_source(const collision::RecordingFile& source, const collision::RecordingFile& written,
                        const collision::RecordingCase& c, const std::string& selection, const std::string& command) {
  std::size_t calls = 0;
  for (const auto& f : written.frames()) calls += f.calls.size();
  std::string name = "Frame";
  for (char ch : selection) name += (ch == ':' ? 'C' : ch == '-' ? 'T' : ch);
  const auto& first = *c.calls.front().recorded;
  std::string about = c.calls.size() == 1
                          ? std::string(collision::to_string(first.kind)) + " \"" + source.labels()[first.label] + "\""
                          : std::to_string(c.calls.size()) + " calls";
  std::string out;
  const auto line = [&out](std::initializer_list<std::string_view> parts) {
    for (const auto p : parts) out.append(p);
    out.push_back('\n');
  };
  line({"// A collision case exported from ", source.name(), " (Prism ", source.build_version(), "):"});
  line({"//   ", command});
  line({"// frame ", selection, ": ", about, ", with ", std::to_string(c.level.triangle_count()), " of the level's ",
        std::to_string(c.level_triangle_count), " triangles (triangles.csv maps them)."});
  line({"// It asserts that each call, re-run with this build's core on those triangles, gives the result"});
  line({"// recorded in case.prec, bit for bit (as `prism-query replay` does). Build it with GoogleTest,"});
  line({"// linking prism::collision, with PRISM_CASE_FILE the path of case.prec."});
  line({"#include <gtest/gtest.h>\n\n#include <cstddef>\n"});
  line({"#include \"collision/box_queries.hpp\"\n#include \"collision/capsule_queries.hpp\""});
  line({"#include \"collision/queries.hpp\"\n#include \"collision/recording_file.hpp\"\n#include \"collision/world.hpp\"\n"});
  line({"#ifndef PRISM_CASE_FILE\n#define PRISM_CASE_FILE \"case.prec\"\n#endif\n"});
  line({"TEST(PrismCase, ", name, "ReRunsAsRecorded) {"});
  line({"  const collision::RecordingFile recording(PRISM_CASE_FILE);"});
  line({format("  ASSERT_EQ(recording.level_hash(), 0x%016" PRIx64 "ull);", written.level_hash())});
  line({"  const collision::World world(recording.level());\n  std::size_t calls = 0;"});
  line({"  for (const auto& frame : recording.frames()) {\n    for (const auto& call : frame.calls) {"});
  line({"      EXPECT_EQ(collision::replay_difference(world, call), \"\")"});
  line({"          << \"frame \" << frame.number << \" call \" << calls << \": \" << collision::to_string(call.kind);"});
  line({"      ++calls;\n    }\n  }"});
  line({"  EXPECT_EQ(calls, ", std::to_string(calls), "u);\n}"});
  if (calls == 1) {
    for (const auto& f : written.frames())
      for (const auto& call : f.calls)
        if (const auto q = collision::recorded_query(call)) out.append("\n").append(direct_test(*q, name));
  }
  return out;
}

std::string obj_text(const collision::RecordingCase& c, const std::string& command) {
  std::string out = "# A Prism case's triangles (" + std::to_string(c.level.triangle_count()) +
                    "), made by: " + command + "\n# Face i is triangle i of case.prec; triangles.csv gives its index in the level.\n";
  for (const auto& p : c.level.positions)
    out += format("v %.9g %.9g %.9g\n", static_cast<double>(p.x), static_cast<double>(p.y), static_cast<double>(p.z));
  for (const auto& i : c.level.indices) out += format("f %u %u %u\n", i.x + 1, i.y + 1, i.z + 1);
  return out;
}

std::string csv_text(const collision::RecordingCase& c) {
  std::string out = "case,level,solid\n";
  for (std::size_t i = 0; i < c.level_triangles.size(); ++i)
    out += format("%zu,%" PRIu32 ",%d\n", i, c.level_triangles[i], c.level.solid(i) ? 1 : 0);
  return out;
}

}  // namespace case_files

collision::CaseSelection parse_case_selection(const std::string& text) {
  using namespace case_files;
  collision::CaseSelection s;
  if (const auto colon = text.find(':'); colon != std::string::npos) {
    s.first_frame = s.last_frame = parse_number(text.substr(0, colon), text);
    s.call = static_cast<std::size_t>(parse_number(text.substr(colon + 1), text));
  } else if (const auto dash = text.find('-'); dash != std::string::npos) {
    s.first_frame = parse_number(text.substr(0, dash), text);
    s.last_frame = parse_number(text.substr(dash + 1), text);
    if (s.last_frame < s.first_frame) throw std::invalid_argument("--export '" + text + "': the last frame comes before the first");
  } else {
    s.first_frame = s.last_frame = parse_number(text, text);
  }
  return s;
}

std::string case_recording_path(const std::string& path) {
  std::error_code ec;
  return std::filesystem::is_directory(path, ec) ? (std::filesystem::path(path) / "case.prec").string() : path;
}

CaseSummary export_case(const collision::RecordingFile& file, const collision::CaseSelection& selection,
                        const std::string& dir, const std::string& command) {
  using namespace case_files;
  const collision::World world(file.level());
  const collision::RecordingCase c = collision::extract_case(file, world, selection);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!std::filesystem::is_directory(dir))
    throw std::runtime_error("'" + dir + "': cannot make the case folder" + (ec ? ": " + ec.message() : std::string()));
  const std::filesystem::path folder(dir);
  const std::string prec = (folder / "case.prec").string();
  collision::write_case_recording(file, c, prec);
  const collision::RecordingFile written(prec);
  std::string selection_text = std::to_string(selection.first_frame);
  if (selection.call) selection_text.append(":").append(std::to_string(*selection.call));
  else if (selection.last_frame != selection.first_frame) selection_text.append("-").append(std::to_string(selection.last_frame));
  file_output::write_file_atomically((folder / "level.obj").string(), obj_text(c, command));
  file_output::write_file_atomically((folder / "triangles.csv").string(), csv_text(c));
  file_output::write_file_atomically((folder / "case_test.cpp").string(), test_source(file, written, c, selection_text, command));

  CaseSummary s;
  s.calls = c.calls.size();
  s.triangles = c.level.triangle_count();
  s.level_triangles = c.level_triangle_count;
  for (const auto& call : c.calls) {
    s.differ_from_recording += call.matches_recording ? 0 : 1;
    s.whole_level += call.whole_level ? 1 : 0;
  }
  for (const char* name : {"case.prec", "level.obj", "triangles.csv", "case_test.cpp"}) s.bytes += std::filesystem::file_size(folder / name);
  return s;
}

}  // namespace debugger
