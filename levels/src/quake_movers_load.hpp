#pragma once
/// @file quake_movers_load.hpp
/// From a map's parsed entities and its inline models to QuakeMovers (internal to
/// prism_levels; bsp.cpp supplies the models).

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/mesh.hpp"
#include "collision_io/quake_movers.hpp"
#include "entity_lump.hpp"

namespace collision::io::detail {

struct InlineModel {
  glm::vec3 mins{0.0f}, maxs{0.0f};  ///< as the game sees them: the file's bounds spread by 1
  collision::TriangleMesh mesh;       ///< faces moved by the offset asked for
};

/// `read_model(N, offset, what)` reads inline model N (1 <= N < model_count) with `offset`
/// added to its vertices; `what` names it for errors. `fail` throws LoadError with the file name.
QuakeMovers load_quake_movers(
    const std::vector<Entity>& entities, std::size_t model_count,
    const std::function<InlineModel(std::size_t, glm::vec3, const std::string&)>& read_model,
    const std::function<void(const std::string&)>& fail);

}  // namespace collision::io::detail
