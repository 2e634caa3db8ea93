// Batches over threads (collision/batch.hpp) on a real map: every result is bit-identical to
// the single call for the same item, whatever the thread count; errors come back as the single
// call's, for the lowest failing item.
#include <cmath>
#include <cstring>
#include <random>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "collision/batch.hpp"
#include "collision/world.hpp"
#include "collision_io/level.hpp"
#include "denormals_are_zero.hpp"

namespace {

using collision::SegmentQuery;

struct Map {
  collision::io::Level level = collision::io::load_level("oa_dm1");
  collision::World world{level.mesh};
};

const Map& oa_dm1() {
  static const Map m;
  return m;
}

std::vector<SegmentQuery> random_queries(const collision::World& world, int n, unsigned seed) {
  std::mt19937 rng(seed);
  const collision::Aabb b = world.bounds();
  std::uniform_real_distribution<float> u(0.0f, 1.0f), d(-200.0f, 200.0f);
  std::vector<SegmentQuery> q(static_cast<std::size_t>(n));
  for (SegmentQuery& s : q) {
    s.origin = b.min + glm::vec3(u(rng), u(rng), u(rng)) * (b.max - b.min);
    s.delta = {d(rng), d(rng), d(rng)};
  }
  return q;
}

// Bit-equal floats (so -0 differs from 0 and NaN equals NaN): field by field, not memcmp, as
// the structs have padding.
bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }
bool same_bits(const glm::vec3& a, const glm::vec3& b) {
  return same_bits(a.x, b.x) && same_bits(a.y, b.y) && same_bits(a.z, b.z);
}
bool same_bits(const collision::SweepHit& a, const collision::SweepHit& b) {
  return a.hit == b.hit && a.invalid_input == b.invalid_input && a.start_overlap == b.start_overlap &&
         same_bits(a.toi, b.toi) && same_bits(a.penetration, b.penetration) && same_bits(a.point, b.point) &&
         same_bits(a.normal, b.normal) && a.triangle == b.triangle && a.feature == b.feature;
}
bool same_bits(const collision::RayHit& a, const collision::RayHit& b) {
  return a.hit == b.hit && a.invalid_input == b.invalid_input && same_bits(a.t, b.t) && same_bits(a.point, b.point) &&
         same_bits(a.normal, b.normal) && a.triangle == b.triangle;
}

TEST(Batch, SweepsAndRaysOnAnyThreadCountEqualTheSingleCalls) {
  const Map& m = oa_dm1();
  const auto queries = random_queries(m.world, 5000, 7);
  const collision::Body box = collision::Body::sphere(16.0f);
  std::vector<collision::SweepHit> single(queries.size());
  std::vector<collision::RayHit> rays(queries.size());
  for (std::size_t i = 0; i < queries.size(); ++i) {
    single[i] = collision::sweep_sphere(m.world, queries[i].origin, 16.0f, queries[i].delta);
    rays[i] = collision::raycast(m.world, queries[i].origin, queries[i].delta);
  }
  int hits = 0;
  for (const auto& h : single) hits += h.hit;
  ASSERT_GT(hits, 1000);  // the batch must actually meet geometry, or this proves little
  for (unsigned threads : {1u, 2u, 3u, 8u, 0u}) {
    std::vector<collision::SweepHit> a(queries.size()), b(queries.size());
    std::vector<collision::RayHit> r(queries.size());
    collision::sweep_sphere_batch(m.world, 16.0f, queries, a, {}, threads);
    collision::sweep_batch(m.world, box, queries, b, {}, threads);
    collision::raycast_batch(m.world, queries, r, threads);
    for (std::size_t i = 0; i < queries.size(); ++i) {
      ASSERT_TRUE(same_bits(a[i], single[i])) << "sweep_sphere_batch, " << threads << " threads, query " << i;
      ASSERT_TRUE(same_bits(b[i], single[i])) << "sweep_batch, " << threads << " threads, query " << i;
      ASSERT_TRUE(same_bits(r[i], rays[i])) << "raycast_batch, " << threads << " threads, query " << i;
    }
  }
}

// A game that runs with denormals-are-zero (and flush-to-zero) sets them on its own thread; the
// batch's worker threads must run its items in the same mode, or their results differ from
// the single call's wherever a denormal decides one. Here a sphere meets a corner at
// x = 1e-39 (a denormal float): with DAZ the corner reads as x = 0 and so does the contact
// point.
TEST(Batch, WorkersRunInTheCallersFloatingPointMode) {
  const float tiny = 1e-39f;
  ASSERT_EQ(std::fpclassify(tiny), FP_SUBNORMAL);
  const collision::World world(collision::make_mesh({{tiny, 0.0f, 0.0f}, {8.0f, 3.0f, 0.0f}, {8.0f, -3.0f, 0.0f}},
                                                    {{0, 1, 2}}));
  // Aimed at the corner from -x, 40,000 times: enough that every thread takes a share.
  const std::vector<SegmentQuery> queries(40000, SegmentQuery{{-5.0f, 0.0f, 0.0f}, {10.0f, 0.0f, 0.0f}});
  const auto sweep_one = [&] { return collision::sweep_sphere(world, queries[0].origin, 1.0f, queries[0].delta); };
  // Each mode in turn, twice, so that whichever mode the arena first saw, the other follows it.
  for (int round = 0; round < 2; ++round) {
    for (const bool daz : {round == 0, round != 0}) {
      const auto check = [&] {
        const collision::SweepHit single = sweep_one();
        ASSERT_TRUE(single.hit);
        // The test's premise: the mode decides the contact point's x.
        ASSERT_TRUE(same_bits(single.point.x, daz ? 0.0f : tiny)) << single.point.x;
        for (unsigned threads : {2u, 0u}) {
          std::vector<collision::SweepHit> out(queries.size());
          collision::sweep_sphere_batch(world, 1.0f, queries, out, {}, threads);
          for (std::size_t i = 0; i < queries.size(); ++i) {
            ASSERT_TRUE(same_bits(out[i], single))
                << (daz ? "DAZ, " : "no DAZ, ") << threads << " threads, query " << i << ": x = " << out[i].point.x;
          }
        }
      };
      if (daz) {
        prism_test::with_denormals_are_zero(check);
      } else {
        prism_test::without_denormals_are_zero(check);
      }
      if (HasFatalFailure()) return;
    }
  }
}

TEST(Batch, CharactersOverThreadsWalkExactlyAsOneByOne) {
  const Map& m = oa_dm1();
  const collision::Body body = collision::Body::sphere(16.0f);
  collision::CharacterParams params;
  params.up = m.level.up;
  std::vector<collision::CharacterState> start;
  for (const auto& spawn : m.level.spawns) {
    collision::CharacterState s;
    s.position = spawn.origin;
    start.push_back(collision::refresh_contacts(m.world, body, s, params));
  }
  ASSERT_GE(start.size(), 8u);
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> d(-320.0f, 320.0f);
  std::vector<std::vector<collision::CharacterInput>> inputs(120, std::vector<collision::CharacterInput>(start.size()));
  for (auto& frame : inputs)
    for (auto& in : frame) in.velocity = {d(rng), d(rng), d(rng)};
  std::vector<collision::CharacterState> one = start;
  for (const auto& frame : inputs)
    for (std::size_t i = 0; i < one.size(); ++i) one[i] = collision::step_character(m.world, body, one[i], frame[i], 1.0f / 60.0f, params);
  for (unsigned threads : {2u, 5u}) {
    std::vector<collision::CharacterState> many = start;
    for (const auto& frame : inputs) collision::step_characters(m.world, body, many, frame, 1.0f / 60.0f, params, threads);
    for (std::size_t i = 0; i < many.size(); ++i) {
      ASSERT_TRUE(same_bits(many[i].position, one[i].position)) << threads << " threads, character " << i;
      ASSERT_TRUE(same_bits(many[i].velocity, one[i].velocity)) << threads << " threads, character " << i;
      ASSERT_EQ(many[i].ground, one[i].ground);
      ASSERT_EQ(many[i].contacts.size(), one[i].contacts.size());
    }
    EXPECT_GT(glm::length(many[0].position - start[0].position), 16.0f);  // they did walk
  }
}

TEST(Batch, TheLowestFailingCharactersErrorComesBackAndShortSpansAreRefused) {
  const Map& m = oa_dm1();
  const collision::Body body = collision::Body::sphere(16.0f);
  collision::CharacterParams params;
  params.up = m.level.up;
  std::vector<collision::CharacterState> states(1000);
  for (auto& s : states) s.position = m.level.spawns.front().origin;
  std::vector<collision::CharacterInput> inputs(states.size());
  inputs[700].velocity = glm::vec3(std::nanf(""));
  inputs[900].velocity = glm::vec3(1e30f);
  try {
    collision::step_characters(m.world, body, states, inputs, 1.0f / 60.0f, params, 4);
    FAIL() << "a NaN velocity must be refused";
  } catch (const std::invalid_argument& e) {
    // The same message as the single call for character 700.
    try {
      collision::CharacterState start;
      start.position = m.level.spawns.front().origin;
      (void)collision::step_character(m.world, body, start, inputs[700], 1.0f / 60.0f, params);
    } catch (const std::invalid_argument& single) {
      EXPECT_STREQ(e.what(), single.what());
    }
  }
  std::vector<collision::SweepHit> few(3);
  const auto queries = random_queries(m.world, 4, 1);
  EXPECT_THROW(collision::sweep_sphere_batch(m.world, 16.0f, queries, few), std::invalid_argument);
}

}  // namespace
