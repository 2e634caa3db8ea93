#pragma once
// Internal: the Scene's queries against one instance or one character, shared by the scene's
// queries (scene_queries.cpp) and its pushes (scene_characters.cpp); the body-against-body
// tests that make characters block each other (body_pairs.cpp).
#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/scene.hpp"

namespace collision::detail {

/// sweep() against instance `id` alone (its `instance` set).
SweepHit sweep_instance(const Scene& scene, std::uint32_t id, const Body& body, const glm::vec3& center,
                        const glm::vec3& delta, const SweepOptions& options);
/// find_contacts against instance `id` alone, appended to `out` (unsorted).
void instance_contacts(const Scene& scene, std::uint32_t id, const Body& body, const glm::vec3& center, float reach,
                       std::vector<Contact>& out);

/// A character's body as the others meet it: grown by its skin on every axis.
Body grown_by_skin(const SceneCharacter& c);
/// The earliest contact of `a` moved from `ca` by `delta` with `b` standing at `cb` (see
/// scene.hpp, "Characters as bodies"): point on b, normal towards a.
SweepHit sweep_body_body(const Body& a, const glm::vec3& ca, const glm::vec3& delta, const Body& b,
                         const glm::vec3& cb);
/// The gap between `a` at `ca` and `b` at `cb` (< 0: overlap), the point on b, the normal
/// from b towards a.
TriangleDistance body_body_distance(const Body& a, const glm::vec3& ca, const Body& b, const glm::vec3& cb);
/// The segment origin -> origin + delta against `b` at `cb`.
RayHit ray_body(const Body& b, const glm::vec3& cb, const glm::vec3& origin, const glm::vec3& delta);

}  // namespace collision::detail
