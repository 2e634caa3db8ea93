// The 2D view's recording (see recording2d.hpp); its file is in session_file.cpp.
#include "debugger/recording2d.hpp"

#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

namespace debugger {

using namespace collision::planar;

Frame2d step_2d(const SectorWorld& world, const DoomBody& body, Vec2 start, const Frame2d* prev, Vec2 delta) {
  const DoomMove m = move_body(world, body, prev ? prev->position : start, delta);
  Frame2d fr;
  fr.position = m.position;
  fr.delta = delta;
  fr.z = m.z;
  fr.sector = m.sector;
  fr.contacts = m.contacts;
  fr.refused = m.refused;
  fr.clearance = blocking_clearance(world, body, m.position, std::isnan(m.z) ? 0.0 : m.z);
  fr.contact_begin = m.contacts > 0 && (!prev || prev->contacts == 0);
  fr.contact_end = m.contacts == 0 && prev && prev->contacts > 0;
  fr.sector_change = prev && prev->sector != m.sector;
  fr.anomaly = m.sector == kNoSector || fr.clearance < body.radius - 1e-3;
  return fr;
}

std::vector<Event> events_2d(const Frame2d& f, const Frame2d* prev, int index, const DoomBody& body) {
  std::vector<Event> out;
  auto add = [&](EventKind kind, std::string detail) { out.push_back({kind, index, std::move(detail)}); };
  if (f.contact_begin) add(EventKind::kContactBegin, std::to_string(f.contacts) + " walls");
  if (f.contact_end) add(EventKind::kContactEnd, "");
  if (f.sector_change && prev && !std::isnan(f.z) && !std::isnan(prev->z) && f.z != prev->z) {
    char detail[96];
    std::snprintf(detail, sizeof detail, "sector %d -> %d, floor %.0f -> %.0f", prev->sector, f.sector, prev->z, f.z);
    add(f.z > prev->z ? EventKind::kStepUp : EventKind::kGroundLost, detail);
  }
  if (f.refused) add(EventKind::kIterationLimit, "refused: the core's final check stopped the move short");
  if (f.sector == kNoSector) add(EventKind::kPassThrough, "the centre is outside every sector");
  else if (f.clearance < body.radius - 1e-3) {
    char detail[96];
    std::snprintf(detail, sizeof detail, "clearance %.5f < radius %.0f", f.clearance, body.radius);
    add(EventKind::kEndsInOverlap, detail);
  }
  return out;
}

}  // namespace debugger
