/// @file quake_movers_load.cpp
/// Reading the movers of a Quake 3 map: each func_* entity's keys with its class's defaults, as
/// g_mover.c's SP_func_* functions set them (see quake_movers.hpp for the list), its inline
/// model, its team, its triggers and, for trains, its path_corner chain.

#include "quake_movers_load.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <string_view>

#include <glm/geometric.hpp>

#include "collision/domain.hpp"

namespace collision::io::detail {
namespace {

constexpr std::array<std::string_view, kMoverClassCount> kClassNames = {
    "func_door", "func_plat", "func_button", "func_train", "func_static", "func_rotating", "func_bobbing"};

int class_index(const std::string& classname) {
  for (std::size_t i = 0; i < kClassNames.size(); ++i) {
    if (kClassNames[i] == classname) return static_cast<int>(i);
  }
  return -1;
}

constexpr double kPi = 3.14159265358979323846;

/// Reads the keys of one entity, each failure a message naming the entity and the key.
struct Keys {
  const Entity& e;
  const std::function<void(const std::string&)>& fail;

  /// G_SpawnFloat: the value, or `fallback` when the key is absent.
  float number(std::string_view key, float fallback) const {
    const std::string* v = e.find(key);
    if (v == nullptr) return fallback;
    float f = 0;
    if (parse_floats(*v, &f, 1) != 1) {
      fail(e.where() + ": bad " + std::string(key) + " \"" + *v + "\" (need one finite number)");
    }
    return f;
  }
  bool has(std::string_view key) const { return e.find(key) != nullptr; }
  /// G_SpawnInt (atoi): whole numbers; a fraction is cut as atoi would.
  int integer(std::string_view key, int fallback) const {
    const float f = number(key, static_cast<float>(fallback));
    if (!(std::abs(f) < 2.0e9f)) fail(e.where() + ": " + std::string(key) + " is out of range");
    return static_cast<int>(f);
  }
  glm::vec3 vector(std::string_view key) const {
    const std::string* v = e.find(key);
    if (v == nullptr) return glm::vec3(0.0f);
    float xyz[3];
    if (parse_floats(*v, xyz, 3) != 3) {
      fail(e.where() + ": bad " + std::string(key) + " \"" + *v + "\" (need three finite numbers)");
    }
    const glm::vec3 p(xyz[0], xyz[1], xyz[2]);
    if (!collision::in_domain_point(p)) {
      fail(e.where() + ": " + std::string(key) + " \"" + *v + "\" is outside the input domain (+-2^40)");
    }
    return p;
  }
};

/// g_utils.c G_SetMovedir, with g_spawn.c's "angle" (yaw only) and "angles" (pitch yaw roll).
glm::vec3 movedir(const Keys& k) {
  glm::vec3 angles(0.0f);
  if (k.has("angle")) {
    angles.y = k.number("angle", 0);
  } else if (k.has("angles")) {
    angles = k.vector("angles");
  }
  if (angles == glm::vec3(0.0f, -1.0f, 0.0f)) return {0, 0, 1};
  if (angles == glm::vec3(0.0f, -2.0f, 0.0f)) return {0, 0, -1};
  // AngleVectors' forward: (cos p cos y, cos p sin y, -sin p).
  const double p = angles.x * kPi / 180.0, y = angles.y * kPi / 180.0;
  return glm::vec3(glm::dvec3(std::cos(p) * std::cos(y), std::cos(p) * std::sin(y), -std::sin(p)));
}

/// InitMover: speed 100 when 0; the travel time in whole milliseconds, at least 1.
int init_mover(QuakeMover& m) {
  if (m.speed == 0) m.speed = 100;
  const double distance = glm::length(glm::dvec3(m.pos2) - glm::dvec3(m.pos1));
  const double ms = distance * 1000.0 / m.speed;
  if (!(ms >= 1.0)) return 1;
  return ms > 1e9 ? 1000000000 : static_cast<int>(ms);
}

void read_class_keys(QuakeMover& m, const Keys& k) {
  m.spawnflags = k.integer("spawnflags", 0);
  m.targetname = k.e.get("targetname");
  m.target = k.e.get("target");
  m.team = k.e.get("team");
  m.health = k.integer("health", 0);
  const glm::vec3 size = m.maxs - m.mins;
  switch (m.kind) {
    case MoverClass::kDoor:
    case MoverClass::kButton: {
      const bool door = m.kind == MoverClass::kDoor;
      m.speed = k.number("speed", 0);
      if (m.speed == 0) m.speed = door ? 400.0f : 40.0f;
      m.wait = k.number("wait", 0);
      if (m.wait == 0) m.wait = door ? 2.0f : 1.0f;
      m.lip = k.number("lip", door ? 8.0f : 4.0f);
      m.damage = k.integer("dmg", door ? 2 : 0);
      m.movedir = movedir(k);
      const float distance = glm::dot(glm::abs(m.movedir), size) - m.lip;
      m.pos1 = m.origin;
      m.pos2 = m.origin + distance * m.movedir;
      if (door && (m.spawnflags & 1) != 0) std::swap(m.pos1, m.pos2);  // START_OPEN
      m.duration_ms = init_mover(m);
      break;
    }
    case MoverClass::kPlat:
      m.speed = k.number("speed", 200);
      m.damage = k.integer("dmg", 2);
      m.wait = 1;  // SP_func_plat reads "wait" and then sets 1000 ms
      m.lip = k.number("lip", 8);
      m.height = k.has("height") ? k.number("height", 0) : size.z - m.lip;
      m.pos2 = m.origin;
      m.pos1 = m.origin - glm::vec3(0, 0, m.height);
      m.duration_ms = init_mover(m);
      break;
    case MoverClass::kTrain:
      m.speed = k.number("speed", 0);
      if (m.speed == 0) m.speed = 100;
      m.damage = (m.spawnflags & 4) != 0 ? 0 : k.integer("dmg", 0);  // TRAIN_BLOCK_STOPS
      if (m.damage == 0 && (m.spawnflags & 4) == 0) m.damage = 2;
      break;
    case MoverClass::kRotating:
      m.speed = k.number("speed", 0);
      if (m.speed == 0) m.speed = 100;
      m.damage = k.integer("dmg", 0);
      if (m.damage == 0) m.damage = 2;
      break;
    case MoverClass::kBobbing:
      m.speed = k.number("speed", 4);
      if (m.speed == 0) m.speed = 100;  // InitMover runs before the period is taken from speed
      m.height = k.number("height", 32);
      m.phase = k.number("phase", 0);
      m.damage = k.integer("dmg", 2);
      for (const float sign : {-1.0f, 1.0f}) {  // the farthest it goes, on any axis
        if (!collision::in_domain_point(m.origin + glm::vec3(sign * std::abs(m.height)))) {
          k.fail(k.e.where() + ": height " + std::to_string(m.height) + " takes it outside the input domain (+-2^40)");
        }
      }
      break;
    case MoverClass::kStatic:
      break;
  }
  for (const glm::vec3& p : {m.pos1, m.pos2}) {
    if (!collision::in_domain_point(p)) {
      k.fail(k.e.where() + ": its moved position is outside the input domain (+-2^40)");
    }
  }
}

/// Think_SetupTrainTargets: follow the targets from the train through path_corners.
/// `corners`: the first path_corner of each targetname (G_Find's answer), looked up by name so a
/// lump of many corners stays linear.
void link_train(QuakeMover& m, const std::map<std::string, const Entity*>& corners,
                const std::function<void(const std::string&)>& fail, std::vector<std::string>& warnings) {
  auto find_corner = [&](const std::string& name) -> const Entity* {
    const auto it = corners.find(name);
    return name.empty() || it == corners.end() ? nullptr : it->second;
  };
  std::map<std::size_t, int> seen;  // entity -> index in corners
  const Entity* corner = find_corner(m.target);
  const std::string where = "entity " + std::to_string(m.entity) + " (func_train)";
  if (corner == nullptr) {
    warnings.push_back(where + ": target \"" + m.target + "\" names no path_corner; it stands still");
    return;
  }
  for (;;) {
    seen.emplace(corner->index, static_cast<int>(m.corners.size()));
    const Keys k{*corner, fail};
    m.corners.push_back({k.vector("origin"), k.number("speed", 0), std::max(0.0f, k.number("wait", 0)),
                         corner->index});
    const Entity* next = find_corner(corner->get("target"));
    if (next == nullptr) {
      warnings.push_back(where + ": path_corner entity " + std::to_string(corner->index) +
                         " has no target path_corner; the train stands still");
      m.corners.clear();
      return;
    }
    if (const auto it = seen.find(next->index); it != seen.end()) {
      m.loop_to = it->second;
      if (m.loop_to != 0) {
        warnings.push_back(where + ": its path loops back to corner " + std::to_string(m.loop_to) +
                           ", not its first; it runs that loop");
      }
      return;
    }
    corner = next;
  }
}

int parse_model(const Entity& e, std::size_t model_count, const std::function<void(const std::string&)>& fail) {
  const std::string* v = e.find("model");
  if (v == nullptr) fail(e.where() + ": no model (a mover needs an inline model \"*N\")");
  const std::string& s = *v;
  bool digits = s.size() >= 2 && s.size() <= 10 && s[0] == '*';
  for (std::size_t i = 1; digits && i < s.size(); ++i) digits = s[i] >= '0' && s[i] <= '9';
  const long long n = digits ? std::stoll(s.substr(1)) : -1;
  if (n < 1 || static_cast<unsigned long long>(n) >= model_count) {
    fail(e.where() + ": model \"" + s + "\" is not one of the map's inline models *1..*" +
         std::to_string(model_count - 1));
  }
  return static_cast<int>(n);
}

}  // namespace

QuakeMovers load_quake_movers(
    const std::vector<Entity>& entities, std::size_t model_count,
    const std::function<InlineModel(std::size_t, glm::vec3, const std::string&)>& read_model,
    const std::function<void(const std::string&)>& fail) {
  QuakeMovers out;
  std::map<std::string, const Entity*> corners;
  for (const Entity& e : entities) {
    if (e.classname() == "path_corner") corners.emplace(e.get("targetname"), &e);
  }
  for (const Entity& e : entities) {
    const int c = class_index(e.classname());
    if (c < 0) {
      // func_group is merged into the world by the compiler; other func_* classes the game does
      // not know (func_illusionary is Quake 2's) it removes, and func_pendulum is not read yet.
      if (e.classname().rfind("func_", 0) == 0 && e.classname() != "func_group") {
        out.warnings.push_back(e.where() + ": not a mover read here; skipped");
      }
      continue;
    }
    QuakeMover m;
    m.kind = static_cast<MoverClass>(c);
    m.entity = e.index;
    m.model = parse_model(e, model_count, fail);
    const Keys k{e, fail};
    m.origin = k.vector("origin");
    if (m.kind == MoverClass::kTrain && m.target.empty() && e.get("target").empty()) {
      // SP_func_train frees a train without a target: the game has no such entity.
      out.warnings.push_back(e.where() + ": no target; removed, as the game does");
      continue;
    }
    InlineModel model = read_model(static_cast<std::size_t>(m.model), m.origin,
                                   e.where() + " model *" + std::to_string(m.model));
    m.mins = model.mins;
    m.maxs = model.maxs;
    m.mesh = std::move(model.mesh);
    read_class_keys(m, k);
    if (m.kind == MoverClass::kTrain) link_train(m, corners, fail, out.warnings);
    out.movers.push_back(std::move(m));
  }

  // G_FindTeams: the first binary mover of each team leads it (the game would team any class;
  // the maps team doors only).
  std::map<std::string, std::size_t> leaders;
  std::vector<collision::Aabb> team_box(out.movers.size());
  for (std::size_t i = 0; i < out.movers.size(); ++i) {
    QuakeMover& m = out.movers[i];
    const bool binary = m.kind == MoverClass::kDoor || m.kind == MoverClass::kPlat || m.kind == MoverClass::kButton;
    m.team_leader = m.team.empty() || !binary ? i : leaders.emplace(m.team, i).first->second;
    // The team's linked bounds at pos1 (SV_LinkEntity grows the model's by 1 more).
    team_box[m.team_leader].grow(m.pos1 + m.mins - 1.0f);
    team_box[m.team_leader].grow(m.pos1 + m.maxs + 1.0f);
  }

  for (std::size_t i = 0; i < out.movers.size(); ++i) {
    const QuakeMover& m = out.movers[i];
    if (m.team_leader != i) continue;
    if (m.kind == MoverClass::kDoor && m.targetname.empty() && m.health == 0) {
      // Think_SpawnNewDoorTrigger: the team's bounds grown by 120 on their thinnest axis.
      QuakeTrigger t;
      t.kind = QuakeTrigger::Kind::kDoor;
      t.mover = i;
      t.entity = m.entity;
      t.box = team_box[i];
      const glm::vec3 size = t.box.extent();
      int best = 0;
      for (int a = 1; a < 3; ++a) {
        if (size[a] < size[best]) best = a;
      }
      t.box.min[best] -= 120.0f;
      t.box.max[best] += 120.0f;
      out.triggers.push_back(t);
    } else if (m.kind == MoverClass::kPlat && m.targetname.empty()) {
      // SpawnPlatTrigger: a thin box just above the rest position, 33 in from the sides.
      QuakeTrigger t;
      t.kind = QuakeTrigger::Kind::kPlat;
      t.mover = i;
      t.entity = m.entity;
      glm::vec3 lo = m.pos1 + m.mins + glm::vec3(33, 33, 0);
      glm::vec3 hi = m.pos1 + m.maxs + glm::vec3(-33, -33, 8);
      for (int a = 0; a < 2; ++a) {
        if (hi[a] <= lo[a]) {
          lo[a] = m.pos1[a] + (m.mins[a] + m.maxs[a]) * 0.5f;
          hi[a] = lo[a] + 1.0f;
        }
      }
      t.box.min = lo;
      t.box.max = hi;
      out.triggers.push_back(t);
    }
  }

  // trigger_multiple brushes that use a mover (g_trigger.c SP_trigger_multiple), as the box of
  // their model: the game tests the brushes themselves, which fill most triggers' boxes.
  std::set<std::string> mover_names;
  for (const QuakeMover& m : out.movers) {
    if (!m.targetname.empty()) mover_names.insert(m.targetname);
  }
  for (const Entity& e : entities) {
    if (e.classname() != "trigger_multiple") continue;
    const std::string target = e.get("target");
    if (mover_names.count(target) == 0) continue;
    const Keys k{e, fail};
    QuakeTrigger t;
    t.kind = QuakeTrigger::Kind::kMultiple;
    t.entity = e.index;
    t.target = target;
    t.wait = k.number("wait", 0.5f);
    const glm::vec3 origin = k.vector("origin");
    const InlineModel model = read_model(static_cast<std::size_t>(parse_model(e, model_count, fail)), origin,
                                         e.where() + " model " + e.get("model"));
    t.box.grow(origin + model.mins - 1.0f);
    t.box.grow(origin + model.maxs + 1.0f);
    out.triggers.push_back(t);
  }
  return out;
}

}  // namespace collision::io::detail

namespace collision::io {

const char* mover_class_name(MoverClass c) {
  return detail::kClassNames[static_cast<std::size_t>(c)].data();
}

std::size_t QuakeMovers::count(MoverClass c) const {
  return static_cast<std::size_t>(
      std::count_if(movers.begin(), movers.end(), [c](const QuakeMover& m) { return m.kind == c; }));
}

}  // namespace collision::io
