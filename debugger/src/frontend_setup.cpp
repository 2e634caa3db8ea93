// The front ends' Vulkan setup and teardown (frontend_setup.hpp).
#include "frontend_setup.hpp"

#include <cstdio>

#include <imgui.h>

namespace debugger {

namespace {

std::unique_ptr<renderer::Context> make_context(const RunOptions& o, bool window_system) {
  renderer::ContextOptions options;
  options.window_system = window_system;
  if (o.validation) options.validation = true;  // else as PRISM_VK_VALIDATION says
  return renderer::create_context(options);
}

renderer::WindowOptions window_options(const RunOptions& o, const std::string& title) {
  renderer::WindowOptions w;
  w.width = o.width;
  w.height = o.height;
  w.title = title;
  w.vsync = o.script_keys.empty();
  return w;
}

}  // namespace

OffscreenFrontEnd::OffscreenFrontEnd(const RunOptions& o)
    : context(make_context(o, false)),
      target(*context, static_cast<std::uint32_t>(o.width), static_cast<std::uint32_t>(o.height)),
      renderer(*context, target) {
  ImGui::GetIO().IniFilename = nullptr;
}

std::uint32_t OffscreenFrontEnd::finish() {
  renderer::wait_idle(renderer);
  return context->validation_messages.load();
}

WindowFrontEnd::WindowFrontEnd(const RunOptions& o, const std::string& title)
    : context(make_context(o, true)), window(*context, window_options(o, title)), renderer(*context, window) {}

int WindowFrontEnd::finish() {
  renderer::wait_idle(renderer);
  const std::uint32_t messages = context->validation_messages.load();
  if (messages == 0) return 0;
  std::fprintf(stderr, "prism: %u Vulkan validation messages (printed above)\n", messages);
  return 3;
}

}  // namespace debugger
