// prism's command line (command_line.hpp), read with CLI11 as prism-query's is. Every option is
// checked when CLI11 meets it (trigger_on_parse), in the order given, so that the first wrong
// argument is the one named, with the messages the hand-written parser before it gave.
#include "debugger/command_line.hpp"

#include <charconv>
#include <algorithm>
#include <cstdlib>
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

#include "setup_args/setup_args.hpp"

namespace debugger {

namespace {

const char* kSynopsis =
    "usage: prism [--scene S] [--walk FILE | --session FILE] [--method M] [--size WxH] [--out DIR]\n"
    "       prism --headless [--scene S] [--walk FILE | --session FILE] --frames N --out DIR\n"
    "             [--capture-every K] [--capture-frames A,B,...] [--method M] [--size WxH]\n"
    "             [--find-anomalies]\n"
    "       prism --recording FILE [--follow cN] [--out DIR]\n"
    "       prism --headless --recording FILE --out DIR [--frames N | --frames A-B] [--follow cN]\n";

const char* kNotes =
    "Without --headless a window opens (needs DISPLAY); screenshots (F12) and saved sessions go to\n"
    "DIR (default captures). Keys: docs/debugger.md, \"Keys\" (and the window's Keys panel).\n"
    "The setup of a new recording (--up, --body, --spawn and the character's settings) has the\n"
    "domain a session file holds, so that every session written loads again: sizes and the spawn\n"
    "within +-2^40 (about 1.1e12), the settings in [0, 2^40] but --max-slope in [0, 90),\n"
    "--recovery in [0, 1] and --skin below the body's smallest radius.";

/// The synopsis in place of CLI11's one-line "Usage: prism [OPTIONS]".
class Formatter : public CLI::Formatter {
 public:
  std::string make_usage(const CLI::App*, std::string) const override { return kSynopsis; }
};

[[noreturn]] void refuse(const std::string& what) { throw UsageError(what); }

int to_int(const std::string& flag, const std::string& v) {
  char* end = nullptr;
  const long n = std::strtol(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0' || n < 0 || n > 100'000'000) {
    refuse(flag + " needs a non-negative integer, got '" + setup_args::printable(v) + "'");
  }
  return static_cast<int>(n);
}

/// An option that takes one value, handed to `take` as soon as it is read. setup_args' errors
/// (std::invalid_argument) name the option, or the body: the option's name is put before those
/// that do not start with one.
CLI::Option* add_value(CLI::App& app, const std::string& name, const std::string& type, const std::string& help,
                       const std::function<void(const std::string&)>& take) {
  auto checked = [name, take](const std::string& v) {
    try {
      take(v);
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      refuse(what.rfind("--", 0) == 0 ? what : name + ": " + what);
    }
  };
  return app.add_option_function<std::string>(name, checked, help)->type_name(type)->trigger_on_parse();
}

CLI::Option* add_switch(CLI::App& app, const std::string& name, bool& on, const std::string& help) {
  return app.add_flag_callback(name, [&on] { on = true; }, help)->trigger_on_parse();
}

void add_run_options(CLI::App& app, CommandLine& c) {
  RunOptions& o = c.options;
  app.option_defaults()->group("Run");
  add_switch(app, "-h,--help", c.help, "print this help and exit");
  add_switch(app, "--headless", c.headless, "run without a window: N frames; captures, report.json and session.prism\n"
             "in DIR");
  add_value(app, "--scene", "S", "default (the embedded scene), zoo:NAME (assets/zoo/README.md), an OpenArena map\n"
            "name (oa_dm1), a .bsp/.pk3 or mesh file, or WAD:MAP (freedoom1:E1M1: the 2D view)",
            [&o](const std::string& v) { o.scene = v; });
  add_value(app, "--walk", "FILE", "a walk script to play", [&o](const std::string& v) { o.walk = v; });
  add_value(app, "--session", "FILE", "a session to replay (it keeps its own setup)",
            [&o](const std::string& v) { o.session = v; });
  add_value(app, "--recording", "FILE", "a game's recording (collision/recording.hpp): its level, frames and\n"
            "characters (docs/debugger.md, \"A game's recording\")", [&o](const std::string& v) { o.recording = v; });
  add_value(app, "--method", "M", "robust | offset-prism | sphere-classify | box-edges",
            [&o](const std::string& v) { o.method = v; });
  add_value(app, "--size", "WxH", "the image, in pixels (1280x720; at most the device's largest 2D image, 16384\n"
            "on lavapipe); it needs about 20 bytes a pixel and 0.1 GB besides (16384x16384: 5.5 GB),\n"
            "and a size the machine's available memory cannot hold is refused before anything runs",
            [&o](const std::string& v) {
              const auto x = v.find('x');
              if (x == std::string::npos) refuse("--size wants WxH, got '" + setup_args::printable(v) + "'");
              o.width = to_int("--size", v.substr(0, x));
              o.height = to_int("--size", v.substr(x + 1));
              if (o.width < 1 || o.height < 1) refuse("--size " + v + ": the width and height must be at least 1");
            });
  add_value(app, "--out", "DIR", "where captures, reports and sessions go (captures)", [&c](const std::string& v) {
    c.options.out = v;
    c.out_given = true;
  });
  add_switch(app, "--force", c.force, "overwrite DIR/session.prism (headless refuses to, otherwise)");
  add_value(app, "--seed", "N", "the tour of a level without a walk script (a seeded wander that seeks\n"
            "contacts; 1)", [&o](const std::string& v) { o.seed = static_cast<std::uint64_t>(to_int("--seed", v)); });
  add_switch(app, "--validation", o.validation, "the Vulkan validation layer (also PRISM_VK_VALIDATION=1); exit status 3\n"
             "when it printed a message");
  add_value(app, "--script-keys", "FILE", "test hook: a key script drives the live window\n"
            "(debugger/src/live/controls.hpp)", [&o](const std::string& v) { o.script_keys = v; });
}

void add_headless_options(CLI::App& app, CommandLine& c) {
  RunOptions& o = c.options;
  app.option_defaults()->group("Headless");
  add_value(app, "--frames", "N|A-B", "frames to run (needed with --headless, but for a recording: all of its\n"
            "frames, or the first N, or those numbered A to B)", [&c](const std::string& v) {
    const std::size_t dash = v.find('-');
    if (dash != std::string::npos && dash > 0) {
      const auto number = [&v](const std::string& part) {
        std::uint64_t n = 0;
        const char* end = part.data() + part.size();
        if (part.empty() || std::from_chars(part.data(), end, n).ptr != end)
          refuse("--frames wants N or A-B (frame numbers), got '" + setup_args::printable(v) + "'");
        return n;
      };
      const std::uint64_t a = number(v.substr(0, dash)), b = number(v.substr(dash + 1));
      if (a > b) refuse("--frames " + v + ": the first frame is after the last");
      c.options.frame_range = std::pair{a, b};
    } else {
      c.options.frames = to_int("--frames", v);
      c.options.frame_range.reset();
    }
    c.frames_given = c.options.frames_given = true;
  });
  add_value(app, "--capture-every", "K", "a capture every K frames (0: at events and the last frame)",
            [&o](const std::string& v) { o.capture_every = to_int("--capture-every", v); });
  add_value(app, "--capture-frames", "A,B,...", "these frames captured too (the option adds to the list)",
            [&o](const std::string& list) {
              for (std::size_t p = 0; p < list.size();) {
                const std::size_t q = std::min(list.find(',', p), list.size());
                o.capture_frames.push_back(to_int("--capture-frames", list.substr(p, q - p)));
                p = q + 1;
              }
            });
  add_switch(app, "--find-anomalies", o.find_anomalies, "also ghost bumps, lost speed, early catches, push-aways\n"
             "(debugger/record/include/debugger/anomalies.hpp)");
}

void add_setup_options(CLI::App& app, RunOptions& o) {
  app.option_defaults()->group("Setup of a new recording (a session keeps its own)");
  add_value(app, "--up", "x|y|z", "the level's up axis", [&o](const std::string& v) {
    o.setup.up = setup_args::parse_up_axis(v);
    if (!o.setup.up) refuse("--up wants x, y or z, got '" + setup_args::printable(v) + "'");
  });
  add_value(app, "--body", "B", "sphere:R | ellipsoid:RX,RY,RZ | box:HX,HY,HZ | capsule:R,HALF (along up)",
            [&o](const std::string& v) { o.setup.body = setup_args::parse_body(v); });
  add_value(app, "--spawn", "X,Y,Z", "where the body starts",
            [&o](const std::string& v) { o.setup.spawn = setup_args::parse_domain_point("--spawn", v); });
  // The character's settings as prism-query character names them (unset: derived from the body).
  for (const setup_args::CharacterFlag& f : setup_args::character_flags()) {
    add_value(app, f.name, "F", f.help,
              [&o, &f](const std::string& v) { o.character.*(f.value) = setup_args::parse_character_flag(f, v); });
  }
}

void add_camera_options(CLI::App& app, RunOptions& o) {
  app.option_defaults()->group("Camera (both modes)");
  add_value(app, "--camera-distance", "F", "arm length, x the body's size (1)", [&o](const std::string& v) {
    char* end = nullptr;
    const float d = std::strtof(v.c_str(), &end);
    if (v.empty() || *end != '\0' || !(d >= 0.1f && d <= 100.0f)) {
      refuse("--camera-distance wants a number in [0.1, 100], got '" + setup_args::printable(v) + "'");
    }
    o.camera.distance = d;
  });
  add_value(app, "--camera-collision", "on|off", "the spring arm keeps walls out of the view (on)",
            [&o](const std::string& v) {
              if (v != "on" && v != "off") refuse("--camera-collision wants on or off");
              o.camera.collide = v == "on";
            });
  add_switch(app, "--see-through", o.camera.see_through, "the body and overlays drawn over a dimmed level");
  add_value(app, "--follow", "body|cN", "whom the camera follows: the body, or a scene file's character cN (body);\n"
            "with --recording, the recording's character cN (c0)",
            [&o](const std::string& v) {
              if (v == "body") {
                o.camera.character = -1;
                return;
              }
              int n = -1;
              const char* end = v.data() + v.size();
              const bool ok = v.size() >= 2 && v[0] == 'c' && std::from_chars(v.data() + 1, end, n).ptr == end && n >= 0 &&
                              n < 1'000'000;
              if (!ok) refuse("--follow wants body or cN (a scene file's character N), got '" + setup_args::printable(v) + "'");
              o.camera.character = n;
            });
}

/// prism's options, each writing into `c` when it is read.
void add_options(CLI::App& app, CommandLine& c) {
  app.set_help_flag();  // -h, --help is an option like the others (it does not stop the reading)
  app.formatter(std::make_shared<Formatter>());
  app.footer(kNotes);
  add_run_options(app, c);
  add_headless_options(app, c);
  add_setup_options(app, c.options);
  add_camera_options(app, c.options);
}

/// The first argument that is neither an option's name nor its value (all of them: none). prism
/// reads each option as a word of its own and its value as the next word, whatever it looks like
/// (`--scene --headless` is the scene "--headless"); CLI11 also reads --name=value, bundled short
/// flags (-hx) and a bare "--": prism never did, and keeps refusing them as unknown arguments.
std::size_t first_unknown(const CLI::App& app, const std::vector<std::string>& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const CLI::Option* option = app.get_option_no_throw(args[i]);
    if (option == nullptr) return i;
    if (option->get_items_expected_max() > 0) ++i;  // its value
  }
  return args.size();
}

}  // namespace

std::string usage() {
  CLI::App app("prism: the collision debugger (its manual: docs/debugger.md)", "prism");
  CommandLine unused;
  add_options(app, unused);
  return app.help();
}

CommandLine parse_command_line(const std::vector<std::string>& args) {
  CommandLine c;
  CLI::App app("prism", "prism");
  add_options(app, c);
  // The options before the first unknown argument are read (and refused at the first wrong
  // one), then it is refused: the first wrong argument is the one named.
  const std::size_t known = first_unknown(app, args);
  std::vector<std::string> reversed(args.rend() - static_cast<std::ptrdiff_t>(known), args.rend());
  try {
    app.parse(reversed);  // CLI11 reads the vector from its back
  } catch (const CLI::ArgumentMismatch&) {
    // Every value is taken, whatever it looks like: only the last option can lack one.
    refuse(args[known - 1] + " needs a value");
  } catch (const CLI::ParseError& e) {  // not expected: every option's value is a string
    refuse(e.what());
  }
  if (known < args.size()) refuse("unknown argument '" + setup_args::printable(args[known]) + "'");
  RunOptions& o = c.options;
  if (!o.walk.empty() && !o.session.empty()) refuse("give --walk or --session, not both");
  if (!o.recording.empty() && (!o.walk.empty() || !o.session.empty() || !o.scene.empty()))
    refuse("--recording brings its own level and frames: give it without --scene, --walk or --session");
  if (o.frame_range && o.recording.empty()) refuse("--frames A-B is for a recording (--recording FILE); give --frames N");
  // The skin's other bound is the body's smallest radius (a given --body's; the scene's default
  // body is checked when the scene loads, CharacterParams::resolved).
  if (o.character.skin && o.setup.body) {
    if (const std::string why = setup_args::skin_error(*o.character.skin, *o.setup.body); !why.empty()) refuse(why);
  }
  return c;
}

}  // namespace debugger
