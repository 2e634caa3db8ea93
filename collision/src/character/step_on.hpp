#pragma once
// Internal: the character step against any Collider (a World or a scene as one character sees
// it), for the Scene's characters (collision/src/scene/scene_characters.cpp). The public
// step_character / update_character / refresh_contacts are these on a World.
#include "collision/character.hpp"
#include "move/collider.hpp"

namespace collision::detail {

/// update_character against `world`: `state` becomes the step's result.
void update_character_on(const Collider& world, const Body& body, CharacterState& state, const CharacterInput& input,
                         float dt, const CharacterParams& params, Trace* trace);
/// refresh_contacts against `world`, in place.
void refresh_contacts_on(const Collider& world, const Body& body, CharacterState& state, const CharacterParams& params);

}  // namespace collision::detail
