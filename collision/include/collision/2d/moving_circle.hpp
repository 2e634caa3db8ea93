#pragma once
/// @file moving_circle.hpp
/// A moving circle against segments: earliest time of impact on a segment's face or its end
/// points, and the two responses: slide along the wall, and bounce (reflection about the contact
/// normal with a restitution; the vector rebound of Twinsen's "Use of vectors in game
/// programming" series). Also a point particle bouncing inside a closed polygon (the series'
/// demo, made escape-proof).
///
/// Conventions: a move is a start centre and a displacement `delta`; times are fractions of
/// delta in [0, 1]. Lengths in the caller's units. The contact normal is a unit vector from the
/// contact point on the segment towards the circle's centre at contact. A segment collides on
/// both sides. Input outside the 2D domain (domain_2d.hpp: non-finite values, magnitudes beyond
/// 2^200 or nonzero below 2^-200) or a negative radius throws std::invalid_argument naming the
/// argument (sweep_circle_segment, sweep_circle; step_particle through intersect_segments).

#include <cstddef>
#include <cstdint>
#include <span>

#include "collision/2d/polygon.hpp"
#include "collision/2d/predicates.hpp"

namespace collision::planar {

struct Segment {
  Vec2 a{0.0};
  Vec2 b{0.0};
};

/// Which part of the segment the circle touched first.
enum class SegmentFeature : std::uint8_t { kNone, kFace, kStart, kEnd };

inline constexpr std::size_t kNoSegment = static_cast<std::size_t>(-1);

struct CircleHit {
  bool hit = false;
  /// The circle already overlapped the segment (distance < radius) and its move goes further
  /// in (delta . normal < 0): toi == 0. A circle that overlaps and moves out is not blocked.
  bool start_overlap = false;
  double toi = 1.0;          ///< time of impact: centre at contact = centre + toi * delta
  Vec2 point{0.0};           ///< contact point on the segment
  Vec2 normal{0.0};          ///< contact normal (unit, from the segment towards the centre)
  double penetration = 0.0;  ///< radius - distance at the start (start_overlap only)
  std::size_t segment = kNoSegment;
  SegmentFeature feature = SegmentFeature::kNone;
};

/// Earliest contact of a circle of `radius` moving from `center` by `delta` with segment a-b:
/// the face (the segment's line offset by the radius, the foot of the contact inside the
/// segment) and the two end points (|centre(t) - v| = radius, the smaller root). Touching
/// contacts count (toi where the distance equals the radius); a move that only grazes while
/// moving away does not.
CircleHit sweep_circle_segment(const Vec2& center, double radius, const Vec2& delta, const Vec2& a,
                               const Vec2& b);

/// The earliest contact over all segments (ties: the lower index). `segment` is the index.
CircleHit sweep_circle(const Vec2& center, double radius, const Vec2& delta,
                       std::span<const Segment> segments);

/// Slide response: the part of `motion` along the wall (its component against the contact
/// normal removed; unchanged when it already points away from the wall).
Vec2 slide(const Vec2& motion, const Vec2& normal);

/// Bounce response (Twinsen's vector rebound): reflection about the contact normal,
/// v' = v - (1 + restitution) (v . n) n when v . n < 0 (unchanged otherwise). restitution 1
/// keeps the speed, 0 leaves only the slide.
Vec2 bounce(const Vec2& velocity, const Vec2& normal, double restitution = 1.0);

/// A point particle moving inside a closed polygon for one step of `delta` (= velocity * dt):
/// it rebounds on every edge it would cross (exact crossing tests), and never leaves the
/// polygon: after each rebound its position is checked with the exact point-in-polygon test
/// (boundary counts as inside) and pulled back towards the last inside point if rounding put
/// it outside. An edge it moves along (collinear) is not a hit; reaching a vertex where the
/// path would leave through both edges reverses the velocity (the inward normal there is not
/// unique). `velocity` is reflected in place (times restitution along the normal).
struct ParticleStep {
  Vec2 position{0.0};
  Vec2 velocity{0.0};
  int bounces = 0;          ///< rebounds during this step
  int vertex_bounces = 0;   ///< of which at a vertex
};
/// `position` must be inside or on the polygon. At most `max_bounces` rebounds happen in one
/// step (the rest of the step is dropped), so a particle wedged in a corner cannot loop.
ParticleStep step_particle(const Polygon& polygon, const Vec2& position, const Vec2& velocity,
                           double dt, double restitution = 1.0, int max_bounces = 64);

}  // namespace collision::planar
