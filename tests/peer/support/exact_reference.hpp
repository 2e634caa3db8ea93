#pragma once
/// @file exact_reference.hpp
/// An independent double-precision reference for swept spheres and rays, written for the tests
/// and sharing no code with the collision core's narrow phase or BVH.
///
/// Sweeps: the distance f(t) from the moving centre c + t*d to a triangle is convex in t (the
/// distance to a convex set along a line), so per triangle the minimum is found by golden-section
/// search and the first time f(t) = r by bisection on [0, t_min], both to ~1e-10 units. Candidate
/// triangles come from a uniform grid (and f being 1-Lipschitz in the path length prunes most).
///
/// Rays: the segment is intersected with each triangle's plane in double, and the crossing point's
/// signed in-plane distance to the triangle's edges (positive inside, in units) classifies it as
/// inside, inside by a band, or inside when the triangle is grown by a band.

#include <cstdint>
#include <limits>
#include <vector>

#include <glm/ext/vector_double3.hpp>

#include "collision/mesh.hpp"
#include "collision/queries.hpp"

namespace prism::peer {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// Closest point on triangle abc to p (Ericson 2005, 5.1.5; written again here, in double).
glm::dvec3 closest_point(const glm::dvec3& p, const glm::dvec3& a, const glm::dvec3& b,
                         const glm::dvec3& c);

struct ReferenceTriangle {
  glm::dvec3 a, b, c;
  glm::dvec3 lo, hi;      ///< bounding box
  std::uint32_t index;    ///< index in the source mesh
};

/// The solid triangles of a mesh in double, optionally scaled per axis (for ellipsoids: the
/// space where the ellipsoid is a unit sphere), with a uniform grid over them.
class ReferenceMesh {
 public:
  explicit ReferenceMesh(const collision::TriangleMesh& mesh,
                         const glm::dvec3& scale = glm::dvec3(1.0));

  const std::vector<ReferenceTriangle>& triangles() const { return triangles_; }
  const glm::dvec3& scale() const { return scale_; }

  /// Indices into triangles() of every triangle whose box overlaps [lo, hi] (each once).
  void candidates(const glm::dvec3& lo, const glm::dvec3& hi, std::vector<std::uint32_t>& out) const;

 private:
  std::vector<ReferenceTriangle> triangles_;
  glm::dvec3 scale_;
  glm::dvec3 origin_{0.0};
  double cell_ = 1.0;
  int dims_[3] = {1, 1, 1};
  std::vector<std::uint32_t> cell_start_;  ///< CSR: triangles of cell k are [start[k], start[k+1])
  std::vector<std::uint32_t> cell_items_;
  mutable std::vector<std::uint32_t> stamp_;
  mutable std::uint32_t stamp_now_ = 0;
};

/// The exact answer to one swept sphere, with what is needed to tell a real disagreement from a
/// grazing one. Times are fractions of the move; "band" is the grazing tolerance in units.
struct SweepReference {
  /// Distance from the start centre to the nearest triangle (kInfinity when none is within
  /// radius + band + 1 of the swept box).
  double start_distance = kInfinity;
  bool start_overlap = false;   ///< start_distance < radius
  bool hit = false;             ///< the distance reaches the radius during the move
  double toi = 1.0;             ///< first time it does (0 on start overlap)
  std::uint32_t triangle = collision::kNoTriangle;  ///< mesh index (lowest on ties)
  glm::dvec3 normal{0.0};       ///< contact normal, from the contact point towards the centre
  /// Smallest distance to the mesh over the whole move (kInfinity when none is near).
  double closest_approach = kInfinity;
  /// Some triangle is approached closer than radius - band: the hit is not a grazing one.
  bool firm_hit = false;
  /// Hit or no hit is decided by less than the band: no triangle is approached closer than
  /// radius - band, and one is approached within radius + band.
  bool grazing = false;
  /// First contact with a triangle approached closer than radius - band (1 when none): no
  /// correct answer lies later than this.
  double firm_toi = 1.0;
  /// Earliest time any triangle whose closest approach is within the band of the radius comes
  /// within radius + band (1 when none). A result between this and toi is not wrong.
  double band_toi = 1.0;
  /// Earliest time any triangle at all comes within radius + band (1 when none): where a method
  /// that stops at a gap of `band` (Bullet's conservative advancement) may report its contact.
  double band_any_toi = 1.0;
};

/// Exact reference for a sphere of `radius` moved from `center` by `delta` (in the mesh's
/// scaled space: pass scaled coordinates for a scaled mesh).
SweepReference reference_sweep(const ReferenceMesh& mesh, const glm::dvec3& center, double radius,
                               const glm::dvec3& delta, double band);

/// Distance from p to the nearest triangle, or kInfinity when none is within `reach`.
double reference_distance(const ReferenceMesh& mesh, const glm::dvec3& p, double reach);

/// The exact answer to one segment cast, with the same classification by bands.
struct RayReference {
  bool hit = false;
  double t = kInfinity;                 ///< earliest crossing inside a triangle
  std::uint32_t triangle = collision::kNoTriangle;
  double t_strict = kInfinity;          ///< earliest crossing at least `band` inside a triangle
  double t_loose = kInfinity;           ///< earliest crossing within `band` of a triangle
  /// As t_loose, with each edge also moved out by 1e-4 of the triangle's height over it: the
  /// tolerance of Bullet's btTriangleRaycastCallback (edge_tolerance = -1e-4 |n|^2).
  double t_loose_bullet = kInfinity;
};

RayReference reference_ray(const ReferenceMesh& mesh, const glm::dvec3& origin,
                           const glm::dvec3& delta, double band);

}  // namespace prism::peer
