// The JSON report (nlohmann-json).
#include "debugger/report.hpp"

#include "file_output/atomic_file.hpp"

#include <fstream>
#include <map>
#include <stdexcept>

#include <glm/geometric.hpp>
#include <nlohmann/json.hpp>

#include "collision/queries.hpp"
#include "debugger/movers.hpp"

namespace debugger {
namespace {
nlohmann::json vec(glm::vec3 v) { return nlohmann::json::array({v.x, v.y, v.z}); }
}  // namespace

FrameRecord make_frame_record(int frame, const collision::CharacterState& state,
                              const collision::Trace& trace, std::vector<Event> events) {
  FrameRecord r;
  r.frame = frame;
  r.state = state;
  for (const collision::SlideIteration& it : trace.iterations) {
    if (!it.hit) continue;
    collision::SlideIteration copy = it;
    copy.tests.clear();
    copy.tests.shrink_to_fit();
    r.hits.push_back(std::move(copy));
  }
  r.events = std::move(events);
  return r;
}

void add_overlap_hits(FrameRecord& r, const collision::World& world, const collision::Body& body) {
  const glm::dvec3 radii(body.radii);
  const glm::dvec3 c = glm::dvec3(r.state.position) / radii;
  for (const Event& e : r.events) {
    if (e.kind != EventKind::kEndsInOverlap) continue;
    for (std::uint32_t t : e.triangles) {
      if (t >= world.mesh().triangle_count()) continue;
      const collision::Triangle tri = world.mesh().triangle(t);
      const glm::dvec3 p = collision::closest_point_on_triangle(c, glm::dvec3(tri.a) / radii, glm::dvec3(tri.b) / radii,
                                                                glm::dvec3(tri.c) / radii);
      const double d = glm::length(c - p);
      FrameRecord::Overlap o;
      o.triangle = t;
      o.depth = static_cast<float>((1.0 - d) * body.min_radius());
      o.point = glm::vec3(p * radii);
      o.normal = d > 0.0 ? glm::vec3(glm::normalize((c - p) * radii)) : glm::vec3(0.0f);
      r.overlaps.push_back(o);
    }
  }
}

void write_report(const std::string& path, const ReportHeader& header,
                  const std::vector<FrameRecord>& frames, const std::vector<std::string>& captures) {
  nlohmann::json j;
  j["scene"] = header.scene;
  j["method"] = collision::to_string(header.method);
  j["body_radii"] = vec(header.body.radii);
  j["dt"] = header.dt;
  nlohmann::json& jf = j["frames"] = nlohmann::json::array();
  std::map<std::string, int> counts;
  nlohmann::json anomalies = nlohmann::json::array();
  for (const FrameRecord& f : frames) {
    nlohmann::json fr;
    fr["frame"] = f.frame;
    fr["time"] = static_cast<double>(f.frame + 1) * header.dt;
    fr["position"] = vec(f.state.position);
    fr["velocity"] = vec(f.state.velocity);
    fr["ground"] = collision::to_string(f.state.ground);
    nlohmann::json hits = nlohmann::json::array();
    for (std::size_t i = 0; i < f.hits.size(); ++i) {
      const collision::SlideIteration& h = f.hits[i];
      nlohmann::json hit = {{"phase", collision::to_string(h.phase)},
                            {"triangle", h.triangle},
                            {"toi", h.toi},
                            {"point", vec(h.contact_point)},
                            {"normal", vec(h.normal)},
                            {"feature", collision::to_string(h.feature)},
                            {"start_overlap", h.start_overlap}};
      // A hit on a level's mover (debugger/movers.hpp): its instance, as prism-query names it; the
      // key is absent for the static level, so reports of static levels read as before.
      if (h.instance != collision::kStaticLevel) hit["instance"] = instance_name(h.instance);
      hits.push_back(std::move(hit));
    }
    for (const FrameRecord::Overlap& o : f.overlaps)
      hits.push_back({{"phase", "end_overlap"},
                      {"triangle", o.triangle},
                      {"toi", 1.0},
                      {"point", vec(o.point)},
                      {"normal", vec(o.normal)},
                      {"feature", "none"},
                      {"start_overlap", false},
                      {"depth", o.depth}});
    fr["hits"] = std::move(hits);
    nlohmann::json ev = nlohmann::json::array();
    for (const Event& e : f.events) {
      nlohmann::json je = {{"kind", to_string(e.kind)}, {"detail", e.detail}};
      if (is_anomaly(e.kind)) je["triangles"] = e.triangles;
      ++counts[to_string(e.kind)];
      if (is_anomaly(e.kind)) {
        nlohmann::json a = je;
        a["frame"] = e.frame;
        anomalies.push_back(std::move(a));
      }
      ev.push_back(std::move(je));
    }
    fr["events"] = std::move(ev);
    jf.push_back(std::move(fr));
  }
  nlohmann::json& s = j["summary"];
  s["frames"] = frames.size();
  s["events"] = counts;
  s["anomalies"] = anomalies.size();
  s["anomaly_frames"] = std::move(anomalies);
  s["captures"] = captures;
  // Whole or absent (a full disk must not leave a truncated report behind a successful run).
  file_output::write_file_atomically(path, j.dump(1) + '\n');
}

}  // namespace debugger
