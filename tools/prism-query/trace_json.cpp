#include "trace_json.hpp"

#include <charconv>
#include <cmath>
#include <string>

#include "collision/scene.hpp"
#include "debugger/movers.hpp"

namespace prism_query {

namespace {

// The double nearest the shortest decimal of `f`: it prints short and reads back as `f`.
Json number(float f) {
  if (!std::isfinite(f)) return nullptr;
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, f);
  double d = 0.0;
  std::from_chars(buf, r.ptr, d);
  return d;
}

Json vec(const glm::vec3& v) { return Json::array({number(v.x), number(v.y), number(v.z)}); }

Json plane(const collision::Plane& p) {
  return Json{{"normal", vec(p.normal)}, {"offset", number(p.offset)}};
}

Json triangle(std::uint32_t index) {
  return index == collision::kNoTriangle ? Json(nullptr) : Json(index);
}

// In a scene, what a triangle belongs to (SweepHit::instance: "iN" an instance, "cN" a
// character): written beside the triangle only when it is not the static level, so a World's
// traces read as before.
void put_instance(Json& j, std::uint32_t instance) {
  if (instance != collision::kStaticLevel) j["instance"] = debugger::instance_name(instance);
}

Json test_to_json(const collision::TriangleTest& t) {
  Json j;
  j["triangle"] = triangle(t.triangle);
  put_instance(j, t.instance);
  j["verdict"] = collision::to_string(t.verdict);
  j["toi"] = number(t.toi);
  j["feature"] = collision::to_string(t.feature);
  j["tested_point"] = vec(t.tested_point);
  j["offset_plane"] = plane(t.offset_plane);
  j["offset_distance"] = number(t.offset_distance);
  Json edges = Json::array(), acute = Json::array(), edge_d = Json::array(), acute_d = Json::array();
  for (int i = 0; i < 3; ++i) {
    edges.push_back(plane(t.edge_clip[i]));
    edge_d.push_back(number(t.edge_distance[i]));
    acute.push_back(plane(t.acute_clip[i]));
    acute_d.push_back(number(t.acute_distance[i]));
  }
  j["edge_clip"] = std::move(edges);
  j["edge_distance"] = std::move(edge_d);
  j["acute_clip"] = std::move(acute);
  j["acute_distance"] = std::move(acute_d);
  if (t.separating_axis != glm::vec3(0.0f)) j["separating_axis"] = vec(t.separating_axis);
  return j;
}

Json edge_cast_to_json(const collision::EdgeCast& e) {
  Json j;
  j["from"] = vec(e.from);
  j["to"] = vec(e.to);
  j["hit"] = e.hit;
  j["t"] = number(e.t);
  j["point"] = vec(e.point);
  j["normal"] = vec(e.normal);
  j["triangle"] = triangle(e.triangle);
  return j;
}

Json iteration_to_json(const collision::SlideIteration& s) {
  Json j;
  j["phase"] = collision::to_string(s.phase);
  j["start"] = vec(s.start);
  j["desired_end"] = vec(s.desired_end);
  j["reached"] = vec(s.reached);
  j["hit"] = s.hit;
  j["start_overlap"] = s.start_overlap;
  j["toi"] = number(s.toi);
  j["contact_point"] = vec(s.contact_point);
  j["normal"] = vec(s.normal);
  j["feature"] = collision::to_string(s.feature);
  j["triangle"] = triangle(s.triangle);
  put_instance(j, s.instance);
  j["slide"] = vec(s.slide);
  Json crease = Json::array();
  for (const glm::vec3& n : s.crease) crease.push_back(vec(n));
  j["crease"] = std::move(crease);
  Json tests = Json::array();
  for (const collision::TriangleTest& t : s.tests) tests.push_back(test_to_json(t));
  j["tests"] = std::move(tests);
  if (!s.edge_casts.empty()) {
    Json casts = Json::array();
    for (const collision::EdgeCast& e : s.edge_casts) casts.push_back(edge_cast_to_json(e));
    j["edge_casts"] = std::move(casts);
  }
  return j;
}

}  // namespace

Json vec_to_json(const glm::vec3& v) { return vec(v); }

Json trace_to_json(const collision::Trace& t) {
  Json j;
  j["method"] = collision::to_string(t.method);
  j["start"] = vec(t.start);
  j["desired"] = vec(t.desired);
  j["end"] = vec(t.end);
  Json iterations = Json::array();
  for (const collision::SlideIteration& s : t.iterations) iterations.push_back(iteration_to_json(s));
  j["iterations"] = std::move(iterations);
  Json touching = Json::array();
  for (const collision::TouchingPlane& p : t.touching) {
    Json plane{{"phase", collision::to_string(p.phase)}, {"normal", vec(p.normal)}, {"triangle", triangle(p.triangle)}};
    put_instance(plane, p.instance);
    touching.push_back(std::move(plane));
  }
  j["touching"] = std::move(touching);
  j["ground"] = Json{{"probed", t.ground.probed},
                     {"from", vec(t.ground.from)},
                     {"to", vec(t.ground.to)},
                     {"state", collision::to_string(t.ground.state)},
                     {"normal", vec(t.ground.normal)},
                     {"triangle", triangle(t.ground.triangle)},
                     {"distance", number(t.ground.distance)}};
  put_instance(j["ground"], t.ground.instance);
  j["step_up"] = Json{{"attempted", t.step_up.attempted},
                      {"succeeded", t.step_up.succeeded},
                      {"height", number(t.step_up.height)},
                      {"reason", t.step_up.reason}};
  j["snapped_down"] = t.snapped_down;
  j["depenetration"] = Json{{"happened", t.depenetration.happened},
                            {"push", vec(t.depenetration.push)},
                            {"depth", number(t.depenetration.depth)}};
  return j;
}

}  // namespace prism_query
