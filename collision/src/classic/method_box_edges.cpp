// The box edges method (after Tao Yang, "自定义的AABB碰撞检测算法", "A custom AABB collision
// detection algorithm", 2010, for Vega's Isector segments): the moving body's axis-aligned box is represented by its 12
// edges, each a segment; after the body moves, every edge is intersected with the scene, and
// for each edge that hits, that edge's response handler corrects the body's position. If no
// edge hits, the position is left as moved.
//
// Here: body.radii are the box's half extents. The 12 edges at the new position are cast as
// segments (raycast, double-sided). Each hitting edge's response cancels the part of the
// displacement that runs into the surface it hit (the hit triangle's normal, turned towards
// the box's centre). The corrected move is tested again, up to max_iterations times; when the
// edges still report a hit after that, the body moves back to where it started. A hit whose
// response changes nothing (an edge lying on a floor the box slides along) is a contact, not
// a collision: the move is kept.
//
// Faithful, flaws included (the debugger shows them): only the end position is tested, so a
// move longer than a wall's thickness plus the box passes through it; a triangle that pokes
// into a face of the box without crossing any of its 12 edges (a corner, a thin spike, a
// small triangle inside the box) is never seen (box_triangle_sat is the exact reference); the
// response cancels motion instead of moving to the contact, so a falling box stops short of
// the floor by up to one move.
#include <stdexcept>

#include <glm/geometric.hpp>

#include "move/methods.hpp"

namespace collision::detail {

namespace {

// The 12 edges of the box centred at c with half extents h: four along each axis k.
void box_edges(const glm::vec3& c, const glm::vec3& h, glm::vec3 from[12], glm::vec3 to[12]) {
  int e = 0;
  for (int k = 0; k < 3; ++k) {
    const int i = (k + 1) % 3, j = (k + 2) % 3;
    for (int corner = 0; corner < 4; ++corner) {
      glm::vec3 p = c;
      p[i] += (corner & 1) ? h[i] : -h[i];
      p[j] += (corner & 2) ? h[j] : -h[j];
      from[e] = p;
      to[e] = p;
      from[e][k] -= h[k];
      to[e][k] += h[k];
      ++e;
    }
  }
}

}  // namespace

MoveResult move_box_edges(const World& world, const Body& body, const glm::vec3& position,
                          const glm::vec3& displacement, const MoveParams& params, Trace* trace) {
  MoveResult result;
  result.position = position;
  glm::vec3 d = displacement;
  for (int it = 0; it < params.max_iterations; ++it) {
    ++result.iterations;
    const glm::vec3 target = position + d;
    SlideIteration* rec = nullptr;
    if (trace) {
      rec = &trace->iterations.emplace_back();
      rec->start = position;
      rec->desired_end = target;
    }
    glm::vec3 from[12], to[12];
    box_edges(target, body.radii, from, to);
    glm::vec3 corrected = d;
    bool hit = false;
    for (int e = 0; e < 12; ++e) {
      const RayHit r = raycast(world, from[e], to[e] - from[e]);
      if (r.invalid_input) throw std::invalid_argument("move: box-edges: an edge left the input domain");
      glm::vec3 n = r.normal;
      if (r.hit && glm::dot(n, position - r.point) < 0.0f) n = -n;
      if (rec) rec->edge_casts.push_back({from[e], to[e], r.hit, r.t, r.point, n, r.triangle});
      if (!r.hit) continue;
      // This edge's response: no more motion into the surface it hit.
      const float into = glm::dot(corrected, n);
      if (into < 0.0f) corrected -= n * into;
      if (!hit && rec) {
        rec->hit = true;
        rec->contact_point = r.point;
        rec->normal = n;
        rec->triangle = r.triangle;
        rec->feature = Feature::kFace;
      }
      if (!hit) result.last_normal = n;
      hit = true;
    }
    result.hit = result.hit || hit;
    if (!hit || corrected == d) {  // free, or only resting contacts: the move stands
      result.position = target;
      if (rec) {
        rec->reached = target;
        rec->slide = glm::vec3(0.0f);
      }
      return result;
    }
    d = corrected;
    if (rec) {
      rec->reached = position;
      rec->slide = corrected;
    }
  }
  // Still hitting after the last correction: back to the start.
  result.blocked = true;
  return result;
}

}  // namespace collision::detail
