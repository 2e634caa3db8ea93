// The follow camera never hides the body: headless tours of levels without a walk script (the
// seeded wander), of a Z-up building and of the default scene, each capture probed for the
// body's colour near the image centre; and the spring arm itself on a wall.
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "collision/world.hpp"
#include "debugger/app.hpp"
#include "debugger/follow_camera.hpp"
#include "debugger/view.hpp"
#include "renderer/image.hpp"

namespace {

namespace fs = std::filesystem;

/// Pixels of the body's wire colour (overlay "body", 240 grey) in the middle of the image: the
/// middle 40% across, from a fifth of the height down to the frame panel (the legend and the
/// panel, whose text is white, lie outside it).
int body_pixels_near_centre(const renderer::RgbaImage& image) {
  const std::uint32_t x0 = image.width * 3 / 10, x1 = image.width * 7 / 10;
  const std::uint32_t y0 = image.height / 5;
  const std::uint32_t y1 = image.height - static_cast<std::uint32_t>(debugger::kFramePanelHeight) - 12;
  int n = 0;
  for (std::uint32_t y = y0; y < y1; ++y)
    for (std::uint32_t x = x0; x < x1; ++x) {
      const std::uint8_t* p = image.at(x, y);
      if (std::abs(p[0] - 240) <= 6 && std::abs(p[1] - 240) <= 6 && std::abs(p[2] - 240) <= 6) ++n;
    }
  return n;
}

constexpr int kMinBodyPixels = 40;

struct Tour {
  const char* name;
  const char* scene;
  const char* up;  // "" : the scene's
  int frames;
  int capture_every;
  bool expect_contacts;
};

class BodyVisible : public ::testing::TestWithParam<Tour> {};

TEST_P(BodyVisible, OnEveryCaptureNearTheImageCentre) {
  const Tour& t = GetParam();
  if (std::string(t.scene).find('/') != std::string::npos && !fs::exists(t.scene))
    GTEST_SKIP() << t.scene << " is not installed (assimp-testmodels)";
  debugger::RunOptions o;
  o.scene = t.scene;
  if (std::string(t.up) == "z") o.setup.up = glm::vec3(0, 0, 1);
  o.frames = t.frames;
  o.capture_every = t.capture_every;
  o.capture_frames = {0};  // the first frame of any level shows the body
  o.validation = true;
  o.out = (fs::path(PRISM_TEST_OUTPUT_DIR) / "camera" / t.name).string();
  fs::remove_all(o.out);
  const debugger::HeadlessResult r = debugger::run_headless(o);
  EXPECT_EQ(r.validation_messages, 0u);
  ASSERT_GE(r.captures.size(), 3u);
  for (const std::string& c : r.captures) {
    const renderer::RgbaImage image = renderer::read_png((fs::path(o.out) / c).string());
    EXPECT_GE(body_pixels_near_centre(image), kMinBodyPixels) << "the body is hidden in " << o.out << "/" << c;
  }
  if (t.expect_contacts) {
    std::ifstream in(r.report);
    const nlohmann::json report = nlohmann::json::parse(in);
    EXPECT_GT(report["summary"]["events"].value("contact_begin", 0), 0) << "the tour touched nothing";
  }
}

INSTANTIATE_TEST_SUITE_P(
    Camera, BodyVisible,
    ::testing::Values(Tour{"oa_dm4", "oa_dm4", "", 900, 100, true},
                      Tour{"ctf_inyard", "ctf_inyard", "", 900, 100, true},
                      Tour{"regr01_up_z", "/usr/share/assimp/models/OBJ/regr01.obj", "z", 900, 100, true},
                      Tour{"default_tour", "default", "", 2553, 150, true}),
    [](const ::testing::TestParamInfo<Tour>& p) { return std::string(p.param.name); });

// The probe is worth something only if it sees the old camera fail: without the spring arm the
// same oa_dm4 tour has captures where a wall hides the body.
TEST(BodyVisibleProbe, FindsTheBodyHiddenWithoutTheSpringArm) {
  debugger::RunOptions o;
  o.scene = "oa_dm4";
  o.frames = 900;
  o.capture_every = 100;
  o.camera.collide = false;
  o.out = (fs::path(PRISM_TEST_OUTPUT_DIR) / "camera" / "oa_dm4_no_arm").string();
  fs::remove_all(o.out);
  const debugger::HeadlessResult r = debugger::run_headless(o);
  int hidden = 0;
  for (const std::string& c : r.captures)
    if (body_pixels_near_centre(renderer::read_png((fs::path(o.out) / c).string())) < kMinBodyPixels) ++hidden;
  EXPECT_GT(hidden, 0) << "of " << r.captures.size() << " captures";
}

collision::World wall_world() {
  // A 10 x 10 wall in the plane x = 5, facing -x.
  std::vector<glm::vec3> p = {{5, -5, -5}, {5, 5, -5}, {5, 5, 5}, {5, -5, 5}};
  std::vector<glm::uvec3> t = {{0, 1, 2}, {0, 2, 3}};
  return collision::World(collision::make_mesh(std::move(p), t));
}

TEST(SpringArm, StopsInFrontOfAWallBetweenTheBodyAndTheWantedSpot) {
  const collision::World world = wall_world();
  const glm::vec3 spot = debugger::spring_arm(world, {0, 0, 0}, {20, 0, 0}, 0.5f);
  EXPECT_NEAR(spot.x, 4.0f, 1e-3f) << "the probe's centre stops one probe radius short of touching";
  EXPECT_EQ(spot.y, 0.0f);
}

TEST(SpringArm, KeepsTheWantedSpotWhenTheWayIsFree) {
  const collision::World world = wall_world();
  const glm::vec3 spot = debugger::spring_arm(world, {0, 0, 0}, {-20, 0, 3}, 0.5f);
  EXPECT_EQ(spot, glm::vec3(-20, 0, 3));
}

TEST(FollowCamera, SwingsAsideWhenAWallIsRightBehindTheBody) {
  const collision::World world = wall_world();
  debugger::Scene scene;
  scene.world = std::make_shared<collision::World>(world);
  scene.up = {0, 0, 1};
  const collision::Body body = collision::Body::sphere(0.5f);
  collision::CharacterState state;
  state.position = {4.0f, 0.0f, 0.0f};  // half a metre in front of the wall, looking away from it (yaw pi)
  const renderer::Camera cam = debugger::follow_camera(scene, body, state, 3.14159265f, {});
  EXPECT_LT(cam.position.x, 5.0f) << "the camera stays on the body's side of the wall";
  EXPECT_GT(glm::length(cam.position - state.position), 2.0f * 0.5f) << "and not pressed onto the body";
}

}  // namespace

namespace {

TEST(SpringArmLag, PullsInAtOnceAndEasesBackOutWithoutPopping) {
  debugger::ArmLag lag;
  EXPECT_EQ(debugger::ease_arm(lag, 5.0f, 1.0f / 60.0f), 5.0f);  // the first frame: the free length
  EXPECT_EQ(debugger::ease_arm(lag, 1.0f, 1.0f / 60.0f), 1.0f);  // a wall: in at once
  float last = 1.0f;
  int frames = 0;
  while (last < 4.99f && frames < 600) {  // the wall passed: out, a little each frame
    const float now = debugger::ease_arm(lag, 5.0f, 1.0f / 60.0f);
    EXPECT_GT(now, last);
    EXPECT_LT(now - last, 0.5f) << "frame " << frames;  // no pop: at most a tenth of the gap a frame
    last = now;
    ++frames;
  }
  EXPECT_GT(frames, 30);   // it takes a while (about a second and a half)
  EXPECT_LT(frames, 200);  // but gets there
  EXPECT_EQ(debugger::ease_arm(lag, 2.0f, 1.0f / 60.0f), 2.0f);  // in again at once, mid-ease too
}

}  // namespace
