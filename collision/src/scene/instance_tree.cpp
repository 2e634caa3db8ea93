// The Scene's dynamic AABB tree (collision/instance_tree.hpp), after Box2D's b2DynamicTree:
// InsertLeaf's sibling descent by the surface-area heuristic, RemoveLeaf, and Balance's
// rotations, on this project's Aabb (half_area: the heuristic only needs ratios).
#include "collision/instance_tree.hpp"

#include <algorithm>

namespace collision {

namespace {

// A leaf's margin, a fraction of its box's largest extent: a quarter lets a box turning at a
// radian a second stay in its leaf for some 15 steps at 60 Hz (bench_scene: about 18 of 1,000
// moving and turning instances leave theirs a step).
constexpr float kMargin = 0.25f;

Aabb joined(const Aabb& a, const Aabb& b) {
  Aabb out = a;
  out.grow(b);
  return out;
}

// Aabb::overlaps without its branches: a walk's tests are near coin flips, and six
// mispredictable branches a node cost more than the compares.
inline bool meets(const Aabb& a, const Aabb& b) {
  return static_cast<bool>((a.min.x <= b.max.x) & (b.min.x <= a.max.x) & (a.min.y <= b.max.y) & (b.min.y <= a.max.y) &
                           (a.min.z <= b.max.z) & (b.min.z <= a.max.z));
}

bool holds(const Aabb& outer, const Aabb& inner) {
  return outer.min.x <= inner.min.x && outer.min.y <= inner.min.y && outer.min.z <= inner.min.z &&
         inner.max.x <= outer.max.x && inner.max.y <= outer.max.y && inner.max.z <= outer.max.z;
}

}  // namespace

std::uint32_t InstanceTree::allocate() {
  if (!free_.empty()) {
    const std::uint32_t n = free_.back();
    free_.pop_back();
    nodes_[n] = Node{};
    hot_[n] = Hot{};
    return n;
  }
  nodes_.emplace_back();
  hot_.emplace_back();
  return static_cast<std::uint32_t>(nodes_.size() - 1);
}

void InstanceTree::release(std::uint32_t n) {
  nodes_[n] = Node{};
  hot_[n] = Hot{};
  free_.push_back(n);
}

// An internal node's hot copy of its children and their boxes, and its own box from them.
void InstanceTree::refresh(std::uint32_t i) {
  Node& n = nodes_[i];
  Hot& h = hot_[i];
  h.child[0] = n.child1;
  h.child[1] = n.child2;
  h.box[0] = nodes_[n.child1].box;
  h.box[1] = nodes_[n.child2].box;
  n.box = joined(h.box[0], h.box[1]);
  n.height = 1 + std::max(nodes_[n.child1].height, nodes_[n.child2].height);
}

void InstanceTree::place(std::uint32_t id, const Aabb& tight, const glm::vec3& motion) {
  if (id >= leaf_of_.size()) {
    leaf_of_.resize(id + 1, kNull);
    fat_.resize(id + 1);
  }
  std::uint32_t leaf = leaf_of_[id];
  if (tight.empty()) {
    erase(id);
    return;
  }
  // Read from fat_ (by id, in the order advance places them), not from the scattered leaf.
  if (leaf != kNull && holds(fat_[id], tight)) return;
  Aabb fat = tight;
  const glm::vec3 e = tight.extent();
  const float margin = kMargin * std::max({e.x, e.y, e.z});
  fat.min -= glm::vec3(margin);
  fat.max += glm::vec3(margin);
  for (int i = 0; i < 3; ++i) {
    if (motion[i] < 0.0f) fat.min[i] += motion[i];
    else fat.max[i] += motion[i];
  }
  if (leaf != kNull) {
    remove_leaf(leaf);
  } else {
    leaf = allocate();
    nodes_[leaf].instance = id;
    hot_[leaf].child[1] = id;  // child[0] stays kNull: a leaf
    leaf_of_[id] = leaf;
  }
  nodes_[leaf].box = fat;
  fat_[id] = fat;
  insert_leaf(leaf);
}

void InstanceTree::erase(std::uint32_t id) {
  if (id >= leaf_of_.size() || leaf_of_[id] == kNull) return;
  const std::uint32_t leaf = leaf_of_[id];
  remove_leaf(leaf);
  release(leaf);
  leaf_of_[id] = kNull;
  fat_[id] = Aabb{};
}

void InstanceTree::insert_leaf(std::uint32_t leaf) {
  if (root_ == kNull) {
    root_ = leaf;
    nodes_[leaf].parent = kNull;
    return;
  }
  // The sibling: down from the root while a child is cheaper than pairing here.
  const Aabb box = nodes_[leaf].box;
  std::uint32_t index = root_;
  while (!nodes_[index].leaf()) {
    const Node& n = nodes_[index];
    const float area = n.box.half_area();
    const float combined = joined(n.box, box).half_area();
    const float cost = 2.0f * combined;                    // a new parent of this node and the leaf
    const float inheritance = 2.0f * (combined - area);    // what every level below pays for the leaf
    auto descend = [&](std::uint32_t c) {
      const Aabb with = joined(box, nodes_[c].box);
      return nodes_[c].leaf() ? with.half_area() + inheritance
                              : with.half_area() - nodes_[c].box.half_area() + inheritance;
    };
    const float cost1 = descend(n.child1), cost2 = descend(n.child2);
    if (cost < cost1 && cost < cost2) break;
    index = cost1 < cost2 ? n.child1 : n.child2;
  }
  const std::uint32_t sibling = index;
  const std::uint32_t old_parent = nodes_[sibling].parent;
  const std::uint32_t parent = allocate();
  nodes_[parent].parent = old_parent;
  nodes_[parent].box = joined(box, nodes_[sibling].box);
  nodes_[parent].height = nodes_[sibling].height + 1;
  nodes_[parent].child1 = sibling;
  nodes_[parent].child2 = leaf;
  if (old_parent != kNull) {
    if (nodes_[old_parent].child1 == sibling) nodes_[old_parent].child1 = parent;
    else nodes_[old_parent].child2 = parent;
  } else {
    root_ = parent;
  }
  nodes_[sibling].parent = parent;
  nodes_[leaf].parent = parent;
  fix_upwards(parent);
}

void InstanceTree::remove_leaf(std::uint32_t leaf) {
  if (leaf == root_) {
    root_ = kNull;
    return;
  }
  const std::uint32_t parent = nodes_[leaf].parent;
  const std::uint32_t grand = nodes_[parent].parent;
  const std::uint32_t sibling = nodes_[parent].child1 == leaf ? nodes_[parent].child2 : nodes_[parent].child1;
  if (grand != kNull) {
    if (nodes_[grand].child1 == parent) nodes_[grand].child1 = sibling;
    else nodes_[grand].child2 = sibling;
    nodes_[sibling].parent = grand;
    release(parent);
    fix_upwards(grand);
  } else {
    root_ = sibling;
    nodes_[sibling].parent = kNull;
    release(parent);
  }
  nodes_[leaf].parent = kNull;
}

// From `from` to the root: rebalance, then each node's box and height from its children.
void InstanceTree::fix_upwards(std::uint32_t from) {
  for (std::uint32_t index = from; index != kNull; index = nodes_[index].parent) {
    index = balance(index);
    refresh(index);
  }
}

// Box2D's Balance: when one child of `a` is more than one level taller than the other, that
// child is rotated up in a's place. Returns the node now where a was.
std::uint32_t InstanceTree::balance(std::uint32_t ia) {
  Node& a = nodes_[ia];
  if (a.leaf() || a.height < 2) return ia;
  const std::uint32_t ib = a.child1, ic = a.child2;
  const std::int32_t tilt = nodes_[ic].height - nodes_[ib].height;
  // Rotate `up` (a child of a) into a's place: a keeps its other child and takes the shorter of
  // up's children, up keeps the taller.
  auto rotate = [&](std::uint32_t iup, bool up_is_child2) {
    Node& up = nodes_[iup];
    const std::uint32_t i1 = up.child1, i2 = up.child2;
    up.child1 = ia;
    up.parent = nodes_[ia].parent;
    nodes_[ia].parent = iup;
    if (up.parent != kNull) {
      if (nodes_[up.parent].child1 == ia) nodes_[up.parent].child1 = iup;
      else nodes_[up.parent].child2 = iup;
    } else {
      root_ = iup;
    }
    const bool first_taller = nodes_[i1].height > nodes_[i2].height;
    const std::uint32_t keep = first_taller ? i1 : i2, give = first_taller ? i2 : i1;
    up.child2 = keep;
    if (up_is_child2) nodes_[ia].child2 = give;
    else nodes_[ia].child1 = give;
    nodes_[give].parent = ia;
    refresh(ia);   // a's box and height from `other` and `give`
    refresh(iup);  // up's from a and `keep`
    return iup;
  };
  if (tilt > 1) return rotate(ic, true);
  if (tilt < -1) return rotate(ib, false);
  return ia;
}

void InstanceTree::query(const Aabb& box, std::vector<std::uint32_t>& out) const {
  if (root_ == kNull || !meets(nodes_[root_].box, box)) return;
  // Depth first over the hot copies (one cache line a node), each child tested before it is
  // pushed, so a node on the stack is known to meet the box. The stack holds at most the
  // height: 128 is far beyond a balanced tree's (47 for 2^32 leaves); a taller one, which the
  // rotations never make, takes a vector.
  constexpr int kStack = 128;
  std::uint32_t fixed[kStack];
  std::vector<std::uint32_t> spill;
  const bool tall = nodes_[root_].height >= kStack - 1;
  int top = 0;
  std::uint32_t current = root_;
  for (;;) {
    const Hot& h = hot_[current];
    if (h.child[0] == kNull) {
      out.push_back(h.child[1]);
    } else {
      const bool first = meets(h.box[0], box), second = meets(h.box[1], box);
      if (first) {
        if (second) {
          if (tall) spill.push_back(h.child[1]);
          else fixed[top++] = h.child[1];
        }
        current = h.child[0];
        continue;
      }
      if (second) {
        current = h.child[1];
        continue;
      }
    }
    if (tall) {
      if (spill.empty()) return;
      current = spill.back();
      spill.pop_back();
    } else {
      if (top == 0) return;
      current = fixed[--top];
    }
  }
}

std::size_t InstanceTree::leaf_count() const {
  return static_cast<std::size_t>(std::count_if(leaf_of_.begin(), leaf_of_.end(), [](std::uint32_t l) { return l != kNull; }));
}

bool InstanceTree::valid() const {
  if (root_ == kNull) return leaf_count() == 0;
  std::size_t leaves = 0;
  std::vector<std::uint32_t> stack{root_};
  if (nodes_[root_].parent != kNull) return false;
  while (!stack.empty()) {
    const std::uint32_t i = stack.back();
    stack.pop_back();
    const Node& n = nodes_[i];
    const Hot& h = hot_[i];
    if (n.leaf()) {
      ++leaves;
      if (n.height != 0 || n.instance >= leaf_of_.size() || leaf_of_[n.instance] != i) return false;
      if (h.child[0] != kNull || h.child[1] != n.instance) return false;
      continue;
    }
    if (h.child[0] != n.child1 || h.child[1] != n.child2) return false;
    for (int k = 0; k < 2; ++k) {
      const Aabb& c = nodes_[h.child[k]].box;
      if (h.box[k].min != c.min || h.box[k].max != c.max) return false;
    }
    for (const std::uint32_t c : {n.child1, n.child2}) {
      if (c == kNull || nodes_[c].parent != i || !holds(n.box, nodes_[c].box)) return false;
      stack.push_back(c);
    }
    if (n.height != 1 + std::max(nodes_[n.child1].height, nodes_[n.child2].height)) return false;
  }
  return leaves == leaf_count();
}

}  // namespace collision
