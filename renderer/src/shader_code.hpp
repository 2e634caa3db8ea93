#pragma once
// SPIR-V of shaders/*, compiled by the build and embedded in the binary.

#include <cstdint>
#include <span>
#include <string_view>

namespace renderer {

/// The SPIR-V words of shaders/<name> (e.g. "line.vert"). @throws Error if it is not embedded.
std::span<const std::uint32_t> shader_code(std::string_view name);

}  // namespace renderer
