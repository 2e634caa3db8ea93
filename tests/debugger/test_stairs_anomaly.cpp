// Walking up the default scene's stairs with the robust method at walk and run speed raises no
// anomaly. The finder used to flag a ghost bump on every tread (at walk speed frames 52, 56, ..
// 72, treads 2056, 2066, .. 2106, rise 0.0086): after the step-up the sphere rests on the
// tread's nose (its edge over the riser, centre 0.009 below its rest on the tread) and rolls up
// onto the face, a rise the geometry asks for, not an internal edge's push.
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "debugger/events.hpp"
#include "debugger/scene.hpp"
#include "debugger/session.hpp"
#include "debugger/walk_script.hpp"

namespace {

TEST(StairsAnomalies, RobustWalkUpTheDefaultStairsAtWalkAndRunSpeedRaisesNone) {
  const debugger::Scene scene = debugger::load_scene("default");
  for (const char* walk : {"0.5\n3.0 yaw 0 forward 1\n", "0.5\n3.0 yaw 0 forward 1 run\n",
                           "0.5\n3.0 yaw 0 forward 1 speed 0.5\n"}) {
    const debugger::WalkScript script = debugger::parse_walk_script(walk);
    debugger::Session session(*scene.world, debugger::spawn_config(scene));
    const debugger::SessionConfig& c = session.config();
    debugger::EventDetector detector(*scene.world, c.body, c.params, c.dt, /*find_anomalies=*/true);
    int step_ups = 0;
    float top = c.start.y;
    for (int f = 0; f < 220; ++f) {
      const debugger::FrameInput in = debugger::walk_input(script, f, c.dt, scene.up, c.start_yaw);
      const collision::CharacterState before = session.last_state();
      collision::Trace trace;
      const collision::CharacterState after = session.push(in, &trace);
      for (const debugger::Event& e : detector.detect(f, before, after, in, trace)) {
        EXPECT_FALSE(debugger::is_anomaly(e.kind))
            << walk << "frame " << f << ": " << debugger::to_string(e.kind) << " " << e.detail;
        step_ups += e.kind == debugger::EventKind::kStepUp ? 1 : 0;
      }
      top = std::max(top, after.position.y);
    }
    EXPECT_GT(step_ups, 3) << walk << "the walk went up the stairs";
    EXPECT_GT(top, c.start.y + 0.5f) << walk;
  }
}

}  // namespace
