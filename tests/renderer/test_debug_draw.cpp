// Debug lists: what each helper adds (the renderer uploads the structs as they are).

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "renderer/debug_draw.hpp"

namespace {

using namespace renderer;

TEST(DebugDraw, ColourPacksRedInTheLowestByte) {
  EXPECT_EQ(rgba(0x11, 0x22, 0x33, 0x44), 0x44332211u);
  EXPECT_EQ(rgba(glm::vec4(1, 0, 0, 1)), rgba(255, 0, 0, 255));
  EXPECT_EQ(rgba(glm::vec4(2, -1, 0.5f, 1)), rgba(255, 0, 128, 255));
}

TEST(DebugDraw, ArrowIsAShaftAndAFourLineHeadEndingAtTheTip) {
  DebugList list;
  debug_arrow(list, {0, 0, 0}, {0, 0, 10}, rgba(255, 255, 255), 2.0f);
  ASSERT_EQ(list.lines.size(), 5u);
  for (std::size_t i = 1; i < 5; ++i) {
    EXPECT_EQ(list.lines[i].a, glm::vec3(0, 0, 10));
    EXPECT_NEAR(list.lines[i].b.z, 8.0f, 1e-5f) << "head is a fifth of the length";
  }
}

TEST(DebugDraw, ZeroLengthArrowDrawsOnlyItsShaft) {
  DebugList list;
  debug_arrow(list, {1, 1, 1}, {1, 1, 1}, rgba(255, 255, 255));
  EXPECT_EQ(list.lines.size(), 1u);
}

TEST(DebugDraw, QuadIsTwoTrianglesSharingTheDiagonal) {
  DebugList list;
  debug_quad(list, {0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, rgba(0, 0, 255, 100));
  ASSERT_EQ(list.triangles.size(), 6u);
  EXPECT_EQ(list.triangles[2].position, list.triangles[4].position);
}

TEST(DebugDraw, WireSphereVerticesLieOnTheSphere) {
  DebugList list;
  debug_wire_sphere(list, {1, 2, 3}, 2.5f, rgba(255, 255, 0), 1.0f, 16);
  ASSERT_EQ(list.lines.size(), 48u);
  for (const DebugLine& line : list.lines)
    EXPECT_NEAR(glm::length(line.a - glm::vec3(1, 2, 3)), 2.5f, 1e-4f);
}

TEST(DebugDraw, ClearKeepsCapacity) {
  DebugDraw draw;
  for (int i = 0; i < 100; ++i) debug_line(draw.on_top, {0, 0, 0}, {1, 1, 1}, rgba(1, 2, 3));
  std::size_t capacity = draw.on_top.lines.capacity();
  debug_clear(draw);
  EXPECT_TRUE(draw.on_top.lines.empty());
  EXPECT_EQ(draw.on_top.lines.capacity(), capacity);
}

}  // namespace
