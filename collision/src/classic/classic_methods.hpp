#pragma once
// Internal: two classic methods, with the options the public move() leaves at defaults:
//  - the offset prism: after weiqubo's collision-detection article on Intel's Chinese developer
//    blog (14 February 2012: the object's old and new positions against each triangle's plane
//    moved out by the radius, clipped by edge and acute-angle planes);
//  - the sphere classification: after "三维游戏中相机与世界的碰撞检测及响应" ("Camera-world
//    collision detection and response in 3D games", section 5.7 of the magazine
//    电脑编程技巧与维护, "Computer Programming Skills and Maintenance").
// Their geometry is stated exactly in the project's trace format document ("The offset prism")
// and at the top of method_sphere_classify.cpp.
//
// Both methods are reproduced faithfully, flaws included, because the debugger exists to show
// those flaws next to the robust method. Nothing here is a fix.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include <glm/common.hpp>
#include <glm/ext/vector_double3.hpp>
#include <glm/vector_relational.hpp>

#include "collision/move.hpp"
#include "collision/queries.hpp"

namespace collision::detail {

/// A plane in double: {p : n·p = d}; signed distance n·p - d.
struct PlaneD {
  glm::dvec3 n{0.0};
  double d = 0.0;
  double distance(const glm::dvec3& p) const;
};

/// The offset prism's offset prism of one triangle (the trace format document, "The offset prism"), in
/// double. Every plane faces into the prism: a point is inside a clip plane when its distance
/// is >= 0. A degenerate triangle (zero or non-finite normal) gives valid == false and all
/// planes zero, so every distance is 0.
struct OffsetPrism {
  bool valid = false;
  glm::dvec3 n{0.0};      ///< the triangle's unit normal, normalize((B-A) x (C-A))
  PlaneD offset_plane;    ///< S': n·p = n·A + r
  PlaneD edge_clip[3];    ///< AB, BC, CA: m·p >= m·A - L, m pointing into the triangle
  PlaneD acute_clip[3];   ///< the same edges' caps through the opposite vertex: m·p <= m·C + L
};

OffsetPrism make_offset_prism(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c,
                              double radius, double margin);

/// A solid triangle whose offset prism reaches farther than kPrismReachInMargins edge margins
/// beyond it (a sliver: the clip planes of two nearly parallel edges meet far along its length).
/// A World finds them once, when it is built; wide_prisms(world) (collision/world.hpp) gives
/// them in ascending triangle order.
struct WidePrism {
  std::uint32_t triangle;
  float reach;  ///< how far the prism reaches beyond the triangle, in edge margins L
};

/// How far past a triangle the BVH path looks for the offset prism's prisms, in edge margins L; prisms
/// that reach farther are the World's wide prisms, walked separately.
inline constexpr double kPrismReachInMargins = 4.0;

/// How far the offset prism's cross-section reaches beyond its triangle, in edge margins L
/// (the offset plane's own r aside). At most about 1/sin(θ/2) ≤ 4 for a triangle whose angles
/// are all above 15 degrees; a sliver's reaches far along its length (oa_dm1 has 655 prisms
/// past 4 L, one past 390 L). 0 for a degenerate triangle.
double offset_prism_reach(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c);

/// Writes the prism's planes (as floats) and the distances of `p` into `out`; tested_point = p.
void record_offset_prism(const OffsetPrism& prism, const glm::dvec3& p, TriangleTest& out);

/// Options of the classic methods that the public move() does not expose.
struct ClassicOptions {
  /// Test every solid triangle in index order, as both sources do, instead of the BVH's
  /// candidates near the move (plus, for the offset prism method, the World's wide prisms of slivers, so its
  /// BVH path is exact). The sphere classification's BVH path differs only where its angle sum accepts a contact
  /// point more than 4 radii outside a triangle: 0.8% of an edge's length, so for edges longer
  /// than about 500 radii. This flag is the exact reference.
  bool all_triangles = false;
  /// The sphere classification's inside-triangle test: true = the source's angle sum (>= 0.99 x 2 pi),
  /// false = the standard edge-sign (barycentric) test.
  bool angle_sum_inside = true;
};

/// The triangles a classic method tests, one at a time in ascending index order: every solid
/// triangle (all_triangles), or the BVH's candidates whose triangles come within `reach` of the
/// box of the points the method has visited. The sources move the tested point while they loop
/// (each response changes it); cover() grows the box and re-queries when the point leaves it,
/// and the walk goes on after the last index returned, so the order stays the sources' order.
class CandidateWalk {
 public:
  CandidateWalk(const World& world, bool all_triangles, double reach)
      : world_(world), all_(all_triangles), reach_(reach) {}

  /// Also walk the triangles whose offset prisms (radius r, margin L) reach farther than
  /// `reach` (wide_prisms(world)): the offset prism method tests them too, wherever they are.
  void add_wide_prisms(double radius, double margin) {
    wide_ = true;
    wide_radius_ = radius;
    wide_margin_ = margin;
  }

  /// Makes sure every triangle within `reach` of `p` (and of the points covered so far) is
  /// among the candidates still to come.
  void cover(const glm::dvec3& p) {
    if (all_) return;
    const glm::vec3 q(p);
    if (!covered_.empty() && glm::all(glm::lessThanEqual(covered_.min, q)) &&
        glm::all(glm::lessThanEqual(q, covered_.max))) {
      return;
    }
    covered_.grow(q);
    // A few float ulps of the coordinates involved, so that rounding never drops a triangle.
    const glm::vec3 scale = glm::max(glm::abs(covered_.min), glm::abs(covered_.max));
    const float allowance =
        1e-5f * std::max({scale.x, scale.y, scale.z, 1.0f}) + 1e-6f * static_cast<float>(reach_);
    const glm::vec3 grow(static_cast<float>(reach_) + allowance);
    overlap_aabb(world_, Aabb{covered_.min - grow, covered_.max + grow}, list_);
    if (wide_) add_reaching_wide_prisms(allowance);
    next_ = started_ ? static_cast<std::size_t>(
                           std::upper_bound(list_.begin(), list_.end(), last_) - list_.begin())
                     : 0;
  }

  /// The next triangle to test, or kNoTriangle when done.
  std::uint32_t next() {
    if (all_) {
      const auto& mesh = world_.mesh();
      std::uint32_t i = started_ ? last_ + 1 : 0;
      while (i < mesh.triangle_count() && !mesh.solid(i)) ++i;
      if (i >= mesh.triangle_count()) return kNoTriangle;
      started_ = true;
      return last_ = i;
    }
    if (next_ >= list_.size()) return kNoTriangle;
    started_ = true;
    return last_ = list_[next_++];
  }

 private:
  void add_reaching_wide_prisms(float allowance) {
    const std::size_t before = list_.size();
    for (const WidePrism& w : wide_prisms(world_)) {
      const float grow = static_cast<float>(wide_radius_ + w.reach * wide_margin_) + allowance;
      const Triangle t = world_.mesh().triangle(w.triangle);
      Aabb box;
      box.grow(t.a);
      box.grow(t.b);
      box.grow(t.c);
      if (box.overlaps(Aabb{covered_.min - glm::vec3(grow), covered_.max + glm::vec3(grow)})) {
        list_.push_back(w.triangle);
      }
    }
    if (list_.size() == before) return;
    std::sort(list_.begin(), list_.end());
    list_.erase(std::unique(list_.begin(), list_.end()), list_.end());
  }

  const World& world_;
  bool all_;
  double reach_;
  bool wide_ = false;
  double wide_radius_ = 0.0, wide_margin_ = 0.0;
  Aabb covered_;
  std::vector<std::uint32_t> list_;
  std::size_t next_ = 0;
  std::uint32_t last_ = 0;
  bool started_ = false;
};

/// The sphere classification's in-triangle test, as the source writes it: the angles between the vectors from `p`
/// to consecutive corners add up to at least 0.99 x 2 pi. A zero-length vector (p on a corner)
/// gives an angle of 0, as the source's NaN guard does. `p` is meant to lie in the plane.
bool inside_by_angle_sum(const glm::dvec3& p, const glm::dvec3& a, const glm::dvec3& b,
                         const glm::dvec3& c);

/// The standard test: `p` (in the triangle's plane) is on the inner side of all three edges,
/// judged by the signs of n·((next - corner) x (p - corner)). Boundary points count as inside.
bool inside_by_edge_signs(const glm::dvec3& p, const glm::dvec3& a, const glm::dvec3& b,
                          const glm::dvec3& c);

MoveResult move_offset_prism(const World& world, const Body& body, const glm::vec3& position,
                             const glm::vec3& displacement, const MoveParams& params, Trace* trace,
                             const ClassicOptions& options);

MoveResult move_sphere_classify(const World& world, const Body& body, const glm::vec3& position,
                                const glm::vec3& displacement, const MoveParams& params,
                                Trace* trace, const ClassicOptions& options);

/// The radius the classic methods use for any body: the smallest of its radii. Neither source knows
/// ellipsoids (the offset prism method mentions them as a possible improvement), so an ellipsoid is treated as
/// its inscribed sphere: it can overlap geometry along its longer axes.
float classic_radius(const Body& body);
/// The offset prism's edge margin L and the sphere classification's edge reach: params.edge_margin, or the radius.
double classic_margin(const MoveParams& params, double radius);

/// Records a crease normal on a slide iteration once, up to three (both classic methods' slides).
inline void add_crease_normal(SlideIteration& it, const glm::vec3& n) {
  for (const glm::vec3& m : it.crease) {
    if (m == n) return;
  }
  if (it.crease.size() < 3) it.crease.push_back(n);
}

}  // namespace collision::detail
