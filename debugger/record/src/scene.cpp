// Scene loading: the embedded default scene, OpenArena maps and mesh files.
#include "debugger/scene.hpp"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "collision_io/level.hpp"
#include "debugger/spawn.hpp"
#include "degrees.hpp"

namespace debugger {
namespace {

std::string stem_of(const std::string& spec) {
  std::string s = spec;
  if (const auto colon = s.rfind(':'); colon != std::string::npos) s = s.substr(colon + 1);
  return std::filesystem::path(s).stem().string();
}

}  // namespace

Scene scene_from_obj(std::string_view text, const std::string& name) {
  std::vector<glm::vec3> positions;
  std::vector<glm::uvec3> triangles;
  Scene scene;
  scene.spec = name;
  scene.name = name;
  std::istringstream in{std::string(text)};
  std::string line;
  int line_no = 0;
  auto fail = [&](const std::string& what) {
    throw std::runtime_error(name + ":" + std::to_string(line_no) + ": " + what);
  };
  while (std::getline(in, line)) {
    ++line_no;
    std::istringstream ls(line);
    std::string key;
    if (!(ls >> key)) continue;
    if (key == "#") {
      std::string tag;
      if (ls >> tag && tag == "prism-spawn") {
        float yaw = 0.0f;
        if (!(ls >> scene.spawn.x >> scene.spawn.y >> scene.spawn.z >> yaw)) fail("bad prism-spawn");
        scene.spawn_yaw = yaw * kDegrees;
      }
    } else if (key == "v") {
      glm::vec3 p;
      if (!(ls >> p.x >> p.y >> p.z)) fail("bad vertex");
      positions.push_back(p);
    } else if (key == "f") {
      std::vector<std::uint32_t> poly;
      std::string word;
      while (ls >> word) {
        long index = 0;
        const auto slash = word.find('/');
        const std::string head = word.substr(0, slash);
        const auto [ptr, ec] = std::from_chars(head.data(), head.data() + head.size(), index);
        if (ec != std::errc() || ptr != head.data() + head.size() || index == 0) fail("bad face index '" + word + "'");
        if (index < 0) index += static_cast<long>(positions.size()) + 1;
        if (index < 1 || index > static_cast<long>(positions.size())) fail("face index out of range");
        poly.push_back(static_cast<std::uint32_t>(index - 1));
      }
      if (poly.size() < 3) fail("a face needs 3 corners");
      for (std::size_t i = 2; i < poly.size(); ++i) triangles.push_back({poly[0], poly[i - 1], poly[i]});
    }
  }
  if (triangles.empty()) throw std::runtime_error(name + ": no triangles");
  scene.world = std::make_shared<collision::World>(collision::make_mesh(std::move(positions), triangles));
  scene.up = {0.0f, 1.0f, 0.0f};
  return scene;
}

namespace {

// The command line's setup over the scene's own; a new up axis or body moves a computed spawn.
// The note says where the body, the spawn and the up axis came from.
Scene with_setup(Scene scene, const SceneSetup& setup, bool computed_spawn) {
  std::string body_note = scene.setup_note, spawn_note, up_note;
  if (computed_spawn) {
    body_note = "default body: sphere, 1% of the level's diagonal (>= 0.4)";
    spawn_note = "spawn above the largest floor";
  }
  if (setup.up) {
    scene.up = *setup.up;
    up_note = "up from --up";
  }
  if (setup.body) {
    scene.body = *setup.body;
    body_note = "body from --body";
  }
  if (setup.spawn) {
    scene.spawn = *setup.spawn;
    spawn_note = "spawn from --spawn";
  } else if (computed_spawn && (setup.up || setup.body)) {
    scene.spawn = spawn_above_largest_floor(*scene.world, scene.up, body_size(scene.body), 50.0f);
  }
  if (scene.body.shape == collision::Shape::kCapsule) scene.body.axis = scene.up;  // a capsule stands along up
  std::string note;
  for (const std::string& part : {body_note, spawn_note, up_note})
    if (!part.empty()) note += (note.empty() ? "" : "; ") + part;
  scene.setup_note = note;
  return scene;
}

Scene load_scene_as_is(const std::string& spec);

// A scene file without a level: an empty static level, the file's instances and characters. The
// default body and spawn are a mesh file's (spawn.hpp), worked out on the instances' triangles
// where they stand at time 0; with no instance, a 0.4 sphere at the origin.
Scene levelless_scene(const std::string& spec, std::shared_ptr<const collision::io::SceneFile> file,
                      const SceneSetup& setup) {
  if (file->instances.empty() && file->characters.empty()) {
    throw collision::io::LoadError(spec + ": the scene has no level, no instances and no characters: nothing to walk in");
  }
  Scene scene;
  scene.spec = spec;
  scene.name = stem_of(spec);
  scene.up = setup.up.value_or(glm::vec3(0.0f, 1.0f, 0.0f));
  scene.world = std::make_shared<const collision::World>(collision::TriangleMesh{});
  scene.movers = std::make_shared<const SessionMovers>(scene.world, nullptr, file, scene.up);
  std::vector<glm::vec3> positions;
  std::vector<glm::uvec3> triangles;
  const SessionMovers& movers = *scene.movers;
  // The faces that look up only: an instance is solid (a box's bottom face is no floor to spawn
  // above, though a level's floor may be seen from either side).
  for (std::uint32_t id = 0; id < movers.instance_count(); ++id) {
    const collision::TriangleMesh& mesh = movers.instance_mesh(id);
    for (std::uint32_t t = 0; t < mesh.triangle_count(); ++t) {
      const collision::Triangle tri = movers.instance_triangle(movers.start(), id, t);
      if (glm::dot(glm::cross(tri.b - tri.a, tri.c - tri.a), scene.up) <= 0.0f) continue;
      const auto base = static_cast<std::uint32_t>(positions.size());
      positions.insert(positions.end(), {tri.a, tri.b, tri.c});
      triangles.push_back({base, base + 1, base + 2});
    }
  }
  std::string body_note = "default body: sphere 0.4", spawn_note = "spawn at the origin (no level, no instance)";
  std::optional<collision::World> at_start;
  if (!triangles.empty()) {
    at_start.emplace(collision::make_mesh(std::move(positions), triangles));
    scene.body = default_mesh_body(at_start->mesh());
    body_note = "default body: sphere, 1% of the instances' diagonal (>= 0.4)";
  }
  if (setup.body) {
    scene.body = *setup.body;
    body_note = "body from --body";
  }
  if (scene.body.shape == collision::Shape::kCapsule) scene.body.axis = scene.up;  // a capsule stands along up
  if (at_start) {  // for the body it will have
    scene.spawn = spawn_above_largest_floor(*at_start, scene.up, body_size(scene.body), 50.0f);
    spawn_note = "spawn above the instances' largest floor";
  }
  if (setup.spawn) {
    scene.spawn = *setup.spawn;
    spawn_note = "spawn from --spawn";
  }
  scene.setup_note = body_note + "; " + spawn_note + (setup.up ? "; up from --up" : "");
  return scene;
}

}  // namespace

Scene load_scene(const std::string& spec, const SceneSetup& setup) {
  if (collision::io::is_scene_file(spec)) {
    // A scene file: its level as any level loads (with the command line's setup), then its
    // instances and characters, moving with the level's own movers (movers.hpp).
    auto file = std::make_shared<const collision::io::SceneFile>(collision::io::read_scene_file(spec));
    if (file->level.empty()) return levelless_scene(spec, std::move(file), setup);
    Scene scene = load_scene(file->level, setup);
    std::shared_ptr<const collision::io::QuakeMovers> quake = scene.movers ? scene.movers->movers_shared() : nullptr;
    if (!file->instances.empty() || !file->characters.empty()) {
      scene.movers = std::make_shared<const SessionMovers>(scene.world, quake, file, scene.up);
    }
    scene.spec = spec;
    scene.name = stem_of(spec);
    return scene;
  }
  const bool mesh_file = !(spec.empty() || spec == "default" || spec.rfind("zoo:", 0) == 0);
  Scene scene = load_scene_as_is(spec);
  const bool computed_spawn = mesh_file && scene.setup_note.find("spawn above") != std::string::npos;
  return with_setup(std::move(scene), setup, computed_spawn);
}

namespace {

Scene load_scene_as_is(const std::string& spec) {
  if (spec.empty() || spec == "default") {
    Scene scene = scene_from_obj(embedded_asset("default_scene.obj"), "default");
    scene.default_walk = std::string(embedded_asset("default_scene.walk"));
    return scene;
  }
  if (spec.rfind("zoo:", 0) == 0) {
    const std::string name = spec.substr(4);
    const std::string_view obj = embedded_asset("zoo/" + name + ".obj");
    if (obj.empty()) {
      std::string known;
      for (const std::string& n : zoo_scene_names()) known += (known.empty() ? "" : ", ") + n;
      throw std::runtime_error("unknown zoo scene '" + name + "' (known: " + known + ")");
    }
    Scene scene = scene_from_obj(obj, "zoo_" + name);
    scene.spec = spec;
    scene.default_walk = std::string(embedded_asset("zoo/" + name + ".walk"));
    return scene;
  }
  collision::io::Level level = collision::io::load_level(spec);
  Scene scene;
  scene.spec = spec;
  scene.name = stem_of(spec);
  scene.up = level.up;
  if (level.quake_map) {
    // Quake's player is a 30 x 30 x 56 box; a sphere of radius 16 is the field's stand-in.
    scene.body = collision::Body::sphere(16.0f);
    if (!level.spawns.empty()) {
      scene.spawn = level.spawns.front().origin;
      scene.spawn_yaw = level.spawns.front().angle_degrees * kDegrees;
    }
    if (scene.name == "oa_dm1") scene.default_walk = std::string(embedded_asset("oa_dm1.walk"));
    // oa_bases7's tour rides its lift (assets/oa_bases7.walk) from the spawn facing it.
    if (scene.name == "oa_bases7") {
      for (const collision::io::SpawnPoint& s : level.spawns) {
        if (s.origin == glm::vec3(-1792.0f, -368.0f, -240.0f)) {
          scene.spawn = s.origin;
          scene.spawn_yaw = s.angle_degrees * kDegrees;
          scene.default_walk = std::string(embedded_asset("oa_bases7.walk"));
        }
      }
    }
    scene.setup_note = "body: Quake's player as a sphere of radius 16";
  }
  scene.world = std::make_shared<collision::World>(std::move(level.mesh));
  if (has_movers(level.movers)) {
    scene.movers = std::make_shared<const SessionMovers>(
        scene.world, std::make_shared<const collision::io::QuakeMovers>(std::move(level.movers)));
  }
  if (!level.quake_map) {
    // A mesh file: a body scaled to the level, above its largest walkable area.
    scene.body = default_mesh_body(scene.world->mesh());
    scene.spawn = spawn_above_largest_floor(*scene.world, scene.up, body_size(scene.body), 50.0f);
    scene.setup_note = "default body: sphere, 1% of the level's diagonal (>= 0.4); spawn above the largest floor";
  }
  return scene;
}

}  // namespace

std::vector<std::string> zoo_scene_names() {
  // The issue's order of value (issue 11): the first are the bugs users hit most.
  static const char* const kNames[] = {"wedge", "tiles", "corner_fast", "narrow_corner", "wall_slide",
                                       "far_origin", "seam", "low_ceiling", "stairs_wall", "edge_box",
                                       "pits", "rubble"};
  std::vector<std::string> out;
  for (const char* n : kNames)
    if (!embedded_asset(std::string("zoo/") + n + ".obj").empty()) out.emplace_back(n);
  return out;
}

SessionConfig spawn_config(const Scene& scene, const collision::CharacterParams& base) {
  SessionConfig c;
  c.body = scene.body;
  if (c.body.shape == collision::Shape::kCapsule) c.body.axis = glm::normalize(scene.up);
  c.params = base;
  c.params.up = scene.up;
  c.start = scene.spawn;
  c.start_yaw = scene.spawn_yaw;
  return c;
}

}  // namespace debugger
