#pragma once
/// @file contacts.hpp
/// Contacts: the triangles a body touches at a position, each with its closest point, contact
/// normal, gap and feature. The character layer builds its ground state and its skin from them.
///
/// Units: the mesh's. The gap is measured from the body's surface: positive outside, negative
/// when the body overlaps the triangle (then -gap is the penetration depth). It is
/// collision::distance_to_triangle's (body.hpp): exact for spheres, boxes and capsules (in
/// double relative to the triangle); for an ellipsoid measured in the space where it is a unit
/// sphere (Fauerby 2003) and mapped back along the contact normal, exact against a triangle's
/// face and a close estimate at its edges and corners. Overlap depths: a box's is its least
/// separating-axis penetration, a capsule's as capsule_triangle_distance states, but for a
/// capsule whose segment crosses the triangle: there the contact takes the least push out
/// through one of the triangle's edges (normal square to the edge and the axis, feature kEdge,
/// gap minus the radius and how far the edge lies beyond the segment) when that is shorter than
/// the push along the face's normal and no other solid triangle sharing the edge goes on beyond
/// it along that push (a box's edge is a way out; a tiled floor's inner edge, a ramp's foot or a
/// gentle crest is not).

#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/move.hpp"
#include "collision/queries.hpp"

namespace collision {

/// One triangle a body touches.
struct Contact {
  std::uint32_t triangle = kNoTriangle;  ///< index in the World's mesh
  glm::vec3 point{0.0f};   ///< closest point on the triangle to the body
  /// Contact normal: unit, from the contact point towards the body's centre. When the centre
  /// lies on the triangle itself (no direction), the triangle's own face normal.
  glm::vec3 normal{0.0f};
  float distance = 0.0f;   ///< gap between the body's surface and the triangle (< 0: overlap)
  Feature feature = Feature::kNone;  ///< the part of the triangle closest to the body
  /// Set by the character layer: the contact counts as walkable ground (its normal, or for an
  /// edge or corner the walkable face it belongs to, is within the maximum slope).
  bool walkable = false;
  /// kStaticLevel, or in a Scene the instance or character touched (collision/scene.hpp;
  /// `triangle` is then an index in that instance's mesh)
  std::uint32_t instance = kStaticLevel;
};

/// Every solid triangle whose gap to `body` centred at `center` is at most `reach` (reach >= 0),
/// ascending by triangle index. Clears `out` first. Non-finite input gives no contacts.
void find_contacts(const World& world, const Body& body, const glm::vec3& center, float reach,
                   std::vector<Contact>& out);

}  // namespace collision
