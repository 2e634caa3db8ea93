#include "character_command.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "collision/character.hpp"
#include "prism_walks/start_points.hpp"
#include "scene_mode.hpp"

namespace prism_query {

namespace {

struct Segment {
  int line = 0;  ///< in the script, for the errors of its frames
  long frames = 0;
  glm::vec3 velocity{0.0f};
  bool jump = false;
};

constexpr long kMaxFrames = 10'000'000;  // a script's total: about 46 hours at 60 Hz

float finite_number(const std::string& word, const std::string& where) {
  char* end = nullptr;
  errno = 0;
  const float v = std::strtof(word.c_str(), &end);
  // Quoted as printable: a NUL byte would cut the message where it stands.
  const std::string quoted = "'" + setup_args::printable(word) + "'";
  if (word.empty() || end != word.c_str() + word.size()) throw InputError(where + ": " + quoted + " is not a number");
  if (errno == ERANGE || !std::isfinite(v)) throw InputError(where + ": " + quoted + " is out of range");
  return v;
}

// `FRAMES VX VY VZ [jump]` per line; '#' starts a comment.
std::vector<Segment> read_script(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot read script " + path);
  std::vector<Segment> out;
  std::string line;
  long total = 0;
  for (int no = 1; std::getline(in, line); ++no) {
    const std::string where = path + ":" + std::to_string(no);
    if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream ls(line);
    std::vector<std::string> w;
    for (std::string t; ls >> t;) w.push_back(t);
    if (w.empty()) continue;
    if (w.size() < 4 || w.size() > 5) {
      throw InputError(where + ": expected 'FRAMES VX VY VZ [jump]', found " + std::to_string(w.size()) + " words");
    }
    Segment s;
    s.line = no;
    char* end = nullptr;
    errno = 0;
    s.frames = std::strtol(w[0].c_str(), &end, 10);
    if (end != w[0].c_str() + w[0].size() || errno == ERANGE || s.frames < 1 || s.frames > kMaxFrames) {
      throw InputError(where + ": FRAMES '" + setup_args::printable(w[0]) + "' is not a whole number in 1.." +
                       std::to_string(kMaxFrames));
    }
    s.velocity = {finite_number(w[1], where), finite_number(w[2], where), finite_number(w[3], where)};
    if (w.size() == 5) {
      if (w[4] != "jump") {
        throw InputError(where + ": expected 'jump' or nothing after the velocity, found '" +
                         setup_args::printable(w[4]) + "'");
      }
      s.jump = true;
    }
    total += s.frames;
    if (total > kMaxFrames) throw InputError(where + ": the script runs past " + std::to_string(kMaxFrames) + " frames");
    out.push_back(s);
  }
  if (in.bad()) throw InputError("error reading script " + path);
  return out;
}

glm::vec3 start_point(const std::string& text) {
  try {
    return setup_args::parse_domain_point("--start", text);
  } catch (const std::invalid_argument& e) {
    throw InputError(e.what());
  }
}

const char* ground_name(collision::GroundState g) {
  switch (g) {
    case collision::GroundState::kOnGround: return "on_ground";
    case collision::GroundState::kOnSteepGround: return "on_steep_ground";
    case collision::GroundState::kInAir: break;
  }
  return "in_air";
}

}  // namespace

void add_character_args(CLI::App* cmd, CharacterArgs& a) {
  cmd->add_option("--script", a.script, "segments: FRAMES VX VY VZ [jump] per line")->required();
  cmd->add_option("--hz", a.hz, "frames per second (default 60)");
  // Each flag's domain is prism's and its session files' (setup_args::parse_character_flag,
  // in run_character).
  for (const setup_args::CharacterFlag& f : setup_args::character_flags()) {
    cmd->add_option_function<std::string>(f.name, [&a, &f](const std::string& text) { a.flag_text[f.name] = text; },
                                          f.help);
  }
  cmd->add_option("--start", a.start, "start position X,Y,Z (default: the first spawn point)");
}

int run_character(const LevelArgs& c, const BodyArgs& b, const MotionArgs& m, const CharacterArgs& a) {
  setup_args::CharacterFlags flags;
  for (const setup_args::CharacterFlag& f : setup_args::character_flags()) {
    if (const auto it = a.flag_text.find(f.name); it != a.flag_text.end()) {
      try {
        flags.*f.value = setup_args::parse_character_flag(f, it->second);
      } catch (const std::invalid_argument& e) {
        throw InputError(e.what());
      }
    }
  }
  collision::Body body = resolve_body(b, "character");
  const collision::Method method = resolve_method(m);
  // A frame is 1/H s: at most 1 s, as a session file's dt (debugger/session_file.hpp).
  if (!(std::isfinite(a.hz) && a.hz >= 1.0f && a.hz <= 100000.0f)) {
    throw InputError("--hz " + setup_args::shortest(a.hz) + " is outside its domain [1, 100000] (a frame is 1/H s, at most 1 s)");
  }
  if (flags.skin) {
    if (const std::string why = setup_args::skin_error(*flags.skin, body); !why.empty()) throw InputError(why);
  }
  const std::vector<Segment> script = read_script(a.script);
  // A scene file (*.json) in place of a level: its level, instances and characters
  // (collision_io/scene_file.hpp), stepped with the scripted character; otherwise the level alone.
  LevelOrScene loaded = load_level_or_scene(c);
  const bool scene_mode = loaded.is_scene;
  const SceneFile& scene_file = loaded.file;
  BuiltScene& built = loaded.built;
  const collision::io::Level& level = loaded.level();
  const collision::World& world = loaded.world();
  collision::CharacterParams params;
  params.up = resolve_up(m, level);
  body.axis = params.up;  // a capsule's axis
  params.move.method = method;
  params.move.max_iterations = m.max_iterations;
  setup_args::apply(flags, params);
  params = params.resolved(body);  // throws std::invalid_argument naming the bad value
  const float dt = 1.0f / a.hz;
  collision::CharacterState state;
  state.position = a.start.empty()
                       ? prism_walks::start_points(level, world, body, params.up, 1, 1).front()
                       : start_point(a.start);
  std::uint32_t me = 0;
  if (scene_mode) {
    me = built.scene->add_character(body, params, state);
    state = built.scene->character(me).state;
  } else {
    state = collision::refresh_contacts(world, body, state, params);
  }
  if (c.stats) {
    std::fprintf(stderr,
                 "character: start %.9g,%.9g,%.9g, dt %.9g s, gravity %.9g, jump speed %.9g, max slope %.9g, "
                 "step %.9g, min step forward %.9g, snap %.9g, skin %.9g, recovery %.9g, contact tolerance %.9g\n",
                 static_cast<double>(state.position.x), static_cast<double>(state.position.y),
                 static_cast<double>(state.position.z), static_cast<double>(dt), static_cast<double>(*params.gravity),
                 static_cast<double>(*params.jump_speed), static_cast<double>(params.max_slope_degrees),
                 static_cast<double>(*params.step_height), static_cast<double>(*params.min_step_forward),
                 static_cast<double>(*params.snap_distance), static_cast<double>(params.move.resolved_skin(body)),
                 static_cast<double>(params.recovery), static_cast<double>(*params.contact_tolerance));
  }
  long frame = 0;
  const auto t0 = Clock::now();
  for (const Segment& s : script) {
    for (long i = 0; i < s.frames; ++i, ++frame) {
      collision::CharacterInput in;
      in.velocity = s.velocity;
      in.jump = s.jump && i == 0;
      try {
        if (scene_mode) {
          advance_scene(scene_file, built, static_cast<float>(static_cast<double>(frame) * dt), dt);
          built.scene->update_character(me, in, dt);
          state = built.scene->character(me).state;
        } else {
          state = collision::step_character(world, body, state, in, dt, params);
        }
      } catch (const std::invalid_argument& e) {  // a move outside the input domain: say where
        throw InputError("frame " + std::to_string(frame) + " (" + a.script + ":" + std::to_string(s.line) +
                         "): " + e.what());
      }
      std::printf("%ld,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%s,%.9g,%.9g,%.9g,", frame,
                  static_cast<double>(state.position.x), static_cast<double>(state.position.y),
                  static_cast<double>(state.position.z), static_cast<double>(state.velocity.x),
                  static_cast<double>(state.velocity.y), static_cast<double>(state.velocity.z),
                  ground_name(state.ground), static_cast<double>(state.ground_normal.x),
                  static_cast<double>(state.ground_normal.y), static_cast<double>(state.ground_normal.z));
      for (std::size_t k = 0; k < state.contacts.size(); ++k) {
        if (k) std::fputc(';', stdout);
        std::fputs(hit_name(state.contacts[k].instance, state.contacts[k].triangle).c_str(), stdout);
      }
      std::fputc('\n', stdout);
    }
  }
  report_rate(c.stats, static_cast<std::size_t>(frame), seconds_since(t0));
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::fprintf(stderr, "prism-query: character: writing the output failed\n");
    return 1;
  }
  return 0;
}

}  // namespace prism_query
