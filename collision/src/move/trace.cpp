#include "collision/trace.hpp"

#include <glm/geometric.hpp>

namespace collision {

float Plane::distance(const glm::vec3& p) const { return glm::dot(normal, p) - offset; }

void Trace::clear() {
  method = Method::kRobust;
  start = desired = end = glm::vec3(0.0f);
  iterations.clear();
  touching.clear();
  ground = GroundProbe{};
  step_up = StepUp{};
  snapped_down = false;
  depenetration = Depenetration{};
}

const char* to_string(Method m) {
  switch (m) {
    case Method::kRobust: return "robust";
    case Method::kOffsetPrism: return "offset-prism";
    case Method::kSphereClassify: return "sphere-classify";
    case Method::kBoxEdges: return "box-edges";
  }
  return "unknown";
}

bool parse_method(const std::string& text, Method& out) {
  for (Method m : {Method::kRobust, Method::kOffsetPrism, Method::kSphereClassify, Method::kBoxEdges}) {
    if (text == to_string(m)) {
      out = m;
      return true;
    }
  }
  return false;
}

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::kHit: return "hit";
    case Verdict::kContactLater: return "contact-later";
    case Verdict::kNoContact: return "no-contact";
    case Verdict::kNoCrossing: return "no-crossing";
    case Verdict::kOutsideEdgeClip: return "outside-edge-clip";
    case Verdict::kOutsideAcuteClip: return "outside-acute-clip";
    case Verdict::kFront: return "front";
    case Verdict::kBehind: return "behind";
    case Verdict::kOutsideTriangle: return "outside-triangle";
    case Verdict::kBackFace: return "back-face";
    case Verdict::kStartOverlap: return "start-overlap";
  }
  return "unknown";
}

const char* to_string(GroundState g) {
  switch (g) {
    case GroundState::kInAir: return "in-air";
    case GroundState::kOnGround: return "on-ground";
    case GroundState::kOnSteepGround: return "on-steep-ground";
  }
  return "unknown";
}

const char* to_string(MovePhase p) {
  switch (p) {
    case MovePhase::kMove: return "move";
    case MovePhase::kWalk: return "walk";
    case MovePhase::kStepUp: return "step-up";
    case MovePhase::kStepForward: return "step-forward";
    case MovePhase::kStepDown: return "step-down";
    case MovePhase::kVertical: return "vertical";
    case MovePhase::kSnapDown: return "snap-down";
    case MovePhase::kDepenetrate: return "depenetrate";
  }
  return "unknown";
}

}  // namespace collision
