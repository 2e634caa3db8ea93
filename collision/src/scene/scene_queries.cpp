// The Scene's queries: the static level's own query, then each instance whose world box the
// query's box meets (its triangles found in its frame, the narrow phase in world space on them
// moved to their pose), then each character (body_pairs.cpp). scene.hpp gives the design.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <glm/geometric.hpp>

#include "collision/domain.hpp"
#include "geometry/finite.hpp"
#include "move/collider.hpp"
#include "move/methods.hpp"
#include "query/capsule_exit.hpp"
#include "scene/frame.hpp"
#include "scene/scene_internal.hpp"

namespace collision {

namespace detail {

namespace {

// detail::better's order (toi, start overlap, depth), ties to the lower (instance, triangle).
bool scene_better(const SweepHit& x, const SweepHit& y) {
  if (!y.hit) return x.hit;
  if (!x.hit) return false;
  if (x.toi != y.toi) return x.toi < y.toi;
  if (x.start_overlap != y.start_overlap) return x.start_overlap;
  if (x.penetration != y.penetration) return x.penetration > y.penetration;
  return contact_key(x.instance, x.triangle) < contact_key(y.instance, y.triangle);
}

Aabb body_box(const Body& body, const glm::vec3& a, const glm::vec3& b, float grow) {
  const glm::vec3 h = body.half_size() + glm::vec3(grow);
  Aabb box;
  box.min = glm::min(a, b) - h;
  box.max = glm::max(a, b) + h;
  return box;
}

// The instances whose world box overlaps `box` (but v.ignore_instance), ascending: the broad
// phase's fat leaves (collision/instance_tree.hpp), then each one's exact world box.
const std::vector<std::uint32_t>& overlapping(const SceneView& v, const Aabb& box) {
  thread_local std::vector<std::uint32_t> out;
  out.clear();
  v.scene->instance_tree().query(box, out);
  const InstanceBounds& b = v.scene->instance_bounds();
  const float x0 = box.min.x, y0 = box.min.y, z0 = box.min.z, x1 = box.max.x, y1 = box.max.y, z1 = box.max.z;
  out.erase(std::remove_if(out.begin(), out.end(),
                           [&](std::uint32_t i) {
                             return i == v.ignore_instance || !(b.min_x[i] <= x1 && x0 <= b.max_x[i] && b.min_y[i] <= y1 &&
                                                                y0 <= b.max_y[i] && b.min_z[i] <= z1 && z0 <= b.max_z[i]);
                           }),
            out.end());
  std::sort(out.begin(), out.end());
  return out;
}

// When the point o + t d, t in [0, 1], enters box `b` grown by `g` (slabs, in double, the box
// grown by a further 2^-20 of the magnitudes so that rounding never culls a hit), or 2 when it
// does not: an instance entered only after the best hit so far cannot beat it.
double entry_time(const Aabb& b, const glm::vec3& g, const glm::vec3& o, const glm::vec3& d) {
  double t0 = 0.0, t1 = 1.0;
  for (int i = 0; i < 3; ++i) {
    const double m = 0x1p-20 * (std::fabs(double(b.min[i])) + std::fabs(double(b.max[i])) + std::fabs(double(o[i])) +
                                std::fabs(double(d[i])) + double(g[i]));
    const double lo = double(b.min[i]) - g[i] - m, hi = double(b.max[i]) + g[i] + m;
    if (d[i] == 0.0f) {
      if (o[i] < lo || o[i] > hi) return 2.0;
      continue;
    }
    double a0 = (lo - o[i]) / d[i], a1 = (hi - o[i]) / d[i];
    if (a0 > a1) std::swap(a0, a1);
    t0 = std::max(t0, a0);
    t1 = std::min(t1, a1);
    if (t0 > t1) return 2.0;
  }
  return t0;
}

// The instances the move o + t d (a body of half size g) may meet, nearest entry first.
const std::vector<std::pair<double, std::uint32_t>>& entered(const SceneView& v, const glm::vec3& g,
                                                             const glm::vec3& o, const glm::vec3& d) {
  thread_local std::vector<std::pair<double, std::uint32_t>> out;
  out.clear();
  Aabb box;
  box.min = glm::min(o, o + d) - g;
  box.max = glm::max(o, o + d) + g;
  // (A slab test of the segment against each tree node culls more but costs more than it saves
  // here: measured on bench_scene oa_dm4, rays 2.8 us against 1.7.)
  for (const std::uint32_t id : overlapping(v, box)) {
    const double t = entry_time(v.scene->instance_bounds().box(id), g, o, d);
    if (t <= 1.0) out.emplace_back(t, id);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// An ellipsoid's gap is culled with the reach grown by its aspect, as find_contacts does.
float cull_reach(const Body& body, float reach) {
  if (body.shape != Shape::kEllipsoid || body.is_sphere()) return reach;
  return reach * (std::max({body.radii.x, body.radii.y, body.radii.z}) /
                  std::min({body.radii.x, body.radii.y, body.radii.z})) * (1.0f + 1e-5f);
}

// The candidate triangles of instance `in` within world box `box` (its BVH, in its frame).
const std::vector<std::uint32_t>& candidates(const SceneInstance& in, const Frame& f, const Aabb& box) {
  thread_local std::vector<std::uint32_t> out;
  overlap_aabb(*in.mesh, local_box(f, box), out);
  return out;
}

}  // namespace

SweepHit sweep_instance(const Scene& scene, std::uint32_t id, const Body& body, const glm::vec3& center,
                        const glm::vec3& delta, const SweepOptions& options) {
  const SceneInstance& in = scene.instances()[id];
  SweepHit best;
  if (!in.alive || !in.world_bounds.overlaps(body_box(body, center, center + delta, 0.0f))) return best;
  const Frame f(in);
  if (body.is_sphere() || body.shape == Shape::kCapsule) {
    // A rotation leaves a sphere a sphere and a capsule a capsule (its axis turned): the query
    // goes into the instance's frame and its own BVH answers (CM_TransformedBoxTrace).
    const glm::dmat3 rt = glm::transpose(f.r);
    Body local = body;
    local.axis = glm::vec3(rt * glm::dvec3(body.axis));
    SweepHit h = collision::sweep(*in.mesh, local, glm::vec3(f.to_local(glm::dvec3(center))),
                                  glm::vec3(rt * glm::dvec3(delta)), options);
    if (h.hit) {
      h.point = f.point(h.point);
      h.normal = glm::vec3(glm::normalize(f.r * glm::dvec3(h.normal)));
      h.instance = id;
    }
    return h;
  }
  for (std::uint32_t t : candidates(in, f, body_box(body, center, center + delta, 0.0f))) {
    SweepHit h = sweep_triangle(f.triangle(in.mesh->mesh().triangle(t)), body, center, delta, options, t);
    h.instance = id;
    if (scene_better(h, best)) best = h;
  }
  return best;
}

SweepHit scene_sweep(const SceneView& v, const Body& body, const glm::vec3& center, const glm::vec3& delta,
                     const SweepOptions& options) {
  SweepHit best = collision::sweep(v.scene->level(), body, center, delta, options);
  if (best.invalid_input) return best;
  for (const auto& [entry, id] : entered(v, body.half_size(), center, delta)) {
    if (best.hit && entry > double(best.toi)) break;
    const SweepHit h = sweep_instance(*v.scene, id, body, center, delta, options);
    if (scene_better(h, best)) best = h;
  }
  const std::vector<SceneCharacter>& chars = v.scene->characters();
  for (std::uint32_t k = 0; k < chars.size(); ++k) {
    if (k == v.ignore_character) continue;
    SweepHit h = sweep_body_body(body, center, delta, grown_by_skin(chars[k]), chars[k].state.position);
    h.instance = kCharacterInstance + k;
    if (scene_better(h, best)) best = h;
  }
  return best;
}

RayHit scene_raycast(const SceneView& v, const glm::vec3& origin, const glm::vec3& delta) {
  RayHit best = collision::raycast(v.scene->level(), origin, delta);
  if (best.invalid_input) return best;
  const auto take = [&](const RayHit& h, std::uint32_t instance) {
    if (!h.hit) return;
    if (best.hit && !(h.t < best.t || (h.t == best.t && contact_key(instance, h.triangle) <
                                                          contact_key(best.instance, best.triangle)))) {
      return;
    }
    best = h;
    best.instance = instance;
  };
  const std::vector<SceneInstance>& insts = v.scene->instances();
  for (const auto& [entry, id] : entered(v, glm::vec3(0.0f), origin, delta)) {
    if (best.hit && entry > double(best.t)) break;
    // The ray in the instance's frame (Quake 3's CM_TransformedBoxTrace), its answer turned back.
    const Frame f(insts[id]);
    const glm::dmat3 rt = glm::transpose(f.r);
    RayHit h = collision::raycast(*insts[id].mesh, glm::vec3(f.to_local(glm::dvec3(origin))),
                                  glm::vec3(rt * glm::dvec3(delta)));
    if (!h.hit) continue;
    h.point = glm::vec3(glm::dvec3(origin) + double(h.t) * glm::dvec3(delta));
    h.normal = glm::vec3(glm::normalize(f.r * glm::dvec3(h.normal)));
    take(h, id);
  }
  const std::vector<SceneCharacter>& chars = v.scene->characters();
  for (std::uint32_t k = 0; v.characters && k < chars.size(); ++k) {
    if (k != v.ignore_character) take(ray_body(grown_by_skin(chars[k]), chars[k].state.position, origin, delta), kCharacterInstance + k);
  }
  return best;
}

void instance_contacts(const Scene& scene, std::uint32_t id, const Body& body, const glm::vec3& center, float reach,
                       std::vector<Contact>& out) {
  const SceneInstance& in = scene.instances()[id];
  const Aabb box = body_box(body, center, center, cull_reach(body, reach));
  if (!in.alive || !in.world_bounds.overlaps(box)) return;
  const Frame f(in);
  for (std::uint32_t t : candidates(in, f, box)) {
    const Triangle tri = f.triangle(in.mesh->mesh().triangle(t));
    const TriangleDistance d = distance_to_triangle(tri, body, center, static_cast<double>(reach));
    if (d.invalid_input || !(d.distance <= static_cast<double>(reach))) continue;
    Contact c;
    c.triangle = t;
    c.instance = id;
    c.feature = d.feature;
    glm::dvec3 n = d.normal;
    if (n == glm::dvec3(0.0)) n = f.r * glm::dvec3(in.mesh->mesh().normals[t]);  // centre on the triangle
    c.point = glm::vec3(d.point);
    c.normal = glm::vec3(n);
    c.distance = static_cast<float>(d.distance);
    if (body.shape == Shape::kCapsule && -c.distance > body.radii.x) {
      // The World's edge exit (contacts.hpp), taken in the instance's frame where its
      // neighbours are: the capsule turned there, the answer turned back.
      const glm::dmat3 rt = glm::transpose(f.r);
      Body local = body;
      local.axis = glm::vec3(rt * glm::dvec3(body.axis));
      Contact lc = c;
      take_edge_exit(*in.mesh, local, glm::vec3(f.to_local(glm::dvec3(center))), lc);
      if (lc.distance != c.distance) {
        c.distance = lc.distance;
        c.normal = glm::vec3(f.r * glm::dvec3(lc.normal));
        c.feature = lc.feature;
      }
    }
    out.push_back(c);
  }
}

void scene_contacts(const SceneView& v, const Body& body, const glm::vec3& center, float reach,
                    std::vector<Contact>& out) {
  collision::find_contacts(v.scene->level(), body, center, reach, out);
  if (!finite(center) || !in_domain_body(body) || !std::isfinite(reach) || reach < 0.0f) return;
  const std::size_t level_count = out.size();
  for (const std::uint32_t id : overlapping(v, body_box(body, center, center, cull_reach(body, reach)))) {
    instance_contacts(*v.scene, id, body, center, reach, out);
  }
  const std::vector<SceneCharacter>& chars = v.scene->characters();
  for (std::uint32_t k = 0; k < chars.size(); ++k) {
    if (k == v.ignore_character) continue;
    const TriangleDistance d = body_body_distance(body, center, grown_by_skin(chars[k]), chars[k].state.position);
    if (d.invalid_input || !(d.distance <= static_cast<double>(reach))) continue;
    Contact c;
    c.triangle = 0;
    c.instance = kCharacterInstance + k;
    c.feature = Feature::kFace;  // a body's surface: its contact normal is its face
    c.point = glm::vec3(d.point);
    c.normal = glm::vec3(d.normal);
    c.distance = static_cast<float>(d.distance);
    out.push_back(c);
  }
  // The level's are sorted and come first (instance kStaticLevel: key 0); the instances' and
  // characters' after them, by (instance, triangle).
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(level_count), out.end(),
            [](const Contact& x, const Contact& y) { return contact_key(x) < contact_key(y); });
}

glm::vec3 scene_face_normal(const SceneView& v, std::uint32_t instance, std::uint32_t triangle,
                            const glm::vec3& fallback) {
  if (instance == kStaticLevel) return v.scene->level().mesh().normals[triangle];
  if (instance >= kCharacterInstance) return fallback;
  const SceneInstance& in = v.scene->instances()[instance];
  return glm::vec3(glm::normalize(Frame(in).r * glm::dvec3(in.mesh->mesh().normals[triangle])));
}

bool scene_triangle(const SceneView& v, std::uint32_t instance, std::uint32_t triangle, Triangle& out) {
  if (instance == kStaticLevel) {
    if (triangle >= v.scene->level().mesh().triangle_count()) return false;
    out = v.scene->level().mesh().triangle(triangle);
    return true;
  }
  if (instance >= kCharacterInstance) return false;
  const SceneInstance& in = v.scene->instances()[instance];
  out = Frame(in).triangle(in.mesh->mesh().triangle(triangle));
  return true;
}

TriangleDistance scene_distance(const SceneView& v, std::uint32_t instance, std::uint32_t triangle,
                                const Body& body, const glm::vec3& center, double reach) {
  Triangle t;
  if (scene_triangle(v, instance, triangle, t)) return distance_to_triangle(t, body, center, reach);
  const SceneCharacter& c = v.scene->characters()[instance - kCharacterInstance];
  return body_body_distance(body, center, grown_by_skin(c), c.state.position);
}

void scene_candidates(const SceneView& v, const Aabb& box, std::vector<InstanceTriangle>& out) {
  for (const std::uint32_t id : overlapping(v, box)) {
    const SceneInstance& in = v.scene->instances()[id];
    if (!in.alive) continue;
    const Frame f(in);
    std::vector<std::uint32_t> local = candidates(in, f, box);
    std::sort(local.begin(), local.end());
    for (const std::uint32_t t : local) out.push_back({id, t, f.triangle(in.mesh->mesh().triangle(t))});
  }
}

std::uint64_t scene_version(const SceneView& v) { return v.scene->version(); }

const World& scene_level(const SceneView& v) { return v.scene->level(); }

}  // namespace detail

RayHit raycast(const Scene& scene, const glm::vec3& origin, const glm::vec3& delta) {
  return detail::scene_raycast(detail::SceneView{&scene}, origin, delta);
}

RayHit raycast(const Scene& scene, const glm::vec3& origin, const glm::vec3& delta, const SceneQueryFilter& filter) {
  detail::SceneView view{&scene};
  view.characters = filter.characters;
  return detail::scene_raycast(view, origin, delta);
}

SweepHit sweep(const Scene& scene, const Body& body, const glm::vec3& center, const glm::vec3& delta,
               const SweepOptions& options) {
  return detail::scene_sweep(detail::SceneView{&scene}, body, center, delta, options);
}

void find_contacts(const Scene& scene, const Body& body, const glm::vec3& center, float reach,
                   std::vector<Contact>& out) {
  detail::scene_contacts(detail::SceneView{&scene}, body, center, reach, out);
}

MoveResult move(const Scene& scene, const Body& body, const glm::vec3& position, const glm::vec3& displacement,
                const MoveParams& params, Trace* trace) {
  if (params.method != Method::kRobust) throw std::invalid_argument("move: a scene takes the robust method");
  detail::validate_move(body, position, displacement, params);
  detail::begin_trace(trace, params, position, displacement);
  const detail::SceneView view{&scene};
  const MoveResult r = detail::move_robust(detail::Collider(view), body, position, displacement, params, trace);
  if (trace) trace->end = r.position;
  return r;
}

}  // namespace collision
