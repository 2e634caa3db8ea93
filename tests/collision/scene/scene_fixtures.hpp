#pragma once
// Small scenes for the Scene's character tests: levels made of boxes, Jolt's sphere character.
#include <memory>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/scene.hpp"

namespace prism_test {

/// A static level of axis-aligned boxes (centre, half extents).
inline std::shared_ptr<const collision::World> boxes_level(const std::vector<std::pair<glm::vec3, glm::vec3>>& boxes) {
  std::vector<glm::vec3> p;
  std::vector<glm::uvec3> idx;
  for (const auto& [c, h] : boxes) {
    const collision::TriangleMesh m = collision::scene_box_mesh(h);
    const auto base = static_cast<std::uint32_t>(p.size());
    for (const glm::vec3& x : m.positions) p.push_back(x + c);
    for (const glm::uvec3& t : m.indices) idx.push_back(t + glm::uvec3(base));
  }
  return std::make_shared<const collision::World>(collision::make_mesh(p, idx));
}

/// Jolt's character restated as a sphere: Y up, the given radius and skin.
inline collision::CharacterParams sphere_params(float skin) {
  collision::CharacterParams p;
  p.up = {0.0f, 1.0f, 0.0f};
  p.move.skin_width = skin;
  return p;
}

inline collision::CharacterState at(const glm::vec3& position) {
  collision::CharacterState s;
  s.position = position;
  return s;
}

/// The smallest gap between character `id`'s body and instance `instance` (or the static
/// level, kStaticLevel), from the scene's contacts within `reach`.
inline float gap_to(const collision::Scene& scene, std::uint32_t id, std::uint32_t instance, float reach = 1.0f) {
  std::vector<collision::Contact> cs;
  const collision::SceneCharacter& c = scene.character(id);
  collision::find_contacts(scene, c.body, c.state.position, reach, cs);
  float gap = reach;
  for (const collision::Contact& k : cs) {
    if (k.instance == instance) gap = std::min(gap, k.distance);
  }
  return gap;
}

}  // namespace prism_test
