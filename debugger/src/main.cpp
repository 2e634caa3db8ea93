// prism: the collision debugger. Its manual: docs/debugger.md.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "debugger/app.hpp"
#include "setup_args/setup_args.hpp"

namespace {

const char* kUsage =
    "usage: prism [--scene S] [--walk FILE | --session FILE] [--method M] [--size WxH] [--out DIR]\n"
    "       prism --headless [--scene S] [--walk FILE | --session FILE] --frames N --out DIR\n"
    "             [--capture-every K] [--capture-frames A,B,...] [--method M] [--size WxH]\n"
    "             [--find-anomalies]\n"
    "  S: default (the embedded scene), zoo:NAME (assets/zoo/README.md), an OpenArena map name\n"
    "     (oa_dm1), a .bsp/.pk3 or mesh file\n"
    "  --find-anomalies: also ghost bumps, lost speed, early catches, push-aways\n"
    "     (debugger/include/debugger/anomalies.hpp)\n"
    "  M: robust | offset-prism | sphere-classify | box-edges\n"
    "  Setup of a new recording (a session keeps its own): --up x|y|z, --body sphere:R |\n"
    "     ellipsoid:RX,RY,RZ | box:HX,HY,HZ | capsule:R,HALF (along up), --spawn X,Y,Z, and\n"
    "     the character's settings as prism-query character names them: --gravity G\n"
    "     --jump-speed V --max-slope DEG --step H\n"
    "     --min-step-forward F --snap D --skin S --recovery K (unset: derived from the body)\n"
    "  --force: overwrite DIR/session.prism (headless refuses to, otherwise)\n"
    "  --seed N: the tour of a level without a walk script (a seeded wander that seeks\n"
    "     contacts; 1)\n"
    "  Camera (both modes): --camera-distance F (arm length, x the body's size; 1)\n"
    "     --camera-collision on|off (the spring arm keeps walls out of the view; on)\n"
    "     --see-through (the body and overlays drawn over a dimmed level)\n"
    "  Without --headless a window opens (needs DISPLAY); screenshots (F12) and saved sessions\n"
    "  go to DIR (default captures). Keys: see the window's Keys panel or README.md.\n";

int to_int(const char* flag, const std::string& v) {
  char* end = nullptr;
  const long n = std::strtol(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0' || n < 0 || n > 100'000'000) {
    std::fprintf(stderr, "prism: %s needs a non-negative integer, got '%s'\n", flag, v.c_str());
    std::exit(2);
  }
  return static_cast<int>(n);
}

const setup_args::CharacterFlag* character_flag(const std::string& name) {
  for (const setup_args::CharacterFlag& f : setup_args::character_flags())
    if (name == f.name) return &f;
  return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  debugger::RunOptions o;
  bool headless = false, frames_given = false, out_given = false, force = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "prism: %s needs a value\n%s", a.c_str(), kUsage);
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--headless") headless = true;
    else if (a == "--scene") o.scene = value();
    else if (a == "--walk") o.walk = value();
    else if (a == "--session") o.session = value();
    else if (a == "--method") o.method = value();
    else if (a == "--frames") { o.frames = to_int("--frames", value()); frames_given = true; }
    else if (a == "--out") { o.out = value(); out_given = true; }
    else if (a == "--capture-every") o.capture_every = to_int("--capture-every", value());
    else if (a == "--capture-frames") {
      std::string list = value();
      for (std::size_t p = 0; p < list.size();) {
        const std::size_t q = std::min(list.find(',', p), list.size());
        o.capture_frames.push_back(to_int("--capture-frames", list.substr(p, q - p)));
        p = q + 1;
      }
    } else if (a == "--size") {
      const std::string v = value();
      const auto x = v.find('x');
      if (x == std::string::npos) { std::fprintf(stderr, "prism: --size wants WxH\n"); return 2; }
      o.width = to_int("--size", v.substr(0, x));
      o.height = to_int("--size", v.substr(x + 1));
    } else if (a == "--validation") o.validation = true;
    else if (a == "--find-anomalies") o.find_anomalies = true;
    else if (a == "--see-through") o.camera.see_through = true;
    else if (a == "--force") force = true;
    else if (a == "--up") {
      const std::string v = value();
      o.setup.up = setup_args::parse_up_axis(v);
      if (!o.setup.up) { std::fprintf(stderr, "prism: --up wants x, y or z, got '%s'\n", v.c_str()); return 2; }
    } else if (a == "--body") {
      try {
        o.setup.body = setup_args::parse_body(value());
      } catch (const std::invalid_argument& e) {
        std::fprintf(stderr, "prism: --body: %s\n", e.what());
        return 2;
      }
    } else if (a == "--spawn") {
      const std::string v = value();
      o.setup.spawn = setup_args::parse_point(v);
      if (!o.setup.spawn) { std::fprintf(stderr, "prism: --spawn wants X,Y,Z, got '%s'\n", v.c_str()); return 2; }
    } else if (const setup_args::CharacterFlag* f = character_flag(a)) {
      const std::string v = value();
      o.character.*(f->value) = setup_args::parse_finite(v);
      if (!(o.character.*(f->value))) { std::fprintf(stderr, "prism: %s wants a number, got '%s'\n", a.c_str(), v.c_str()); return 2; }
    }
    else if (a == "--seed") o.seed = static_cast<std::uint64_t>(to_int("--seed", value()));
    else if (a == "--camera-collision") {
      const std::string v = value();
      if (v != "on" && v != "off") { std::fprintf(stderr, "prism: --camera-collision wants on or off\n"); return 2; }
      o.camera.collide = v == "on";
    } else if (a == "--camera-distance") {
      const std::string v = value();
      char* end = nullptr;
      const float d = std::strtof(v.c_str(), &end);
      if (v.empty() || *end != '\0' || !(d >= 0.1f && d <= 100.0f)) {
        std::fprintf(stderr, "prism: --camera-distance wants a number in [0.1, 100], got '%s'\n", v.c_str());
        return 2;
      }
      o.camera.distance = d;
    }
    else if (a == "--script-keys") o.script_keys = value();  // test hook (debugger/src/live/controls.hpp)
    else if (a == "-h" || a == "--help") { std::fputs(kUsage, stdout); return 0; }
    else { std::fprintf(stderr, "prism: unknown argument '%s'\n%s", a.c_str(), kUsage); return 2; }
  }
  if (!o.walk.empty() && !o.session.empty()) {
    std::fprintf(stderr, "prism: give --walk or --session, not both\n");
    return 2;
  }
  try {
    if (headless) {
      if (!frames_given || !out_given) {
        std::fprintf(stderr, "prism: --headless needs --frames N and --out DIR\n%s", kUsage);
        return 2;
      }
      // A session is a recording someone may not have saved elsewhere: never overwrite one unasked.
      const std::filesystem::path kept = std::filesystem::path(o.out) / "session.prism";
      std::error_code ec;
      if (!force && std::filesystem::exists(kept, ec)) {
        std::fprintf(stderr, "prism: %s exists; give --force to overwrite it (or another --out)\n", kept.c_str());
        return 2;
      }
      for (const int f : o.capture_frames)
        if (f >= o.frames)
          std::fprintf(stderr, "prism: --capture-frames %d is past the last frame (%d with --frames %d): not captured\n",
                       f, o.frames - 1, o.frames);
      const debugger::HeadlessResult r = debugger::run_headless(o);
      std::printf("prism: %d frames, %zu captures, %d anomalies; report %s\n", r.frames, r.captures.size(),
                  r.anomalies, r.report.c_str());
      if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        std::fprintf(stderr, "prism: stdout: cannot write\n");
        return 1;
      }
      if (o.validation && r.validation_messages > 0) {
        std::fprintf(stderr, "prism: the Vulkan validation layer reported %u message(s)\n", r.validation_messages);
        return 3;  // as the live window does
      }
      return 0;
    }
    if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY")) {
      std::fprintf(stderr, "prism: no DISPLAY; use --headless (see --help)\n");
      return 2;
    }
    return debugger::run_live(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "prism: %s\n", e.what());
    return 1;
  }
}
