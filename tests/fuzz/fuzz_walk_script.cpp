// libFuzzer target: walk scripts (debugger/record/src/walk_script.cpp) -> the inputs of the first
// frames -> a character walking them over a fixed level (the tiny map). A script gives segments
// or an error naming its line (with control bytes escaped); the inputs are finite with a wish no
// longer than 1; the walk gives finite states or stops at a frame the core refuses.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include <glm/geometric.hpp>

#include "debugger/session.hpp"
#include "debugger/walk_script.hpp"
#include "fuzz_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  debugger::WalkScript script;
  try {
    script = debugger::parse_walk_script(text);
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    if (what.rfind("walk script line ", 0) != 0) prism_fuzz::fail("walk script error without its line");
    for (const char c : what) {
      if (static_cast<unsigned char>(c) < 0x20) prism_fuzz::fail("a control byte echoed raw in an error");
    }
    return 0;
  }
  const collision::World& world = prism_fuzz::fixed_world();
  debugger::SessionConfig config;
  config.body = collision::Body::sphere(16.0f);
  config.start = {64.0f, 64.0f, 40.0f};
  const glm::vec3 up(0.0f, 0.0f, 1.0f);
  try {
    debugger::Session session(world, config);
    for (int f = 0; f < 8; ++f) {
      const debugger::FrameInput in = debugger::walk_input(script, f * 37, config.dt, up, 0.0f);
      if (!prism_fuzz::finite(in.character.wish) || !std::isfinite(in.yaw) || !std::isfinite(in.pitch)) {
        prism_fuzz::fail("walk input not finite");
      }
      if (glm::dot(in.character.wish, in.character.wish) > 1.0001f) prism_fuzz::fail("walk wish longer than 1");
      prism_fuzz::check(session.push(in));
    }
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
