#pragma once
/// @file move.hpp
/// Collide-and-slide: move a Body (collision/body.hpp) through a World without passing through
/// triangles (robust method), or with one of the classic methods (offset prism, sphere
/// classification, box edges; trace.hpp names their sources).
///
/// Units: the mesh's. Conventions: positions are body centres; a displacement is the whole move
/// of one call. Invalid parameters or input throw std::invalid_argument with a message naming
/// the field: zero iterations, a skin not smaller than the radius, and anything outside the
/// input domain (collision/domain.hpp: NaN or infinite values, a position or move end beyond
/// +-2^40, a displacement longer than 2^40, radii outside [2^-40, 2^40], or an ellipsoid
/// aspect above 2^16).

#include <optional>

#include <glm/vec3.hpp>

#include "collision/body.hpp"
#include "collision/trace.hpp"
#include "collision/world.hpp"

namespace collision {

struct MoveParams {
  Method method = Method::kRobust;
  int max_iterations = 4;  ///< slide iterations per move, >= 1
  /// Gap kept between the body and what it touches, in [0, smallest radius); empty: derived,
  /// 1% of the smallest radius.
  std::optional<float> skin_width;
  bool one_sided = false;  ///< robust method: ignore back faces
  /// The offset prism's edge margin L (and the sphere classification's edge reach), >= 0;
  /// empty: the radius.
  std::optional<float> edge_margin;
  /// The offset prism's response epsilon: how far in front of the offset plane the point is
  /// put back, >= 0; empty: derived, 0.1% of the radius. (An invalid value is reported as
  /// "seed_epsilon", the field's former name, in validate messages.)
  std::optional<float> offset_prism_epsilon;

  float resolved_skin(const Body& b) const;
};

struct MoveResult {
  glm::vec3 position{0.0f};
  int iterations = 0;      ///< sweeps (slide iterations) used
  bool hit = false;        ///< touched something during the move
  bool blocked = false;    ///< stopped by a corner of three planes or the iteration limit
  bool start_overlap = false;
  glm::vec3 last_normal{0.0f};
};

/// One move of `body` from `position` by `displacement`. Robust method: sweep, stop at the
/// contact minus the skin width (backing off along the move, never into other geometry),
/// project the rest onto the contact plane; with two planes slide along their crease, with three
/// stop; the same plane twice nudges out by the skin. A start in overlap is pushed out along
/// the contact normal by at most the overlap plus the skin (Fauerby 2003; Quake 3's
/// PM_SlideMove for the crease rules).
/// When `trace` is non-null it is cleared, then filled with this move alone.
MoveResult move(const World& world, const Body& body, const glm::vec3& position,
                const glm::vec3& displacement, const MoveParams& params, Trace* trace = nullptr);

}  // namespace collision
