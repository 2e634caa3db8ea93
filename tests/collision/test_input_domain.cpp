// The input domain (collision/domain.hpp) and the hostile inputs of issue 14 that crashed or
// answered wrong before it: each test is named after the failure it prevents.
#include <cmath>
#include <limits>
#include <set>
#include <stdexcept>

#include <gtest/gtest.h>

#include "bvh/bvh_layout.hpp"
#include "collision/character.hpp"
#include "collision/domain.hpp"
#include "collision/move.hpp"
#include "collision/queries.hpp"
#include "test_worlds.hpp"
#include "leaf_triangles.hpp"

using glm::vec3;
using prism_test::floor_quad;
using prism_test::world_of;

namespace {

// Issue 14 item 1: four thin triangles whose centres lie at x = +-1.8e38, so the centroid span
// (3.6e38) is beyond FLT_MAX. Built directly, as a caller of build_bvh() may, without make_mesh.
collision::TriangleMesh centroid_span_beyond_float_mesh() {
  collision::TriangleMesh mesh;
  const float xs[4] = {1.8e38f, -1.8e38f, 1.8e38f, -1.8e38f};
  const float ys[4] = {0.0f, 0.0f, 2.0f, 2.0f};
  for (int i = 0; i < 4; ++i) {
    const auto base = static_cast<unsigned>(mesh.positions.size());
    mesh.positions.push_back({xs[i], ys[i], 0.0f});
    mesh.positions.push_back({xs[i], ys[i] + 1.0f, 0.0f});
    mesh.positions.push_back({xs[i], ys[i], 1.0f});
    mesh.indices.emplace_back(base, base + 1, base + 2);
    mesh.normals.push_back({1.0f, 0.0f, 0.0f});
    mesh.flags.push_back(0);
  }
  return mesh;
}

}  // namespace

TEST(InputDomain, BvhBuildWithCentroidSpanBeyondFloatRangeStaysInBounds) {
  // Before: the bin index was computed as int(NaN) and BinBox[-2^31] was written (UBSan,
  // SIGSEGV in prism-query).
  const collision::TriangleMesh mesh = centroid_span_beyond_float_mesh();
  for (int rep = 0; rep < 3; ++rep) {
    const collision::Bvh bvh = collision::detail::build_tree(mesh, {});
    ASSERT_EQ(bvh.triangle_count, 4u);
    std::set<std::uint32_t> seen;
    for (const auto& t : prism_test::leaf_triangles(bvh)) seen.insert(t.index);
    EXPECT_EQ(seen.size(), 4u);
  }
}

TEST(InputDomain, BvhBuildWithDenormalCentroidSpanStaysInBounds) {
  // The other road to the same out-of-bounds write (issue 14 item 1, one flipped byte of
  // oa_dm1): centroids a few denormals apart gave a float scale of bins / extent = inf, and
  // (c - lo) * inf = NaN for the lowest centroid.
  collision::TriangleMesh mesh;
  for (int i = 0; i < 9; ++i) {
    const float x = static_cast<float>(i) * 1.4e-45f;
    const auto base = static_cast<unsigned>(mesh.positions.size());
    mesh.positions.push_back({x, 0.0f, 0.0f});
    mesh.positions.push_back({x, 1.0f, 0.0f});
    mesh.positions.push_back({x, 0.0f, 1.0f});
    mesh.indices.emplace_back(base, base + 1, base + 2);
    mesh.normals.push_back({1.0f, 0.0f, 0.0f});
    mesh.flags.push_back(0);
  }
  const collision::Bvh bvh = collision::detail::build_tree(mesh, {});
  ASSERT_EQ(bvh.triangle_count, 9u);
  std::set<std::uint32_t> seen;
  for (const auto& t : prism_test::leaf_triangles(bvh)) seen.insert(t.index);
  EXPECT_EQ(seen.size(), 9u);
}

TEST(InputDomain, MeshBuilderDropsTrianglesOutsideTheDomainAndCountsThem) {
  const collision::TriangleMesh in = centroid_span_beyond_float_mesh();
  std::vector<glm::vec3> positions = in.positions;
  // One more triangle inside the domain, near its edge.
  const float edge = 0.99f * collision::kMaxCoordinate;
  positions.push_back({edge, 0, 0});
  positions.push_back({edge, 1, 0});
  positions.push_back({edge, 0, 1});
  std::vector<glm::uvec3> indices = in.indices;
  indices.emplace_back(12, 13, 14);
  const collision::TriangleMesh mesh = collision::make_mesh(positions, indices);
  EXPECT_EQ(mesh.out_of_domain_count, 4u);
  EXPECT_EQ(mesh.degenerate_count, 0u);
  EXPECT_EQ(mesh.triangle_count(), 1u);
}

TEST(InputDomain, SweepWhoseEndOverflowsFloatIsInvalidInput) {
  // Issue 14 item 2: start + displacement = 4e38 overflowed to inf in the broad phase (SEGV in
  // sweep_packet).
  const auto world = world_of(floor_quad(10));
  const auto h = collision::sweep_sphere(world, {2e38f, 0, 0}, 0.4f, {2e38f, 0, 0});
  EXPECT_TRUE(h.invalid_input);
  EXPECT_FALSE(h.hit);
  const auto e = collision::sweep_ellipsoid(world, {2e38f, 0, 0}, {0.4f, 0.4f, 0.8f}, {2e38f, 0, 0});
  EXPECT_TRUE(e.invalid_input);
  EXPECT_TRUE(collision::raycast(world, {2e38f, 0, 0}, {2e38f, 0, 0}).invalid_input);
  EXPECT_TRUE(collision::sweep_sphere_brute_force(world, {2e38f, 0, 0}, 0.4f, {2e38f, 0, 0}).invalid_input);
}

TEST(InputDomain, MoveWithEndOverflowingFloatThrows) {
  const auto world = world_of(floor_quad(10));
  collision::MoveParams params;
  EXPECT_THROW(collision::move(world, collision::Body::sphere(0.4f), {2e38f, 0, 0}, {2e38f, 0, 0}, params),
               std::invalid_argument);
}

TEST(InputDomain, MoveLongerThanSqrtFltMaxThrowsRatherThanReturningNaN) {
  // Issue 14 item 3: a move of 1.9e19 (its squared length overflows float) returned NaN.
  const auto world = world_of(floor_quad(10));
  collision::MoveParams params;
  EXPECT_THROW(collision::move(world, collision::Body::sphere(0.4f), {0, 0, 0.45f}, {0, 0, -1.9e19f}, params),
               std::invalid_argument);
  // The longest move the domain allows stays finite and stops on the floor.
  const auto r = collision::move(world, collision::Body::sphere(0.4f), {0, 0, 0.45f},
                                 {0, 0, -0.5f * collision::kMaxMoveLength}, params);
  ASSERT_TRUE(std::isfinite(r.position.x) && std::isfinite(r.position.y) && std::isfinite(r.position.z));
  EXPECT_NEAR(r.position.z, 0.4f, 0.01f);
}

TEST(InputDomain, SweepWithInfiniteOrHugeRadiusIsInvalidInput) {
  // Issue 14 item 6: the core flags it; the CLI must check (tests/tools cover that part).
  const auto world = world_of(floor_quad(10));
  EXPECT_TRUE(collision::sweep_sphere(world, {0, 0, 1}, std::numeric_limits<float>::infinity(), {0, 0, -2}).invalid_input);
  EXPECT_TRUE(collision::sweep_sphere(world, {0, 0, 1}, 2e12f, {0, 0, -2}).invalid_input);
  EXPECT_FALSE(collision::sweep_sphere(world, {0, 0, 1}, 0.5f, {0, 0, -2}).invalid_input);
}

TEST(InputDomain, ExtremelyThinEllipsoidIsInvalidInputRatherThanPassingThrough) {
  // Issue 14 item 8: an ellipsoid 1e-24 thin passed through a wall (the unit-sphere space's
  // quadratics cancel all of double's bits).
  const auto world = world_of({{{3, -5, -5}, {3, 5, -5}, {3, 0, 5}}});  // a wall at x = 3
  const auto thin = collision::sweep_ellipsoid(world, {0, 0, 0}, {1e-24f, 0.4f, 0.4f}, {100, 0, 0});
  EXPECT_TRUE(thin.invalid_input);
  EXPECT_FALSE(thin.hit);
  EXPECT_THROW(collision::move(world, collision::Body::ellipsoid({1e-24f, 0.4f, 0.4f}), {0, 0, 0}, {100, 0, 0}, {}),
               std::invalid_argument);
  // An aspect inside the domain still hits the wall where it is.
  const auto ok = collision::sweep_ellipsoid(world, {0, 0, 0}, {1e-4f, 0.4f, 0.4f}, {100, 0, 0});
  ASSERT_TRUE(ok.hit);
  EXPECT_NEAR(ok.toi * 100.0f, 3.0f, 1e-3f);
}

TEST(InputDomain, RayHitsFloorWithEdgesAtTheDomainsEdge) {
  // Issue 14 item 9: rays missed a floor with 2e20-long edges (the float triple product
  // overflowed). Such a floor is now outside the domain and dropped with a count; a floor as
  // large as the domain allows is hit.
  std::vector<glm::vec3> positions = {{-1e20f, 0, -1e20f}, {1e20f, 0, -1e20f}, {0, 0, 1e20f}};
  const auto big = collision::make_mesh(positions, {{0, 2, 1}});
  EXPECT_EQ(big.out_of_domain_count, 1u);
  const float s = collision::kMaxCoordinate;
  const auto world = world_of({{{-s, 0, -s}, {0, 0, s}, {s, 0, -s}}});
  const auto h = collision::raycast(world, {0, 1, 0}, {0, -2, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.t, 0.5f, 1e-6f);
  const auto sw = collision::sweep_sphere(world, {0, 1, 0}, 0.5f, {0, -2, 0});
  ASSERT_TRUE(sw.hit);
  EXPECT_NEAR(sw.toi, 0.25f, 1e-6f);
}

TEST(InputDomain, CharacterUpWhoseLengthOverflowsFloatThrows) {
  // Its length is infinite in float, so normalising it gave the zero vector (and NaN after).
  const auto world = world_of(floor_quad(10));
  collision::CharacterParams params;
  params.up = {1e38f, 1e38f, 0.0f};
  collision::CharacterState state;
  state.position = {0, 0, 1};
  EXPECT_THROW(collision::step_character(world, collision::Body::sphere(0.4f), state, {}, 1.0f / 60.0f, params),
               std::invalid_argument);
}

TEST(InputDomain, DomainChecksNameTheRule) {
  EXPECT_EQ(collision::point_domain_error({1, 2, 3}), nullptr);
  EXPECT_NE(collision::point_domain_error({2e12f, 0, 0}), nullptr);
  EXPECT_NE(collision::point_domain_error({std::nanf(""), 0, 0}), nullptr);
  EXPECT_NE(collision::move_domain_error({1e12f, 0, 0}, {1e12f, 0, 0}), nullptr);
  EXPECT_EQ(collision::move_domain_error({1e12f, 0, 0}, {-1e12f, 0, 0}), nullptr);
  EXPECT_NE(collision::radii_domain_error({1, 1, 1e-5f}), nullptr);
  EXPECT_EQ(collision::radii_domain_error({1, 1, 1e-4f}), nullptr);
  EXPECT_NE(collision::radii_domain_error({0, 1, 1}), nullptr);
  EXPECT_NE(collision::radii_domain_error(glm::vec3(1e-13f)), nullptr);
  EXPECT_EQ(collision::radii_domain_error(glm::vec3(1e-12f)), nullptr);
}

// The inline checks accept exactly what the full ones (which say why) accept, at the domain's
// edges too: a step and a contact query rely on them instead of the full checks.
TEST(InputDomain, InlineChecksAgreeWithTheFullOnes) {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  const float edges[] = {0.0f, -1.0f, 1.0f, 1e-13f, 1e-12f, collision::kMinBodyRadius,
                         std::nextafter(collision::kMinBodyRadius, 0.0f), collision::kMaxBodyRadius,
                         std::nextafter(collision::kMaxBodyRadius, inf), 65536.0f, 65537.0f, nan, inf};
  int bodies = 0;
  for (const float a : edges) {
    for (const float b : {1.0f, a, 1.0f / 65536.0f}) {
      for (const collision::Shape shape :
           {collision::Shape::kEllipsoid, collision::Shape::kBox, collision::Shape::kCapsule}) {
        collision::Body body = collision::Body::sphere(1.0f);
        body.shape = shape;
        body.radii = shape == collision::Shape::kCapsule ? glm::vec3(a) : glm::vec3(a, b, 1.0f);
        body.half_height = b;
        body.axis = {0.0f, 0.0f, 1.0f};
        EXPECT_EQ(collision::in_domain_body(body), collision::body_domain_error(body) == nullptr)
            << "shape " << int(shape) << " radii " << a << ", " << b;
        ++bodies;
      }
    }
  }
  EXPECT_EQ(bodies, 13 * 3 * 3);
  // The move check likewise, around 2^38 (the inline case) and 2^40 (the domain's edge).
  const float coords[] = {0.0f, 1.0f, 0x1p38f, 0x1.000002p38f, 0x1p39f, 0x1p40f, 0x1.000002p40f, -0x1p40f, nan, inf};
  for (const float s : coords) {
    for (const float d : coords) {
      for (const float e : {0.0f, -s, s}) {
        const glm::vec3 start(s, 1.0f, -2.0f), delta(d, e, 0.5f);
        EXPECT_EQ(collision::in_domain_move(start, delta), collision::move_domain_error(start, delta) == nullptr)
            << "start " << s << " delta " << d << ", " << e;
      }
    }
  }
}
