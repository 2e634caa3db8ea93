// bench_scene: the Scene (collision/scene.hpp) on a real map with 1,000 moving instances
// (crates: boxes of 12 triangles; doors: boxes with faces subdivided into 48 to 192 triangles),
// every one moving (linear and angular velocity) every step:
//   update   the cost of Scene::advance per step (integration, the instances' world boxes,
//            no characters), on one core
//   queries  rays and sphere sweeps per second, the static World alone and the Scene
//   Bullet   the same instances as btCollisionObjects in a btCollisionWorld (boxes as
//            btBoxShape, doors as shared btBvhTriangleMeshShape, the level as one): the update
//            (setWorldTransform + updateAabbs) and rayTest / convexSweepTest (btSphereShape)
// Usage: bench_scene [MAP] [--instances N] [--steps N] [--queries N]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include <btBulletCollisionCommon.h>

#include "collision/scene.hpp"
#include "collision_io/level.hpp"

namespace {

using Clock = std::chrono::steady_clock;

// A box of half extents h whose six faces are g x g grids (12 g^2 triangles).
collision::TriangleMesh grid_box(const glm::vec3& h, int g) {
  std::vector<glm::vec3> p;
  std::vector<glm::uvec3> idx;
  for (int axis = 0; axis < 3; ++axis) {
    for (int side = -1; side <= 1; side += 2) {
      const int u = (axis + 1) % 3, v = (axis + 2) % 3;
      const auto base = static_cast<std::uint32_t>(p.size());
      for (int i = 0; i <= g; ++i) {
        for (int j = 0; j <= g; ++j) {
          glm::vec3 x(0.0f);
          x[axis] = static_cast<float>(side) * h[axis];
          x[u] = h[u] * (2.0f * static_cast<float>(i) / static_cast<float>(g) - 1.0f);
          x[v] = h[v] * (2.0f * static_cast<float>(j) / static_cast<float>(g) - 1.0f);
          p.push_back(x);
        }
      }
      for (int i = 0; i < g; ++i) {
        for (int j = 0; j < g; ++j) {
          const std::uint32_t a = base + static_cast<std::uint32_t>(i * (g + 1) + j), b = a + 1,
                              c = a + static_cast<std::uint32_t>(g + 1), d = c + 1;
          idx.emplace_back(a, c, d);
          idx.emplace_back(a, d, b);
        }
      }
    }
  }
  return collision::make_mesh(p, idx);
}

btVector3 bt(const glm::vec3& v) { return {v.x, v.y, v.z}; }

std::unique_ptr<btTriangleMesh> bullet_mesh(const collision::TriangleMesh& m) {
  auto out = std::make_unique<btTriangleMesh>(true, true);
  for (std::size_t i = 0; i < m.triangle_count(); ++i) {
    if (!m.solid(i)) continue;
    const collision::Triangle t = m.triangle(i);
    out->addTriangle(bt(t.a), bt(t.b), bt(t.c));
  }
  return out;
}

// The scene's instances as Bullet collision objects, kept at the scene's poses.
struct BulletPeer {
  btDefaultCollisionConfiguration configuration;
  btCollisionDispatcher dispatcher{&configuration};
  btDbvtBroadphase broadphase;
  std::unique_ptr<btCollisionWorld> world;
  std::vector<std::unique_ptr<btTriangleMesh>> meshes;
  std::vector<std::unique_ptr<btCollisionShape>> shapes;
  std::vector<std::unique_ptr<btCollisionObject>> objects;

  btCollisionShape* mesh_shape(const collision::TriangleMesh& m) {
    meshes.push_back(bullet_mesh(m));
    shapes.push_back(std::make_unique<btBvhTriangleMeshShape>(meshes.back().get(), true));
    return shapes.back().get();
  }
  void add(btCollisionShape* shape, const collision::Pose& pose) {
    objects.push_back(std::make_unique<btCollisionObject>());
    objects.back()->setCollisionShape(shape);
    place(*objects.back(), pose);
    world->addCollisionObject(objects.back().get());
  }
  static void place(btCollisionObject& o, const collision::Pose& p) {
    o.setWorldTransform(btTransform(btQuaternion(p.rotation.x, p.rotation.y, p.rotation.z, p.rotation.w), bt(p.position)));
  }
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  std::string map = "oa_dm1";
  long instances = 1000, steps = 600, queries = 20000;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto value = [&]() {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "bench_scene: %s needs a value\n", a.c_str());
        std::exit(1);
      }
      return std::max(1L, std::strtol(argv[++i], nullptr, 10));
    };
    if (a == "--instances") instances = value();
    else if (a == "--steps") steps = value();
    else if (a == "--queries") queries = value();
    else map = a;
  }
  try {
    const collision::io::Level level = collision::io::load_level(map);
    auto world = std::make_shared<const collision::World>(level.mesh);
    collision::Scene scene(world);
    std::vector<std::shared_ptr<const collision::World>> doors;
    for (int g = 2; g <= 4; ++g) doors.push_back(std::make_shared<const collision::World>(grid_box({48, 64, 4}, g)));
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> u(0.0f, 1.0f), s(-1.0f, 1.0f);
    const collision::Aabb b = world->bounds();
    std::size_t triangles = 0;
    for (long i = 0; i < instances; ++i) {
      const collision::Pose pose{b.min + glm::vec3(u(rng), u(rng), u(rng)) * (b.max - b.min),
                                 glm::normalize(glm::quat(s(rng), s(rng), s(rng), s(rng)))};
      const std::uint32_t id = i % 2 == 0 ? scene.add_box(glm::vec3(16.0f + 16.0f * u(rng)), pose)
                                          : scene.add_mesh(doors[static_cast<std::size_t>(i / 2) % doors.size()], pose);
      scene.set_velocity(id, glm::vec3(s(rng), s(rng), s(rng)) * 50.0f, glm::vec3(s(rng), s(rng), s(rng)));
      triangles += scene.instance(id).mesh->solid_triangle_count();
    }
    std::printf("bench_scene %s: %zu level triangles, %ld instances (%zu triangles), all moving\n", map.c_str(),
                world->solid_triangle_count(), instances, triangles);
    // Every 2 s each instance turns back the way it came, so that the instances stay where the
    // level is (the queries meet the same density whatever the step count).
    const auto turn_back = [&](long k) {
      if (k % 120 != 119) return;
      for (std::uint32_t id = 0; id < scene.instance_slots(); ++id) {
        const collision::SceneInstance& in = scene.instance(id);
        scene.set_velocity(id, -in.velocity, -in.angular_velocity);
      }
    };
    std::vector<double> per_step;
    for (long k = 0; k < steps; ++k) {
      turn_back(k);
      const auto t0 = Clock::now();
      scene.advance(1.0f / 60.0f);
      per_step.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
    }
    std::printf("update: advance(1/60) median %.1f us a step, best %.1f us (%ld steps)\n", median(per_step),
                *std::min_element(per_step.begin(), per_step.end()), steps);
    // Bullet: the level and the same instances, moved to the scene's poses every step.
    BulletPeer peer;
    peer.world = std::make_unique<btCollisionWorld>(&peer.dispatcher, &peer.broadphase, &peer.configuration);
    peer.add(peer.mesh_shape(level.mesh), collision::Pose{});
    std::vector<btCollisionShape*> door_shapes;
    for (const auto& d : doors) door_shapes.push_back(peer.mesh_shape(d->mesh()));
    for (std::uint32_t id = 0; id < scene.instance_slots(); ++id) {
      const collision::SceneInstance& in = scene.instance(id);
      if (in.is_box) {
        peer.shapes.push_back(std::make_unique<btBoxShape>(bt(in.half_extents)));
        peer.add(peer.shapes.back().get(), in.pose);
      } else {
        peer.add(door_shapes[(id / 2) % door_shapes.size()], in.pose);
      }
    }
    peer.world->updateAabbs();
    std::vector<double> bullet_step;
    for (long k = 0; k < 240; ++k) {  // back where the timed steps left the instances
      turn_back(steps + k);
      scene.advance(1.0f / 60.0f);
      const auto t0 = Clock::now();
      for (std::uint32_t id = 0; id < scene.instance_slots(); ++id) {
        BulletPeer::place(*peer.objects[id + 1], scene.instance(id).pose);
      }
      peer.world->updateAabbs();
      bullet_step.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
    }
    std::printf("update, Bullet: setWorldTransform x %zu + updateAabbs median %.1f us a step\n",
                scene.instance_slots(), median(bullet_step));
    std::vector<glm::vec3> from(static_cast<std::size_t>(queries)), delta(from.size());
    for (std::size_t i = 0; i < from.size(); ++i) {
      from[i] = b.min + glm::vec3(u(rng), u(rng), u(rng)) * (b.max - b.min);
      delta[i] = glm::vec3(s(rng), s(rng), s(rng)) * 148.0f;
    }
    // Each query set three times, the sets alternating, the best of each kept (a busy machine
    // slows a run, never speeds it), then the ratios to Bullet's.
    const auto time_ns = [&](auto&& query, std::size_t& hits) {
      hits = 0;
      const auto t0 = Clock::now();
      for (std::size_t i = 0; i < from.size(); ++i) hits += query(from[i], delta[i]);
      return 1e9 * std::chrono::duration<double>(Clock::now() - t0).count() / double(from.size());
    };
    const collision::Body sphere = collision::Body::sphere(16.0f);
    btSphereShape bullet_sphere(16.0f);
    struct Set {
      const char* what;
      std::function<bool(const glm::vec3&, const glm::vec3&)> query;
      double best = 1e300;
      std::size_t hits = 0;
    };
    std::vector<Set> sets;
    sets.push_back({"ray, static World", [&](auto& o, auto& d) { return collision::raycast(*world, o, d).hit; }});
    sets.push_back({"ray, Scene", [&](auto& o, auto& d) { return collision::raycast(scene, o, d).hit; }});
    sets.push_back({"sphere sweep, static World", [&](auto& o, auto& d) { return collision::sweep(*world, sphere, o, d).hit; }});
    sets.push_back({"sphere sweep, Scene", [&](auto& o, auto& d) { return collision::sweep(scene, sphere, o, d).hit; }});
    sets.push_back({"ray, Bullet", [&](auto& o, auto& d) {
                      btCollisionWorld::ClosestRayResultCallback cb(bt(o), bt(o + d));
                      peer.world->rayTest(bt(o), bt(o + d), cb);
                      return cb.hasHit();
                    }});
    sets.push_back({"sphere sweep, Bullet", [&](auto& o, auto& d) {
                      btCollisionWorld::ClosestConvexResultCallback cb(bt(o), bt(o + d));
                      peer.world->convexSweepTest(&bullet_sphere, btTransform(btQuaternion::getIdentity(), bt(o)),
                                                  btTransform(btQuaternion::getIdentity(), bt(o + d)), cb);
                      return cb.hasHit();
                    }});
    for (int round = 0; round < 3; ++round) {
      for (Set& q : sets) q.best = std::min(q.best, time_ns(q.query, q.hits));
    }
    for (const Set& q : sets) {
      std::printf("%-28s %10.0f /s  (%.0f ns each, %zu hits; best of 3)\n", q.what, 1e9 / q.best, q.best, q.hits);
    }
    std::printf("Scene / Bullet: rays %.2fx, sphere sweeps %.2fx\n", sets[4].best / sets[1].best, sets[5].best / sets[3].best);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_scene: %s\n", e.what());
    return 1;
  }
  return 0;
}
