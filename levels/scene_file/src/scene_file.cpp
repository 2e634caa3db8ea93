// Scene files (scene_file.hpp): read with nlohmann-json, every value checked, every error
// naming the file and the key.
#include "collision_io/scene_file.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "collision/body.hpp"

namespace collision::io {

namespace {

using nlohmann::json;

struct Reader {
  std::string file;

  [[noreturn]] void fail(const std::string& key, const std::string& what) const {
    throw LoadError(file + ": " + key + ": " + what);
  }
  float number(const json& j, const std::string& key) const {
    if (!j.is_number()) fail(key, "expected a number");
    const double v = j.get<double>();
    if (!std::isfinite(v) || std::fabs(v) > 1e30) fail(key, "is not a finite number");
    return static_cast<float>(v);
  }
  glm::vec3 vec3(const json& j, const std::string& key) const {
    if (!j.is_array() || j.size() != 3) fail(key, "expected [x, y, z]");
    return {number(j[0], key + "[0]"), number(j[1], key + "[1]"), number(j[2], key + "[2]")};
  }
  std::string path(const json& j, const std::string& key) const {
    if (!j.is_string() || j.get<std::string>().empty()) fail(key, "expected a file name");
    const std::filesystem::path p = j.get<std::string>();
    return p.is_absolute() ? p.string() : (std::filesystem::path(file).parent_path() / p).string();
  }
  void only(const json& j, const std::string& key, std::initializer_list<const char*> known) const {
    if (!j.is_object()) fail(key, "expected an object");
    for (const auto& item : j.items()) {
      const std::string name = item.key();  // not a structured binding: clang before 16 cannot capture one
      if (std::none_of(known.begin(), known.end(), [&](const char* k) { return name == k; })) {
        fail(key, "unknown key '" + name + "'");
      }
    }
  }
  collision::Body body(const json& c, const std::string& key) const {
    std::vector<collision::Body> found;
    if (c.contains("sphere")) found.push_back(collision::Body::sphere(number(c["sphere"], key + ".sphere")));
    if (c.contains("ellipsoid")) found.push_back(collision::Body::ellipsoid(vec3(c["ellipsoid"], key + ".ellipsoid")));
    if (c.contains("box")) found.push_back(collision::Body::box(vec3(c["box"], key + ".box")));
    if (c.contains("capsule")) {
      const json& k = c["capsule"];
      if (!k.is_array() || k.size() != 2) fail(key + ".capsule", "expected [radius, half height]");
      found.push_back(collision::Body::capsule(number(k[0], key + ".capsule[0]"), number(k[1], key + ".capsule[1]"),
                                               glm::vec3(0, 1, 0)));
    }
    if (found.size() != 1) fail(key, "expected one of sphere, capsule, box, ellipsoid");
    if (const char* why = collision::body_domain_error(found[0])) fail(key, why);
    return found[0];
  }
};

}  // namespace

bool is_scene_file(const std::string& spec) {
  return spec.size() > 5 && spec.compare(spec.size() - 5, 5, ".json") == 0;
}

SceneFile read_scene_file(const std::string& path) {
  const Reader r{path};
  std::ifstream in(path);
  if (!in) throw LoadError("cannot read scene file " + path);
  json j;
  try {
    j = json::parse(in);
  } catch (const json::parse_error& e) {
    throw LoadError(path + ": not JSON: " + e.what());
  }
  r.only(j, "scene", {"level", "instances", "characters"});
  SceneFile f;
  f.path = path;
  if (j.contains("level")) {
    if (!j["level"].is_string()) r.fail("level", "expected a level spec");
    // A file beside the scene file is taken there; anything else (a map name) as given.
    const std::string spec = j["level"].get<std::string>();
    const std::string beside = r.path(j["level"], "level");
    f.level = std::filesystem::exists(beside) ? beside : spec;
  }
  const json empty = json::array();
  const json& insts = j.contains("instances") ? j["instances"] : empty;
  if (!insts.is_array()) r.fail("instances", "expected an array");
  for (std::size_t i = 0; i < insts.size(); ++i) {
    const std::string key = "instances[" + std::to_string(i) + "]";
    const json& o = insts[i];
    r.only(o, key, {"box", "mesh", "position", "rotation", "velocity", "angular_velocity", "keys"});
    SceneInstanceSpec s;
    if (o.contains("box") == o.contains("mesh")) r.fail(key, "expected one of box, mesh");
    if (o.contains("box")) {
      s.box = r.vec3(o["box"], key + ".box");
      if (const char* why = collision::body_domain_error(collision::Body::box(*s.box))) r.fail(key + ".box", why);
    } else {
      s.mesh = r.path(o["mesh"], key + ".mesh");
    }
    if (o.contains("position")) s.pose.position = r.vec3(o["position"], key + ".position");
    if (o.contains("rotation")) {
      const json& q = o["rotation"];
      if (!q.is_array() || q.size() != 4) r.fail(key + ".rotation", "expected [x, y, z, w]");
      glm::quat rot(r.number(q[3], key + ".rotation[3]"), r.number(q[0], key + ".rotation[0]"),
                    r.number(q[1], key + ".rotation[1]"), r.number(q[2], key + ".rotation[2]"));
      if (!(glm::length(rot) > 1e-6f)) r.fail(key + ".rotation", "is zero: expected a unit quaternion");
      s.pose.rotation = glm::normalize(rot);
    }
    if (o.contains("velocity")) s.velocity = r.vec3(o["velocity"], key + ".velocity");
    if (o.contains("angular_velocity")) s.angular_velocity = r.vec3(o["angular_velocity"], key + ".angular_velocity");
    const json& keys = o.contains("keys") ? o["keys"] : empty;
    if (!keys.is_array()) r.fail(key + ".keys", "expected an array");
    for (std::size_t k = 0; k < keys.size(); ++k) {
      const std::string kk = key + ".keys[" + std::to_string(k) + "]";
      r.only(keys[k], kk, {"time", "velocity", "angular_velocity"});
      SceneKey sk;
      if (!keys[k].contains("time")) r.fail(kk, "needs a time");
      sk.time = r.number(keys[k]["time"], kk + ".time");
      if (sk.time < 0.0f) r.fail(kk + ".time", "is negative");
      if (keys[k].contains("velocity")) sk.velocity = r.vec3(keys[k]["velocity"], kk + ".velocity");
      if (keys[k].contains("angular_velocity")) sk.angular_velocity = r.vec3(keys[k]["angular_velocity"], kk + ".angular_velocity");
      s.keys.push_back(sk);
    }
    std::stable_sort(s.keys.begin(), s.keys.end(), [](const SceneKey& a, const SceneKey& b) { return a.time < b.time; });
    f.instances.push_back(s);
  }
  const json& chars = j.contains("characters") ? j["characters"] : empty;
  if (!chars.is_array()) r.fail("characters", "expected an array");
  for (std::size_t i = 0; i < chars.size(); ++i) {
    const std::string key = "characters[" + std::to_string(i) + "]";
    r.only(chars[i], key, {"sphere", "capsule", "box", "ellipsoid", "skin", "position"});
    SceneCharacterSpec c;
    c.body = r.body(chars[i], key);
    if (chars[i].contains("skin")) {
      c.skin = r.number(chars[i]["skin"], key + ".skin");
      if (!(*c.skin >= 0.0f && *c.skin < c.body.min_radius())) r.fail(key + ".skin", "must be in [0, the body's smallest radius)");
    }
    if (!chars[i].contains("position")) r.fail(key, "needs a position");
    c.position = r.vec3(chars[i]["position"], key + ".position");
    f.characters.push_back(c);
  }
  return f;
}

SceneFile scene_spec(const std::string& level) {
  if (is_scene_file(level)) return read_scene_file(level);
  SceneFile f;
  f.path = level;
  f.level = level;
  return f;
}

void add_file_contents(const SceneFile& f, collision::Scene& scene, const glm::vec3& up, int patch_level) {
  LoadOptions options;
  options.patch_level = patch_level;
  for (std::size_t i = 0; i < f.instances.size(); ++i) {
    const SceneInstanceSpec& s = f.instances[i];
    const std::uint32_t id =
        s.box ? scene.add_box(*s.box, s.pose)
              : scene.add_mesh(std::make_shared<const collision::World>(load_level(s.mesh, options).mesh), s.pose);
    scene.set_velocity(id, s.velocity, s.angular_velocity);
  }
  for (const SceneCharacterSpec& c : f.characters) {
    collision::CharacterParams p;
    p.up = up;
    collision::Body body = c.body;
    if (body.shape == collision::Shape::kCapsule) body.axis = p.up;
    p.move.skin_width = c.skin;
    collision::CharacterState s;
    s.position = c.position;
    scene.add_character(body, p, s);
  }
}

namespace {

// A scene of b.level (its BVH b.world) with the file's contents and the map's movers.
void populate(const SceneFile& f, BuiltScene& b, int patch_level) {
  b.scene = std::make_unique<collision::Scene>(b.world);
  add_file_contents(f, *b.scene, b.level.up, patch_level);
  // The map's movers after the file's instances (their ids follow the file's).
  if (!b.level.movers.movers.empty()) {
    b.quake_movers = std::make_unique<QuakeMovers>(b.level.movers);
    b.movers = std::make_unique<QuakeSceneMovers>(*b.quake_movers, *b.scene);
  }
}

}  // namespace

BuiltScene build_scene(const SceneFile& f, int patch_level) {
  BuiltScene b;
  LoadOptions options;
  options.patch_level = patch_level;
  if (!f.level.empty()) b.level = load_level(f.level, options);
  b.world = std::make_shared<const collision::World>(b.level.mesh);
  populate(f, b, patch_level);
  return b;
}

BuiltScene build_scene(const SceneFile& f, const BuiltScene& like, int patch_level) {
  BuiltScene b;
  b.level = like.level;
  b.world = like.world;
  populate(f, b, patch_level);
  return b;
}

void advance_scene(const SceneFile& f, BuiltScene& b, float t, float dt) {
  apply_keys(f, *b.scene, t);
  if (b.movers) {
    b.movers->advance(dt);  // the scene's advance, the movers moved to where the map has them
  } else {
    b.scene->advance(dt);
  }
  for (std::uint32_t i = 0; i < f.characters.size(); ++i) b.scene->update_character(i, collision::CharacterInput{}, dt);
}

BuiltScene scene_at(const SceneFile& f, int patch_level, float t) {
  BuiltScene b = build_scene(f, patch_level);
  std::vector<float> stops;
  for (const SceneInstanceSpec& s : f.instances) {
    for (const SceneKey& k : s.keys) {
      if (k.time < t) stops.push_back(k.time);
    }
  }
  stops.push_back(t);
  std::sort(stops.begin(), stops.end());
  float now = 0.0f;
  for (const float stop : stops) {
    if (stop <= now) continue;
    apply_keys(f, *b.scene, now);
    b.scene->advance(stop - now);
    now = stop;
  }
  if (b.movers) b.movers->place_at(t);
  return b;
}

InstanceVelocity velocity_at(const SceneInstanceSpec& s, float t) {
  InstanceVelocity out{s.velocity, s.angular_velocity};
  for (const SceneKey& k : s.keys) {
    if (k.time > t) break;
    if (k.velocity) out.linear = *k.velocity;
    if (k.angular_velocity) out.angular = *k.angular_velocity;
  }
  return out;
}

void apply_keys(const SceneFile& f, collision::Scene& scene, float t) {
  for (std::size_t i = 0; i < f.instances.size(); ++i) {
    const SceneInstanceSpec& s = f.instances[i];
    if (s.keys.empty()) continue;
    const InstanceVelocity v = velocity_at(s, t);
    scene.set_velocity(static_cast<std::uint32_t>(i), v.linear, v.angular);
  }
}

}  // namespace collision::io
