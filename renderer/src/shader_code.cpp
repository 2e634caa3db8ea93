#include "shader_code.hpp"

#include <string>

#include "renderer/vk.hpp"

namespace renderer {
namespace {

// Each .inc is glslc -mfmt=c output: a braced list of SPIR-V words.
constexpr std::uint32_t kMeshVert[] =
#include "mesh.vert.inc"
    ;
constexpr std::uint32_t kMeshFrag[] =
#include "mesh.frag.inc"
    ;
constexpr std::uint32_t kLineVert[] =
#include "line.vert.inc"
    ;
constexpr std::uint32_t kPointVert[] =
#include "point.vert.inc"
    ;
constexpr std::uint32_t kPointFrag[] =
#include "point.frag.inc"
    ;
constexpr std::uint32_t kTriangleVert[] =
#include "triangle.vert.inc"
    ;
constexpr std::uint32_t kDebugFrag[] =
#include "debug.frag.inc"
    ;

struct Entry {
  std::string_view name;
  std::span<const std::uint32_t> code;
};

constexpr Entry kShaders[] = {
    {"mesh.vert", kMeshVert},   {"mesh.frag", kMeshFrag},         {"line.vert", kLineVert},
    {"point.vert", kPointVert}, {"point.frag", kPointFrag},       {"triangle.vert", kTriangleVert},
    {"debug.frag", kDebugFrag},
};

}  // namespace

std::span<const std::uint32_t> shader_code(std::string_view name) {
  for (const Entry& entry : kShaders)
    if (entry.name == name) return entry.code;
  throw Error("shader " + std::string(name) + " is not embedded in this build");
}

}  // namespace renderer
