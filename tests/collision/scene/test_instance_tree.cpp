// The Scene's broad phase (collision/instance_tree.hpp): through thousands of random places,
// moves and erases, a query finds exactly the instances whose box a brute-force scan finds, the
// tree stays consistent and balanced, and an instance that moves within its leaf costs no change.
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "collision/instance_tree.hpp"

namespace {

collision::Aabb box_at(const glm::vec3& c, float h) {
  collision::Aabb b;
  b.min = c - glm::vec3(h);
  b.max = c + glm::vec3(h);
  return b;
}

TEST(InstanceTree, QueriesFindWhatABruteForceScanFindsThroughRandomMovesAndErases) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-500.0f, 500.0f), size(1.0f, 40.0f), step(-20.0f, 20.0f);
  collision::InstanceTree tree;
  const std::uint32_t n = 1000;
  std::vector<collision::Aabb> boxes(n);
  std::vector<bool> alive(n, true);
  for (std::uint32_t i = 0; i < n; ++i) {
    boxes[i] = box_at({u(rng), u(rng), u(rng)}, size(rng));
    tree.place(i, boxes[i]);
  }
  EXPECT_EQ(tree.leaf_count(), n);
  EXPECT_TRUE(tree.valid());
  std::vector<std::uint32_t> found;
  for (int round = 0; round < 60; ++round) {
    for (std::uint32_t i = 0; i < n; ++i) {
      if (rng() % 50 == 0) {  // now and then out, or back in
        alive[i] = !alive[i];
        if (alive[i]) tree.place(i, boxes[i]);
        else tree.erase(i);
        continue;
      }
      if (!alive[i]) continue;
      const glm::vec3 d(step(rng), step(rng), step(rng));
      boxes[i].min += d;
      boxes[i].max += d;
      tree.place(i, boxes[i], 4.0f * d);
    }
    ASSERT_TRUE(tree.valid()) << round;
    const std::size_t live = static_cast<std::size_t>(std::count(alive.begin(), alive.end(), true));
    ASSERT_EQ(tree.leaf_count(), live);
    // Balanced: no deeper than twice the height of a perfect tree, plus one.
    ASSERT_LE(tree.height(), 2 * static_cast<int>(std::ceil(std::log2(double(live)))) + 1) << round;
    for (int q = 0; q < 20; ++q) {
      const collision::Aabb query = box_at({u(rng), u(rng), u(rng)}, 4.0f * size(rng));
      found.clear();
      tree.query(query, found);
      std::vector<std::uint32_t> exact;
      for (const std::uint32_t i : found)
        if (boxes[i].overlaps(query)) exact.push_back(i);
      std::sort(exact.begin(), exact.end());
      std::vector<std::uint32_t> brute;
      for (std::uint32_t i = 0; i < n; ++i)
        if (alive[i] && boxes[i].overlaps(query)) brute.push_back(i);
      ASSERT_EQ(exact, brute) << "round " << round << " query " << q;
      std::sort(found.begin(), found.end());
      ASSERT_TRUE(std::adjacent_find(found.begin(), found.end()) == found.end()) << "an instance found twice";
    }
  }
  for (std::uint32_t i = 0; i < n; ++i) tree.erase(i);
  EXPECT_EQ(tree.leaf_count(), 0u);
  EXPECT_EQ(tree.height(), 0);
  EXPECT_TRUE(tree.valid());
  found.clear();
  tree.query(box_at(glm::vec3(0.0f), 1000.0f), found);
  EXPECT_TRUE(found.empty());
}

// A box moving less than its margin stays in its leaf: the tree's nodes do not change (its
// height and what a query far away finds), and an empty box takes the instance out.
TEST(InstanceTree, SmallMovesStayInTheLeafAndAnEmptyBoxLeaves) {
  collision::InstanceTree tree;
  tree.place(0, box_at({0, 0, 0}, 1.0f));
  tree.place(1, box_at({100, 0, 0}, 1.0f));
  std::vector<std::uint32_t> found;
  tree.query(box_at({0.0f, 1.3f, 0.0f}, 0.05f), found);  // inside 0's fat box (margin 0.5: to 1.5), outside its box
  EXPECT_EQ(found, std::vector<std::uint32_t>{0});
  tree.place(0, box_at({0.0f, 0.4f, 0.0f}, 1.0f));  // within the fat box: no change
  found.clear();
  tree.query(box_at({0.0f, 1.3f, 0.0f}, 0.05f), found);
  EXPECT_EQ(found, std::vector<std::uint32_t>{0});
  tree.place(0, box_at({0.0f, 30.0f, 0.0f}, 1.0f));  // out of it: a new leaf there
  found.clear();
  tree.query(box_at({0.0f, 1.3f, 0.0f}, 0.05f), found);
  EXPECT_TRUE(found.empty());
  tree.place(1, collision::Aabb{});
  EXPECT_EQ(tree.leaf_count(), 1u);
  EXPECT_TRUE(tree.valid());
}

}  // namespace
