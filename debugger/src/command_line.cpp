// prism's command line (command_line.hpp).
#include "debugger/command_line.hpp"

#include <cstdlib>
#include <string>

#include "debugger/image_memory.hpp"
#include "setup_args/setup_args.hpp"

namespace debugger {

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
    "  --size WxH: the image, in pixels (1280x720; at most the device's largest 2D image, 16384\n"
    "     on lavapipe); it needs about 20 bytes a pixel and 0.1 GB besides (16384x16384: 5.5 GB),\n"
    "     and a size the machine's available memory cannot hold is refused before anything runs\n"
    "  Setup of a new recording (a session keeps its own): --up x|y|z, --body sphere:R |\n"
    "     ellipsoid:RX,RY,RZ | box:HX,HY,HZ | capsule:R,HALF (along up), --spawn X,Y,Z, and\n"
    "     the character's settings as prism-query character names them: --gravity G\n"
    "     --jump-speed V --max-slope DEG --step H\n"
    "     --min-step-forward F --snap D --skin S --recovery K (unset: derived from the body)\n"
    "     Domain (what a session file holds, so that every session written loads again): sizes\n"
    "     and the spawn within +-2^40 (about 1.1e12), the settings in [0, 2^40] but --max-slope\n"
    "     in [0, 90), --recovery in [0, 1] and --skin below the body's smallest radius\n"
    "  --force: overwrite DIR/session.prism (headless refuses to, otherwise)\n"
    "  --seed N: the tour of a level without a walk script (a seeded wander that seeks\n"
    "     contacts; 1)\n"
    "  Camera (both modes): --camera-distance F (arm length, x the body's size; 1)\n"
    "     --camera-collision on|off (the spring arm keeps walls out of the view; on)\n"
    "     --see-through (the body and overlays drawn over a dimmed level)\n"
    "  Without --headless a window opens (needs DISPLAY); screenshots (F12) and saved sessions\n"
    "  go to DIR (default captures). Keys: see the window's Keys panel or README.md.\n";

[[noreturn]] void refuse(const std::string& what) { throw UsageError(what); }

int to_int(const std::string& flag, const std::string& v) {
  char* end = nullptr;
  const long n = std::strtol(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0' || n < 0 || n > 100'000'000) {
    refuse(flag + " needs a non-negative integer, got '" + setup_args::printable(v) + "'");
  }
  return static_cast<int>(n);
}

const setup_args::CharacterFlag* character_flag(const std::string& name) {
  for (const setup_args::CharacterFlag& f : setup_args::character_flags())
    if (name == f.name) return &f;
  return nullptr;
}

}  // namespace

const char* usage() { return kUsage; }

CommandLine parse_command_line(const std::vector<std::string>& args) {
  CommandLine c;
  RunOptions& o = c.options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) refuse(a + " needs a value");
      return args[++i];
    };
    try {
      if (a == "--headless") c.headless = true;
      else if (a == "--scene") o.scene = value();
      else if (a == "--walk") o.walk = value();
      else if (a == "--session") o.session = value();
      else if (a == "--method") o.method = value();
      else if (a == "--frames") { o.frames = to_int("--frames", value()); c.frames_given = true; }
      else if (a == "--out") { o.out = value(); c.out_given = true; }
      else if (a == "--capture-every") o.capture_every = to_int("--capture-every", value());
      else if (a == "--capture-frames") {
        const std::string list = value();
        for (std::size_t p = 0; p < list.size();) {
          const std::size_t q = std::min(list.find(',', p), list.size());
          o.capture_frames.push_back(to_int("--capture-frames", list.substr(p, q - p)));
          p = q + 1;
        }
      } else if (a == "--size") {
        const std::string v = value();
        const auto x = v.find('x');
        if (x == std::string::npos) refuse("--size wants WxH, got '" + setup_args::printable(v) + "'");
        o.width = to_int("--size", v.substr(0, x));
        o.height = to_int("--size", v.substr(x + 1));
        if (o.width < 1 || o.height < 1) refuse("--size " + v + ": the width and height must be at least 1");
      } else if (a == "--validation") o.validation = true;
      else if (a == "--find-anomalies") o.find_anomalies = true;
      else if (a == "--see-through") o.camera.see_through = true;
      else if (a == "--force") c.force = true;
      else if (a == "--up") {
        const std::string v = value();
        o.setup.up = setup_args::parse_up_axis(v);
        if (!o.setup.up) refuse("--up wants x, y or z, got '" + setup_args::printable(v) + "'");
      } else if (a == "--body") {
        o.setup.body = setup_args::parse_body(value());
      } else if (a == "--spawn") {
        o.setup.spawn = setup_args::parse_domain_point("--spawn", value());
      } else if (const setup_args::CharacterFlag* f = character_flag(a)) {
        o.character.*(f->value) = setup_args::parse_character_flag(*f, value());
      } else if (a == "--seed") o.seed = static_cast<std::uint64_t>(to_int("--seed", value()));
      else if (a == "--camera-collision") {
        const std::string v = value();
        if (v != "on" && v != "off") refuse("--camera-collision wants on or off");
        o.camera.collide = v == "on";
      } else if (a == "--camera-distance") {
        const std::string v = value();
        char* end = nullptr;
        const float d = std::strtof(v.c_str(), &end);
        if (v.empty() || *end != '\0' || !(d >= 0.1f && d <= 100.0f)) {
          refuse("--camera-distance wants a number in [0.1, 100], got '" + setup_args::printable(v) + "'");
        }
        o.camera.distance = d;
      } else if (a == "--script-keys") o.script_keys = value();  // test hook (debugger/src/live/controls.hpp)
      else if (a == "-h" || a == "--help") c.help = true;
      else refuse("unknown argument '" + setup_args::printable(a) + "'");
    } catch (const std::invalid_argument& e) {  // setup_args' errors name the option, or the body
      const std::string what = e.what();
      refuse(what.rfind("--", 0) == 0 ? what : a + ": " + what);
    }
  }
  if (!o.walk.empty() && !o.session.empty()) refuse("give --walk or --session, not both");
  // The skin's other bound is the body's smallest radius (a given --body's; the scene's default
  // body is checked when the scene loads, CharacterParams::resolved).
  if (o.character.skin && o.setup.body && !(*o.character.skin < o.setup.body->min_radius())) {
    refuse("--skin " + setup_args::shortest(*o.character.skin) + " must be below the body's smallest radius (" +
           setup_args::shortest(o.setup.body->min_radius()) + ")");
  }
  return c;
}

}  // namespace debugger
