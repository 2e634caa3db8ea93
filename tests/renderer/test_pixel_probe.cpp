// Pixel probes: properties of a frame that need no golden image.

#include <cmath>

#include <gtest/gtest.h>

#include "scene_fixtures.hpp"

namespace {

using namespace renderer;
using namespace renderer_test;

constexpr std::uint32_t kWidth = 160, kHeight = 120;
const glm::uvec2 kExtent{kWidth, kHeight};

struct Pixel {
  int r, g, b, a;
};

Pixel pixel_at(const RgbaImage& image, glm::vec2 position) {
  const std::uint8_t* p = image.at(static_cast<std::uint32_t>(position.x),
                                   static_cast<std::uint32_t>(position.y));
  return {p[0], p[1], p[2], p[3]};
}

void expect_near(Pixel actual, Pixel expected, int tolerance, const char* what) {
  EXPECT_NEAR(actual.r, expected.r, tolerance) << what;
  EXPECT_NEAR(actual.g, expected.g, tolerance) << what;
  EXPECT_NEAR(actual.b, expected.b, tolerance) << what;
}

RgbaImage render(Headless& h, std::span<const MeshDraw> meshes, const DebugDraw* debug,
                 const Camera& camera) {
  FrameInput frame;
  frame.camera = camera;
  frame.meshes = meshes;
  frame.debug = debug;
  frame.clear_colour = {0, 0, 0, 1};
  RgbaImage image;
  EXPECT_TRUE(draw_frame(*h.renderer, frame, &image));
  return image;
}

TEST(PixelProbe, PointAppearsAtItsProjectedPixel) {
  Headless h(kWidth, kHeight);
  Camera camera = camera_along_x();
  // Off-centre in both axes, so a flipped y or swapped axis lands elsewhere.
  const glm::vec3 world{5.0f, -1.2f, 0.8f};
  DebugDraw debug;
  debug_point(debug.depth_tested, world, rgba(255, 40, 200), 10.0f);
  RgbaImage image = render(h, {}, &debug, camera);
  save_for_inspection(image, "probe_point");

  std::optional<glm::vec2> pixel = camera_project(camera, world, kExtent);
  ASSERT_TRUE(pixel);
  EXPECT_GT(pixel->x, kWidth / 2.0f) << "-Y is to the right when looking along +X with Z up";
  EXPECT_LT(pixel->y, kHeight / 2.0f) << "+Z is up on screen";
  expect_near(pixel_at(image, *pixel), {255, 40, 200, 255}, 0, "point centre");
  // 10 px disc: 7 px away is background.
  expect_near(pixel_at(image, *pixel + glm::vec2(7, 0)), {0, 0, 0, 255}, 0, "outside the disc");
}

TEST(PixelProbe, TranslucentQuadTintsTheWallBehindIt) {
  Headless h(kWidth, kHeight);
  MeshId wall_id = upload_mesh(*h.renderer, wall(10.0f, 20.0f, rgba(200, 200, 200)));
  MeshDraw draw;
  draw.mesh = wall_id;
  Camera camera = camera_along_x();

  RgbaImage bare = render(h, {&draw, 1}, nullptr, camera);
  DebugDraw debug;
  const Colour blue = rgba(0, 0, 255, 128);
  debug_quad(debug.depth_tested, {5, -1, -1}, {5, 1, -1}, {5, 1, 1}, {5, -1, 1}, blue);
  RgbaImage tinted = render(h, {&draw, 1}, &debug, camera);
  save_for_inspection(tinted, "probe_translucent_quad");

  const glm::vec2 centre{kWidth / 2.0f, kHeight / 2.0f};
  Pixel wall_pixel = pixel_at(bare, centre);
  ASSERT_GT(wall_pixel.r, 50) << "the wall is lit";
  const float alpha = 128.0f / 255.0f;
  Pixel expected{static_cast<int>(std::lround(static_cast<float>(wall_pixel.r) * (1 - alpha))),
                 static_cast<int>(std::lround(static_cast<float>(wall_pixel.g) * (1 - alpha))),
                 static_cast<int>(std::lround(255 * alpha + static_cast<float>(wall_pixel.b) * (1 - alpha))), 255};
  expect_near(pixel_at(tinted, centre), expected, 2, "blended over the wall");
  // Outside the quad the wall is untouched.
  expect_near(pixel_at(tinted, {5, 5}), pixel_at(bare, {5, 5}), 0, "outside the quad");
}

TEST(PixelProbe, DepthTestedLineHidesBehindWallOnTopLineDoesNot) {
  Headless h(kWidth, kHeight);
  MeshId wall_id = upload_mesh(*h.renderer, wall(5.0f, 20.0f, rgba(120, 120, 120)));
  MeshDraw draw;
  draw.mesh = wall_id;
  Camera camera = camera_along_x();

  DebugDraw debug;
  // Both lines lie 3 units behind the wall; one at z = +1, one at z = -1.
  debug_line(debug.depth_tested, {8, -3, 1}, {8, 3, 1}, rgba(255, 0, 0), 5.0f);
  debug_line(debug.on_top, {8, -3, -1}, {8, 3, -1}, rgba(0, 255, 0), 5.0f);
  RgbaImage image = render(h, {&draw, 1}, &debug, camera);
  save_for_inspection(image, "probe_depth_test");

  RgbaImage wall_only = render(h, {&draw, 1}, nullptr, camera);
  auto hidden = camera_project(camera, {8, 0, 1}, kExtent);
  auto shown = camera_project(camera, {8, 0, -1}, kExtent);
  ASSERT_TRUE(hidden && shown);
  expect_near(pixel_at(image, *hidden), pixel_at(wall_only, *hidden), 0, "depth-tested line hidden");
  expect_near(pixel_at(image, *shown), {0, 255, 0, 255}, 0, "on-top line visible");

  // In front of the wall the depth-tested line shows.
  DebugDraw front;
  debug_line(front.depth_tested, {3, -3, 1}, {3, 3, 1}, rgba(255, 0, 0), 5.0f);
  RgbaImage in_front = render(h, {&draw, 1}, &front, camera);
  auto visible = camera_project(camera, {3, 0, 1}, kExtent);
  expect_near(pixel_at(in_front, *visible), {255, 0, 0, 255}, 0, "depth-tested line in front");
}

TEST(PixelProbe, LineLyingOnAFaceIsNotHiddenByIt) {
  Headless h(kWidth, kHeight);
  MeshId wall_id = upload_mesh(*h.renderer, wall(50.0f, 100.0f, rgba(120, 120, 120)));
  MeshDraw draw;
  draw.mesh = wall_id;
  Camera camera = camera_along_x();
  DebugDraw debug;
  debug_line(debug.depth_tested, {50, -10, 3}, {50, 10, 3}, rgba(255, 0, 0), 4.0f);
  RgbaImage image = render(h, {&draw, 1}, &debug, camera);
  auto on_face = camera_project(camera, {50, 0, 3}, kExtent);
  ASSERT_TRUE(on_face);
  expect_near(pixel_at(image, *on_face), {255, 0, 0, 255}, 0, "coplanar line wins");
}

TEST(PixelProbe, HighlightedTriangleTakesTheHighlightColour) {
  Headless h(kWidth, kHeight);
  MeshId wall_id = upload_mesh(*h.renderer, wall(5.0f, 20.0f, rgba(120, 120, 120)));
  // Looking along +X with Z up, -Y is screen right: triangle 0 covers the lower-left half.
  TriangleHighlight highlight{0, rgba(255, 0, 0, 255)};
  MeshDraw draw;
  draw.mesh = wall_id;
  draw.highlights = {&highlight, 1};
  Camera camera = camera_along_x();
  RgbaImage image = render(h, {&draw, 1}, nullptr, camera);
  save_for_inspection(image, "probe_highlight");
  expect_near(pixel_at(image, {10, kHeight - 10}), {255, 0, 0, 255}, 0, "highlighted triangle");
  Pixel other = pixel_at(image, {kWidth - 10, 10});
  EXPECT_LT(other.r, 200) << "the other triangle keeps its own colour";

  // The next frame without highlights clears it again (per-frame highlight buffers).
  MeshDraw plain;
  plain.mesh = wall_id;
  render(h, {&plain, 1}, nullptr, camera);
  RgbaImage cleared = render(h, {&plain, 1}, nullptr, camera);
  EXPECT_LT(pixel_at(cleared, {10, kHeight - 10}).r, 200);
}

}  // namespace

namespace {

// A mesh drawn with a rigid transform (MeshDraw::rotation, translation: a mover where it has
// moved to) gives the picture of the same triangles uploaded already moved, shading included
// (the light is turned into the mesh's frame): a square turned 40 degrees about Z and moved off
// the axis, probed at its projected centre and corners.
TEST(PixelProbe, MeshDrawnWithARigidTransformLooksLikeTheMovedMesh) {
  Headless h(kWidth, kHeight);
  const Colour grey = rgba(200, 200, 200);
  const MeshUpload local = wall(0.0f, 1.0f, grey);  // the square x = 0, |y|, |z| <= 1
  const float a = 0.6981317f;                       // 40 degrees
  const glm::mat3 turn(glm::vec3(std::cos(a), std::sin(a), 0.0f), glm::vec3(-std::sin(a), std::cos(a), 0.0f),
                       glm::vec3(0.0f, 0.0f, 1.0f));
  const glm::vec3 move{10.0f, -2.5f, 1.5f};
  MeshUpload moved = local;
  for (glm::vec3& p : moved.positions) p = turn * p + move;
  MeshDraw by_transform;
  by_transform.mesh = upload_mesh(*h.renderer, local);
  by_transform.rotation = turn;
  by_transform.translation = move;
  MeshDraw uploaded_moved;
  uploaded_moved.mesh = upload_mesh(*h.renderer, moved);
  const Camera camera = camera_along_x();
  const RgbaImage a_image = render(h, {&by_transform, 1}, nullptr, camera);
  const RgbaImage b_image = render(h, {&uploaded_moved, 1}, nullptr, camera);
  save_for_inspection(a_image, "probe_mesh_transform");
  const std::optional<glm::vec2> centre = camera_project(camera, move, kExtent);
  ASSERT_TRUE(centre);
  const Pixel lit = pixel_at(a_image, *centre);
  EXPECT_GT(lit.r, 40) << "the moved square is drawn where it moved to";
  expect_near(lit, pixel_at(b_image, *centre), 1, "centre: the same shade as the moved upload");
  // Not lit as the unturned square would be (the light is turned into its frame).
  MeshDraw unturned;
  unturned.mesh = upload_mesh(*h.renderer, wall(10.0f, 1.0f, grey));
  unturned.translation = {0.0f, -2.5f, 1.5f};
  const RgbaImage c_image = render(h, {&unturned, 1}, nullptr, camera);
  EXPECT_GT(std::abs(pixel_at(c_image, *centre).r - lit.r), 10) << "a turned face shades differently";
  // The un-moved place of the square is background.
  expect_near(pixel_at(a_image, {kWidth / 2.0f, kHeight / 2.0f}), {0, 0, 0, 255}, 0, "where it stood");
  // Near each corner, inside the square, both pictures agree.
  for (const glm::vec3& corner : moved.positions) {
    const glm::vec3 inside = move + 0.8f * (corner - move);
    const std::optional<glm::vec2> p = camera_project(camera, inside, kExtent);
    ASSERT_TRUE(p);
    expect_near(pixel_at(a_image, *p), pixel_at(b_image, *p), 1, "inside a corner");
  }
}

}  // namespace
