// The character layer: velocity, depenetration, walking and air moves, step-up, skin, stick to
// floor, contacts and ground state (the steps listed in character.hpp).
#include "collision/character.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <glm/ext/vector_double3.hpp>
#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include "geometry/finite.hpp"
#include "move/methods.hpp"

namespace collision {

namespace {

using detail::finite;

// Lists a step fills again and again, kept from one step to the next on each thread so that
// their memory is reused: a step allocates only the contact list it returns, and nothing in
// place (update_character) once the lists have grown.
struct Scratch {
  std::vector<std::uint32_t> overlapped;  // recover()'s answer: the triangles being recovered from
  std::vector<Contact> contacts;     // the step's contacts, copied into the state at its end
  std::vector<Contact> probe;        // depenetration's, settle's, walkable_here's, the snap's
  std::vector<Contact> constraints;  // what constraining() answers
  std::vector<Contact> supports;     // the step's end: the constraints the carried velocity meets
  std::vector<Contact> walls;        // and those the input meets
  std::vector<Contact> start;        // the contacts at the start, where the state's do not hold
};

// A 64-bit digest of 64-bit words, two a round: each round multiplies one word, mixed with
// the state, by the other into 128 bits and folds the halves (wyhash's mum), then splitmix64's
// finaliser spreads every bit over the result; never 0. Words are read straight from memory
// (two floats, or an index and a float, a word). Not a cryptographic hash: it tells a state a
// step returned from one edited or built since.
class Digest {
 public:
  __extension__ typedef unsigned __int128 Wide;  // GCC's and Clang's; __extension__: no -Wpedantic
  void add(std::uint64_t a, std::uint64_t b) {
    const Wide m = static_cast<Wide>(a ^ 0xa0761d6478bd642full) * (b ^ h_);
    h_ = static_cast<std::uint64_t>(m) ^ static_cast<std::uint64_t>(m >> 64);
  }
  // The 8 bytes at `p`.
  static std::uint64_t word(const void* p) {
    std::uint64_t w;
    std::memcpy(&w, p, sizeof w);
    return w;
  }
  static std::uint64_t pair(float lo, float hi) {
    return std::uint64_t{std::bit_cast<std::uint32_t>(hi)} << 32 | std::bit_cast<std::uint32_t>(lo);
  }
  std::uint64_t value() const {
    std::uint64_t z = h_;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return z == 0 ? 1 : z;
  }

 private:
  std::uint64_t h_ = 0xe7037ed1a0b428dbull;
};

// The layouts contacts_digest reads: Body's radii, half height and axis back to back;
// Contact's four words from its start (the triangle index and the point, the normal and the
// gap), then the feature and the walkable flag.
static_assert(offsetof(Body, half_height) == offsetof(Body, radii) + 12 && offsetof(Body, axis) == offsetof(Body, half_height) + 4);
static_assert(offsetof(Contact, point) == 4 && offsetof(Contact, normal) == 16 && offsetof(Contact, distance) == 28 &&
              offsetof(Contact, feature) == 32 && offsetof(Contact, walkable) == 33 && sizeof(Feature) == 1);

std::uint64_t contacts_digest(std::uint64_t world, const Body& body, float reach, const glm::vec3& pos,
                              const std::vector<Contact>& cs) {
  Digest d;
  d.add(world, std::uint64_t{static_cast<std::uint32_t>(body.shape)} << 32 | cs.size());
  const auto* b = reinterpret_cast<const unsigned char*>(&body);
  d.add(Digest::word(b + offsetof(Body, radii)), Digest::word(b + offsetof(Body, radii) + 8));  // radii, half height
  d.add(Digest::word(b + offsetof(Body, axis)), Digest::pair(body.axis.z, reach));
  d.add(Digest::word(&pos.x), Digest::pair(pos.z, 0.0f));
  for (const Contact& c : cs) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(&c);
    std::uint16_t flags;  // the feature and the walkable flag, as bytes (a caller's garbage too)
    std::memcpy(&flags, bytes + offsetof(Contact, feature), sizeof flags);
    d.add(Digest::word(bytes), Digest::word(bytes + 8));
    d.add(Digest::word(bytes + 16), Digest::word(bytes + 24));
    d.add(flags, 0x8ebc6af09c88c6e3ull);
  }
  return d.value();
}

// What a step derives from its parameters and body alone.
struct Resolved {
  CharacterParams params;   // CharacterParams::resolved
  float min_walkable_cos;   // walkable_normal's bound: cos(max_slope_degrees), less a hair
  bool move_valid;          // validate_move accepts the body and params.move (checked on a zero move)
};

Resolved resolve(const CharacterParams& params, const Body& body) {
  Resolved r{params.resolved(body), 0.0f, true};
  r.min_walkable_cos = std::cos(glm::radians(r.params.max_slope_degrees)) - 1e-6f;
  try {
    detail::validate_move(body, glm::vec3(0.0f), glm::vec3(0.0f), r.params.move);
  } catch (const std::invalid_argument&) {
    r.move_valid = false;  // each step's validate_state then says why, in its own order
  }
  return r;
}

// resolve() for a step. It is a pure function of the parameters and the body, and a caller
// passes the same ones frame after frame: each thread keeps its last answer and gives it again
// when both are the same byte for byte (then every field has the same bits; padding that
// differs only costs a new resolution). Anything else, and anything resolved() refuses, is
// resolved (and refused) as before.
static_assert(std::is_trivially_copyable_v<CharacterParams> && std::is_trivially_copyable_v<Body>);
Resolved resolved_for_step(const CharacterParams& params, const Body& body) {
  struct Last {
    bool valid = false;
    CharacterParams params;
    Body body;
    Resolved resolved;
  };
  thread_local Last last;
  if (last.valid && std::memcmp(&params, &last.params, sizeof params) == 0 &&
      std::memcmp(&body, &last.body, sizeof body) == 0) {
    return last.resolved;
  }
  const Resolved r = resolve(params, body);  // throws on a refused input, which is not kept
  last.valid = true;
  std::memcpy(&last.params, &params, sizeof params);  // the bytes, padding too, as compared above
  std::memcpy(&last.body, &body, sizeof body);
  last.resolved = r;
  return r;
}

Scratch& thread_scratch() {
  thread_local Scratch scratch;
  return scratch;
}

struct Step {
  const World& world;
  const Body& body;
  const CharacterParams& p;  // resolved
  Trace* trace;
  float skin;
  float reach;            // skin + contact tolerance: what counts as touching
  float radius;           // smallest radius
  float min_walkable_cos;
  Scratch& scratch;

  glm::vec3 horizontal(const glm::vec3& v) const { return v - p.up * glm::dot(v, p.up); }
  bool walkable_normal(const glm::vec3& n) const { return glm::dot(n, p.up) >= min_walkable_cos; }

  void contacts_at(const glm::vec3& pos, std::vector<Contact>& c) const {
    find_contacts(world, body, pos, reach, c);
    classify(c);
  }

  // Marks walkable contacts. An edge or corner contact (a stair's nosing, a ramp's crest) has a
  // tilted normal, but the body is held by the walkable face it belongs to: when another touched
  // triangle shares the contact point and its face, turned towards the body, is walkable, the
  // contact is walkable too.
  void classify(std::vector<Contact>& cs) const {
    for (Contact& c : cs) {
      c.walkable = walkable_normal(c.normal) ||
                   (c.feature != Feature::kFace && glm::dot(c.normal, p.up) > 0.0f &&
                    walkable_normal(support_normal(c, cs)));
    }
  }

  // An edge or corner contact that lies in the plane of a surface the body is closer to (another
  // touched triangle: a face contact at least as close, or any contact strictly closer) is an
  // internal edge of that surface (a floor's diagonal, a tile's corner beside the tile edge the
  // body runs along): its tilted normal is an artefact of the triangulation, so it neither
  // pushes nor removes velocity. Contacts at equal gaps off a face all stay (coplanar tiles
  // meeting under the body give the same normal).
  bool internal_edge(const Contact& c, const std::vector<Contact>& cs) const {
    if (c.feature == Feature::kFace) return false;
    for (const Contact& o : cs) {
      if (o.triangle == c.triangle) continue;
      const bool closer = o.feature == Feature::kFace ? o.distance <= c.distance : o.distance < c.distance;
      if (!closer) continue;
      const glm::vec3 n = world.mesh().normals[o.triangle];
      if (std::fabs(glm::dot(c.point - o.point, n)) <= 1e-4f * radius) return true;
    }
    return false;
  }

  // The contacts that constrain the body: all but internal edges. The answer lives in the
  // scratch until the next call.
  const std::vector<Contact>& constraining(const std::vector<Contact>& cs) const {
    std::vector<Contact>& out = scratch.constraints;
    out.clear();
    for (const Contact& c : cs) {
      if (!internal_edge(c, cs)) out.push_back(c);
    }
    return out;
  }

  // The support normal of a walkable contact: its own normal, or the walkable face it rests on.
  glm::vec3 support_normal(const Contact& c, const std::vector<Contact>& cs) const {
    if (walkable_normal(c.normal)) return c.normal;
    glm::vec3 best = c.normal;
    for (const Contact& o : cs) {
      if (glm::length(o.point - c.point) > 1e-3f * radius) continue;
      glm::vec3 n = world.mesh().normals[o.triangle];
      if (glm::dot(n, c.normal) < 0.0f) n = -n;
      if (glm::dot(n, p.up) > glm::dot(best, p.up)) best = n;
    }
    return best;
  }

  // Ground state from the contacts: walkable ground wins; otherwise ground steeper than the
  // limit, up to vertical walls; otherwise the air. The ground contact is the most level one.
  void ground_from(const std::vector<Contact>& cs, CharacterState& out) const {
    out.ground = GroundState::kInAir;
    out.ground_normal = glm::vec3(0.0f);
    out.ground_triangle = kNoTriangle;
    float best = -2.0f;
    for (const Contact& c : cs) {
      if (!c.walkable) continue;
      const glm::vec3 n = support_normal(c, cs);
      if (glm::dot(n, p.up) > best) {
        best = glm::dot(n, p.up);
        out.ground = GroundState::kOnGround;
        out.ground_normal = n;
        out.ground_triangle = c.triangle;
      }
    }
    if (out.ground == GroundState::kOnGround) return;
    for (const Contact& c : cs) {
      const float up = glm::dot(c.normal, p.up);
      if (up < -1e-3f || up <= best) continue;  // ceilings are not ground
      best = up;
      out.ground = GroundState::kOnSteepGround;
      out.ground_normal = c.normal;
      out.ground_triangle = c.triangle;
    }
  }

  // One phase's move by the step's method. `straight`: one sweep, no slide (step-up's lift).
  MoveResult run(const glm::vec3& from, const glm::vec3& disp, MovePhase phase, bool steep_as_wall,
                 std::span<const TouchingPlane> touching = {}, bool straight = false) const {
    const std::size_t before = trace ? trace->iterations.size() : 0;
    // Each phase's move is checked against the input domain like a call to move(): a sweep
    // answering invalid_input must never read as "nothing hit" (the body would pass through).
    // The body and the move parameters were checked at the step's start (validate_state): only
    // the position and displacement are new; outside the domain, validate_move says why.
    if (!in_domain_move(from, disp)) detail::validate_move(body, from, disp, p.move);
    MoveParams mp = p.move;
    if (straight) mp.max_iterations = 1;
    MoveResult r;
    switch (mp.method) {
      case Method::kRobust:
        r = detail::move_robust(world, body, from, disp, mp, trace,
                                {phase, p.up, min_walkable_cos, steep_as_wall, touching});
        break;
      case Method::kOffsetPrism:
        r = detail::move_offset_prism(world, body, from, disp, mp, trace);
        break;
      case Method::kSphereClassify:
        r = detail::move_sphere_classify(world, body, from, disp, mp, trace);
        break;
      case Method::kBoxEdges:
        r = detail::move_box_edges(world, body, from, disp, mp, trace);
        break;
    }
    if (trace) {
      for (std::size_t i = before; i < trace->iterations.size(); ++i) trace->iterations[i].phase = phase;
    }
    return r;
  }

  // keep_skin leaves a gap this close to the skin alone; at_skin() is the farthest gap of a
  // resting contact.
  float dead_band() const { return 1e-5f * radius; }
  float at_skin() const { return skin + dead_band(); }

  // CharacterState::contacts_key for contacts `cs` found at `pos`.
  std::uint64_t key_at(const glm::vec3& pos, const std::vector<Contact>& cs) const {
    return contacts_digest(world.id(), body, reach, pos, cs);
  }

  // The distinct planes (at most kMaxTouching) of the faces among `start` (the contacts at the
  // step's start) that the body touches at the skin or closer without overlapping: what a move
  // from there meets at once (SlideConstraints::touching). Each is its triangle's normal
  // turned towards the body, the normal a sweep's face hit gives (the contact's own, from the
  // closest point, may be off by rounding). Edges and corners are left to the sweeps: of
  // several touched at equal gaps (a row of tile corners) a sweep meets one, whose normal a
  // plane given here could not pick.
  static constexpr std::size_t kMaxTouching = 4;

  // Adds triangle `index`'s plane, its normal turned to the side of `towards` (the body's
  // side), to `out` unless a plane already there is the same (coplanar tiles under the body).
  void add_touching(std::uint32_t index, const glm::dvec3& towards, TouchingPlane (&out)[kMaxTouching],
                    std::size_t& n) const {
    glm::vec3 face = world.mesh().normals[index];
    if (glm::dot(glm::dvec3(face), towards) < 0.0) face = -face;
    if (n < kMaxTouching && std::none_of(out, out + n, [&](const TouchingPlane& o) { return glm::dot(o.normal, face) > 0.999f; })) {
      out[n++] = TouchingPlane{MovePhase::kMove, face, index};
    }
  }

  std::size_t touching(const std::vector<Contact>& start, TouchingPlane (&out)[kMaxTouching]) const {
    std::size_t n = 0;
    for (const Contact& c : start) {
      if (n == kMaxTouching) break;
      if (c.feature != Feature::kFace || !(c.distance >= 0.0f && c.distance <= at_skin()) ||
          c.triangle >= world.mesh().normals.size()) {
        continue;
      }
      add_touching(c.triangle, glm::dvec3(c.normal), out, n);
    }
    return n;
  }

  // Sweeps straight down by `distance` and rests the body one skin above what it hits.
  // Returns false when nothing is hit or the body starts in overlap. `probed`, when given, tells
  // whether the scratch probe ends holding the contacts at `out` within 4 skin + tolerance.
  bool settle(const glm::vec3& from, float distance, glm::vec3& out, bool* probed = nullptr) const {
    if (probed) *probed = false;
    const SweepHit hit = sweep(world, body, from, -p.up * distance, SweepOptions{});
    if (!hit.hit || hit.start_overlap) return false;
    const float cos_in = glm::dot(hit.normal, p.up);
    if (cos_in < 0.5f) {
      // Landed on something steep (a riser's edge met near its equator): backing off along up
      // would float the body; keep the skin along the contact normal instead.
      out = from - p.up * (hit.toi * distance) + hit.normal * skin;
      return true;
    }
    out = from - p.up * std::max(0.0f, hit.toi * distance - skin / cos_in);
    // Backing off skin / cos is exact above a face; above an edge or corner the gap grows
    // faster than that, so a few Newton steps along up bring the nearest gap to the skin.
    std::vector<Contact>& cs = scratch.probe;
    for (int it = 0; it < 4; ++it) {
      find_contacts(world, body, out, 4.0f * skin + *p.contact_tolerance, cs);
      const Contact* nearest = nullptr;
      for (const Contact& c : cs) {  // what the body rests on: contacts facing up (< 60 degrees)
        if (glm::dot(c.normal, p.up) >= 0.5f && (!nearest || c.distance < nearest->distance)) nearest = &c;
      }
      if (!nearest || std::fabs(nearest->distance - skin) <= 1e-6f * radius) {
        if (probed) *probed = true;
        break;
      }
      out -= p.up * ((nearest->distance - skin) / glm::dot(nearest->normal, p.up));
    }
    return true;
  }

  // Step 1: pushes the body out of overlapping triangles (gap < 0) along their contact normals,
  // by `recovery` of what would bring each to the skin, at most max_recovery_push, and never
  // with its centre through a triangle it does not overlap. Returns the overlapped triangles
  // (ascending; the scratch holds them until the next step).
  // `start`: the contacts at `pos` within the reach; those with gaps <= 0 are what
  // find_contacts gives with reach 0.
  const std::vector<std::uint32_t>& recover(glm::vec3& pos, const std::vector<Contact>& start) const {
    std::vector<Contact>& all = scratch.probe;
    all.clear();
    for (const Contact& c : start) {
      if (c.distance <= 0.0f) all.push_back(c);
    }
    const std::vector<Contact>& cs = constraining(all);
    std::vector<std::uint32_t>& overlapped = scratch.overlapped;
    overlapped.clear();
    Depenetration d;
    glm::vec3 x(0.0f);
    for (const Contact& c : cs) {
      if (c.distance >= 0.0f) continue;
      overlapped.push_back(c.triangle);
      d.depth = std::max(d.depth, -c.distance);
    }
    if (overlapped.empty()) return overlapped;
    for (int it = 0; it < 8; ++it) {  // Gauss-Seidel over the overlaps
      for (const Contact& c : cs) {
        if (c.distance >= 0.0f) continue;
        const float gap = c.distance + glm::dot(c.normal, x);
        if (gap < skin) x += c.normal * (skin - gap);
      }
    }
    x *= p.recovery;
    const float len = glm::length(x);
    if (len > *p.max_recovery_push) x *= *p.max_recovery_push / len;
    if (len > 0.0f) {
      // (Every triangle overlapped counts, internal edges too: a capsule whose axis lies in a
      // box's face has its centre on the face's other triangle, an internal edge of it.)
      const RayHit ray = raycast(world, pos, x);
      const auto overlaps = [&](std::uint32_t t) {
        return std::any_of(all.begin(), all.end(), [t](const Contact& c) { return c.triangle == t && c.distance < 0.0f; });
      };
      if (ray.hit && !overlaps(ray.triangle)) {
        // Stop one skin short of the triangle the centre would cross (along the push as clamped).
        x *= std::max(0.0f, ray.t - skin / std::max(glm::length(x), skin));
      }
    }
    pos += x;
    d.happened = true;
    d.push = x;
    if (trace) trace->depenetration = d;
    return overlapped;
  }

  // Step 4: moves the body so that every touched triangle is exactly one skin away: triangles
  // inside the skin push it out, and triangles the move pushed into (normal against `disp`)
  // that ended just beyond the skin pull it in. Triangles still being recovered from an overlap
  // are left to the recovery rate. `found` tells whether `contacts` end as find_contacts gives
  // them at the returned position (not when their gaps were moved by the push). `at_pos`, when
  // given, is what find_contacts gives at `pos` with the reach (the step's start, where the
  // move ended where it began: pressed into a corner or a wall head-on), taken instead of
  // looking them up.
  glm::vec3 keep_skin(glm::vec3 pos, const glm::vec3& disp, const std::vector<std::uint32_t>& recovering,
                      std::vector<Contact>& contacts, bool& found, const std::vector<Contact>* at_pos) const {
    found = true;
    if (at_pos) {
      contacts.assign(at_pos->begin(), at_pos->end());
    } else {
      find_contacts(world, body, pos, reach, contacts);
    }
    const std::vector<Contact>& cs = constraining(contacts);
    glm::vec3 x(0.0f);
    bool any = false;
    const float dead_band = this->dead_band();  // closer than this to the skin is left alone
    for (int it = 0; it < 4; ++it) {
      bool moved = false;  // a pass that moves nothing leaves every later pass nothing to move
      for (const Contact& c : cs) {
        if (c.distance < -skin || std::binary_search(recovering.begin(), recovering.end(), c.triangle)) continue;
        const float gap = c.distance + glm::dot(c.normal, x);
        const bool pushed_into = glm::dot(c.normal, disp) < 0.0f;
        if (gap < skin - dead_band || (pushed_into && gap > skin + dead_band)) {
          x += c.normal * (skin - gap);
          moved = any = true;
        }
      }
      if (!moved) break;
    }
    if (any) {
      const float limit = 2.0f * skin + *p.contact_tolerance;
      const float len = glm::length(x);
      if (len > limit) x *= limit / len;
      pos += x;
      // Gaps to faces move by n·x exactly; near an edge or corner, or after a longer push, the
      // contacts are looked up again.
      const bool exact = len <= 1e-3f * radius &&
                         std::all_of(contacts.begin(), contacts.end(), [](const Contact& c) { return c.feature == Feature::kFace; });
      if (exact) {
        found = false;
        for (Contact& c : contacts) c.distance += glm::dot(c.normal, x);
        contacts.erase(std::remove_if(contacts.begin(), contacts.end(), [&](const Contact& c) { return c.distance > reach; }),
                       contacts.end());
      } else {
        find_contacts(world, body, pos, reach, contacts);
      }
    }
    classify(contacts);
    return pos;
  }

  // Whether contact `c` (of the walk's end) is one that held back a walk along `dir`: steep,
  // its normal against `dir`. walled_above tests these at the lifted height, and
  // walled_all_the_way must pick exactly the same ones.
  bool held_back(const Contact& c, const glm::vec3& dir) const {
    return !(walkable_normal(c.normal) || glm::dot(c.normal, dir) >= 0.0f);
  }

  // Whether the steep contacts that held the walk back (`walk`: the contacts at the walk's end;
  // those whose normal is against `dir`) all hold the body back at the lifted height `lifted`
  // too: each still touched, still steep, its normal still against `dir`. Then what blocked
  // the walk rises above the step height: a wall, not a stair's riser, whose top the lifted
  // body would clear (a riser at most the step height tall lies wholly below the lifted body).
  // `touched` gets the faces among them that the lifted body touches at the skin or closer
  // without overlapping (their exact gaps, as touching() takes them from find_contacts): the
  // forward move from there starts against those (most forward moves that follow are against
  // two walls of a corner, which clip it to nothing before any sweep).
  bool walled_above(const glm::vec3& lifted, const glm::vec3& dir, const std::vector<Contact>& walk,
                    TouchingPlane (&touched)[kMaxTouching], std::size_t& touched_count) const {
    touched_count = 0;
    bool any = false, all = true;
    for (const Contact& c : walk) {
      if (!held_back(c, dir)) continue;
      const TriangleDistance d = distance_to_triangle(world.mesh().triangle(c.triangle), body, lifted, reach);
      if (d.invalid_input || !(d.distance <= static_cast<double>(reach))) {
        all = false;
        continue;
      }
      const glm::vec3 n(d.normal);
      if (walkable_normal(n) || !(glm::dot(n, dir) < 0.0f)) {
        all = false;
      } else {
        any = true;
      }
      if (d.feature == Feature::kFace && d.distance >= 0.0 && d.distance <= static_cast<double>(at_skin())) {
        add_touching(c.triangle, d.normal, touched, touched_count);
      }
    }
    return any && all;
  }

  // Whether walled_above holds at every height the lift can reach from `start` (a straight
  // sweep up by 0 to the step height), known from the contacts alone, for a sphere or a
  // capsule: every contact walled_above tests (the steep ones against `dir`) is a face whose
  // plane the body's core (the centre, or the capsule's segment ends) stays outside of and
  // within reach of, facing it as steep and against `dir` by a margin, with the core's
  // projection inside the triangle by a margin, at both ends of the lift. Then the same holds
  // all along the lift (the projections move along segments, the gaps linearly, and a
  // segment's gap to a plane is its nearer end's), the body's nearest point to the triangle
  // projects into its face, and step-up fails whatever the lift meets: its sweep is not needed.
  // No contact may be close to an overlap (the lift's sweep would push the body out sideways):
  // then, and for other shapes and methods, the lift is swept.
  bool walled_all_the_way(const glm::vec3& start, const glm::vec3& dir, const std::vector<Contact>& walk) const {
    if (p.move.method != Method::kRobust || !(body.is_sphere() || body.shape == Shape::kCapsule)) return false;
    const double r = body.radii.x, lift = *p.step_height;
    // In-plane, from every edge; the gap's is a tenth of it. Both cover the float rounding of
    // the lifted position the lift's sweep would reach (a few ulps of its coordinates).
    const double extent = std::max({std::fabs(start.x), std::fabs(start.y), std::fabs(start.z)}) + lift +
                          static_cast<double>(body.half_height);
    const double margin = 1e-3 * r + 1e-5 * extent;
    // The core at the lift's bottom and top: [0, 1] the centre, or [0, 2] the segment's ends,
    // then the same lifted.
    const glm::dvec3 from(start), up(p.up), lifted = up * lift;
    glm::dvec3 core[4];
    int n_core = 0;
    if (body.shape == Shape::kCapsule) {
      // (The axis normalized, as the capsule's exact tests take it: it may be 1e-3 off unit.)
      const glm::dvec3 half = glm::normalize(glm::dvec3(body.axis)) * static_cast<double>(body.half_height);
      core[0] = from - half;
      core[1] = from + half;
      n_core = 2;
    } else {
      core[0] = from;
      n_core = 1;
    }
    for (int k = 0; k < n_core; ++k) core[n_core + k] = core[k] + lifted;
    bool any = false;
    for (const Contact& c : walk) {
      if (!(c.distance > 0.5f * skin)) return false;
      if (!held_back(c, dir)) continue;
      if (c.feature != Feature::kFace || c.triangle >= world.mesh().triangle_count()) return false;
      const Triangle t = world.mesh().triangle(c.triangle);
      const glm::dvec3 v[3] = {glm::dvec3(t.a), glm::dvec3(t.b), glm::dvec3(t.c)};
      const glm::dvec3 wound = glm::cross(v[1] - v[0], v[2] - v[0]);  // the winding's normal
      const double area2 = glm::length(wound);
      if (!(area2 > 0.0)) return false;
      const glm::dvec3 nw = wound / area2;
      const double side = glm::dot(nw, from - v[0]) >= 0.0 ? 1.0 : -1.0;
      const glm::dvec3 n = nw * side;  // towards the body
      if (!(glm::dot(n, up) < static_cast<double>(min_walkable_cos) - 1e-4) || !(glm::dot(n, glm::dvec3(dir)) < -1e-4)) {
        return false;
      }
      // The body's gap at the bottom and at the top of the lift: its core's nearest point's.
      double gap[2] = {1e300, 1e300};
      for (int k = 0; k < 2 * n_core; ++k) {
        const double s_k = glm::dot(n, core[k] - v[0]);
        if (!(s_k > 0.5 * r)) return false;
        gap[k / n_core] = std::min(gap[k / n_core], s_k - r);
        for (int i = 0; i < 3; ++i) {
          const glm::dvec3 e = v[(i + 1) % 3] - v[i];
          if (!(glm::dot(core[k] - v[i], glm::cross(nw, e)) >= margin * glm::length(e))) return false;
        }
      }
      if (!(std::max(gap[0], gap[1]) <= static_cast<double>(reach) - 0.1 * margin)) return false;
      any = true;
    }
    return any;
  }

  // Jolt's WalkStairs: from where walking was blocked, lift by the step height (straight up: one
  // sweep that stops at what it meets, no slide, as Jolt and Quake 3's PM_StepSlideMove cast
  // it), move forward by what is left of the walk (at least min_step_forward beyond the skin,
  // which held the body back from the riser), and settle back down. Succeeds only on walkable
  // ground (looked for step_forward_test further on when the first landing is on a stair's
  // edge), higher than the start. A try whose lifted body is still held back by everything
  // that blocked the walk (a wall) ends there, before the forward move: most tries are against
  // walls. It may give up a step the forward move would have found by sliding along such a
  // wall, past where the walk ended (a riser the body has not touched yet): a later step climbs
  // it once it is touched.
  bool step_up(const glm::vec3& start, const glm::vec3& dir, float forward, const std::vector<Contact>& walk,
               glm::vec3& out) const {
    // Untraced, a try against walls that hold the body back all along the lift ends here, with
    // the answer the lift would give; a trace sweeps the lift, for the debugger to draw.
    if (!trace && walled_all_the_way(start, dir, walk)) return false;
    StepUp s;
    s.attempted = true;
    // The reason is put into words only for a trace: a step without one allocates nothing here.
    const char* reason = nullptr;
    bool too_steep = false;
    const MoveResult lift = run(start, p.up * *p.step_height, MovePhase::kStepUp, false, {}, true);
    const float height = glm::dot(lift.position - start, p.up);
    glm::vec3 landed;
    bool probed = false;  // the scratch probe holds the contacts where land() landed
    TouchingPlane touched[kMaxTouching];  // the walls the lifted body touches (walled_above)
    std::size_t touched_count = 0;
    if (height <= skin) {
      reason = "no headroom above the body";
    } else if (walled_above(lift.position, dir, walk, touched, touched_count)) {
      reason = "what held the walk back still does at the lifted height: a wall, not a step";
    } else if (land(lift.position, dir * std::max(forward, *p.min_step_forward + skin), height, {touched, touched_count},
                    landed, reason, probed)) {
      bool floor = walkable_here(landed, probed);
      glm::vec3 ahead;
      const char* why = nullptr;
      if (!floor) floor = land(lift.position, dir * std::max(forward, *p.step_forward_test), height,
                               {touched, touched_count}, ahead, why, probed) &&
                          walkable_here(ahead, probed);
      if (!floor) {
        too_steep = true;
      } else if (glm::dot(landed - start, p.up) <= skin) {
        reason = "landed no higher than walking";
      } else {
        s.succeeded = true;
        s.height = glm::dot(landed - start, p.up);
        reason = "stepped onto walkable ground";
        out = landed;
      }
    }
    if (trace) {
      s.reason = too_steep ? "the step's surface is too steep, also " + std::to_string(*p.step_forward_test) + " further on"
                           : std::string(reason);
      trace->step_up = s;
    }
    return s.succeeded;
  }

  // Moves forward at the lifted height, starting against the faces `touching` there, and
  // settles down by `height` + skin (`probed`: as for settle).
  bool land(const glm::vec3& lifted, const glm::vec3& forward, float height, std::span<const TouchingPlane> touching,
            glm::vec3& landed, const char*& why, bool& probed) const {
    probed = false;
    const MoveResult fwd = run(lifted, forward, MovePhase::kStepForward, true, touching);
    if (glm::length(horizontal(fwd.position - lifted)) < 1e-4f * radius) {
      why = "blocked at the lifted height";
      return false;
    }
    if (!settle(fwd.position, height + skin, landed, &probed)) {
      why = "no floor under the step";
      return false;
    }
    if (trace) {
      SlideIteration& it = trace->iterations.emplace_back();
      it.phase = MovePhase::kStepDown;
      it.start = fwd.position;
      it.desired_end = fwd.position - p.up * (height + skin);
      it.reached = landed;
    }
    return true;
  }

  // Whether the body at `pos` rests on a triangle whose own contact normal is walkable (a
  // stair's edge does not count here: step-up must find the tread itself). `probed`: the
  // scratch probe holds the contacts at `pos` within a longer reach (settle's last look), which
  // answer without a new query: a query with the shorter reach finds exactly those of them
  // within it, as both compute each gap the same way.
  bool walkable_here(const glm::vec3& pos, bool probed) const {
    std::vector<Contact>& cs = scratch.probe;
    if (probed) {
      bool at_reach = false;
      for (const Contact& c : cs) {
        if (c.distance > reach || !walkable_normal(c.normal)) continue;
        if (c.distance < reach) return true;
        // A gap rounded to the reach exactly may have been just beyond it in double: ask.
        at_reach = true;
      }
      if (!at_reach) return false;
    }
    find_contacts(world, body, pos, reach, cs);
    for (const Contact& c : cs) {
      if (walkable_normal(c.normal)) return true;
    }
    return false;
  }
};

// Removes from v every part that pushes into a contact (a few passes for corners).
glm::vec3 remove_into(glm::vec3 v, const std::vector<Contact>& cs) {
  for (int pass = 0; pass < 3; ++pass) {
    bool changed = false;
    for (const Contact& c : cs) {
      const float into = glm::dot(v, c.normal);
      if (into < 0.0f) {
        v -= c.normal * into;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return v;
}

// validate_move(body, position, velocity, params.move), whose body and parameter checks the
// resolution ran once: only the position and velocity are checked each step, unless those did
// not pass (then validate_move says why, in its order).
void validate_state(const Body& body, const CharacterState& s, const Resolved& r) {
  if (!r.move_valid || !in_domain_move(s.position, s.velocity)) {
    detail::validate_move(body, s.position, s.velocity, r.params.move);
  }
  if (!finite(s.input_velocity)) throw std::invalid_argument("character: state input_velocity is not finite");
}

Step make_step(const World& world, const Body& body, const Resolved& r, Trace* trace) {
  const CharacterParams& p = r.params;
  const float skin = p.move.resolved_skin(body);
  return Step{world, body, p, trace, skin, skin + *p.contact_tolerance, body.min_radius(), r.min_walkable_cos,
              thread_scratch()};
}

void fill_ground_trace(const Step& s, const CharacterState& out, Trace* trace) {
  if (!trace) return;
  GroundProbe& g = trace->ground;
  g.probed = true;
  g.from = out.position;
  g.to = out.position - s.p.up * (s.body.extent_along(s.p.up) + s.reach);
  g.state = out.ground;
  g.normal = out.ground_normal;
  g.triangle = out.ground_triangle;
  for (const Contact& c : out.contacts) {
    if (c.triangle == out.ground_triangle) g.distance = c.distance;
  }
}

// refresh_contacts from `state` into `out`, which may be `state` itself.
void refresh_into(const World& world, const Body& body, const CharacterState& state, const Resolved& r,
                  CharacterState& out) {
  validate_state(body, state, r);
  const Step s = make_step(world, body, r, nullptr);
  if (&out != &state) out = state;
  s.contacts_at(out.position, out.contacts);
  out.contacts_key = s.key_at(out.position, out.contacts);
  s.ground_from(out.contacts, out);
}

// The step, from `state` into `out`, which may be `state` itself: everything read from the
// state is read before `out` is written (its contacts, the start's, until step 6 replaces
// them; its position through `start_position`). Writing into a state the caller keeps reuses
// its contact list's memory.
void step_into(const World& world, const Body& body, const CharacterState& state, const CharacterInput& input,
               float dt, const CharacterParams& params, Trace* trace, CharacterState& out) {
  const Resolved r = resolved_for_step(params, body);
  const CharacterParams& p = r.params;
  if (!std::isfinite(dt) || dt < 0.0f) throw std::invalid_argument("character: dt must be finite and >= 0");
  if (!finite(input.velocity)) throw std::invalid_argument("character: input velocity is not finite");
  if (!finite(input.ground_velocity)) throw std::invalid_argument("character: input ground_velocity is not finite");
  validate_state(body, state, r);
  if (dt == 0.0f) {
    refresh_into(world, body, state, r, out);
    return;
  }
  const glm::vec3 start_position = state.position;
  if (trace) {
    trace->clear();
    trace->method = p.move.method;
    trace->start = state.position;
  }
  const Step s = make_step(world, body, r, trace);
  const glm::vec3 up = p.up;
  const bool robust = p.move.method == Method::kRobust;

  // 1. Depenetration (only the robust method recovers: the seed methods are shown as they are),
  // from the contacts at the start: the state's where its key says they were found here (the
  // last step's end), else looked up.
  glm::vec3 pos = state.position;
  const std::vector<Contact>* start = &state.contacts;
  if (robust && state.contacts_key != s.key_at(pos, state.contacts)) {
    find_contacts(world, body, pos, s.reach, s.scratch.start);
    start = &s.scratch.start;
  }
  static const std::vector<std::uint32_t> kNone;
  const std::vector<std::uint32_t>& recovering = robust ? s.recover(pos, *start) : kNone;
  // The contacts at `at` when it is the step's start, bit for bit (the robust method's start
  // contacts are exactly what find_contacts gives there, trusted by the key or looked up), else
  // none.
  const auto where_started = [&](const glm::vec3& at) -> const std::vector<Contact>* {
    return robust && std::memcmp(&at, &start_position, sizeof at) == 0 ? start : nullptr;
  };

  // 2. Velocity.
  const glm::vec3 carried = state.velocity - state.input_velocity;
  const float away_speed = s.radius / 3.0f;  // Jolt's 0.1 m/s for its 0.3 m character
  const bool supported = state.ground == GroundState::kOnGround &&
                         glm::dot(carried - input.ground_velocity, up) < away_speed;
  const bool jumped = supported && input.jump;
  glm::vec3 v_free = supported ? input.ground_velocity + (jumped ? up * *p.jump_speed : glm::vec3(0.0f)) : carried;
  v_free -= up * (*p.gravity * dt);
  glm::vec3 v_in = s.horizontal(input.velocity);
  const glm::vec3 disp = (v_free + v_in) * dt;
  if (trace) trace->desired = disp;

  // 3. The move, and 4. the skin (robust method). The first move starts clipped against the
  // faces the body touches at the start, as a sweep into each would: on ground, that is
  // gravity's push into the floor.
  TouchingPlane touched_faces[Step::kMaxTouching];
  const std::span<const TouchingPlane> touching(
      touched_faces, robust && recovering.empty() ? s.touching(*start, touched_faces) : 0);
  std::vector<Contact>& contacts = s.scratch.contacts;
  bool have_contacts = false;  // `contacts` are those at `pos`
  bool found = true;           // and exactly what find_contacts gives there
  if (supported && !jumped) {
    // Standing still on walkable ground: gravity presses into the ground and never slides.
    const bool idle = v_in == glm::vec3(0.0f) && input.ground_velocity == glm::vec3(0.0f);
    if (!idle) {
      const glm::vec3 walk_start = pos;
      pos = s.run(pos, disp, MovePhase::kWalk, true, touching).position;
      // A move into the skin of a wall stops one skin from it, as if it had hit.
      if (robust) {
        pos = s.keep_skin(pos, disp, recovering, contacts, found, where_started(pos));
      } else {
        s.contacts_at(pos, contacts);
      }
      have_contacts = true;
      // Step-up: only when the walk fell short and a steep contact blocks the input.
      const glm::vec3 want = s.horizontal(disp);
      const float want_len = glm::length(want);
      if (*p.step_height > 0.0f && want_len > 0.0f) {
        const glm::vec3 dir = want / want_len;
        const float achieved = std::max(0.0f, glm::dot(s.horizontal(pos - walk_start), dir));
        bool steep_ahead = false;
        for (const Contact& c : contacts) {
          steep_ahead = steep_ahead || (!s.walkable_normal(c.normal) && glm::dot(c.normal, dir) < 0.0f);
        }
        glm::vec3 stepped;
        if (achieved + 1e-4f * s.radius < want_len && steep_ahead &&
            s.step_up(pos, dir, want_len - achieved, contacts, stepped)) {
          pos = stepped;
          have_contacts = false;
        }
      }
    }
  } else {
    // In the air and on steep ground: the carried velocity (gravity, jump, slides) against the
    // real surfaces, so steep slopes slide the body down; then the input with steep contacts
    // as walls, so it never climbs them (Jolt's vertical constraint planes for steep slopes).
    // Away from everything (no contacts at the start) one move does both.
    if (v_in == glm::vec3(0.0f) || start->empty()) {
      pos = s.run(pos, disp, MovePhase::kVertical, false, touching).position;
    } else {
      pos = s.run(pos, v_free * dt, MovePhase::kVertical, false, touching).position;
      pos = s.run(pos, v_in * dt, MovePhase::kWalk, true).position;
    }
  }
  if (!have_contacts) {
    if (robust) {
      pos = s.keep_skin(pos, disp, recovering, contacts, found, where_started(pos));
    } else {
      s.contacts_at(pos, contacts);
    }
  }

  // 5. Stick to floor.
  const bool on_walkable = std::any_of(contacts.begin(), contacts.end(), [](const Contact& c) { return c.walkable; });
  if (supported && !jumped && !on_walkable && *p.snap_distance > 0.0f && glm::dot(v_free, up) <= 0.0f) {
    glm::vec3 snapped;
    if (s.settle(pos, *p.snap_distance + s.skin, snapped)) {
      std::vector<Contact>& there = s.scratch.probe;
      s.contacts_at(snapped, there);
      if (std::any_of(there.begin(), there.end(), [](const Contact& c) { return c.walkable; })) {
        if (trace) trace->snapped_down = glm::dot(pos - snapped, up) > 2.0f * s.skin;
        pos = snapped;
        contacts.swap(there);
        found = true;
      }
    }
  }

  // 6. Contacts, ground and velocity (the state is no longer read: `out` may be it).
  out.position = pos;
  out.contacts.assign(contacts.begin(), contacts.end());
  out.contacts_key = found ? s.key_at(pos, out.contacts) : 0;
  s.ground_from(out.contacts, out);
  const std::vector<Contact>& constraints = s.constraining(out.contacts);
  // The carried velocity meets walkable ground by the surface that holds the body (a ledge's
  // edge by the ledge's top face): standing on an edge leaves no sideways velocity behind.
  std::vector<Contact>& supports = s.scratch.supports;
  supports.assign(constraints.begin(), constraints.end());
  for (Contact& c : supports) {
    if (c.walkable) c.normal = s.support_normal(c, out.contacts);
  }
  v_free = remove_into(v_free, supports);
  // The input meets steep contacts as walls (their normals flattened), as it did in the move.
  std::vector<Contact>& as_walls = s.scratch.walls;
  as_walls.assign(constraints.begin(), constraints.end());
  for (Contact& c : as_walls) {
    const glm::vec3 flat = s.horizontal(c.normal);
    if (!c.walkable && glm::dot(c.normal, up) > 0.0f && glm::length(flat) > 1e-6f) c.normal = glm::normalize(flat);
  }
  v_in = remove_into(v_in, as_walls);
  out.velocity = v_free + v_in;
  out.input_velocity = v_in;
  out.effective_velocity = (pos - start_position) / dt;
  fill_ground_trace(s, out, trace);
  if (trace) trace->end = pos;
}

}  // namespace

CharacterState refresh_contacts(const World& world, const Body& body, const CharacterState& state,
                                const CharacterParams& params) {
  CharacterState out;
  refresh_into(world, body, state, resolved_for_step(params, body), out);
  return out;
}

CharacterState step_character(const World& world, const Body& body, const CharacterState& state,
                              const CharacterInput& input, float dt, const CharacterParams& params,
                              Trace* trace) {
  CharacterState out;
  step_into(world, body, state, input, dt, params, trace, out);
  return out;
}

void update_character(const World& world, const Body& body, CharacterState& state, const CharacterInput& input,
                      float dt, const CharacterParams& params, Trace* trace) {
  step_into(world, body, state, input, dt, params, trace, state);
}

}  // namespace collision
