// find_contacts against its definition: every solid triangle whose gap to the body
// (distance_to_triangle) is at most the reach, ascending by index, each with the same closest
// point, normal, gap and feature. The query culls triangles four at a time with a float bound
// (packet_tests.hpp, contact_candidates: the core's gap beyond the plane and beyond an edge
// plane, added in squares), which must never drop one the exact distance keeps; so bodies of
// every shape rest on, hover over and sink into a floor of small tiles and a bumpy field, near
// and far from the origin, and the result must be exactly the brute-force loop's.
#include <cmath>
#include <random>
#include <vector>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "collision/body.hpp"
#include "collision/contacts.hpp"
#include "test_worlds.hpp"

using collision::Body;
using collision::Contact;
using glm::vec3;

namespace {

std::vector<Contact> brute_force(const collision::World& world, const Body& body, const vec3& center, float reach) {
  std::vector<Contact> out;
  const collision::TriangleMesh& mesh = world.mesh();
  for (std::uint32_t i = 0; i < mesh.triangle_count(); ++i) {
    if (!mesh.solid(i)) continue;
    const collision::TriangleDistance d = collision::distance_to_triangle(mesh.triangle(i), body, center, reach);
    if (d.invalid_input || !(d.distance <= static_cast<double>(reach))) continue;
    Contact c;
    c.triangle = i;
    c.distance = static_cast<float>(d.distance);
    c.point = vec3(d.point);
    c.feature = d.feature;
    out.push_back(c);
  }
  return out;
}

void expect_contacts_match(const vec3& offset) {
  // A floor of 2-unit tiles (coplanar neighbours: the case the cull is for) beside a bumpy
  // field of 1.5-unit triangles.
  std::vector<collision::Triangle> tris = prism_test::height_field(20, 2.0f, [](float, float) { return 0.0f; }, offset);
  const auto bumps = prism_test::height_field(
      20, 1.5f, [](float x, float y) { return 3.0f * std::sin(x / 3.0f) * std::cos(y / 4.0f); },
      offset + vec3(45.0f, 0.0f, 0.0f));
  tris.insert(tris.end(), bumps.begin(), bumps.end());
  const auto world = prism_test::world_of(tris);
  const Body bodies[] = {Body::sphere(4.0f),
                         Body::sphere(16.0f),
                         Body::box(vec3(6.0f, 4.0f, 9.0f)),
                         Body::capsule(5.0f, 7.0f, vec3(0.0f, 0.0f, 1.0f)),
                         Body::capsule(3.0f, 6.0f, glm::normalize(vec3(0.6f, 0.0f, 0.8f))),
                         Body::ellipsoid(vec3(5.0f, 3.0f, 8.0f))};
  std::mt19937 rng(31);
  std::uniform_real_distribution<float> at(2.0f, 72.0f), side(2.0f, 28.0f), lift(-0.6f, 1.4f), unit(0.0f, 1.0f);
  int with_contacts = 0, total = 0;
  for (int q = 0; q < 1200; ++q) {
    const Body& body = bodies[q % 6];
    const float reach = q % 3 == 0 ? 0.0f : q % 3 == 1 ? 1.0f / 32.0f : 2.0f;
    const vec3 xy(at(rng), side(rng), 0.0f);
    // Resting on the floor at its extent (a skin above, touching, or sunk a little), or hovering.
    const float extent = body.extent_along(vec3(0.0f, 0.0f, 1.0f));
    const float rest = unit(rng) < 0.5f ? std::round(lift(rng) * 8.0f) / 256.0f : lift(rng) * extent;
    const vec3 center = offset + xy + vec3(0.0f, 0.0f, extent + rest + (xy.x > 45.0f ? 3.0f : 0.0f));
    std::vector<Contact> got;
    collision::find_contacts(world, body, center, reach, got);
    const std::vector<Contact> want = brute_force(world, body, center, reach);
    ASSERT_EQ(got.size(), want.size()) << "query " << q << ", body " << q % 6;
    for (std::size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i].triangle, want[i].triangle) << "query " << q;
      EXPECT_EQ(got[i].distance, want[i].distance) << "query " << q;
      EXPECT_EQ(got[i].point, want[i].point) << "query " << q;
      EXPECT_EQ(got[i].feature, want[i].feature) << "query " << q;
    }
    if (::testing::Test::HasFailure()) return;
    with_contacts += !got.empty();
    total += static_cast<int>(got.size());
  }
  // Many queries touch something (the rest hover or lie beyond the floor), many of those
  // several triangles, or the comparison proves little.
  EXPECT_GT(with_contacts, 400);
  EXPECT_GT(total, 2000) << with_contacts;
}

TEST(Contacts, MatchTheBruteForceLoopForEveryShape) { expect_contacts_match(vec3(0.0f)); }

// A capsule's axis may be off unit length by up to 1e-3 (Body's domain); the exact distance
// normalizes it, and so must the culls in front of it (the query's box, the plane prefilter):
// a capsule of half height 100 whose axis is 0.9995 long reaches 0.05 further along it than
// the unnormalized axis says. Hovering 0.01 over a floor by the normalized axis, it touches it
// within a reach of 1/32.
TEST(Contacts, NearlyUnitCapsuleAxisReachesAsFarAsTheNormalizedOne) {
  const auto world = prism_test::world_of(prism_test::height_field(20, 2.0f, [](float, float) { return 0.0f; }));
  for (const vec3 axis : {vec3(0.0f, 0.0f, 0.9995f), vec3(0.0f, 0.0f, -1.0009f), vec3(0.0f, 0.9992f, 0.0f)}) {
    const Body body = Body::capsule(1.0f, 100.0f, axis);
    const float up = std::fabs(axis.z) > 0.0f ? 101.0f : 1.0f;  // the lower end, or the side
    const vec3 center(20.0f, 20.0f, up + 0.01f);
    std::vector<Contact> got;
    collision::find_contacts(world, body, center, 1.0f / 32.0f, got);
    const std::vector<Contact> want = brute_force(world, body, center, 1.0f / 32.0f);
    EXPECT_FALSE(want.empty());
    ASSERT_EQ(got.size(), want.size()) << "axis length " << glm::length(axis);
    for (std::size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i].triangle, want[i].triangle);
      EXPECT_EQ(got[i].distance, want[i].distance);
    }
  }
}

TEST(Contacts, MatchTheBruteForceLoopFarFromTheOrigin) { expect_contacts_match(vec3(20000.0f, -15000.0f, 3000.0f)); }

}  // namespace
