// Doom-style movement of a circle through sectors (see doom_move.hpp).
#include "collision/2d/doom_move.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "collision/2d/domain_2d.hpp"
#include "collision/2d/segment.hpp"

namespace collision::planar {

SectorWorld::SectorWorld(const SectorMap& map, double cell_size)
    : map_(&map),
      boundaries_(build_sector_boundaries(map)),
      locator_(map, boundaries_, cell_size),
      grid_(map, cell_size) {}

namespace {
Box2 disc_box(const Vec2& p, double r) { return {p - Vec2{r}, p + Vec2{r}}; }
}  // namespace

double floor_under(const SectorWorld& world, const Vec2& p, double radius) {
  const SectorLocation loc = world.locate(p);
  if (loc.sector == kNoSector) return std::numeric_limits<double>::quiet_NaN();
  const SectorMap& map = world.map();
  double z = map.sectors[loc.sector].floor_height;
  thread_local std::vector<std::uint32_t> near;
  world.lines().query(disc_box(p, radius), near);
  for (std::uint32_t li : near) {
    const SectorLine& l = map.lines[li];
    if (l.front_sector < 0 || l.back_sector < 0) continue;
    if (distance_to_segment(map.vertices[l.v1], map.vertices[l.v2], p) >= radius) continue;
    z = std::max({z, map.sectors[l.front_sector].floor_height,
                  map.sectors[l.back_sector].floor_height});
  }
  return z;
}

bool line_blocks(const SectorMap& map, const SectorLine& line, const DoomBody& body, double z) {
  if (line.front_sector < 0 || line.back_sector < 0) return true;
  if (line.flags & kLineBlocking) return true;
  if (line.front_sector == line.back_sector) return false;
  const Sector& f = map.sectors[line.front_sector];
  const Sector& b = map.sectors[line.back_sector];
  const double open_top = std::min(f.ceiling_height, b.ceiling_height);
  const double open_bottom = std::max(f.floor_height, b.floor_height);
  if (open_top - open_bottom < body.height) return true;
  if (open_bottom - z > body.step_height) return true;
  if (open_top - z < body.height) return true;
  return false;
}

double blocking_clearance(const SectorWorld& world, const DoomBody& body, const Vec2& p, double z,
                          double margin) {
  const SectorMap& map = world.map();
  thread_local std::vector<std::uint32_t> near;
  world.lines().query(disc_box(p, body.radius + margin), near);
  double best = std::numeric_limits<double>::infinity();
  for (std::uint32_t li : near) {
    const SectorLine& l = map.lines[li];
    if (!line_blocks(map, l, body, z)) continue;
    best = std::min(best, distance_to_segment(map.vertices[l.v1], map.vertices[l.v2], p));
  }
  return best;
}

namespace {
bool acceptable(const SectorWorld& world, const DoomBody& body, const Vec2& p, double tolerance,
                double& z_out) {
  const double z = floor_under(world, p, body.radius);
  if (std::isnan(z)) return false;
  z_out = z;
  return blocking_clearance(world, body, p, z) >= body.radius - tolerance;
}
}  // namespace

DoomMove move_body(const SectorWorld& world, const DoomBody& body, const Vec2& position,
                   const Vec2& delta, const DoomMoveOptions& options) {
  // The 2D domain (domain_2d.hpp), once: every later position lies between these two ends.
  require_in_domain_2d(position, "move_body: the position");
  require_in_domain_2d(delta, "move_body: the displacement");
  require_in_domain_2d(flush_below_domain_2d(position + delta), "move_body: the end of the move");
  require_in_domain_2d(body.radius, "move_body: the body's radius");
  require_in_domain_2d(body.height, "move_body: the body's height");
  require_in_domain_2d(body.step_height, "move_body: the body's step height");
  if (body.radius < 0.0 || body.height < 0.0 || body.step_height < 0.0) {
    throw std::invalid_argument("move_body: the body's radius, height and step height must not be negative");
  }
  const SectorMap& map = world.map();
  DoomMove out;
  out.position = position;
  out.z = floor_under(world, position, body.radius);
  Vec2 p = position;
  Vec2 d = delta;
  if (options.path != nullptr) {
    options.path->clear();
    options.path->push_back(p);
  }
  thread_local std::vector<std::uint32_t> near;
  thread_local std::vector<Segment> walls;
  for (int it = 0; it < options.max_iterations; ++it) {
    if (d.x == 0.0 && d.y == 0.0) break;
    ++out.iterations;
    const double z = std::isnan(out.z) ? -std::numeric_limits<double>::infinity() : out.z;
    const Vec2 q = p + d;
    const Box2 sweep_box{glm::min(p, q) - Vec2{body.radius + 1.0}, glm::max(p, q) + Vec2{body.radius + 1.0}};
    world.lines().query(sweep_box, near);
    walls.clear();
    for (std::uint32_t li : near) {
      const SectorLine& l = map.lines[li];
      if (line_blocks(map, l, body, z)) walls.push_back({map.vertices[l.v1], map.vertices[l.v2]});
    }
    const CircleHit hit = sweep_circle(p, body.radius, d, walls);
    // Flushed: near 2^-200 a computed position or slide can land below the domain's smallest
    // magnitude (domain_2d.hpp), where the next sweep would refuse it.
    const Vec2 next = flush_below_domain_2d(hit.hit ? p + hit.toi * d : q);
    double z_next = 0.0;
    if (!acceptable(world, body, next, options.tolerance, z_next)) {
      out.refused = true;
      break;
    }
    p = next;
    if (options.path != nullptr) options.path->push_back(p);
    out.position = p;
    out.z = z_next;
    if (!hit.hit) break;
    ++out.contacts;
    d = flush_below_domain_2d(slide((1.0 - hit.toi) * d, hit.normal));
  }
  out.sector = world.locate(out.position).sector;
  return out;
}

}  // namespace collision::planar
