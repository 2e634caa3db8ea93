#pragma once
/// @file instance_tree.hpp
/// The Scene's broad phase over its instances (collision/scene.hpp): a dynamic AABB tree after
/// Box2D's b2DynamicTree (Erin Catto; the same idea as Bullet's btDbvt). Each instance is a leaf
/// holding a "fat" box: its world box grown by a margin and stretched along its last step's
/// motion, so that an instance moving a little stays inside its leaf and costs the tree nothing;
/// one that leaves it is taken out and put back (the sibling chosen by the surface-area
/// heuristic, the tree kept balanced by Box2D's rotations). A query walks the fat boxes and
/// checks each leaf's exact box, so it finds exactly the instances whose world box it meets.
///
/// Why a dynamic tree and not a refit or a rebuild each step: a refit keeps the first build's
/// topology, which degrades as instances wander; a rebuild costs O(n log n) every step whatever
/// moved. Here a step costs a containment test per moved instance plus O(log n) for the few
/// that leave their fat box; a still instance costs nothing.
///
/// Internal to the Scene (its queries and advance); not thread-safe for writes, queries const.

#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

#include "collision/aabb.hpp"

namespace collision {

class InstanceTree {
 public:
  static constexpr std::uint32_t kNull = 0xFFFFFFFFu;

  /// Puts instance `id`'s exact world box `tight` in the tree (an empty box: nothing to find),
  /// or updates it: nothing when it is still inside its leaf's fat box, else the leaf moves to a
  /// fat box of `tight` grown by a quarter of its largest extent and stretched by `motion` (the
  /// expected displacement over the next steps: its sign per axis says which side grows).
  void place(std::uint32_t id, const Aabb& tight, const glm::vec3& motion = glm::vec3(0.0f));
  /// Takes instance `id` out.
  void erase(std::uint32_t id);
  /// Appends to `out` every instance whose fat box meets `box` (unsorted; the caller checks the
  /// exact boxes).
  void query(const Aabb& box, std::vector<std::uint32_t>& out) const;

  /// For tests and figures: leaves, height (0: empty; a leaf alone: 1), whether the links are
  /// consistent, every parent's box holds its children's, the hot copies are the nodes' and
  /// every height is right.
  std::size_t leaf_count() const;
  int height() const { return root_ == kNull ? 0 : nodes_[root_].height + 1; }
  bool valid() const;

 private:
  struct Node {
    Aabb box;
    std::uint32_t parent = kNull;
    std::uint32_t child1 = kNull, child2 = kNull;  ///< kNull for a leaf
    std::int32_t height = 0;                       ///< a leaf's is 0
    std::uint32_t instance = kNull;                ///< a leaf's
    bool leaf() const { return child1 == kNull; }
  };
  /// What a query reads of a node, in one cache line: an internal node's children and their
  /// boxes (copies of theirs, kept by refresh), or for a leaf child == {kNull, instance}.
  struct alignas(64) Hot {
    Aabb box[2];
    std::uint32_t child[2] = {kNull, kNull};
  };
  void refresh(std::uint32_t n);
  std::uint32_t allocate();
  void release(std::uint32_t n);
  void insert_leaf(std::uint32_t leaf);
  void remove_leaf(std::uint32_t leaf);
  std::uint32_t balance(std::uint32_t a);
  void fix_upwards(std::uint32_t from);

  std::vector<Node> nodes_;
  std::vector<Hot> hot_;  ///< beside nodes_, by node
  std::vector<std::uint32_t> free_;
  std::vector<std::uint32_t> leaf_of_;  ///< by instance id: its leaf, or kNull
  std::vector<Aabb> fat_;               ///< by instance id: its leaf's box (empty: none)
  std::uint32_t root_ = kNull;
};

}  // namespace collision
