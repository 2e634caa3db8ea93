// A Quake 3 map's movers as instances of a Scene (collision_io/quake_scene.hpp) on real
// OpenArena maps: doors stand closed at time 0 and stop what the static world lets through, a
// body in a door's trigger opens it (pos2 reached 50 ms + the travel time later) and it closes
// behind, a lift carries the character standing on it to the top at its skin, and seeded random
// walks on every map with movers never tunnel through the level nor end deeper than the skin in
// anything while the movers move.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <random>
#include <string>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision/queries.hpp"
#include "collision/scene.hpp"
#include "collision_io/level.hpp"
#include "collision_io/quake_scene.hpp"
#include "map_fixtures.hpp"

namespace {

using collision::io::Level;
using collision::io::MoverClass;
using collision::io::QuakeMover;
using collision::io::QuakeSceneMovers;
using State = collision::io::QuakeMoverSystem::State;

constexpr float kDt = 1.0f / 60.0f;
const glm::vec3 kUp{0.0f, 0.0f, 1.0f};

Level load_map(const std::string& name) {
  const auto& bytes = prism_test::map_bytes(name);
  return collision::io::load_bsp(bytes.data(), bytes.size(), name);
}

// A Quake player: a capsule 30 wide and 56 tall (Z up).
collision::Body player() { return collision::Body::capsule(15.0f, 13.0f, kUp); }

collision::CharacterParams player_params() {
  collision::CharacterParams p;
  p.up = kUp;
  return p.resolved(player());
}

collision::CharacterState at(const glm::vec3& p) {
  collision::CharacterState s;
  s.position = p;
  return s;
}

// A map, its static World and a scene with its movers (kept together: the movers point at the
// level and the scene).
struct MapScene {
  explicit MapScene(const std::string& name)
      : level(load_map(name)),
        world(std::make_shared<const collision::World>(level.mesh)),
        scene(world),
        movers(level.movers, scene) {}
  Level level;
  std::shared_ptr<const collision::World> world;
  collision::Scene scene;
  QuakeSceneMovers movers;
};

TEST(QuakeScene, OaDm1DoorsStandClosedAtTimeZeroAndStopRaysTheStaticWorldLetsThrough) {
  MapScene m("oa_dm1");
  int doors = 0;
  for (std::size_t i = 0; i < m.level.movers.movers.size(); ++i) {
    const QuakeMover& q = m.level.movers.movers[i];
    const std::uint32_t id = m.movers.instance(i);
    ASSERT_NE(id, QuakeSceneMovers::kNoInstance) << "mover " << i << " has triangles";
    EXPECT_EQ(m.movers.mover(id), i);
    if (q.kind != MoverClass::kDoor) continue;
    ++doors;
    // Closed at time 0: the instance stands at pos1 (the door's own place in the map).
    const collision::SceneInstance& in = m.scene.instance(id);
    EXPECT_EQ(in.pose.position, q.origin + q.pos1);
    // A ray across the door's thinnest side, through its middle, from just outside it.
    const collision::Aabb box = in.world_bounds;
    const glm::vec3 e = box.extent();
    const int thin = e.x <= e.y && e.x <= e.z ? 0 : (e.y <= e.z ? 1 : 2);
    glm::vec3 d(0.0f);
    d[thin] = 0.5f * e[thin] + 2.0f;  // from 2 units off its face (oa_dm1's bars stand 16 apart)
    const glm::vec3 from = box.center() - d;
    const collision::RayHit scene_hit = collision::raycast(m.scene, from, 2.0f * d);
    ASSERT_TRUE(scene_hit.hit) << "door " << i;
    EXPECT_EQ(scene_hit.instance, id) << "door " << i;
    EXPECT_LT(scene_hit.triangle, q.mesh.triangle_count());
    const collision::RayHit world_hit = collision::raycast(*m.world, from, 2.0f * d);
    EXPECT_TRUE(!world_hit.hit || world_hit.t > scene_hit.t) << "door " << i << ": the world alone stops it first";
  }
  EXPECT_EQ(doors, 4);
}

TEST(QuakeScene, OaKoth1DoorOpensForACharacterInItsTriggerThenClosesBehindIt) {
  MapScene m("oa_koth1");
  // The first door trigger whose door has triangles.
  const collision::io::QuakeTrigger* trig = nullptr;
  for (const auto& t : m.level.movers.triggers) {
    if (!trig && t.kind == collision::io::QuakeTrigger::Kind::kDoor && m.movers.instance(t.mover) != QuakeSceneMovers::kNoInstance) {
      trig = &t;
    }
  }
  ASSERT_NE(trig, nullptr);
  const std::size_t door = trig->mover;
  const QuakeMover& q = m.level.movers.movers[door];
  const std::uint32_t id = m.movers.instance(door);
  // A character in the trigger, beside the door along the trigger's thinnest side.
  const glm::vec3 e = trig->box.extent();
  const int thin = e.x <= e.y && e.x <= e.z ? 0 : (e.y <= e.z ? 1 : 2);
  glm::vec3 side = trig->box.center();
  side[thin] = trig->box.min[thin] + 20.0f;
  const std::uint32_t me = m.scene.add_character(player(), player_params(), at(side));
  EXPECT_EQ(m.scene.instance(id).pose.position, q.origin + q.pos1);
  const double open_at = 0.05 + q.duration_ms / 1000.0;
  const int open_frame = static_cast<int>(std::ceil(open_at / kDt)) + 1;
  float travelled = 0.0f;
  for (int f = 0; f < open_frame; ++f) {
    m.movers.advance(kDt);
    travelled = std::max(travelled, glm::length(m.scene.instance(id).pose.position - (q.origin + q.pos1)));
  }
  EXPECT_EQ(m.movers.system().state(door), State::kPos2);
  const glm::vec3 open = m.scene.instance(id).pose.position;
  EXPECT_NEAR(glm::length(open - (q.origin + q.pos2)), 0.0f, 1e-3f);
  EXPECT_NEAR(travelled, glm::length(q.pos2 - q.pos1), 1e-3f);
  // The character leaves: the door waits `wait` seconds, then travels back to pos1.
  m.scene.set_character_position(me, side + glm::vec3(0.0f, 0.0f, 5000.0f));
  const int close_frames = static_cast<int>(std::ceil((q.wait + q.duration_ms / 1000.0) / kDt)) + 2;
  for (int f = 0; f < close_frames; ++f) m.movers.advance(kDt);
  EXPECT_EQ(m.movers.system().state(door), State::kPos1);
  EXPECT_NEAR(glm::length(m.scene.instance(id).pose.position - (q.origin + q.pos1)), 0.0f, 1e-3f);
}

TEST(QuakeScene, OaBases7LiftCarriesItsStandingCharacterToTheTopAtItsSkin) {
  MapScene m("oa_bases7");
  std::size_t plat = 0;
  for (std::size_t i = 0; i < m.level.movers.movers.size(); ++i) plat = m.level.movers.movers[i].model == 3 ? i : plat;
  const QuakeMover& q = m.level.movers.movers[plat];
  ASSERT_EQ(q.kind, MoverClass::kPlat);
  const std::uint32_t id = m.movers.instance(plat);
  const collision::Aabb down = m.scene.instance(id).world_bounds;
  const float rise = q.pos2.z - q.pos1.z;
  EXPECT_NEAR(rise, 267.0f, 1e-3f);
  const glm::vec2 middle(down.center().x, down.center().y);
  const collision::Body body = player();
  const collision::CharacterParams params = player_params();
  const float skin = params.move.resolved_skin(body);
  const float half = body.extent_along(kUp);
  const std::uint32_t me = m.scene.add_character(body, params, at({middle.x, middle.y, down.max.z + half + 1.0f}));
  // Settles onto the plat (the plat's trigger sees it at once: it starts rising 50 ms later).
  const collision::CharacterInput still;
  int on_plat = 0, frames = 0;
  float worst = 0.0f;
  const int ride = static_cast<int>(std::ceil((0.05 + q.duration_ms / 1000.0) / kDt)) + 10;
  for (int f = 0; f < ride; ++f, ++frames) {
    m.movers.advance(kDt);
    m.scene.update_character(me, still, kDt);
    const collision::SceneCharacter& c = m.scene.character(me);
    const float top = m.scene.instance(id).world_bounds.max.z;
    if (f >= 5) {  // landed
      ASSERT_EQ(c.state.ground, collision::GroundState::kOnGround) << "frame " << f;
      ASSERT_EQ(c.state.ground_instance, id) << "frame " << f;
      ++on_plat;
      worst = std::max(worst, std::fabs(c.state.position.z - (top + half + skin)));
    }
    EXPECT_NEAR(c.state.position.x, middle.x, 1e-3f);
    EXPECT_NEAR(c.state.position.y, middle.y, 1e-3f);
  }
  std::printf("lift: %d frames on the plat, worst height error %g units\n", on_plat, static_cast<double>(worst));
  EXPECT_EQ(m.movers.system().state(plat), State::kPos2);
  EXPECT_NEAR(m.scene.instance(id).world_bounds.max.z, down.max.z + rise, 1e-3f);
  EXPECT_NEAR(m.scene.character(me).state.position.z, down.max.z + rise + half + skin, 0.01f);
  EXPECT_LT(worst, 0.05f);  // on its skin all the way up (the plat moves 1.67 units a frame)
}

// Every OpenArena map with movers: 8 characters, half at the spawns and half dropped onto movers,
// walk at random for 10 s while every door, plat and button is used every 1.5 s (and the
// triggers do their part): nobody tunnels through the level (the centre's path between two frames
// never crosses a solid triangle) nor ends a frame deeper than its skin in the level, a mover or
// another character.
TEST(QuakeScene, RandomWalksOnEveryMapWithMoversNeverTunnelNorEndDeeperThanTheSkin) {
  const std::vector<std::string> entries = collision::io::list_maps(prism_test::kPk3);
  int maps = 0;
  long frames_on_movers = 0, mover_contacts = 0, blocked = 0;
  float deepest = 0.0f;
  std::vector<collision::Contact> cs;
  for (const std::string& entry : entries) {
    const std::string name = entry.substr(5, entry.size() - 9);
    {
      const Level probe = load_map(name);
      bool any = false;
      for (const QuakeMover& q : probe.movers.movers) any = any || q.mesh.triangle_count() > 0;
      if (!any) continue;
    }
    ++maps;
    MapScene m(name);
    const collision::Body body = player();
    const collision::CharacterParams params = player_params();
    const float skin = params.move.resolved_skin(body);
    std::mt19937 rng(1234);
    std::uniform_real_distribution<float> dir(-1.0f, 1.0f);
    std::vector<std::uint32_t> chars;
    for (std::size_t i = 0; i < 4 && i < m.level.spawns.size(); ++i) {
      chars.push_back(m.scene.add_character(body, params, at(m.level.spawns[i * m.level.spawns.size() / 4].origin)));
    }
    std::vector<std::uint32_t> ids;
    for (std::size_t i = 0; i < m.level.movers.movers.size(); ++i) {
      const std::uint32_t id = m.movers.instance(i);
      // (A mover of non-solid faces alone has an instance but an empty box: nothing to stand on.)
      if (id != QuakeSceneMovers::kNoInstance && !m.scene.instance(id).world_bounds.empty()) ids.push_back(id);
    }
    for (std::size_t k = 0; k < 4 && !ids.empty(); ++k) {
      const collision::Aabb b = m.scene.instance(ids[k * ids.size() / 4]).world_bounds;
      const glm::vec3 drop(b.center().x, b.center().y, b.max.z + body.extent_along(kUp) + 4.0f);
      // Only where the drop point is clear (not inside the level or another mover).
      collision::find_contacts(m.scene, body, drop, 0.0f, cs);
      if (cs.empty()) chars.push_back(m.scene.add_character(body, params, at(drop)));
    }
    std::vector<collision::CharacterInput> inputs(chars.size());
    for (int frame = 0; frame < 600; ++frame) {
      if (frame % 90 == 0) {
        for (std::size_t i = 0; i < m.level.movers.movers.size(); ++i) m.movers.system().use(i);
      }
      if (frame % 30 == 0) {
        for (auto& in : inputs) {
          in.velocity = glm::vec3(dir(rng), dir(rng), 0.0f) * 320.0f;
          in.jump = dir(rng) > 0.8f;
        }
      }
      std::vector<glm::vec3> before;
      for (std::uint32_t id : chars) before.push_back(m.scene.character(id).state.position);
      try {
        m.movers.advance(kDt);
      } catch (const std::exception& e) {
        FAIL() << name << " frame " << frame << " advance: " << e.what();
      }
      for (std::size_t k = 0; k < chars.size(); ++k) {
        try {
          m.scene.update_character(chars[k], inputs[k], kDt);
        } catch (const std::exception& e) {
          const auto& c = m.scene.character(chars[k]);
          FAIL() << name << " frame " << frame << " character " << k << " at " << c.state.position.x << " "
                 << c.state.position.y << " " << c.state.position.z << ": " << e.what();
        }
      }
      for (std::uint32_t id : ids) blocked += m.scene.instance(id).blocked;
      for (std::size_t k = 0; k < chars.size(); ++k) {
        const collision::SceneCharacter& c = m.scene.character(chars[k]);
        const collision::RayHit through = collision::raycast(*m.world, before[k], c.state.position - before[k]);
        ASSERT_FALSE(through.hit) << name << " frame " << frame << " character " << k << " crossed triangle "
                                  << through.triangle;
        collision::find_contacts(m.scene, c.body, c.state.position, 1.0f, cs);
        for (const collision::Contact& x : cs) {
          if (x.instance == collision::kCharacterInstance + chars[k]) continue;  // its own body
          deepest = std::min(deepest, x.distance);
          mover_contacts += x.instance < collision::kCharacterInstance;
          ASSERT_GE(x.distance, -skin) << name << " frame " << frame << " character " << k << " in instance "
                                       << x.instance << " triangle " << x.triangle;
        }
        frames_on_movers += c.state.ground == collision::GroundState::kOnGround &&
                            c.state.ground_instance < collision::kCharacterInstance;
      }
    }
  }
  std::printf("%d maps: deepest %g units, %ld character frames on movers, %ld contacts with movers, %ld blocked mover steps\n",
              maps, static_cast<double>(deepest), frames_on_movers, mover_contacts, blocked);
  EXPECT_EQ(maps, 24);
  EXPECT_GT(frames_on_movers, 500);  // the walks do ride the movers
  EXPECT_GT(mover_contacts, 1000);
}

}  // namespace
