/// @file quake_movers.cpp
/// The movers in time (quake_movers.hpp): binary movers (door, plat, button) as the event
/// machine of g_mover.c's Use_BinaryMover / Reached_BinaryMover / ReturnToPos1, the rest as
/// closed-form functions of time (their trajectories in the game never depend on touches).

#include "collision_io/quake_movers.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

namespace collision::io {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kUseDelay = 0.05;  // Use_BinaryMover starts a move 50 ms after the use

bool binary(MoverClass c) {
  return c == MoverClass::kDoor || c == MoverClass::kPlat || c == MoverClass::kButton;
}

double seconds(int ms) { return static_cast<double>(ms) / 1000.0; }

/// The rotation axis by spawnflag (SP_func_rotating: 4 X_AXIS, 8 Y_AXIS, else Z).
glm::vec3 rotating_axis(int spawnflags) {
  if ((spawnflags & 4) != 0) return {1, 0, 0};
  if ((spawnflags & 8) != 0) return {0, 1, 0};
  return {0, 0, 1};
}

/// The bobbing axis by spawnflag (SP_func_bobbing: 1 X_AXIS, 2 Y_AXIS, else Z).
glm::vec3 bobbing_axis(int spawnflags) {
  if ((spawnflags & 1) != 0) return {1, 0, 0};
  if ((spawnflags & 2) != 0) return {0, 1, 0};
  return {0, 0, 1};
}

/// Reached_Train's path: from corner i, wait there, then move to the next in whole milliseconds
/// at the corner's speed (or the train's), at least 1 unit/s.
struct TrainLeg {
  glm::dvec3 from, to;
  double wait, move;
};

std::vector<TrainLeg> train_legs(const QuakeMover& m) {
  std::vector<TrainLeg> legs;
  const std::size_t n = m.corners.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t next = i + 1 < n ? i + 1 : static_cast<std::size_t>(m.loop_to);
    const QuakeMover::Corner& c = m.corners[i];
    const double speed = std::max(1.0, static_cast<double>(c.speed != 0 ? c.speed : m.speed));
    const glm::dvec3 from(c.origin), to(m.corners[next].origin);
    const double ms = std::floor(glm::length(to - from) * 1000.0 / speed);
    legs.push_back({from, to, static_cast<double>(c.wait), ms / 1000.0});
  }
  return legs;
}

MoverPose train_pose(const QuakeMover& m, double t) {
  MoverPose pose;
  if (m.loop_to < 0 || static_cast<std::size_t>(m.loop_to) >= m.corners.size()) return pose;
  const std::vector<TrainLeg> legs = train_legs(m);
  // Legs before loop_to run once; the rest repeat.
  std::size_t i = 0;
  double start = 0;
  double period = 0;
  for (std::size_t k = static_cast<std::size_t>(m.loop_to); k < legs.size(); ++k) period += legs[k].wait + legs[k].move;
  for (;;) {
    if (i == static_cast<std::size_t>(m.loop_to) && period > 0 && t - start >= period) {
      // Into the first lap (fmod is exact), so a late t neither loops long nor loses precision.
      t = start + std::fmod(t - start, period);
    }
    const TrainLeg& leg = legs[i];
    if (t < start + leg.wait) {
      pose.translation = glm::vec3(leg.from - glm::dvec3(m.origin));
      return pose;
    }
    if (t < start + leg.wait + leg.move) {
      const double f = (t - start - leg.wait) / leg.move;
      pose.translation = glm::vec3(leg.from + (leg.to - leg.from) * f - glm::dvec3(m.origin));
      pose.linear_velocity = glm::vec3((leg.to - leg.from) / leg.move);
      return pose;
    }
    start += leg.wait + leg.move;
    i = i + 1 < legs.size() ? i + 1 : static_cast<std::size_t>(m.loop_to);
    if (period == 0 && i == static_cast<std::size_t>(m.loop_to)) {  // a loop of no length and no wait
      pose.translation = glm::vec3(legs[i].from - glm::dvec3(m.origin));
      return pose;
    }
  }
}

}  // namespace

QuakeMoverSystem::QuakeMoverSystem(const QuakeMovers& movers)
    : def_(&movers), leader_(movers.movers.size()), binary_(movers.movers.size()),
      trigger_rearm_(movers.triggers.size(), 0.0) {
  for (std::size_t i = 0; i < leader_.size(); ++i) {
    const std::size_t lead = movers.movers[i].team_leader;
    leader_[i] = lead < leader_.size() ? lead : i;  // a hand-made QuakeMovers may leave it unset
  }
  for (const QuakeTrigger& t : movers.triggers) {
    if (t.kind != QuakeTrigger::Kind::kMultiple && t.mover >= leader_.size()) {
      throw std::invalid_argument("QuakeMoverSystem: a trigger names mover " + std::to_string(t.mover) + " of " +
                                  std::to_string(leader_.size()));
    }
  }
}

QuakeMoverSystem::State QuakeMoverSystem::state(std::size_t mover) const {
  return binary_.at(leader_.at(mover)).state;
}

void QuakeMoverSystem::match_team(std::size_t lead, State s, double start) {
  binary_[lead].state = s;
  binary_[lead].start = start;
}

double QuakeMoverSystem::reach_time(std::size_t lead) const {
  return binary_[lead].start + seconds(def_->movers[lead].duration_ms);
}

void QuakeMoverSystem::use_binary(std::size_t lead, double now) {
  Binary& b = binary_[lead];
  const double total = seconds(def_->movers[lead].duration_ms);
  switch (b.state) {
    case State::kPos1:
      match_team(lead, State::k1To2, now + kUseDelay);
      break;
    case State::kPos2:
      b.think = now + def_->movers[lead].wait;  // all the way up: just delay the return
      break;
    case State::k2To1:
    case State::k1To2: {
      const double partial = std::min(now - b.start, total);
      match_team(lead, b.state == State::k2To1 ? State::k1To2 : State::k2To1, now - (total - partial));
      break;
    }
  }
}

void QuakeMoverSystem::fire_targets(const std::string& target, double now) {
  if (target.empty()) return;
  for (std::size_t j = 0; j < def_->movers.size(); ++j) {
    if (def_->movers[j].targetname == target && binary(def_->movers[j].kind)) use_binary(leader_[j], now);
  }
}

void QuakeMoverSystem::advance(double t, const MoverTouches& touches) {
  if (!std::isfinite(t) || t < time_) throw std::invalid_argument("QuakeMoverSystem::advance: time goes back or is not finite");
  for (const std::size_t i : touches.triggers) {
    if (i >= def_->triggers.size()) throw std::invalid_argument("QuakeMoverSystem::advance: trigger index out of range");
  }
  for (const std::size_t i : touches.movers) {
    if (i >= def_->movers.size()) throw std::invalid_argument("QuakeMoverSystem::advance: mover index out of range");
  }
  // Events in time order: each leader's next reach or return, earliest first, until t.
  for (;;) {
    double when = t;
    std::size_t who = def_->movers.size();
    for (std::size_t i = 0; i < def_->movers.size(); ++i) {
      if (leader_[i] != i || !binary(def_->movers[i].kind)) continue;
      const Binary& b = binary_[i];
      double e = -1;
      if (b.state == State::k1To2 || b.state == State::k2To1) e = reach_time(i);
      else if (b.state == State::kPos2 && b.think >= 0) e = std::max(b.think, time_);
      if (e >= 0 && e <= when) {
        when = e;
        who = i;
      }
    }
    if (who == def_->movers.size()) break;
    time_ = std::max(time_, when);
    Binary& b = binary_[who];
    const QuakeMover& m = def_->movers[who];
    if (b.state == State::k1To2) {  // Reached_BinaryMover at pos2: wait, fire the targets
      b.state = State::kPos2;
      b.think = when + m.wait;
      for (std::size_t j = 0; j < def_->movers.size(); ++j) {
        if (leader_[j] == who) fire_targets(def_->movers[j].target, when);
      }
    } else if (b.state == State::k2To1) {
      b.state = State::kPos1;
    } else {  // ReturnToPos1
      b.think = -1;
      match_team(who, State::k2To1, when);
    }
  }
  time_ = t;
  for (const std::size_t i : touches.triggers) {
    const QuakeTrigger& trig = def_->triggers[i];
    switch (trig.kind) {
      case QuakeTrigger::Kind::kDoor:  // Touch_DoorTrigger
        if (binary_[leader_[trig.mover]].state != State::k1To2) use_binary(leader_[trig.mover], t);
        break;
      case QuakeTrigger::Kind::kPlat:  // Touch_PlatCenterTrigger
        if (binary_[leader_[trig.mover]].state == State::kPos1) use_binary(leader_[trig.mover], t);
        break;
      case QuakeTrigger::Kind::kMultiple:  // multi_trigger
        if (t >= trigger_rearm_[i]) {
          fire_targets(trig.target, t);
          trigger_rearm_[i] = trig.wait > 0 ? t + trig.wait : std::numeric_limits<double>::infinity();
        }
        break;
    }
  }
  for (const std::size_t i : touches.movers) {
    const QuakeMover& m = def_->movers[i];
    Binary& b = binary_[leader_[i]];
    if (m.kind == MoverClass::kPlat && b.state == State::kPos2) b.think = t + 1.0;  // Touch_Plat
    if (m.kind == MoverClass::kButton && m.health == 0 && b.state == State::kPos1) use_binary(leader_[i], t);
  }
}

void QuakeMoverSystem::use(std::size_t mover) {
  if (binary(def_->movers.at(mover).kind)) use_binary(leader_[mover], time_);
}

void QuakeMoverSystem::blocked(std::size_t mover) {
  const QuakeMover& m = def_->movers.at(mover);
  const bool crusher = m.kind == MoverClass::kDoor && (def_->movers[leader_[mover]].spawnflags & 4) != 0;
  if ((m.kind == MoverClass::kDoor || m.kind == MoverClass::kPlat) && !crusher) use_binary(leader_[mover], time_);
}

glm::vec3 QuakeMoverSystem::binary_position(std::size_t m) const {
  const QuakeMover& d = def_->movers[m];
  const Binary& b = binary_[leader_[m]];
  const double f = std::clamp((time_ - b.start) / seconds(d.duration_ms), 0.0, 1.0);
  const glm::dvec3 p1(d.pos1), p2(d.pos2);
  switch (b.state) {
    case State::kPos1: return d.pos1;
    case State::kPos2: return d.pos2;
    case State::k1To2: return glm::vec3(p1 + (p2 - p1) * f);
    case State::k2To1: return glm::vec3(p2 + (p1 - p2) * f);
  }
  return d.pos1;
}

MoverPose QuakeMoverSystem::pose(std::size_t mover) const {
  const QuakeMover& m = def_->movers.at(mover);
  MoverPose pose;
  const double t = time_;
  switch (m.kind) {
    case MoverClass::kDoor:
    case MoverClass::kPlat:
    case MoverClass::kButton: {
      pose.translation = binary_position(mover) - m.origin;
      const Binary& b = binary_[leader_[mover]];
      const double dur = seconds(m.duration_ms);
      const bool moving = (b.state == State::k1To2 || b.state == State::k2To1) && t >= b.start && t < b.start + dur;
      if (moving) {
        const glm::dvec3 d = glm::dvec3(m.pos2) - glm::dvec3(m.pos1);
        pose.linear_velocity = glm::vec3((b.state == State::k1To2 ? d : -d) / dur);
      }
      break;
    }
    case MoverClass::kStatic:
      break;
    case MoverClass::kRotating: {  // TR_LINEAR on the angles: speed degrees/s from time 0
      const glm::vec3 axis = rotating_axis(m.spawnflags);
      const double w = m.speed * kPi / 180.0;
      const double angle = std::fmod(w * t, 2.0 * kPi);
      pose.rotation = glm::angleAxis(static_cast<float>(angle), axis);
      pose.angular_velocity = axis * static_cast<float>(w);
      break;
    }
    case MoverClass::kBobbing: {  // TR_SINE: height * sin(2 pi (t - phase * period) / period)
      // trDuration = speed * 1000 as whole milliseconds; 0 (a speed under 1 ms) would divide by
      // zero in the game: here it is 1 ms.
      double period_ms = std::trunc(std::clamp(static_cast<double>(m.speed) * 1000.0, -1e9, 1e9));
      if (period_ms == 0) period_ms = 1;
      const double period = period_ms / 1000.0;
      const double x = 2.0 * kPi * (t / period - m.phase);
      const glm::vec3 axis = bobbing_axis(m.spawnflags);
      pose.translation = axis * static_cast<float>(m.height * std::sin(x));
      pose.linear_velocity = axis * static_cast<float>(m.height * std::cos(x) * 2.0 * kPi / period);
      break;
    }
    case MoverClass::kTrain:
      pose = train_pose(m, t);
      break;
  }
  return pose;
}

std::vector<std::size_t> QuakeMoverSystem::triggers_touched(const collision::Aabb& body) const {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < def_->triggers.size(); ++i) {
    if (def_->triggers[i].box.overlaps(body)) out.push_back(i);
  }
  return out;
}

}  // namespace collision::io
