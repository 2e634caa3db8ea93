#pragma once
// Internal: the digest behind CharacterState::contacts_key.
#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/body.hpp"
#include "collision/contacts.hpp"

namespace collision::detail::character {

/// CharacterState::contacts_key of contacts `cs` found in world `world` (World::id) for `body`
/// at `pos` within `reach`: a 64-bit digest, never 0.
std::uint64_t contacts_digest(std::uint64_t world, const Body& body, float reach, const glm::vec3& pos,
                              const std::vector<Contact>& cs);

}  // namespace collision::detail::character
