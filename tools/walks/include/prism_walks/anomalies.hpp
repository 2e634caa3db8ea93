#pragma once
/// @file anomalies.hpp
/// What must never happen to a walking body, checked frame by frame:
///  - deep overlap: the body ends a frame overlapping geometry deeper than the skin width;
///  - wall pass: the straight segment between two consecutive centres crosses a solid triangle
///    (a centre that keeps its radius from every triangle can never do that);
///  - stuck: more than a second (60 frames) without moving more than one unit while a sweep of
///    the body in the wish direction had at least a body radius of free space.

#include <cstdint>

#include <glm/vec3.hpp>

#include "collision/character.hpp"
#include "collision/world.hpp"

namespace prism_walks {

enum class AnomalyKind : std::uint8_t { kDeepOverlap, kWallPass, kStuck };
const char* to_string(AnomalyKind k);

/// The per-frame checks for one body in one world.
struct AnomalyChecks {
  const collision::World& world;
  collision::Body body;
  float skin = 0.0f;  ///< the move's resolved skin width

  /// How deep `center` overlaps geometry beyond the skin width (> 0: a deep overlap; the
  /// triangle goes to `triangle`). Spheres: overlap_sphere with radius r - skin and the exact
  /// penetration from a zero-length sweep; ellipsoids: the zero-length sweep.
  float overlap_beyond_skin(const glm::vec3& center, std::uint32_t* triangle = nullptr) const;
  /// True when the segment from -> to crosses a solid triangle (raycast); the triangle index
  /// goes to `triangle`.
  bool passes_through_wall(const glm::vec3& from, const glm::vec3& to,
                           std::uint32_t* triangle = nullptr) const;
  /// True when the body at `center` swept by its radius (the smallest one) along the unit
  /// direction `dir` touches nothing.
  bool free_along(const glm::vec3& center, const glm::vec3& dir) const;
};

/// Tracks one walk for the stuck rule. Feed it every frame's end position.
class StuckWatch {
 public:
  static constexpr int kFrames = 60;       ///< a second at 60 Hz
  static constexpr float kDistance = 1.0f; ///< units moved that count as moving

  /// `free`: the wish direction had a body radius of free space this frame (false when there
  /// is no wish). Returns true exactly once per walk, on the frame the walk becomes stuck.
  bool update(const glm::vec3& position, bool free);
  bool stuck() const { return reported_; }

 private:
  glm::vec3 anchor_{0.0f};
  int frames_ = 0;
  bool reported_ = false;
};

}  // namespace prism_walks
