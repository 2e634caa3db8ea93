// update_character, the character step in place: bit for bit what step_character returns, and
// no allocation per step once a state's contact list has grown. A binary of its own: it counts
// allocations by replacing the global operator new.
#include <cmath>
#include <cstdlib>
#include <new>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "collision/batch.hpp"
#include "collision/character.hpp"
#include "movement_scenes.hpp"

namespace {
thread_local long g_allocations = 0;  // this thread's calls of operator new
}  // namespace

void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

using collision::Body;
using collision::CharacterInput;
using collision::CharacterParams;
using collision::CharacterState;
using glm::vec3;
using movement_test::SceneBuilder;

namespace {

const Body kSphere = Body::sphere(16.0f);

// Quake's scale and axes: a floor, a wall, stairs of 16 and a ramp; Z up.
collision::World scene() {
  SceneBuilder s;
  s.floor(-1000, -1000, 1000, 1000, 0, 16);
  s.box({300, -300, 0}, {400, 300, 200});  // a wall x = 300
  for (int i = 0; i < 6; ++i) {
    s.box({-100.0f - 32.0f * static_cast<float>(i), -100, 0}, {-68.0f - 32.0f * static_cast<float>(i), 100, 16.0f * static_cast<float>(i + 1)});
  }
  s.ramp(0, 0, 200, 30, 200, 400);
  return s.world();
}

CharacterParams zup() {
  CharacterParams p;
  p.up = {0, 0, 1};
  return p;
}

// A wander: into the wall, up the stairs, up the ramp, jumps and a pause (dt = 0 steps too).
CharacterInput input_at(int frame, float& dt) {
  dt = frame % 50 == 49 ? 0.0f : 1.0f / 60.0f;
  const float a = static_cast<float>(frame / 40) * 1.7f;
  CharacterInput in;
  in.velocity = vec3(std::cos(a), std::sin(a), 0) * 320.0f;
  in.jump = frame % 90 == 45;
  return in;
}

}  // namespace

TEST(CharacterInPlace, UpdateGivesBitForBitTheStepsOfStepCharacter) {
  const collision::World w = scene();
  CharacterState returned, in_place;
  returned.position = in_place.position = {0, 0, 40};
  for (int f = 0; f < 1500; ++f) {
    float dt;
    const CharacterInput in = input_at(f, dt);
    collision::Trace trace;
    returned = collision::step_character(w, kSphere, returned, in, dt, zup());
    collision::update_character(w, kSphere, in_place, in, dt, zup(), f % 3 == 0 ? &trace : nullptr);
    ASSERT_EQ(returned.position, in_place.position) << "frame " << f;
    ASSERT_EQ(returned.velocity, in_place.velocity) << "frame " << f;
    ASSERT_EQ(returned.input_velocity, in_place.input_velocity) << "frame " << f;
    ASSERT_EQ(returned.effective_velocity, in_place.effective_velocity) << "frame " << f;
    ASSERT_EQ(returned.ground, in_place.ground) << "frame " << f;
    ASSERT_EQ(returned.ground_normal, in_place.ground_normal) << "frame " << f;
    ASSERT_EQ(returned.ground_triangle, in_place.ground_triangle) << "frame " << f;
    ASSERT_EQ(returned.contacts_key, in_place.contacts_key) << "frame " << f;
    ASSERT_EQ(returned.contacts.size(), in_place.contacts.size()) << "frame " << f;
    for (std::size_t i = 0; i < returned.contacts.size(); ++i) {
      ASSERT_EQ(returned.contacts[i].triangle, in_place.contacts[i].triangle) << "frame " << f;
      ASSERT_EQ(returned.contacts[i].distance, in_place.contacts[i].distance) << "frame " << f;
      ASSERT_EQ(returned.contacts[i].walkable, in_place.contacts[i].walkable) << "frame " << f;
    }
  }
  EXPECT_GT(returned.position.z, 40.0f) << "the wander should have climbed";
}

// Untraced, a character stepped in place allocates nothing once warm: the step's own lists are
// kept per thread and the state's contact list keeps its memory. step_character allocates the
// list it returns.
TEST(CharacterInPlace, SteppingInPlaceAllocatesNothingOnceWarm) {
  const collision::World w = scene();
  CharacterState state;
  state.position = {0, 0, 40};
  state.contacts.reserve(64);
  const auto step = [&](CharacterState& st, int f, bool in_place) {
    float dt;
    const CharacterInput in = input_at(f, dt);
    if (in_place) {
      collision::update_character(w, kSphere, st, in, dt, zup());
    } else {
      st = collision::step_character(w, kSphere, st, in, dt, zup());
    }
  };
  for (int f = 0; f < 600; ++f) step(state, f, true);
  const long before = g_allocations;
  for (int f = 600; f < 1500; ++f) step(state, f, true);
  EXPECT_EQ(g_allocations - before, 0) << "allocations in 900 steps in place";
  const long before_returned = g_allocations;
  CharacterState copy = state;
  for (int f = 600; f < 700; ++f) step(copy, f, false);
  EXPECT_GE(g_allocations - before_returned, 50) << "step_character returns a new list: the count above is real";
}

// An invalid input leaves the state as it was.
TEST(CharacterInPlace, AnInvalidInputLeavesTheStateUntouched) {
  const collision::World w = scene();
  CharacterState state;
  state.position = {0, 0, 40};
  float dt;
  for (int f = 0; f < 60; ++f) {
    const CharacterInput in = input_at(f, dt);
    collision::update_character(w, kSphere, state, in, dt, zup());
  }
  const CharacterState before = state;
  CharacterInput bad;
  bad.velocity = {NAN, 0, 0};
  EXPECT_THROW(collision::update_character(w, kSphere, state, bad, 1.0f / 60.0f, zup()), std::invalid_argument);
  EXPECT_THROW(collision::update_character(w, kSphere, state, CharacterInput{}, -1.0f, zup()), std::invalid_argument);
  EXPECT_EQ(state.position, before.position);
  EXPECT_EQ(state.velocity, before.velocity);
  EXPECT_EQ(state.contacts_key, before.contacts_key);
  EXPECT_EQ(state.contacts.size(), before.contacts.size());
}

// The batch steps in place too: the same states as update_character one by one, and no
// allocation on the calling thread once warm (one thread: every step runs there).
TEST(CharacterInPlace, BatchStepsInPlace) {
  const collision::World w = scene();
  std::vector<CharacterState> batch(32), single(32);
  std::vector<CharacterInput> inputs(32);
  for (int i = 0; i < 32; ++i) {
    batch[i].position = single[i].position = {static_cast<float>(i) * 20.0f - 320.0f, 150, 40};
    batch[i].contacts.reserve(64);
  }
  for (int f = 0; f < 300; ++f) {
    for (int i = 0; i < 32; ++i) {
      float dt;
      inputs[i] = input_at(f + 7 * i, dt);
    }
    const long before = g_allocations;
    collision::step_characters(w, kSphere, batch, inputs, 1.0f / 60.0f, zup(), 1);
    if (f >= 100) {
      ASSERT_EQ(g_allocations - before, 0) << "frame " << f;
    }
    for (int i = 0; i < 32; ++i) {
      collision::update_character(w, kSphere, single[i], inputs[i], 1.0f / 60.0f, zup());
      ASSERT_EQ(batch[i].position, single[i].position) << "frame " << f << ", character " << i;
    }
  }
}
