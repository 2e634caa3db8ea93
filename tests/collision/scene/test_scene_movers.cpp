// Movers against characters (Quake 3's G_MoverPush): a door closing on a standing character
// pushes it ahead without ever overlapping it; a character between a closing door and a wall
// is reported blocked, the door stops, and neither ends inside the other or the wall.
#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "scene_fixtures.hpp"

namespace {

constexpr float kDt = 1.0f / 60.0f;

// A floor (top at y = 0); a door 0.2 thick, 2 high, face at x = 0.9 closing along -x at 1 m/s
// on a sphere (r 0.3, skin 0.02) standing at the origin: from frame 36 on it is pushed; after
// 60 frames the door's face is at -0.1 and the character's centre 0.3 to 0.32 + 1/60 beyond it,
// never overlapping the door, on the floor throughout.
TEST(SceneMovers, DoorClosingOnAStandingCharacterPushesItWithoutOverlap) {
  collision::Scene scene(prism_test::boxes_level({{{0.0f, -0.5f, 0.0f}, {20.0f, 0.5f, 20.0f}}}));
  const std::uint32_t door = scene.add_box({0.1f, 1.0f, 1.0f}, {{1.0f, 1.0f, 0.0f}});
  scene.set_velocity(door, {-1.0f, 0.0f, 0.0f}, glm::vec3(0.0f));
  const std::uint32_t ch = scene.add_character(collision::Body::sphere(0.3f), prism_test::sphere_params(0.02f),
                                               prism_test::at({0.0f, 0.32f, 0.0f}));
  int first_push = -1;
  for (int frame = 1; frame <= 60; ++frame) {
    scene.advance(kDt);
    scene.update_character(ch, {}, kDt);
    const collision::SceneCharacter& c = scene.character(ch);
    ASSERT_FALSE(c.blocked) << frame;
    ASSERT_FALSE(scene.instance(door).blocked) << frame;
    ASSERT_EQ(c.state.ground, collision::GroundState::kOnGround) << frame;
    ASSERT_GE(prism_test::gap_to(scene, ch, door), 0.0f) << frame;
    if (first_push < 0 && c.state.position.x < -1e-4f) first_push = frame;
  }
  EXPECT_GE(first_push, 35);
  EXPECT_LE(first_push, 38);
  const float face = scene.instance(door).pose.position.x - 0.1f;
  EXPECT_NEAR(face, -0.1f, 1e-4f);
  const float x = scene.character(ch).state.position.x;
  EXPECT_LE(x, face - 0.3f);
  EXPECT_GE(x, face - 0.32f - 1.0f / 60.0f);
}

// The same door, the character 0.4 from a wall (the wall's face at x = -0.7): pushed against
// the wall (its centre stops at -0.38 to -0.4, within a skin of the wall), then the push cannot be made:
// the character and the door are reported blocked, the door stays where it was, and neither
// the wall nor the door ever overlaps the character.
TEST(SceneMovers, CharacterBetweenAClosingDoorAndAWallIsReportedBlockedAndNeverInsideEither) {
  collision::Scene scene(prism_test::boxes_level({{{0.0f, -0.5f, 0.0f}, {20.0f, 0.5f, 20.0f}},
                                                  {{-1.2f, 1.0f, 0.0f}, {0.5f, 1.0f, 20.0f}}}));
  const std::uint32_t door = scene.add_box({0.1f, 1.0f, 1.0f}, {{1.0f, 1.0f, 0.0f}});
  scene.set_velocity(door, {-1.0f, 0.0f, 0.0f}, glm::vec3(0.0f));
  const std::uint32_t ch = scene.add_character(collision::Body::sphere(0.3f), prism_test::sphere_params(0.02f),
                                               prism_test::at({0.0f, 0.32f, 0.0f}));
  int blocked_frames = 0;
  for (int frame = 1; frame <= 120; ++frame) {
    scene.advance(kDt);
    scene.update_character(ch, {}, kDt);
    const collision::SceneCharacter& c = scene.character(ch);
    ASSERT_GE(prism_test::gap_to(scene, ch, door), 0.0f) << frame;
    ASSERT_GE(prism_test::gap_to(scene, ch, collision::kStaticLevel), 0.0f) << frame;
    ASSERT_GE(c.state.position.x, -0.7f + 0.3f) << frame;
    ASSERT_EQ(c.blocked, scene.instance(door).blocked) << frame;
    blocked_frames += c.blocked;
  }
  // Free until the door meets the character (frame ~36), pushed to the wall (0.38 more: ~23
  // frames), blocked from then on.
  EXPECT_GE(blocked_frames, 55);
  EXPECT_LE(blocked_frames, 65);
  // One skin off the wall, or less where the door squeezes it (two skins do not fit): within
  // [-0.4, -0.38], never in the wall.
  EXPECT_LE(scene.character(ch).state.position.x, -0.38f + 1e-4f);
  EXPECT_GE(scene.character(ch).state.position.x, -0.4f);
  const float face = scene.instance(door).pose.position.x - 0.1f;
  EXPECT_GE(face, scene.character(ch).state.position.x + 0.3f);
  EXPECT_LE(face, scene.character(ch).state.position.x + 0.3f + 0.02f + 1.0f / 60.0f);
}

// A lift rising under a standing character carries it, and a ceiling over the lift stops both:
// the character is blocked one skin under the ceiling, never in it.
TEST(SceneMovers, LiftRisingUnderACeilingStopsBlockedWithTheCharacterOutOfTheCeiling) {
  collision::Scene scene(prism_test::boxes_level({{{0.0f, 3.5f, 0.0f}, {20.0f, 0.5f, 20.0f}}}));  // ceiling at y = 3
  const std::uint32_t lift = scene.add_box({2.0f, 0.5f, 2.0f}, {{0.0f, -0.5f, 0.0f}});
  scene.set_velocity(lift, {0.0f, 2.0f, 0.0f}, glm::vec3(0.0f));
  const std::uint32_t ch = scene.add_character(collision::Body::sphere(0.3f), prism_test::sphere_params(0.02f),
                                               prism_test::at({0.0f, 0.32f, 0.0f}));
  for (int frame = 1; frame <= 120; ++frame) {
    scene.advance(kDt);
    scene.update_character(ch, {}, kDt);
    ASSERT_GE(prism_test::gap_to(scene, ch, collision::kStaticLevel), 0.0f) << frame;
    ASSERT_GE(prism_test::gap_to(scene, ch, lift), 0.0f) << frame;
  }
  EXPECT_TRUE(scene.character(ch).blocked);
  EXPECT_TRUE(scene.instance(lift).blocked);
  // The character's top within a skin and a frame's rise of the ceiling.
  EXPECT_GE(scene.character(ch).state.position.y, 3.0f - 0.3f - 0.02f - 2.0f / 60.0f);
  EXPECT_LE(scene.character(ch).state.position.y, 3.0f - 0.3f);
}

}  // namespace

namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

// Bad input to the Scene is an std::invalid_argument naming the call and what is wrong, and
// leaves the scene as it was.
TEST(SceneMovers, BadIdsPosesVelocitiesAndMethodsAreErrorsNamingTheArgument) {
  collision::Scene scene(nullptr);
  const std::uint32_t box = scene.add_box({1.0f, 1.0f, 1.0f});
  EXPECT_EQ(error_of([&] { scene.set_pose(7, {}); }), "scene: set_pose: no instance 7");
  EXPECT_EQ(error_of([&] { scene.set_velocity(box, {NAN, 0, 0}, glm::vec3(0.0f)); }),
            "scene: set_velocity: velocities must be finite");
  EXPECT_EQ(error_of([&] { scene.set_pose(box, {{0, 0, 0}, glm::quat(0, 0, 0, 0)}); }),
            "scene: set_pose: position and rotation must be finite, rotation non-zero");
  EXPECT_NE(error_of([&] { scene.add_box({1.0f, -1.0f, 1.0f}); }).find("scene: add_box half_extents: "), std::string::npos);
  EXPECT_EQ(error_of([&] { scene.advance(-1.0f); }), "scene: advance: dt must be finite and >= 0");
  collision::CharacterParams p = prism_test::sphere_params(0.02f);
  p.move.method = collision::Method::kOffsetPrism;
  EXPECT_EQ(error_of([&] { scene.add_character(collision::Body::sphere(0.3f), p, prism_test::at({0, 5, 0})); }),
            "scene: add_character: a scene's character takes the robust method");
  EXPECT_EQ(error_of([&] { scene.update_character(0, {}, 0.1f); }), "scene: no character 0");
  scene.remove(box);
  EXPECT_EQ(error_of([&] { scene.instance(box); }), "scene: instance: no instance 0");
  EXPECT_EQ(scene.character_count(), 0u);
  // A removed instance is hit by nothing.
  EXPECT_FALSE(collision::raycast(scene, {0, 5, 0}, {0, -10, 0}).hit);
}

}  // namespace

namespace {

// A turning arm (a bar 8 long, 1 high, 0.4 thick, about the vertical through its middle, at
// 2 rad/s) sweeps through a standing sphere (r 0.3, skin 0.02) 2.5 from the axis: it pushes
// the character ahead without ever overlapping it, for 2 s (about 2/3 of a turn), round its
// circle: its distance from the axis stays 2.5 within a skin.
TEST(SceneMovers, TurningArmPushesAStandingCharacterWithoutOverlap) {
  collision::Scene scene(prism_test::boxes_level({{{0.0f, -0.5f, 0.0f}, {20.0f, 0.5f, 20.0f}}}));
  const std::uint32_t arm = scene.add_box({4.0f, 0.5f, 0.2f}, {{0.0f, 0.5f, 0.0f}});
  scene.set_velocity(arm, glm::vec3(0.0f), {0.0f, 2.0f, 0.0f});
  // At angle 60 degrees ahead of the arm (turning +x towards -z): the arm reaches it at t ~ 0.5 s.
  const std::uint32_t ch = scene.add_character(collision::Body::sphere(0.3f), prism_test::sphere_params(0.02f),
                                               prism_test::at({2.5f * 0.5f, 0.32f, -2.5f * 0.8660254f}));
  int pushed = 0;
  for (int frame = 1; frame <= 120; ++frame) {
    const glm::vec3 before = scene.character(ch).state.position;
    scene.advance(1.0f / 60.0f);
    pushed += glm::length(scene.character(ch).state.position - before) > 1e-4f;
    scene.update_character(ch, {}, 1.0f / 60.0f);
    ASSERT_GE(prism_test::gap_to(scene, ch, arm), 0.0f) << frame;
    ASSERT_FALSE(scene.instance(arm).blocked) << frame;
    const glm::vec3 p = scene.character(ch).state.position;
    ASSERT_NEAR(p.y, 0.32f, 1e-3f) << frame;
  }
  EXPECT_GT(pushed, 80);  // pushed on most frames after the first half second (seen: 95)
  const glm::vec3 p = scene.character(ch).state.position;
  EXPECT_NEAR(std::sqrt(p.x * p.x + p.z * p.z), 2.5f, 0.02f);  // pushed round its circle (seen: 2.5000)
}

}  // namespace

namespace {

// Scene::move_kinematic (Jolt's MoveKinematic): the velocities that reach the target in dt (a
// quarter turn about y in 0.5 s is pi rad/s; 3 units in 0.5 s is 6 units/s), the pose reached
// exactly at the next advance, a rider on the platform carried on its circle; a turn of 350
// degrees is taken the short way (-10 degrees); the target is dropped after one advance (then the
// velocities keep integrating, as set_velocity's would).
TEST(SceneMovers, MoveKinematicSetsTheVelocitiesThatReachTheTargetAndLandsOnItExactly) {
  collision::Scene scene(nullptr);
  const std::uint32_t plat = scene.add_box({2.0f, 0.1f, 2.0f}, {{0.0f, -0.1f, 0.0f}});
  const std::uint32_t rider = scene.add_character(collision::Body::sphere(0.3f), prism_test::sphere_params(0.02f),
                                                  prism_test::at({1.5f, 0.32f, 0.0f}));
  ASSERT_EQ(scene.character(rider).state.ground_instance, plat);
  collision::Pose target;
  target.position = {3.0f, -0.1f, 0.0f};
  target.rotation = glm::angleAxis(1.5707963267948966f, glm::vec3(0.0f, 1.0f, 0.0f));
  scene.move_kinematic(plat, target, 0.5f);
  const collision::SceneInstance& in = scene.instance(plat);
  EXPECT_NEAR(in.velocity.x, 6.0f, 1e-5f);
  EXPECT_NEAR(in.angular_velocity.y, 3.14159265f, 1e-5f);
  EXPECT_NEAR(in.angular_velocity.x, 0.0f, 1e-6f);
  scene.advance(0.5f);
  EXPECT_EQ(scene.instance(plat).pose.position, target.position);
  EXPECT_EQ(scene.instance(plat).pose.rotation, glm::normalize(target.rotation));
  // The rider at (1.5, 0.32, 0) about the platform's centre turns a quarter (+x towards -z) and
  // moves with it: (3, 0.32, -1.5).
  const glm::vec3 p = scene.character(rider).state.position;
  EXPECT_NEAR(p.x, 3.0f, 1e-4f);
  EXPECT_NEAR(p.y, 0.32f, 1e-4f);
  EXPECT_NEAR(p.z, -1.5f, 1e-4f);
  collision::Pose back = target;
  back.rotation = target.rotation * glm::angleAxis(6.108652382f, glm::vec3(0.0f, 1.0f, 0.0f));  // +350 degrees
  scene.move_kinematic(plat, back, 1.0f);
  EXPECT_NEAR(scene.instance(plat).angular_velocity.y, -0.174532925f, 1e-5f);  // -10 degrees a second
  scene.advance(1.0f);
  scene.advance(1.0f);  // no target: the velocities carry on
  EXPECT_NEAR(glm::dot(scene.instance(plat).pose.rotation, back.rotation * glm::angleAxis(-0.174532925f, glm::vec3(0, 1, 0))),
              1.0f, 1e-5f);
  EXPECT_THROW(scene.move_kinematic(plat, back, 0.0f), std::invalid_argument);
  EXPECT_THROW(scene.move_kinematic(plat, back, NAN), std::invalid_argument);
  EXPECT_THROW(scene.move_kinematic(99, back, 1.0f), std::invalid_argument);
}

}  // namespace

// A character walking into an instance's wall: once it stands against it (a skin away), its
// step starts against that face, and the trace names the face by its instance and triangle as
// its contacts do (a face of the level would have instance kStaticLevel).
TEST(SceneMovers, TraceNamesTheInstanceOfAFaceTheStepStartedAgainst) {
  collision::Scene scene(prism_test::boxes_level({{{0.0f, -0.5f, 0.0f}, {20.0f, 0.5f, 20.0f}}}));
  const std::uint32_t wall = scene.add_box({0.1f, 1.0f, 1.0f}, {{1.0f, 1.0f, 0.0f}});  // face at x = 0.9
  const std::uint32_t ch = scene.add_character(collision::Body::sphere(0.3f), prism_test::sphere_params(0.02f),
                                               prism_test::at({0.0f, 0.32f, 0.0f}));
  collision::CharacterInput in;
  in.velocity = {1.0f, 0.0f, 0.0f};
  collision::Trace trace;
  int against = 0;
  for (int frame = 0; frame < 90; ++frame) {
    trace.clear();
    scene.update_character(ch, in, kDt, &trace);
    for (const collision::TouchingPlane& t : trace.touching) {
      if (std::fabs(t.normal.x + 1.0f) > 1e-4f) continue;
      ++against;
      EXPECT_EQ(t.instance, wall) << frame;
      EXPECT_LT(t.triangle, 12u) << frame;
    }
  }
  EXPECT_GT(against, 30);
  EXPECT_NEAR(scene.character(ch).state.position.x, 0.9f - 0.3f - 0.02f, 1e-3f);
}

// A move into a box instance turned 30 degrees about Y: the trace's iteration lists the
// level's candidates first, then the box's triangles named by their instance, their offset
// prisms in world space (the offset plane's normal is the turned face's), and the one the sweep
// hit is the candidate marked hit, at the iteration's time of impact.
TEST(SceneMovers, TraceListsTheMoversTrianglesAmongTheCandidatesAndMarksTheOneHit) {
  collision::Scene scene(prism_test::boxes_level({{{0.0f, -0.5f, 0.0f}, {20.0f, 0.5f, 20.0f}}}));
  const glm::quat turn = glm::angleAxis(0.5235988f, glm::vec3(0.0f, 1.0f, 0.0f));
  const std::uint32_t box = scene.add_box({0.5f, 1.0f, 0.5f}, {{2.0f, 1.0f, 0.0f}, turn});
  collision::MoveParams params;
  params.skin_width = 0.02f;
  collision::Trace trace;
  const collision::Body body = collision::Body::sphere(0.3f);
  collision::move(scene, body, {0.0f, 0.32f, 0.0f}, {3.0f, 0.0f, 0.0f}, params, &trace);
  ASSERT_FALSE(trace.iterations.empty());
  const collision::SlideIteration& it = trace.iterations[0];
  ASSERT_TRUE(it.hit);
  ASSERT_EQ(it.instance, box);
  int level = 0, movers = 0, hits = 0;
  bool level_first = true;
  for (const collision::TriangleTest& t : it.tests) {
    if (t.instance == collision::kStaticLevel) {
      ++level;
      level_first = level_first && movers == 0;
      continue;
    }
    ASSERT_EQ(t.instance, box);
    ASSERT_LT(t.triangle, 12u);
    ++movers;
    // The offset plane: the turned face's plane moved out by r.
    collision::Triangle local = collision::scene_box_mesh({0.5f, 1.0f, 0.5f}).triangle(t.triangle);
    const glm::vec3 a = glm::vec3(2.0f, 1.0f, 0.0f) + turn * local.a;
    const glm::vec3 n = turn * glm::normalize(glm::cross(local.b - local.a, local.c - local.a));
    EXPECT_NEAR(glm::dot(t.offset_plane.normal, n), 1.0f, 1e-5f) << t.triangle;
    EXPECT_NEAR(t.offset_plane.offset, glm::dot(n, a) + 0.3f, 1e-5f) << t.triangle;
    if (t.verdict != collision::Verdict::kHit) continue;
    ++hits;
    EXPECT_EQ(t.triangle, it.triangle);
    EXPECT_NEAR(t.toi, it.toi, 1e-5f);
    EXPECT_NEAR(glm::dot(n, it.normal), 1.0f, 1e-5f);
  }
  EXPECT_GT(level, 0);
  EXPECT_TRUE(level_first);
  EXPECT_EQ(movers, 10);  // all but the top face's two (y = 2, above the sweep's box)
  EXPECT_EQ(hits, 1);
}
