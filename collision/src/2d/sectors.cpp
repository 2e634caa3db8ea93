// Sector boundaries, the line grid and point location (see sectors.hpp for the rules).
#include "collision/2d/sectors.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <stdexcept>
#include <utility>

#include "collision/2d/domain_2d.hpp"
#include "collision/2d/polygon.hpp"

namespace collision::planar {
namespace {

using Key = std::pair<double, double>;
Key key_of(const Vec2& v) { return {v.x, v.y}; }

void chain_loops(SectorBoundary& sb) {
  std::map<Key, int> balance;
  std::map<Key, std::vector<std::size_t>> outgoing;
  for (std::size_t i = 0; i < sb.edges.size(); ++i) {
    ++balance[key_of(sb.edges[i].a)];
    --balance[key_of(sb.edges[i].b)];
    outgoing[key_of(sb.edges[i].a)].push_back(i);
  }
  sb.closed = std::all_of(balance.begin(), balance.end(), [](const auto& kv) { return kv.second == 0; });
  std::vector<bool> used(sb.edges.size(), false);
  for (std::size_t first = 0; first < sb.edges.size(); ++first) {
    if (used[first]) continue;
    std::vector<Vec2> loop;
    std::size_t e = first;
    const Vec2 start = sb.edges[first].a;
    while (true) {
      used[e] = true;
      loop.push_back(sb.edges[e].a);
      const Vec2 at = sb.edges[e].b;
      if (at == start) break;
      const Vec2 din = sb.edges[e].b - sb.edges[e].a;
      std::size_t next = static_cast<std::size_t>(-1);
      double best = std::numeric_limits<double>::infinity();
      for (std::size_t cand : outgoing[key_of(at)]) {
        if (used[cand]) continue;
        const Vec2 dout = sb.edges[cand].b - sb.edges[cand].a;
        // Signed turn from din to dout in (-pi, pi]: the most negative is the sharpest right.
        double turn = std::atan2(cross(din, dout), glm::dot(din, dout));
        if (turn <= -std::numbers::pi) turn = std::numbers::pi;
        if (turn < best) {
          best = turn;
          next = cand;
        }
      }
      if (next == static_cast<std::size_t>(-1)) {
        sb.closed = false;  // an open chain: keep what was found
        break;
      }
      e = next;
    }
    sb.loops.push_back(std::move(loop));
  }
}

}  // namespace

int open_manual_doors(SectorMap& map) {
  const auto n = static_cast<std::int32_t>(map.sectors.size());
  std::vector<bool> is_door(map.sectors.size(), false);
  for (const SectorLine& l : map.lines) {
    const std::uint16_t k = l.special;
    const bool manual = k == 1 || (k >= 26 && k <= 28) || (k >= 31 && k <= 34) || k == 117 || k == 118;
    if (manual && l.back_sector >= 0 && l.back_sector < n) is_door[l.back_sector] = true;
  }
  int opened = 0;
  for (std::int32_t d = 0; d < n; ++d) {
    if (!is_door[d]) continue;
    double lowest = std::numeric_limits<double>::infinity();
    for (const SectorLine& l : map.lines) {
      std::int32_t other = kNoSector;
      if (l.front_sector == d) other = l.back_sector;
      else if (l.back_sector == d) other = l.front_sector;
      if (other >= 0 && other < n && other != d) lowest = std::min(lowest, map.sectors[other].ceiling_height);
    }
    if (std::isfinite(lowest) && lowest - 4.0 > map.sectors[d].ceiling_height) {
      map.sectors[d].ceiling_height = lowest - 4.0;
      ++opened;
    }
  }
  return opened;
}

std::vector<SectorBoundary> build_sector_boundaries(const SectorMap& map) {
  std::vector<SectorBoundary> out(map.sectors.size());
  const auto n_sec = static_cast<std::int32_t>(map.sectors.size());
  // Every position and query then meets the map inside the 2D domain (domain_2d.hpp).
  for (std::size_t i = 0; i < map.sectors.size(); ++i) {
    const std::string what = "sector " + std::to_string(i);
    require_in_domain_2d(map.sectors[i].floor_height, (what + " floor height").c_str());
    require_in_domain_2d(map.sectors[i].ceiling_height, (what + " ceiling height").c_str());
  }
  for (std::size_t i = 0; i < map.lines.size(); ++i) {
    const SectorLine& l = map.lines[i];
    if (l.v1 >= map.vertices.size() || l.v2 >= map.vertices.size()) {
      throw std::out_of_range("line " + std::to_string(i) + " names a vertex out of range");
    }
    if (!in_domain_2d(map.vertices[l.v1]) || !in_domain_2d(map.vertices[l.v2])) {
      const std::string what = "line " + std::to_string(i) + ": a vertex";
      require_in_domain_2d(map.vertices[l.v1], what.c_str());
      require_in_domain_2d(map.vertices[l.v2], what.c_str());
    }
    if (l.front_sector >= n_sec || l.back_sector >= n_sec || l.front_sector < kNoSector ||
        l.back_sector < kNoSector) {
      throw std::out_of_range("line " + std::to_string(i) + " names a sector out of range");
    }
    if (l.front_sector == l.back_sector) continue;
    const Vec2 a = map.vertices[l.v1];
    const Vec2 b = map.vertices[l.v2];
    // Front is on the right of v1 -> v2, so the front sector has it reversed on its left.
    if (l.front_sector >= 0) {
      out[l.front_sector].lines.push_back(static_cast<std::uint32_t>(i));
      out[l.front_sector].edges.push_back({b, a});
    }
    if (l.back_sector >= 0) {
      out[l.back_sector].lines.push_back(static_cast<std::uint32_t>(i));
      out[l.back_sector].edges.push_back({a, b});
    }
  }
  for (SectorBoundary& sb : out) {
    double twice = 0.0;
    sb.bounds = {Vec2{std::numeric_limits<double>::infinity()},
                 Vec2{-std::numeric_limits<double>::infinity()}};
    for (const Segment& e : sb.edges) {
      twice += cross(e.a, e.b);
      sb.bounds.min = glm::min(sb.bounds.min, glm::min(e.a, e.b));
      sb.bounds.max = glm::max(sb.bounds.max, glm::max(e.a, e.b));
    }
    sb.area = 0.5 * twice;
    chain_loops(sb);
  }
  return out;
}

namespace {
// Exact: is p on one of the sector's edges, and is it inside by even-odd.
struct Classification {
  bool on_edge = false;
  bool inside = false;
};
Classification classify(const SectorBoundary& b, const Vec2& p) {
  if (!b.bounds.contains(p)) return {};
  int crossings = 0;
  for (const Segment& e : b.edges) {
    // Both tests below need p.y within the edge's y range: most edges fail here at once.
    if ((e.a.y < p.y && e.b.y < p.y) || (e.a.y > p.y && e.b.y > p.y)) continue;
    if (on_segment(e.a, e.b, p)) return {true, true};
    crossings += ray_crossing(e.a, e.b, p) != 0 ? 1 : 0;
  }
  return {false, (crossings & 1) != 0};
}
}  // namespace

bool sector_contains(const SectorBoundary& boundary, const Vec2& p) {
  return classify(boundary, p).inside;
}

namespace {
// The rule's winner among candidates: the smallest area, then the lower index.
void consider(const std::vector<SectorBoundary>& b, std::int32_t s, std::int32_t& best) {
  if (best == kNoSector || b[s].area < b[best].area || (b[s].area == b[best].area && s < best)) {
    best = s;
  }
}
}  // namespace

SectorLocation locate_sector_brute_force(const SectorMap& map,
                                         const std::vector<SectorBoundary>& boundaries,
                                         const Vec2& p) {
  (void)map;  // every boundary line is some sector's edge: the sectors' edges are enough
  require_in_domain_2d(p, "locate_sector_brute_force: the point");
  SectorLocation loc;
  for (std::size_t s = 0; s < boundaries.size(); ++s) {
    const Classification c = classify(boundaries[s], p);
    loc.on_boundary |= c.on_edge;
    if (c.inside) consider(boundaries, static_cast<std::int32_t>(s), loc.sector);
  }
  return loc;
}

LineGrid::LineGrid(const SectorMap& map, double cell_size) : cell_(cell_size), map_(&map) {
  bounds_ = {Vec2{std::numeric_limits<double>::infinity()},
             Vec2{-std::numeric_limits<double>::infinity()}};
  for (const Vec2& v : map.vertices) {
    bounds_.min = glm::min(bounds_.min, v);
    bounds_.max = glm::max(bounds_.max, v);
  }
  if (map.vertices.empty()) bounds_ = {Vec2{0.0}, Vec2{0.0}};
  nx_ = std::max(1, static_cast<int>(std::ceil((bounds_.max.x - bounds_.min.x) / cell_)));
  ny_ = std::max(1, static_cast<int>(std::ceil((bounds_.max.y - bounds_.min.y) / cell_)));
  cells_.resize(static_cast<std::size_t>(nx_) * static_cast<std::size_t>(ny_));
  for (std::size_t i = 0; i < map.lines.size(); ++i) {
    const Vec2 a = map.vertices[map.lines[i].v1];
    const Vec2 b = map.vertices[map.lines[i].v2];
    const Box2 lb{glm::min(a, b), glm::max(a, b)};
    const int x0 = std::clamp(static_cast<int>(std::floor((lb.min.x - bounds_.min.x) / cell_)) - 1, 0, nx_ - 1);
    const int x1 = std::clamp(static_cast<int>(std::floor((lb.max.x - bounds_.min.x) / cell_)) + 1, 0, nx_ - 1);
    const int y0 = std::clamp(static_cast<int>(std::floor((lb.min.y - bounds_.min.y) / cell_)) - 1, 0, ny_ - 1);
    const int y1 = std::clamp(static_cast<int>(std::floor((lb.max.y - bounds_.min.y) / cell_)) + 1, 0, ny_ - 1);
    for (int y = y0; y <= y1; ++y) {
      for (int x = x0; x <= x1; ++x) {
        const std::size_t c = static_cast<std::size_t>(y) * nx_ + x;
        if (cell_box(c).overlaps(lb)) cells_[c].push_back(static_cast<std::uint32_t>(i));
      }
    }
  }
  stamp_.assign(map.lines.size(), 0);
}

Box2 LineGrid::cell_box(std::size_t cell) const {
  const int x = static_cast<int>(cell % nx_);
  const int y = static_cast<int>(cell / nx_);
  // Grown by a margin so that any point cell_of() assigns here lies inside, whatever the
  // rounding of the division; the outer cells reach to infinity (cell_of clamps).
  const double m = cell_ * 1e-6 + 1e-9;
  Box2 b{{bounds_.min.x + x * cell_ - m, bounds_.min.y + y * cell_ - m},
         {bounds_.min.x + (x + 1) * cell_ + m, bounds_.min.y + (y + 1) * cell_ + m}};
  constexpr double inf = std::numeric_limits<double>::infinity();
  if (x == 0) b.min.x = -inf;
  if (y == 0) b.min.y = -inf;
  if (x == nx_ - 1) b.max.x = inf;
  if (y == ny_ - 1) b.max.y = inf;
  return b;
}

std::size_t LineGrid::cell_of(const Vec2& p) const {
  const double fx = std::floor((p.x - bounds_.min.x) / cell_);
  const double fy = std::floor((p.y - bounds_.min.y) / cell_);
  // !(f >= 0) also catches NaN, which must not reach the cast.
  const int x = !(fx >= 0.0) ? 0 : fx >= nx_ ? nx_ - 1 : static_cast<int>(fx);
  const int y = !(fy >= 0.0) ? 0 : fy >= ny_ ? ny_ - 1 : static_cast<int>(fy);
  return static_cast<std::size_t>(y) * nx_ + x;
}

void LineGrid::query(const Box2& box, std::vector<std::uint32_t>& out) const {
  out.clear();
  if (++epoch_ == 0) {
    std::fill(stamp_.begin(), stamp_.end(), 0);
    epoch_ = 1;
  }
  const std::size_t c0 = cell_of(box.min);
  const std::size_t c1 = cell_of(box.max);
  const int x0 = static_cast<int>(c0 % nx_), y0 = static_cast<int>(c0 / nx_);
  const int x1 = static_cast<int>(c1 % nx_), y1 = static_cast<int>(c1 / nx_);
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      for (std::uint32_t i : cells_[static_cast<std::size_t>(y) * nx_ + x]) {
        if (stamp_[i] == epoch_) continue;
        stamp_[i] = epoch_;
        const Vec2 a = map_->vertices[map_->lines[i].v1];
        const Vec2 b = map_->vertices[map_->lines[i].v2];
        if (Box2{glm::min(a, b), glm::max(a, b)}.overlaps(box)) out.push_back(i);
      }
    }
  }
  std::sort(out.begin(), out.end());
}

SectorLocator::SectorLocator(const SectorMap& map, const std::vector<SectorBoundary>& boundaries,
                             double cell_size)
    : boundaries_(&boundaries), grid_(map, cell_size) {
  covering_.resize(grid_.cell_count());
  touching_.resize(grid_.cell_count());
  std::vector<std::uint32_t> mark(boundaries.size(), 0);
  std::uint32_t epoch = 0;
  for (std::size_t c = 0; c < grid_.cell_count(); ++c) {
    ++epoch;
    for (std::uint32_t li : grid_.cell_lines(c)) {
      const SectorLine& l = map.lines[li];
      if (l.front_sector == l.back_sector) continue;
      for (std::int32_t s : {l.front_sector, l.back_sector}) {
        if (s >= 0 && mark[s] != epoch) {
          mark[s] = epoch;
          touching_[c].push_back(s);
        }
      }
    }
  }
  // An unclosed boundary (corrupt data) has dangling ends, and the ray parity changes level
  // with them, not only across its lines: such a sector is tested in every cell of its box.
  for (std::size_t s = 0; s < boundaries.size(); ++s) {
    const SectorBoundary& sb = boundaries[s];
    if (sb.closed || sb.edges.empty()) continue;
    const std::size_t c0 = grid_.cell_of(sb.bounds.min);
    const std::size_t c1 = grid_.cell_of(sb.bounds.max);
    const std::size_t nx = grid_.columns();
    for (std::size_t y = c0 / nx; y <= c1 / nx; ++y) {
      for (std::size_t x = c0 % nx; x <= c1 % nx; ++x) {
        auto& t = touching_[y * nx + x];
        if (std::find(t.begin(), t.end(), static_cast<std::int32_t>(s)) == t.end()) {
          t.push_back(static_cast<std::int32_t>(s));
        }
      }
    }
  }
  // A sector none of whose lines touches the (grown) cell covers all of it or none of it: a
  // point of the cell inside the sector's box decides. Only the cells under the sector's box
  // are visited, so the build costs the boxes' area, not cells x sectors.
  for (std::size_t s = 0; s < boundaries.size(); ++s) {
    const SectorBoundary& sb = boundaries[s];
    if (sb.edges.empty()) continue;
    const std::size_t c0 = grid_.cell_of(sb.bounds.min);
    const std::size_t c1 = grid_.cell_of(sb.bounds.max);
    const std::size_t nx = grid_.columns();
    for (std::size_t y = c0 / nx; y <= c1 / nx; ++y) {
      for (std::size_t x = c0 % nx; x <= c1 % nx; ++x) {
        const std::size_t c = y * nx + x;
        const auto& t = touching_[c];
        if (std::find(t.begin(), t.end(), static_cast<std::int32_t>(s)) != t.end()) continue;
        Box2 part = grid_.cell_box(c);
        part.min = glm::max(part.min, sb.bounds.min);
        part.max = glm::min(part.max, sb.bounds.max);
        if (part.min.x > part.max.x || part.min.y > part.max.y) continue;
        if (sector_contains(sb, 0.5 * (part.min + part.max))) {
          covering_[c].push_back(static_cast<std::int32_t>(s));
        }
      }
    }
  }
}

SectorLocation SectorLocator::locate(const Vec2& p) const {
  if (!in_domain_2d(p)) require_in_domain_2d(p, "SectorLocator::locate: the point");
  SectorLocation loc;
  const std::size_t c = grid_.cell_of(p);
  const auto& b = *boundaries_;
  for (std::int32_t s : covering_[c]) consider(b, s, loc.sector);
  // Any boundary line through p touches this cell, so its sectors are all in touching_.
  for (std::int32_t s : touching_[c]) {
    const Classification k = classify(b[s], p);
    loc.on_boundary |= k.on_edge;
    if (k.inside) consider(b, s, loc.sector);
  }
  return loc;
}

}  // namespace collision::planar
