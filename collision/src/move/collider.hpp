#pragma once
// Internal: what the robust collide-and-slide (move_robust) and the character step collide
// with: a World (every public World call), or a Scene as one of its characters sees it
// (collision/scene.hpp: the static level, the instances at their poses, the other characters).
//
// The World's path calls exactly the functions it called before (sweep, find_contacts,
// raycast, the mesh's normals and triangles), so its results are bit-identical; the scene's
// is one predictable branch away (a pointer test per call, against queries of 100 ns and up).
// A contact or hit is named by its key (instance, triangle): for a World every instance is
// kStaticLevel and the key orders as the triangle index does.
#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/body.hpp"
#include "collision/contacts.hpp"
#include "collision/world.hpp"

namespace collision {
class Scene;
}

namespace collision::detail {

/// A scene seen from one query: `ignore_character` and `ignore_instance` (or kNoTriangle)
/// are left out of it (the character asking; the mover pushing it).
struct SceneView {
  const Scene* scene = nullptr;
  std::uint32_t ignore_character = kNoTriangle;
  std::uint32_t ignore_instance = kNoTriangle;
  bool characters = true;  ///< false: no character at all (SceneQueryFilter; rays only)
};

// The scene's side (collision/src/scene/scene_queries.cpp).
SweepHit scene_sweep(const SceneView& v, const Body& body, const glm::vec3& center, const glm::vec3& delta,
                     const SweepOptions& options);
void scene_contacts(const SceneView& v, const Body& body, const glm::vec3& center, float reach,
                    std::vector<Contact>& out);
RayHit scene_raycast(const SceneView& v, const glm::vec3& origin, const glm::vec3& delta);
/// The face normal (world space, unit) of triangle `triangle` of `instance`; `fallback` for a
/// character (a body has no faces: its contact normal).
glm::vec3 scene_face_normal(const SceneView& v, std::uint32_t instance, std::uint32_t triangle,
                            const glm::vec3& fallback);
/// The triangle in world space; false for a character.
bool scene_triangle(const SceneView& v, std::uint32_t instance, std::uint32_t triangle, Triangle& out);
/// distance_to_triangle, or for a character the distance between the two bodies.
TriangleDistance scene_distance(const SceneView& v, std::uint32_t instance, std::uint32_t triangle,
                                const Body& body, const glm::vec3& center, double reach);
/// Changes whenever anything in the scene moves (never 0): the contacts' digest takes it.
std::uint64_t scene_version(const SceneView& v);
/// The scene's static level.
const World& scene_level(const SceneView& v);
/// A triangle of an instance near a query (a Trace's candidate): its index in the instance's
/// mesh and its corners at the instance's pose.
struct InstanceTriangle {
  std::uint32_t instance = 0;
  std::uint32_t triangle = 0;
  Triangle world;
};
/// The instances' triangles (but v.ignore_instance's) whose boxes may meet world box `box`,
/// by (instance, triangle), appended to `out`: what a Trace lists beside the level's.
void scene_candidates(const SceneView& v, const Aabb& box, std::vector<InstanceTriangle>& out);

/// A contact's or hit's name: instance (static first) then triangle.
inline std::uint64_t contact_key(std::uint32_t instance, std::uint32_t triangle) {
  return (std::uint64_t{static_cast<std::uint32_t>(instance + 1u)} << 32) | triangle;
}
inline std::uint64_t contact_key(const Contact& c) { return contact_key(c.instance, c.triangle); }

class Collider {
 public:
  Collider(const World& world) : world_(&world) {}  // NOLINT: implicit, every World call site
  explicit Collider(const SceneView& view) : view_(&view) {}

  /// The World, or null for a scene.
  const World* world() const { return world_; }
  /// The scene, or null for a World.
  const SceneView* scene() const { return view_; }
  /// The World, or the scene's static level.
  const World& level() const { return view_ ? scene_level(*view_) : *world_; }

  SweepHit sweep(const Body& body, const glm::vec3& center, const glm::vec3& delta, const SweepOptions& o) const {
    if (view_) return scene_sweep(*view_, body, center, delta, o);
    return collision::sweep(*world_, body, center, delta, o);
  }
  void find_contacts(const Body& body, const glm::vec3& center, float reach, std::vector<Contact>& out) const {
    if (view_) return scene_contacts(*view_, body, center, reach, out);
    collision::find_contacts(*world_, body, center, reach, out);
  }
  RayHit raycast(const glm::vec3& origin, const glm::vec3& delta) const {
    if (view_) return scene_raycast(*view_, origin, delta);
    return collision::raycast(*world_, origin, delta);
  }
  /// Whether the contact is a triangle of this collider (the character layer's guard).
  bool has_triangle(const Contact& c) const {
    if (view_) return c.triangle != kNoTriangle;
    return c.triangle < world_->mesh().normals.size();
  }
  glm::vec3 face_normal(std::uint32_t instance, std::uint32_t triangle, const glm::vec3& fallback) const {
    if (view_) return scene_face_normal(*view_, instance, triangle, fallback);
    return world_->mesh().normals[triangle];
  }
  glm::vec3 face_normal(const Contact& c) const { return face_normal(c.instance, c.triangle, c.normal); }
  bool triangle(const Contact& c, Triangle& out) const {
    if (view_) return scene_triangle(*view_, c.instance, c.triangle, out);
    if (c.triangle >= world_->mesh().triangle_count()) return false;
    out = world_->mesh().triangle(c.triangle);
    return true;
  }
  TriangleDistance distance(const Contact& c, const Body& body, const glm::vec3& center, double reach) const {
    if (view_) return scene_distance(*view_, c.instance, c.triangle, body, center, reach);
    return distance_to_triangle(world_->mesh().triangle(c.triangle), body, center, reach);
  }
  std::uint64_t id() const { return view_ ? scene_version(*view_) : world_->id(); }

 private:
  const World* world_ = nullptr;
  const SceneView* view_ = nullptr;
};

}  // namespace collision::detail
