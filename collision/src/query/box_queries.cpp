// Boxes against triangles: separating axes (static and swept), exact distance, BVH sweeps.
#include "collision/box_queries.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "collision/domain.hpp"
#include "collision/world.hpp"
#include "geometry/component.hpp"
#include "query/narrow_phase.hpp"
#include "query/packet_tests.hpp"
#include "query/shape_sweep.hpp"
#include "recording/record_call.hpp"

namespace collision {

namespace {

using detail::component;
using detail::invalid_sweep;
using detail::valid_triangle;

constexpr int kAxisCount = 13;

// A box and a triangle relative to the triangle's corner A, in double.
struct BoxFrame : detail::TriangleFrame {
  glm::dvec3 p;  // box centre - A
  glm::dvec3 h;  // half extents
};

BoxFrame make_frame(const Triangle& tri, const glm::vec3& center, const glm::vec3& half) {
  BoxFrame f{detail::make_triangle_frame(tri), glm::dvec3(center), glm::dvec3(half)};
  f.p -= f.a;
  return f;
}

// The frame of a leaf triangle (non-degenerate by make_mesh's invariant).
BoxFrame make_leaf_frame(const BvhTriangle& t, const glm::vec3& center, const glm::vec3& half) {
  BoxFrame f{detail::make_triangle_frame(t), glm::dvec3(center), glm::dvec3(half)};
  f.p -= f.a;
  return f;
}

// One separating axis with both shapes projected on it. The box's projection is s +- r, the
// triangle's [lo + r, hi - r]: the box overlaps the triangle along the axis while s is in
// (lo, hi).
struct Projection {
  glm::dvec3 axis;
  int id;
  double s, lo, hi;
};

// The 13 axes in a fixed order (box faces, triangle normal, edge crosses); vanishing ones
// are skipped. Returns how many were written.
int project_axes(const BoxFrame& f, Projection out[kAxisCount]) {
  int count = 0;
  const auto add = [&](const glm::dvec3& raw, int id) {
    const double len2 = glm::dot(raw, raw);
    if (!(len2 > 0.0)) return;
    const glm::dvec3 axis = raw / std::sqrt(len2);
    const double p0 = glm::dot(axis, f.v[0]), p1 = glm::dot(axis, f.v[1]), p2 = glm::dot(axis, f.v[2]);
    const double r = f.h.x * std::fabs(axis.x) + f.h.y * std::fabs(axis.y) + f.h.z * std::fabs(axis.z);
    out[count++] = {axis, id, glm::dot(axis, f.p), std::min({p0, p1, p2}) - r, std::max({p0, p1, p2}) + r};
  };
  for (int k = 0; k < 3; ++k) {
    glm::dvec3 e(0.0);
    e[k] = 1.0;
    add(e, k);
  }
  add(f.n, 3);
  for (int i = 0; i < 3; ++i) {
    const glm::dvec3 edge = f.v[(i + 1) % 3] - f.v[i];
    for (int k = 0; k < 3; ++k) {
      glm::dvec3 e(0.0);
      e[k] = 1.0;
      add(glm::cross(edge, e), 4 + 3 * i + k);
    }
  }
  return count;
}

// Signed separation along one axis (> 0 separate) and the direction from triangle to box.
double separation(const Projection& pr, glm::dvec3& towards_box) {
  const double above = pr.s - pr.hi, below = pr.lo - pr.s;
  towards_box = above >= below ? pr.axis : -pr.axis;
  return std::max(above, below);
}

struct SatResult {
  double distance = -std::numeric_limits<double>::infinity();
  glm::dvec3 axis{0.0};
  int id = -1;
};

SatResult sat(const Projection* axes, int count) {
  SatResult out;
  for (int i = 0; i < count; ++i) {
    glm::dvec3 dir;
    const double sep = separation(axes[i], dir);
    if (sep > out.distance) {
      out.distance = sep;
      out.axis = dir;
      out.id = axes[i].id;
    }
  }
  return out;
}

bool valid_box(const glm::vec3& center, const glm::vec3& half) {
  return in_domain_point(center) && in_domain_radii(half);
}

// Sutherland–Hodgman against one axis-aligned half space: keep x[k] * sign <= limit.
int clip_polygon(const glm::dvec3* in, int n, int k, double sign, double limit, glm::dvec3* out) {
  int m = 0;
  for (int i = 0; i < n; ++i) {
    const glm::dvec3& x = in[i];
    const glm::dvec3& y = in[(i + 1) % n];
    const double dx = component(x, k) * sign - limit, dy = component(y, k) * sign - limit;
    if (dx <= 0.0) out[m++] = x;
    if ((dx < 0.0 && dy > 0.0) || (dx > 0.0 && dy < 0.0)) out[m++] = x + (y - x) * (dx / (dx - dy));
  }
  return m;
}

// The middle of the part of segment xy inside the box p +- h (slab clipping), or false.
bool segment_middle_inside_box(const glm::dvec3& x, const glm::dvec3& y, const glm::dvec3& p,
                               const glm::dvec3& h, glm::dvec3& middle) {
  double t0 = 0.0, t1 = 1.0;
  const glm::dvec3 d = y - x;
  for (int k = 0; k < 3; ++k) {
    const double pk = component(p, k), hk = component(h, k), xk = component(x, k), dk = component(d, k);
    const double lo = pk - hk - xk, hi = pk + hk - xk;
    if (dk == 0.0) {
      if (lo > 0.0 || hi < 0.0) return false;
      continue;
    }
    const double a = lo / dk, b = hi / dk;
    t0 = std::max(t0, std::min(a, b));
    t1 = std::min(t1, std::max(a, b));
  }
  if (t0 > t1) return false;
  middle = x + d * (0.5 * (t0 + t1));
  return true;
}

// The mean of the corners of the part of triangle `tri` inside the box p +- h, or false.
bool triangle_middle_inside_box(const glm::dvec3 tri[3], const glm::dvec3& p, const glm::dvec3& h,
                                glm::dvec3& middle) {
  glm::dvec3 buf[2][12];
  int m = 3;
  for (int i = 0; i < 3; ++i) buf[0][i] = tri[i];
  int cur = 0;
  for (int k = 0; k < 3 && m > 0; ++k) {
    for (double sign : {1.0, -1.0}) {
      if (m == 0) break;
      m = clip_polygon(buf[cur], m, k, sign, sign * component(p, k) + component(h, k), buf[1 - cur]);
      cur = 1 - cur;
    }
  }
  if (m == 0) return false;
  glm::dvec3 sum(0.0);
  for (int i = 0; i < m; ++i) sum += buf[cur][i];
  middle = sum / static_cast<double>(m);
  return true;
}

// The triangle's side of a contact whose normal (towards the box) is `normal`: the corners
// farthest along it are the triangle's support feature; its middle inside the box (grown by a
// rounding tolerance) is the contact point.
void contact_feature(const BoxFrame& f, const glm::dvec3& box_center, const glm::dvec3& normal,
                     SweepHit& hit) {
  const double size = std::max({glm::length(f.v[1]), glm::length(f.v[2]), f.h.x, f.h.y, f.h.z});
  double proj[3];
  for (int i = 0; i < 3; ++i) proj[i] = glm::dot(normal, f.v[i]);
  const double top = std::max({proj[0], proj[1], proj[2]});
  glm::dvec3 support[3];
  int n = 0;
  for (int i = 0; i < 3; ++i) {
    if (proj[i] >= top - 1e-9 * size) support[n++] = f.v[i];
  }
  // A degenerate triangle has no face: its support is the longest span of its corners, or
  // one point.
  if (n == 3 && !f.has_normal()) {
    int i = 0;
    double longest = -1.0;
    for (int k = 0; k < 3; ++k) {
      const double len2 = glm::dot(support[k] - support[(k + 1) % 3], support[k] - support[(k + 1) % 3]);
      if (len2 > longest) {
        longest = len2;
        i = k;
      }
    }
    const glm::dvec3 x = support[i], y = support[(i + 1) % 3];
    support[0] = x;
    support[1] = y;
    n = 2;
  }
  if (n == 2 && support[0] == support[1]) n = 1;
  glm::dvec3 point = support[0];
  if (n == 1) {
    hit.feature = Feature::kVertex;
  } else {
    hit.feature = n == 2 ? Feature::kEdge : Feature::kFace;
    const glm::dvec3 grown = f.h + glm::dvec3(1e-7 * size);
    const bool inside = n == 2 ? segment_middle_inside_box(support[0], support[1], box_center, grown, point)
                               : triangle_middle_inside_box(support, box_center, grown, point);
    if (!inside) {
      point = n == 2 ? detail::closest_on_segment(box_center, support[0], support[1])
                     : closest_point_on_triangle(box_center, f.v[0], f.v[1], f.v[2]);
    }
  }
  hit.point = glm::vec3(point + f.a);
}

// One axis of the swept test, not normalized (times do not depend on an axis' length).
struct SweptAxis {
  glm::dvec3 axis;
  double s, lo, hi;  // as Projection
  double w;          // axis · displacement
};

// The swept test on a prepared frame (see sweep_box_triangle). `t_limit`: a contact whose
// float toi exceeds it is of no interest (the caller already holds an earlier one).
// Each axis admits an open interval of time during which the projections overlap; the box
// meets the triangle on their intersection, from its latest entry. The axes are taken in the
// order that rejects most candidates soonest (box faces, then the normal, then the crosses),
// and nothing is normalized until a candidate survives all thirteen.
// `with_contact`: also find the contact point and feature (the BVH loops leave them to the
// winner alone); `contact_input`: where a hit found without them keeps what contact_feature
// would take, so that the winner's can be found later without a second sweep.
// Left unset until a hit writes it (sweep_frame), and read only after one: a query that ends
// in the inner nodes does not pay for zeroing it.
struct ContactInput {
  glm::dvec3 centre, dir;
};

SweepHit sweep_frame(const BoxFrame& f, const glm::dvec3& v, bool one_sided, float t_limit,
                     std::uint32_t index, glm::dvec3* rejected, bool with_contact = true,
                     ContactInput* contact_input = nullptr) {
  SweepHit out;
  const bool has_normal = f.has_normal();
  if (one_sided && has_normal && glm::dot(f.n, f.p) < 0.0) {
    if (rejected) *rejected = glm::normalize(f.n);
    return out;
  }
  SweptAxis axes[kAxisCount];
  int count = 0;
  double entry = 0.0, exit = 1.0;
  int entry_axis = -1;
  const auto reject = [&](const SweptAxis& a) {
    if (rejected) *rejected = glm::normalize(a.s - a.lo >= a.hi - a.s ? a.axis : -a.axis);
    return out;
  };
  // Adds one axis; false when its interval closes the intersection.
  // Adds one axis (the box's reach r on it, the triangle's span [t_lo, t_hi]); false when its
  // interval closes the intersection.
  const auto add = [&](const glm::dvec3& axis, double r, double t_lo, double t_hi, double s_axis, double w) {
    SweptAxis& a = axes[count];
    a = {axis, s_axis, t_lo - r, t_hi + r, w};
    if (w == 0.0) {
      if (!(a.s > a.lo && a.s < a.hi)) return false;
    } else {
      const double inv = 1.0 / w;
      const double ta = (a.lo - a.s) * inv, tb = (a.hi - a.s) * inv;  // w != 0: no NaN
      const double t0 = std::min(ta, tb), t1 = std::max(ta, tb);  // no branch: w's sign is random
      if (t0 > entry) {
        entry = t0;
        entry_axis = count;
      }
      exit = std::min(exit, t1);
      if (entry >= exit || static_cast<float>(entry) > t_limit) return false;
    }
    ++count;
    return true;
  };
  const auto test = [&](const glm::dvec3& axis) {
    const double p0 = glm::dot(axis, f.v[0]), p1 = glm::dot(axis, f.v[1]), p2 = glm::dot(axis, f.v[2]);
    const double r = f.h.x * std::fabs(axis.x) + f.h.y * std::fabs(axis.y) + f.h.z * std::fabs(axis.z);
    return add(axis, r, std::min({p0, p1, p2}), std::max({p0, p1, p2}), glm::dot(axis, f.p), glm::dot(axis, v));
  };
  for (int k = 0; k < 3; ++k) {  // the box's faces: the world axes, read off directly
    glm::dvec3 e(0.0);
    component(e, k) = 1.0;
    const double p0 = component(f.v[0], k), p1 = component(f.v[1], k), p2 = component(f.v[2], k);
    if (!add(e, component(f.h, k), std::min({p0, p1, p2}), std::max({p0, p1, p2}), component(f.p, k),
             component(v, k))) {
      return reject(axes[count]);
    }
  }
  if (has_normal && !test(f.n)) return reject(axes[count]);
  for (int i = 0; i < 3; ++i) {
    // edge x (world axis k) has a zero component k, and is perpendicular to the edge: its
    // corners i and i + 1 project alike, so two dot products of two terms each suffice.
    const glm::dvec3 edge = f.v[(i + 1) % 3] - f.v[i];
    const glm::dvec3& on_edge = f.v[i];
    const glm::dvec3& opposite = f.v[(i + 2) % 3];
    for (int k = 0; k < 3; ++k) {
      const int a = (k + 1) % 3, b = (k + 2) % 3;
      // axis = edge x (world axis k): components a and b only.
      const double xa = component(edge, b), xb = -component(edge, a);
      if (xa == 0.0 && xb == 0.0) continue;
      glm::dvec3 axis(0.0);
      component(axis, a) = xa;
      component(axis, b) = xb;
      const double p0 = xa * component(on_edge, a) + xb * component(on_edge, b);
      const double p2 = xa * component(opposite, a) + xb * component(opposite, b);
      const double r = component(f.h, a) * std::fabs(xa) + component(f.h, b) * std::fabs(xb);
      if (!add(axis, r, std::min(p0, p2), std::max(p0, p2), xa * component(f.p, a) + xb * component(f.p, b),
               xa * component(v, a) + xb * component(v, b))) {
        return reject(axes[count]);
      }
    }
  }

  // Overlapping or touching at the start: the least penetration over the (unit) axes. An
  // axis apart at the start (a negative least) settles it: the rest only matter when none is.
  double least = std::numeric_limits<double>::infinity();
  glm::dvec3 least_dir(0.0);
  for (int i = 0; i < count && least >= 0.0; ++i) {
    const SweptAxis& a = axes[i];
    const double len = glm::length(a.axis);
    const double up = (a.hi - a.s) / len, down = (a.s - a.lo) / len;
    if (std::min(up, down) < least) {
      least = std::min(up, down);
      least_dir = (up <= down ? a.axis : -a.axis) / len;
    }
  }
  const double touch = 1e-9 * std::max({f.h.x, f.h.y, f.h.z});
  if (least >= 0.0) {
    if (least <= touch) {
      // Resting contact: a hit only when the move presses into every touching axis.
      for (int i = 0; i < count; ++i) {
        const SweptAxis& a = axes[i];
        const double len = glm::length(a.axis);
        const double up = (a.hi - a.s) / len, down = (a.s - a.lo) / len;
        if (std::min(up, down) <= touch && (up <= down ? a.w : -a.w) >= 0.0) return reject(a);
      }
    }
    out.hit = true;
    out.start_overlap = least > touch;
    out.penetration = out.start_overlap ? static_cast<float>(least) : 0.0f;
    out.toi = 0.0f;
    out.normal = glm::vec3(least_dir);
    out.triangle = index;
    if (with_contact) contact_feature(f, f.p, least_dir, out);
    if (contact_input) *contact_input = {f.p, least_dir};
    return out;
  }
  if (entry_axis < 0) return out;  // unreachable: an axis apart at the start has a later entry
  const glm::dvec3 centre = f.p + entry * v;
  if (one_sided && has_normal && glm::dot(f.n, centre) < 0.0) {
    if (rejected) *rejected = glm::normalize(f.n);
    return out;
  }
  const SweptAxis& a = axes[entry_axis];
  const glm::dvec3 entry_dir = glm::normalize(a.w > 0.0 ? -a.axis : a.axis);
  out.hit = true;
  out.toi = static_cast<float>(entry);
  out.normal = glm::vec3(entry_dir);
  out.triangle = index;
  if (with_contact) contact_feature(f, centre, entry_dir, out);
  if (contact_input) *contact_input = {centre, entry_dir};
  return out;
}

// Box corners and edges, relative to the frame.
void box_corners(const glm::dvec3& p, const glm::dvec3& h, glm::dvec3 out[8]) {
  for (int i = 0; i < 8; ++i) {
    out[i] = p + glm::dvec3((i & 1) ? h.x : -h.x, (i & 2) ? h.y : -h.y, (i & 4) ? h.z : -h.z);
  }
}

}  // namespace

Aabb aabb_of(const TriangleMesh& mesh) {
  Aabb box;
  for (const glm::uvec3& t : mesh.indices) {
    box.grow(mesh.positions[t.x]);
    box.grow(mesh.positions[t.y]);
    box.grow(mesh.positions[t.z]);
  }
  return box;
}

BoxTriangleSat box_triangle_sat(const glm::vec3& center, const glm::vec3& half_extents,
                                const Triangle& tri) {
  BoxTriangleSat out;
  if (!valid_box(center, half_extents) || !valid_triangle(tri)) return out;
  const BoxFrame f = make_frame(tri, center, half_extents);
  Projection axes[kAxisCount];
  const SatResult r = sat(axes, project_axes(f, axes));
  out.overlap = r.distance <= 0.0;
  out.axis = glm::vec3(r.axis);
  out.distance = static_cast<float>(r.distance);
  out.axis_id = r.id;
  return out;
}

SweepHit sweep_box_triangle(const Triangle& tri, const glm::vec3& center,
                            const glm::vec3& half_extents, const glm::vec3& delta,
                            const SweepOptions& options, std::uint32_t triangle_index,
                            glm::vec3* separating_axis) {
  if (separating_axis) *separating_axis = glm::vec3(0.0f);
  if (!valid_box(center, half_extents) || !in_domain_move(center, delta) || !valid_triangle(tri)) {
    return invalid_sweep();
  }
  glm::dvec3 rejected(0.0);
  const SweepHit h = sweep_frame(make_frame(tri, center, half_extents), glm::dvec3(delta),
                                 options.one_sided, 1.0f, triangle_index, &rejected);
  if (!h.hit && separating_axis) *separating_axis = glm::vec3(rejected);
  return h;
}

namespace {

SweepHit box_vs(const BvhTriangle& t, const glm::vec3& center, const glm::vec3& half,
                const glm::dvec3& v, bool one_sided, float t_limit) {
  return sweep_frame(make_leaf_frame(t, center, half), v, one_sided, t_limit, t.index, nullptr, false);
}

// The winner's contact point and feature, which the loops left out.
SweepHit with_contact(const World& world, const SweepHit& best, const glm::vec3& center,
                      const glm::vec3& half, const glm::dvec3& v, bool one_sided) {
  if (!best.hit) return best;
  const Triangle tri = world.mesh().triangle(best.triangle);
  const BvhTriangle leaf{tri.a, 0.0f, tri.b, best.triangle, tri.c, 0.0f, glm::vec3(0.0f), 0.0f};
  return sweep_frame(make_leaf_frame(leaf, center, half), v, one_sided, 1.0f, best.triangle, nullptr);
}

}  // namespace

SweepHit sweep_box(const World& world, const glm::vec3& center, const glm::vec3& half_extents,
                   const glm::vec3& delta, const SweepOptions& options) {
  PRISM_RECORD_RETURN(world, SweepBoxCall, (center, half_extents, delta, options),
                      sweep_box(world, center, half_extents, delta, options));
  if (!valid_box(center, half_extents)) return invalid_sweep();
  float allowance;  // the move's domain check, the allowance and the occupancy test
  const detail::SegmentStart start = detail::start_segment(world.bvh(), center, delta, half_extents, allowance);
  if (start != detail::SegmentStart::kTraverse) {
    return start == detail::SegmentStart::kInvalid ? invalid_sweep() : SweepHit{};
  }
  const glm::dvec3 v(delta);
  return detail::with_node_width(world.bvh(), [&](auto width) {
    // Broadcast when the first leaf is reached: most sweeps end in the inner nodes.
    detail::LazyQuery<detail::BoxSweep4> q;
    // The loop's best, followed as sweep_shape follows it (detail::better on the same hits), with
    // its frame and contact input: the winner's contact point without a second sweep.
    SweepHit mine;
    BoxFrame mine_frame;
    ContactInput mine_input, input;
    SweepHit best = detail::sweep_shape(
        width, world, center, half_extents, delta, allowance, std::min({half_extents.x, half_extents.y, half_extents.z}),
        /*round=*/nullptr, [&](const BvhPacket4& p, float tm, float depth, float* entry) {
          return detail::box_candidates(width, p, q.get(center, half_extents, delta, allowance, options.one_sided), tm,
                                        depth, entry);
        },
        [&](const BvhTriangle& t, float tm, bool, float) {
          const BoxFrame f = make_leaf_frame(t, center, half_extents);
          const SweepHit h = sweep_frame(f, v, options.one_sided, tm, t.index, nullptr, false, &input);
          if (detail::better(h, mine)) {
            mine = h;
            mine_frame = f;
            mine_input = input;
          }
          return h;
        });
    if (best.hit) contact_feature(mine_frame, mine_input.centre, mine_input.dir, best);
    return best;
  });
}

SweepHit sweep_box_brute_force(const World& world, const glm::vec3& center,
                               const glm::vec3& half_extents, const glm::vec3& delta,
                               const SweepOptions& options) {
  if (!valid_box(center, half_extents) || !in_domain_move(center, delta)) return invalid_sweep();
  const glm::dvec3 v(delta);
  const SweepHit best = detail::sweep_shape_brute_force(world, center, half_extents, delta,
                                                        [&](const BvhTriangle& t, float tm) {
    return box_vs(t, center, half_extents, v, options.one_sided, tm);
  });
  return with_contact(world, best, center, half_extents, v, options.one_sided);
}

TriangleDistance box_triangle_distance(const glm::vec3& center, const glm::vec3& half_extents,
                                       const Triangle& tri, double reach) {
  TriangleDistance out;
  if (!valid_box(center, half_extents) || !valid_triangle(tri)) {
    out.invalid_input = true;
    return out;
  }
  const BoxFrame f = make_frame(tri, center, half_extents);
  Projection axes[kAxisCount];
  const SatResult s = sat(axes, project_axes(f, axes));
  if (s.distance <= 0.0) {
    const detail::ClosestPoint cp = detail::closest_point_region(f.p, f.v[0], f.v[1], f.v[2]);
    out.distance = s.distance;
    out.normal = s.axis;
    out.point = cp.point + f.a;
    out.feature = cp.feature;
    return out;
  }
  if (s.distance > reach) {  // a lower bound of the distance already beyond the reach
    out.distance = s.distance;
    out.normal = s.axis;
    return out;
  }
  // Apart: the closest pair is a corner of one against the other, or an edge against an edge.
  double best = std::numeric_limits<double>::infinity();
  glm::dvec3 on_tri(0.0), on_box(0.0);
  Feature feature = Feature::kNone;
  const auto keep = [&](double d2, const glm::dvec3& t, const glm::dvec3& b, Feature feat) {
    if (d2 < best) {
      best = d2;
      on_tri = t;
      on_box = b;
      feature = feat;
    }
  };
  glm::dvec3 corner[8];
  box_corners(f.p, f.h, corner);
  for (const glm::dvec3& q : corner) {
    const detail::ClosestPoint cp = detail::closest_point_region(q, f.v[0], f.v[1], f.v[2]);
    keep(glm::dot(q - cp.point, q - cp.point), cp.point, q, cp.feature);
  }
  for (const glm::dvec3& x : f.v) {
    const glm::dvec3 q = glm::clamp(x, f.p - f.h, f.p + f.h);
    keep(glm::dot(x - q, x - q), x, q, Feature::kVertex);
  }
  for (int i = 0; i < 3; ++i) {
    const glm::dvec3& e0 = f.v[i];
    const glm::dvec3& e1 = f.v[(i + 1) % 3];
    for (int k = 0; k < 3; ++k) {
      // The four box edges along axis k: corners differing only in bit k.
      const int bit = 1 << k;
      for (int c = 0; c < 8; ++c) {
        if (c & bit) continue;
        const detail::SegmentClosest sc = detail::closest_segment_segment(e0, e1, corner[c], corner[c | bit]);
        const bool interior = sc.s > 0.0 && sc.s < 1.0;
        keep(sc.dist2, sc.c1, sc.c2, interior ? Feature::kEdge : Feature::kVertex);
      }
    }
  }
  out.distance = std::sqrt(best);
  out.point = on_tri + f.a;
  out.normal = out.distance > 0.0 ? (on_box - on_tri) / out.distance : s.axis;
  out.feature = feature;
  return out;
}

}  // namespace collision
