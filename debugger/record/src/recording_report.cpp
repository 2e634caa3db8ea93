// The JSON report of a game's recording (recording_report.hpp; nlohmann-json).
#include "debugger/recording_report.hpp"

#include <map>

#include <nlohmann/json.hpp>

#include "collision/trace.hpp"
#include "file_output/atomic_file.hpp"

namespace debugger {

// Named, not anonymous: the sanitizer build compiles this file in one unit with report.cpp.
namespace recording_json {

nlohmann::json vec(glm::vec3 v) { return nlohmann::json::array({v.x, v.y, v.z}); }

nlohmann::json body_json(const collision::Body& b) {
  nlohmann::json j = {{"shape", collision::to_string(b.shape)}, {"radii", vec(b.radii)}};
  if (b.shape == collision::Shape::kCapsule) {
    j["half_height"] = b.half_height;
    j["axis"] = vec(b.axis);
  }
  return j;
}

nlohmann::json event_json(const Event& e) {
  nlohmann::json j = {{"kind", to_string(e.kind)}, {"detail", e.detail}};
  if (is_anomaly(e.kind)) j["triangles"] = e.triangles;
  return j;
}

struct Tally {
  std::size_t calls = 0, differing = 0;
};
nlohmann::json tally_json(const std::map<std::string, Tally>& tallies) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [name, t] : tallies) j[name] = {{"calls", t.calls}, {"differing", t.differing}};
  return j;
}

}  // namespace recording_json

RecordingFrameRecord make_recording_frame_record(const ReviewedFrame& frame) {
  RecordingFrameRecord r;
  r.index = frame.index;
  for (std::size_t i = 0; i < frame.steps.size(); ++i) {
    const ReviewedStep& s = frame.steps[i];
    r.characters.push_back({s.character, i, s.matched, s.events});
  }
  for (std::size_t c = 0; c < frame.differences.size(); ++c)
    if (!frame.differences[c].empty()) r.differing.emplace_back(c, frame.differences[c]);
  return r;
}

void write_recording_report(const std::string& path, const GameRecording& recording,
                            const std::vector<RecordingFrameRecord>& frames, const std::vector<std::string>& captures) {
  const collision::RecordingFile& file = recording.file();
  nlohmann::json j;
  j["recording"] = file.name();
  j["format_version"] = file.format_version();
  j["build_version"] = file.build_version();
  j["level_triangles"] = file.level().triangle_count();
  j["characters"] = recording.character_count();
  j["dropped_frames"] = file.dropped_frames();
  nlohmann::json& jf = j["frames"] = nlohmann::json::array();
  std::map<std::string, recording_json::Tally> by_kind, by_label;
  std::map<std::string, int> event_counts;
  nlohmann::json anomalies = nlohmann::json::array(), frames_differing = nlohmann::json::array();
  std::size_t calls = 0, calls_differing = 0;
  for (const RecordingFrameRecord& f : frames) {
    const collision::RecordedFrame& frame = recording.frame(f.index);
    const std::vector<GameStep>& steps = recording.steps(f.index);
    nlohmann::json fr = {{"frame", frame.number}, {"index", f.index}, {"time", frame.seconds}};
    nlohmann::json chars = nlohmann::json::array();
    for (const RecordingFrameRecord::Character& c : f.characters) {
      const collision::RecordedStep& s = steps.at(c.step).step;
      const collision::CharacterState& a = s.after;
      nlohmann::json contacts = nlohmann::json::array();
      for (const collision::Contact& k : a.contacts)
        contacts.push_back({{"triangle", k.triangle}, {"normal", recording_json::vec(k.normal)}, {"distance", k.distance}});
      nlohmann::json jc = {{"character", c.character},
                           {"call", steps.at(c.step).call},
                           {"placed", s.placed()},
                           {"body", recording_json::body_json(s.body)},
                           {"position", recording_json::vec(a.position)},
                           {"velocity", recording_json::vec(a.velocity)},
                           {"ground", collision::to_string(a.ground)},
                           {"ground_triangle", a.ground_triangle},
                           {"contacts", std::move(contacts)},
                           {"rerun_matched", c.matched}};
      nlohmann::json ev = nlohmann::json::array();
      for (const Event& e : c.events) {
        ev.push_back(recording_json::event_json(e));
        ++event_counts[to_string(e.kind)];
        if (is_anomaly(e.kind)) {
          nlohmann::json an = recording_json::event_json(e);
          an["frame"] = frame.number;
          an["character"] = c.character;
          anomalies.push_back(std::move(an));
        }
      }
      jc["events"] = std::move(ev);
      chars.push_back(std::move(jc));
    }
    fr["characters"] = std::move(chars);
    nlohmann::json jcalls = nlohmann::json::array();
    std::size_t next_differing = 0;
    for (std::size_t i = 0; i < frame.calls.size(); ++i) {
      const collision::RecordedCall& call = frame.calls[i];
      const bool differs = next_differing < f.differing.size() && f.differing[next_differing].first == i;
      nlohmann::json jc = {{"kind", collision::to_string(call.kind)},
                           {"label", recording.label(call)},
                           {"thread", call.thread},
                           {"result", collision::recorded_result_text(call)},
                           {"rerun_matched", !differs}};
      if (differs) jc["difference"] = f.differing[next_differing++].second;
      recording_json::Tally& k = by_kind[collision::to_string(call.kind)];
      recording_json::Tally& l = by_label[recording.label(call)];
      ++k.calls;
      ++l.calls;
      if (differs) {
        ++k.differing;
        ++l.differing;
      }
      jcalls.push_back(std::move(jc));
    }
    calls += frame.calls.size();
    calls_differing += f.differing.size();
    if (!f.differing.empty()) frames_differing.push_back(frame.number);
    fr["calls"] = std::move(jcalls);
    jf.push_back(std::move(fr));
  }
  nlohmann::json& s = j["summary"];
  s["frames"] = frames.size();
  s["calls"] = calls;
  s["calls_differing"] = calls_differing;
  s["frames_differing"] = std::move(frames_differing);
  s["by_kind"] = recording_json::tally_json(by_kind);
  s["by_label"] = recording_json::tally_json(by_label);
  s["events"] = event_counts;
  s["anomalies"] = anomalies.size();
  s["anomaly_frames"] = std::move(anomalies);
  s["captures"] = captures;
  file_output::write_file_atomically(path, j.dump(1) + '\n');
}

}  // namespace debugger
