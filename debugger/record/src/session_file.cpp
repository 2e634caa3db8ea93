// Session files (see session_file.hpp).
#include "debugger/session_file.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <utility>

#include "collision/2d/domain_2d.hpp"
#include "collision/domain.hpp"
#include "debugger/recording2d.hpp"
#include "file_output/atomic_file.hpp"
#include "setup_args/setup_args.hpp"

namespace debugger {
namespace {

std::string hex(float v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%a", static_cast<double>(v));
  return buf;
}

// A derived (empty) value is written as '-'.
std::string hex(const std::optional<float>& v) { return v ? hex(*v) : std::string("-"); }

struct Reader {
  std::ifstream in;
  std::string path;
  int line_no = 0;
  std::istringstream ls;

  [[noreturn]] void fail(const std::string& what) const {
    throw SessionError("session file " + path + ", line " + std::to_string(line_no) + ": " + what);
  }
  void next(const char* key) {
    std::string line;
    if (!std::getline(in, line)) {
      ++line_no;
      fail(std::string("truncated: expected '") + key + "'");
    }
    ++line_no;
    ls = std::istringstream(line);
    if (*key) {
      std::string k;
      if (!(ls >> k) || k != key) fail(std::string("expected '") + key + "', found '" + line.substr(0, 40) + "'");
    }
  }
  float f() {
    std::string w;
    if (!(ls >> w)) fail("missing number");
    return number(w);
  }
  double d() {  // a 2D session's values are doubles
    std::string w;
    if (!(ls >> w)) fail("missing number");
    char* end = nullptr;
    const double v = std::strtod(w.c_str(), &end);
    if (end != w.c_str() + w.size() || !std::isfinite(v)) fail("bad number '" + w + "'");
    return v;
  }
  float number(const std::string& w) const {
    char* end = nullptr;
    const float v = std::strtof(w.c_str(), &end);
    if (end != w.c_str() + w.size() || !std::isfinite(v)) fail("bad number '" + w + "'");
    return v;
  }
  /// A value that may be derived: '-' (version 3) is empty.
  std::optional<float> opt() {
    std::string w;
    if (!(ls >> w)) fail("missing number");
    if (w == "-") return std::nullopt;
    return number(w);
  }
  /// Versions 1 and 2 wrote a derived value as a negative number.
  std::optional<float> legacy() {
    const float v = f();
    return v < 0.0f ? std::nullopt : std::optional<float>(v);
  }
  long i() {
    std::string w;
    if (!(ls >> w)) fail("missing integer");
    char* end = nullptr;
    const long v = std::strtol(w.c_str(), &end, 10);
    if (end != w.c_str() + w.size()) fail("bad integer '" + w + "'");
    return v;
  }
  std::string word() {
    std::string w;
    if (!(ls >> w)) fail("missing word");
    return w;
  }
  void done() {
    std::string extra;
    if (ls >> extra) fail("unexpected '" + extra + "'");
  }
};

// The character values a session file holds, with their names for error messages.
using OptionalValue = std::optional<float> collision::CharacterParams::*;
constexpr std::pair<OptionalValue, const char*> kCharacterValues[] = {
    {&collision::CharacterParams::gravity, "gravity"},
    {&collision::CharacterParams::jump_speed, "jump speed"},
    {&collision::CharacterParams::walk_speed, "walk speed"},
    {&collision::CharacterParams::step_height, "step height"},
    {&collision::CharacterParams::min_step_forward, "min step forward"},
    {&collision::CharacterParams::step_forward_test, "step forward test"},
    {&collision::CharacterParams::snap_distance, "snap distance"},
    {&collision::CharacterParams::max_recovery_push, "max recovery push"},
    {&collision::CharacterParams::contact_tolerance, "contact tolerance"},
};

// `p` (resolved) with every value that equals what the body derives emptied: written as '-',
// it is derived again on loading, to the same bits (resolved() is a pure function of the body,
// up and the other values). A derived value is not bounded by the domain of given ones (a body
// of radius 2^40 derives a gravity of 50 x 2^40): written as a number, the loader would refuse
// the session the run wrote.
collision::CharacterParams as_given(const collision::Body& body, const collision::CharacterParams& p) {
  collision::CharacterParams given = p;
  for (const auto& [value, name] : kCharacterValues) {
    collision::CharacterParams without = p;
    (without.*value).reset();
    try {
      if (without.resolved(body).*value == p.*value) (given.*value).reset();
    } catch (const std::invalid_argument&) {  // p does not resolve: keep what it holds
    }
  }
  return given;
}

// The lines one segment owns: method, body, [up,] character, move (up is the session's).
void write_segment(std::ostringstream& out, const collision::Body& body, const collision::CharacterParams& resolved,
                   bool with_up) {
  const collision::CharacterParams p = as_given(body, resolved);
  out << "method " << collision::to_string(p.move.method) << "\n";
  out << "body " << collision::to_string(body.shape) << ' ' << hex(body.radii.x) << ' ' << hex(body.radii.y) << ' '
      << hex(body.radii.z);
  if (body.shape == collision::Shape::kCapsule) {
    out << ' ' << hex(body.half_height) << ' ' << hex(body.axis.x) << ' ' << hex(body.axis.y) << ' '
        << hex(body.axis.z);
  }
  out << "\n";
  if (with_up) out << "up " << hex(p.up.x) << ' ' << hex(p.up.y) << ' ' << hex(p.up.z) << "\n";
  out << "character " << hex(p.max_slope_degrees) << ' ' << hex(p.gravity) << ' ' << hex(p.jump_speed) << ' '
      << hex(p.walk_speed) << ' ' << hex(p.step_height) << ' ' << hex(p.min_step_forward) << ' '
      << hex(p.step_forward_test) << ' ' << hex(p.snap_distance) << ' ' << hex(p.recovery) << ' '
      << hex(p.max_recovery_push) << ' ' << hex(p.contact_tolerance) << "\n";
  out << "move " << p.move.max_iterations << ' ' << hex(p.move.skin_width) << ' ' << (p.move.one_sided ? 1 : 0)
      << ' ' << hex(p.move.edge_margin) << ' ' << hex(p.move.offset_prism_epsilon) << "\n";
}

void read_method(Reader& r, collision::CharacterParams& p) {
  r.next("method");
  if (!collision::parse_method(r.word(), p.move.method)) r.fail("unknown method");
}

void read_body(Reader& r, long version, collision::Body& body) {
  r.next("body");
  if (version >= 4) {  // body SHAPE x y z [half_height ax ay az]; before, an ellipsoid's radii
    const std::string shape = r.word();
    if (shape == "box") body.shape = collision::Shape::kBox;
    else if (shape == "capsule") body.shape = collision::Shape::kCapsule;
    else if (shape != "ellipsoid") r.fail("unknown body shape '" + shape + "' (ellipsoid, box or capsule)");
  }
  body.radii = {r.f(), r.f(), r.f()};
  if (body.shape == collision::Shape::kCapsule) {
    body.half_height = r.f();
    body.axis = {r.f(), r.f(), r.f()};
  }
  if (const char* why = collision::body_domain_error(body)) r.fail(std::string("body: ") + why);
}

void read_character(Reader& r, long version, collision::CharacterParams& p) {
  r.next("character");
  p.max_slope_degrees = r.f();
  if (version >= 3) {
    p.gravity = r.opt();
    p.jump_speed = r.opt();
    p.walk_speed = r.opt();
    p.step_height = r.opt();
    p.min_step_forward = r.opt();
    p.step_forward_test = r.opt();
    p.snap_distance = r.opt();
    p.recovery = r.f();
    p.max_recovery_push = r.opt();
    p.contact_tolerance = r.opt();
  } else {  // max_slope walk gravity jump step ground_probe, negative = derived
    p.walk_speed = r.legacy();
    p.gravity = r.legacy();
    p.jump_speed = r.legacy();
    p.step_height = r.legacy();
    (void)r.f();  // the ground probe reach: ground now comes from the contacts
  }
  // The options' rule (setup_args::character_value_error): what a run accepts, its session holds.
  for (const auto& [value, name] : kCharacterValues) {
    if (!(p.*value)) continue;
    if (const char* why = setup_args::character_value_error(*(p.*value))) r.fail(std::string(name) + ": " + why);
  }
}

void read_move(Reader& r, long version, const collision::Body& body, collision::CharacterParams& p) {
  r.next("move");
  p.move.max_iterations = static_cast<int>(r.i());
  if (p.move.max_iterations < 1 || p.move.max_iterations > 64) r.fail("iterations must be 1..64");
  p.move.skin_width = version >= 3 ? r.opt() : r.legacy();
  p.move.one_sided = r.i() != 0;
  p.move.edge_margin = version >= 3 ? r.opt() : r.legacy();
  p.move.offset_prism_epsilon = version >= 3 ? r.opt() : r.legacy();
  if (p.move.skin_width && *p.move.skin_width >= body.min_radius()) {
    r.fail("the skin width must be smaller than the body's smallest radius");
  }
}

// The parameters must resolve for the body (a SessionError naming the file otherwise).
void check_resolves(const Reader& r, const collision::Body& body, const collision::CharacterParams& p) {
  try {
    (void)p.resolved(body);
  } catch (const std::invalid_argument& e) {
    throw SessionError("session file " + r.path + ": " + e.what());
  }
}

}  // namespace

namespace {

// The header: `prism-session V`, then from version 6 on `kind 3d|2d`; versions 1-5 are 3D.
// A file of the other kind is refused with what it is.
constexpr long kVersion2d = 6;
long read_version(Reader& r, const std::string& want) {
  r.next("prism-session");
  const long version = r.i();
  if (version < 1 || version > kVersion2d) r.fail("unsupported version " + std::to_string(version) + " (1 to 6)");
  std::string kind = "3d";
  if (version >= 6) {
    r.next("kind");
    kind = r.word();
    if (kind != "3d" && kind != "2d") r.fail("unknown kind '" + kind + "' (3d or 2d)");
  }
  if (kind != want)
    r.fail("a " + kind + " session, not a " + want + " one (" +
           (kind == "2d" ? "a Doom map's walk: open it in the 2D view" : "a 3D walk: open it in the 3D view") + ")");
  return version;
}

void open_reader(Reader& r, const std::string& path) {
  r.path = path;
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw SessionError("session file " + path + ": is a directory");
  r.in.open(path);
  if (!r.in) throw SessionError("cannot open session file " + path);
}

}  // namespace

bool is_session_2d(const std::string& path) {
  Reader r;
  open_reader(r, path);
  r.next("prism-session");
  if (r.i() < 6) return false;
  r.next("kind");
  return r.word() == "2d";
}

void save_session_2d(const std::string& path, const Recording2d& rec) {
  auto hex2 = [](double v) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%a", v);
    return std::string(buf);
  };
  std::ostringstream out;
  out << "prism-session " << kVersion2d << "\nkind 2d\nscene " << rec.scene << "\n";
  out << "body " << hex2(rec.body.radius) << ' ' << hex2(rec.body.height) << ' ' << hex2(rec.body.step_height) << "\n";
  out << "start " << hex2(rec.start.x) << ' ' << hex2(rec.start.y) << "\n";
  out << "frames " << rec.moves.size() << "\n";
  for (const collision::planar::Vec2& m : rec.moves) out << hex2(m.x) << ' ' << hex2(m.y) << "\n";
  out << "end " << rec.moves.size() << "\n";
  try {
    file_output::write_file_atomically(path, out.str());
  } catch (const std::exception& e) {
    throw SessionError(e.what());
  }
}

Recording2d load_session_2d(const std::string& path) {
  Reader r;
  open_reader(r, path);
  read_version(r, "2d");
  Recording2d rec;
  r.next("scene");
  rec.scene = r.word();
  r.done();
  auto value = [&](const char* what) {
    const double v = r.d();
    if (const char* why = collision::planar::domain_error_2d(v)) r.fail(std::string(what) + ": " + why);
    return v;
  };
  r.next("body");
  rec.body.radius = value("body radius");
  rec.body.height = value("body height");
  rec.body.step_height = value("body step height");
  r.done();
  if (!(rec.body.radius > 0.0 && rec.body.height > 0.0 && rec.body.step_height >= 0.0))
    r.fail("body: radius and height must be positive, the step height not negative");
  r.next("start");
  rec.start = {value("start"), value("start")};
  r.done();
  r.next("frames");
  const long n = r.i();
  r.done();
  if (n < 0 || n > 10'000'000) r.fail("frames must be 0 to 10,000,000");
  rec.moves.reserve(static_cast<std::size_t>(n));
  for (long f = 0; f < n; ++f) {
    r.next("");
    rec.moves.push_back({value("move"), value("move")});
    r.done();
  }
  r.next("end");
  if (r.i() != n) r.fail("end count does not match frames");
  r.done();
  std::string extra;
  if (std::getline(r.in, extra)) {
    ++r.line_no;
    r.fail("unexpected line after end");
  }
  return rec;
}

void save_session(const std::string& path, const std::string& scene, const Session& session) {
  // Built in memory, then written whole or not at all (a full disk must not leave an empty
  // session.prism behind a run that reports success).
  std::ostringstream out;
  const SessionConfig& c = session.config();
  const std::vector<SessionSegment>& segments = session.segments();
  out << "prism-session 5\n";
  out << "scene " << scene << "\n";
  write_segment(out, segments.front().body, segments.front().params, true);
  out << "dt " << hex(c.dt) << "\n";
  out << "start " << hex(c.start.x) << ' ' << hex(c.start.y) << ' ' << hex(c.start.z) << ' ' << hex(c.start_yaw) << "\n";
  const collision::CharacterState& st = c.start_state;
  out << "state " << hex(st.velocity.x) << ' ' << hex(st.velocity.y) << ' ' << hex(st.velocity.z) << ' '
      << hex(st.input_velocity.x) << ' ' << hex(st.input_velocity.y) << ' ' << hex(st.input_velocity.z) << ' '
      << collision::to_string(st.ground) << ' ' << hex(st.ground_normal.x) << ' ' << hex(st.ground_normal.y)
      << ' ' << hex(st.ground_normal.z) << ' '
      << (st.ground_triangle == collision::kNoTriangle ? -1LL : static_cast<long long>(st.ground_triangle))
      << "\n";
  out << "forks " << segments.size() - 1 << "\n";
  for (std::size_t i = 1; i < segments.size(); ++i) {
    out << "fork " << segments[i].first_frame << "\n";
    write_segment(out, segments[i].body, segments[i].params, false);
  }
  out << "frames " << session.frame_count() << "\n";
  for (int f = 0; f < session.frame_count(); ++f) {
    const FrameInput& in = session.input(f);
    out << hex(in.character.wish.x) << ' ' << hex(in.character.wish.y) << ' ' << hex(in.character.wish.z) << ' '
        << (in.character.jump ? 1 : 0) << ' ' << hex(in.character.speed_scale) << ' ' << hex(in.yaw) << ' '
        << hex(in.pitch) << "\n";
  }
  out << "end " << session.frame_count() << "\n";
  try {
    file_output::write_file_atomically(path, out.str());
  } catch (const file_output::WriteError& e) {
    throw SessionError(std::string("session file ") + e.what());
  }
}

SessionRecording load_session(const std::string& path) {
  Reader r;
  open_reader(r, path);
  SessionRecording rec;
  SessionConfig& c = rec.config;
  collision::CharacterParams& p = c.params;
  const long version = read_version(r, "3d");
  r.next("scene");
  rec.scene = r.word();
  read_method(r, p);
  read_body(r, version, c.body);
  r.next("up");
  p.up = {r.f(), r.f(), r.f()};
  if (collision::point_domain_error(p.up) != nullptr) r.fail("up: a component is beyond +-2^40 (the input domain)");
  read_character(r, version, p);
  read_move(r, version, c.body, p);
  r.next("dt");
  c.dt = r.f();
  if (!(c.dt > 0.0f && c.dt <= 1.0f)) r.fail("dt must be in (0, 1] seconds");
  r.next("start");
  c.start = {r.f(), r.f(), r.f()};
  c.start_yaw = r.f();
  if (const char* why = collision::point_domain_error(c.start)) r.fail(std::string("start: ") + why);
  if (version >= 2) {  // version 1 files start at rest, in the air
    r.next("state");
    collision::CharacterState& st = c.start_state;
    st.velocity = {r.f(), r.f(), r.f()};
    if (version >= 3) st.input_velocity = {r.f(), r.f(), r.f()};
    if (const char* why = collision::move_domain_error(c.start, st.velocity * c.dt)) {
      r.fail(std::string("state: one frame at this velocity: ") + why);
    }
    const std::string ground = r.word();
    bool known = false;
    for (auto g : {collision::GroundState::kInAir, collision::GroundState::kOnGround,
                   collision::GroundState::kOnSteepGround}) {
      if (ground == collision::to_string(g)) {
        st.ground = g;
        known = true;
      }
    }
    if (!known) r.fail("unknown ground state '" + ground + "'");
    st.ground_normal = {r.f(), r.f(), r.f()};
    const long triangle = r.i();
    if (triangle < -1 || triangle > 0xFFFFFFFEL) r.fail("bad ground triangle");
    st.ground_triangle = triangle < 0 ? collision::kNoTriangle : static_cast<std::uint32_t>(triangle);
  }
  check_resolves(r, c.body, p);
  if (version >= 5) {  // forks K, then K x (fork FRAME, method, body, character, move)
    r.next("forks");
    const long k = r.i();
    if (k < 0 || k > 100'000) r.fail("bad fork count");
    r.done();
    for (long i = 0; i < k; ++i) {
      r.next("fork");
      SessionSegment seg;
      const long first = r.i();
      if (first < 1 || first > 100'000'000 || (!rec.forks.empty() && first <= rec.forks.back().first_frame))
        r.fail("a fork's frame must be after frame 0 and after the fork before it");
      seg.first_frame = static_cast<int>(first);
      r.done();
      seg.params.up = p.up;
      read_method(r, seg.params);
      read_body(r, version, seg.body);
      read_character(r, version, seg.params);
      read_move(r, version, seg.body, seg.params);
      check_resolves(r, seg.body, seg.params);
      rec.forks.push_back(seg);
    }
  }
  r.next("frames");
  const long n = r.i();
  if (n < 0 || n > 100'000'000) r.fail("bad frame count");
  if (!rec.forks.empty() && rec.forks.back().first_frame > n) r.fail("a fork is after the last frame");
  r.done();
  rec.inputs.reserve(static_cast<std::size_t>(n));
  std::size_t next_fork = 0;  // frames come in order: the segment only moves on (N + K, not N x K)
  const SessionSegment* seg = nullptr;  // the fork this frame runs in, if any
  for (long f = 0; f < n; ++f) {
    r.next("");
    FrameInput in;
    in.character.wish = {r.f(), r.f(), r.f()};
    const long jump = r.i();
    if (jump != 0 && jump != 1) r.fail("jump must be 0 or 1");
    in.character.jump = jump == 1;
    in.character.speed_scale = r.f();
    // The frame's walk move (speed x scale x dt, the wish is clamped to length 1) must be a move
    // the core accepts.
    // (A derived walk speed is 10 body heights a second: at most 20 x the largest radius.)
    while (next_fork < rec.forks.size() && rec.forks[next_fork].first_frame <= f) seg = &rec.forks[next_fork++];
    const collision::Body& body = seg ? seg->body : c.body;
    const float walk_speed = (seg ? seg->params : p)
                                 .walk_speed.value_or(20.0f * std::max({body.radii.x, body.radii.y, body.radii.z}));
    if (std::fabs(static_cast<double>(walk_speed) * in.character.speed_scale * c.dt) >
        static_cast<double>(collision::kMaxMoveLength)) {
      r.fail("walk speed x speed scale x dt is longer than 2^40 (the input domain's kMaxMoveLength)");
    }
    in.yaw = r.f();
    in.pitch = r.f();
    r.done();
    rec.inputs.push_back(in);
  }
  r.next("end");
  if (r.i() != n) r.fail("end count does not match the frame count");
  return rec;
}

void fork_if_due(Session& session, const SessionRecording& recording, ForkCursor& cursor) {
  const std::vector<SessionSegment>& forks = recording.forks;
  // Forks are in frame order and frames are pushed in order: each fork is looked at once (at
  // most one more look a frame to see that the next fork is not due yet).
  while (cursor.next < forks.size() && forks[cursor.next].first_frame < session.frame_count()) {
    ++cursor.next;  // a fork before this frame (the session did not start at frame 0)
    ++cursor.examined;
  }
  if (cursor.next < forks.size()) {
    ++cursor.examined;
    if (forks[cursor.next].first_frame == session.frame_count()) {
      const SessionSegment& seg = forks[cursor.next++];
      session.fork(seg.body, seg.params);
    }
  }
}

Session replay(const collision::World& world, const SessionRecording& recording, ForkCursor* cursor,
               std::shared_ptr<const SessionMovers> movers) {
  Session s(world, recording.config, std::move(movers));
  ForkCursor own;
  ForkCursor& forks = cursor ? *cursor : own;
  for (const FrameInput& in : recording.inputs) {
    fork_if_due(s, recording, forks);
    s.push(in);
  }
  fork_if_due(s, recording, forks);
  return s;
}

}  // namespace debugger
