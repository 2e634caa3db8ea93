/// @file bsp.cpp
/// Quake 3 maps (IBSP version 46): the world model's faces as a TriangleMesh, spawn points from
/// the entity lump.
///
/// Layout (id Software's q3 source, qfiles.h): a header "IBSP", version 46, then 17 lumps as
/// (offset, length) pairs of little-endian int32. Of those we read entities (text), shaders
/// (72 bytes each), models (40), vertexes (44), meshverts (4) and faces (104). The file is
/// untrusted: every offset, count and index is checked before use, reads go through memcpy
/// (nothing in the file is aligned for us), and output size is capped.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "collision/domain.hpp"
#include "collision_io/level.hpp"
#include "entity_lump.hpp"
#include "quake_movers_load.hpp"

namespace collision::io {
namespace {

constexpr std::int32_t kVersion = 46;
constexpr std::size_t kLumpCount = 17;
constexpr std::size_t kHeaderSize = 8 + kLumpCount * 8;

enum LumpIndex : std::size_t {
  kEntities = 0,
  kShaders = 1,
  kModels = 7,
  kVertexes = 10,
  kMeshverts = 11,
  kFaces = 13,
};

constexpr std::array<const char*, kLumpCount> kLumpNames = {
    "entities", "shaders", "planes",   "nodes",     "leafs",   "leaffaces", "leafbrushes",
    "models",   "brushes", "brushsides", "vertexes", "meshverts", "effects", "faces",
    "lightmaps", "lightvols", "visdata"};

constexpr std::size_t kShaderSize = 72;    // char name[64]; int surface_flags; int contents
constexpr std::size_t kModelSize = 40;     // float mins[3], maxs[3]; int face, n_faces, brush, n_brushes
constexpr std::size_t kVertexSize = 44;    // float pos[3], st[2], lightmap[2], normal[3]; u8 rgba[4]
constexpr std::size_t kMeshvertSize = 4;   // int offset from the face's first vertex
constexpr std::size_t kFaceSize = 104;     // see read_face()

constexpr std::int32_t kContentsSolid = 1;
constexpr std::int32_t kSurfNonSolid = 0x4000;

enum FaceType : std::int32_t { kPolygon = 1, kPatch = 2, kMesh = 3, kBillboard = 4 };

// Little-endian reads that neither assume alignment nor the host's byte order.
std::uint32_t read_u32(const std::uint8_t* p) {
  return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 |
         std::uint32_t{p[3]} << 24;
}
std::int32_t read_i32(const std::uint8_t* p) {
  const std::uint32_t u = read_u32(p);
  std::int32_t v;
  std::memcpy(&v, &u, sizeof v);
  return v;
}
float read_f32(const std::uint8_t* p) {
  const std::uint32_t u = read_u32(p);
  float v;
  std::memcpy(&v, &u, sizeof v);
  return v;
}

struct Lump {
  const std::uint8_t* data = nullptr;
  std::size_t count = 0;  ///< whole records
  const std::uint8_t* record(std::size_t i, std::size_t record_size) const {
    return data + i * record_size;
  }
};

struct Face {
  std::int32_t shader, type, first_vertex, vertex_count, first_meshvert, meshvert_count;
  std::int32_t patch_width, patch_height;
};

Face read_face(const std::uint8_t* p) {
  // int shader, effect, type, vertex, n_vertexes, meshvert, n_meshverts, lm_index, lm_start[2],
  // lm_size[2]; float lm_origin[3], lm_vecs[2][3], normal[3]; int size[2]
  return {read_i32(p + 0),  read_i32(p + 8),  read_i32(p + 12), read_i32(p + 16),
          read_i32(p + 20), read_i32(p + 24), read_i32(p + 96), read_i32(p + 100)};
}

/// Reads a file and turns every problem into LoadError("<name>: ...").
class BspReader {
 public:
  BspReader(const std::uint8_t* data, std::size_t size, const std::string& name,
            const LoadOptions& options)
      : data_(data), size_(size), name_(name), options_(options) {}

  Level read() {
    if (options_.patch_level < 1 || options_.patch_level > 64) {
      fail("patch level " + std::to_string(options_.patch_level) + " is outside 1..64");
    }
    read_header();
    shaders_ = lump(kShaders, kShaderSize);
    models_ = lump(kModels, kModelSize);
    vertexes_ = lump(kVertexes, kVertexSize);
    meshverts_ = lump(kMeshverts, kMeshvertSize);
    faces_ = lump(kFaces, kFaceSize);
    const Lump entities = lump(kEntities, 1);

    Level level;
    level.source = name_;
    level.up = glm::vec3(0.0f, 0.0f, 1.0f);
    level.quake_map = true;
    const std::vector<detail::Entity> parsed = read_entities(entities);
    level.spawns = read_spawns(parsed);
    if (models_.count == 0) fail("no models (the world is model 0)");
    read_model(0, level.patch_count, level.nonsolid_faces);
    level.mesh = take_mesh("the world");
    if (level.mesh.triangle_count() == 0) {
      fail("the world has no triangles (" + std::to_string(level.mesh.degenerate_count) +
           " degenerate ones dropped)");
    }
    level.movers = detail::load_quake_movers(
        parsed, models_.count,
        [this](std::size_t model, glm::vec3 offset, const std::string& what) {
          std::size_t patches = 0, nonsolid = 0;
          read_model(model, patches, nonsolid);
          for (glm::vec3& p : positions_) p += offset;
          detail::InlineModel m;
          const std::uint8_t* record = models_.record(model, kModelSize);
          // cm_load.c CMod_LoadSubmodels spreads every model's bounds by one unit.
          m.mins = glm::vec3(read_f32(record), read_f32(record + 4), read_f32(record + 8)) - 1.0f;
          m.maxs = glm::vec3(read_f32(record + 12), read_f32(record + 16), read_f32(record + 20)) + 1.0f;
          if (!collision::in_domain_point(m.mins) || !collision::in_domain_point(m.maxs)) {
            fail(what + ": bounds are not finite or outside the input domain (+-2^40)");
          }
          m.mesh = take_mesh(what);
          return m;
        },
        [this](const std::string& what) { fail(what); });
    return level;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { throw LoadError(name_ + ": " + what); }

  void read_header() {
    if (data_ == nullptr || size_ < kHeaderSize) {
      fail("file too short for an IBSP header (" + std::to_string(size_) + " bytes, need " +
           std::to_string(kHeaderSize) + ")");
    }
    if (std::memcmp(data_, "IBSP", 4) != 0) fail("not an IBSP file (bad magic)");
    const std::int32_t version = read_i32(data_ + 4);
    if (version != kVersion) {
      fail("IBSP version " + std::to_string(version) + " is not supported (need 46, Quake 3)");
    }
    // Every lump, read or not, must lie inside the file: one that does not means truncation.
    for (std::size_t i = 0; i < kLumpCount; ++i) lump(i, 1);
  }

  Lump lump(std::size_t index, std::size_t record_size) const {
    const std::uint8_t* entry = data_ + 8 + index * 8;
    const std::int64_t offset = read_i32(entry);
    const std::int64_t length = read_i32(entry + 4);
    const std::string label = std::string("lump ") + kLumpNames[index] + " (offset " +
                              std::to_string(offset) + ", length " + std::to_string(length) + ")";
    if (offset < 0 || length < 0) fail(label + " is negative");
    // Both fit in 31 bits, so the sum cannot overflow 64 bits.
    if (static_cast<std::uint64_t>(offset) + static_cast<std::uint64_t>(length) > size_) {
      fail(label + " runs past the end of the file (" + std::to_string(size_) + " bytes)");
    }
    if (static_cast<std::size_t>(length) % record_size != 0) {
      fail(label + " is not a whole number of " + std::to_string(record_size) + "-byte records");
    }
    return {data_ + offset, static_cast<std::size_t>(length) / record_size};
  }

  // ---- entities -------------------------------------------------------------------------------

  std::vector<detail::Entity> read_entities(const Lump& lump) const {
    return detail::parse_entities(
        std::string_view(reinterpret_cast<const char*>(lump.data), lump.count),
        [this](const std::string& what) { fail(what); });
  }

  std::vector<SpawnPoint> read_spawns(const std::vector<detail::Entity>& entities) const {
    std::vector<SpawnPoint> spawns;
    for (const detail::Entity& e : entities) add_spawn(e.pairs, e.index, spawns);
    return spawns;
  }

  static bool is_spawn_class(const std::string& classname) {
    static constexpr std::array<std::string_view, 6> kClasses = {
        "info_player_deathmatch", "info_player_start",  "team_CTF_redspawn",
        "team_CTF_bluespawn",     "team_CTF_redplayer", "team_CTF_blueplayer"};
    return std::find(kClasses.begin(), kClasses.end(), classname) != kClasses.end();
  }

  void add_spawn(const std::vector<std::pair<std::string, std::string>>& pairs,
                 std::size_t entity, std::vector<SpawnPoint>& spawns) const {
    SpawnPoint spawn;
    const std::string* origin = nullptr;
    const std::string* angle = nullptr;
    const std::string* angles = nullptr;  // "pitch yaw roll", used when there is no "angle"
    for (const auto& [key, value] : pairs) {
      if (key == "classname") spawn.classname = value;
      if (key == "origin") origin = &value;
      if (key == "angle") angle = &value;
      if (key == "angles") angles = &value;
    }
    if (!is_spawn_class(spawn.classname)) return;
    const std::string where = "entity " + std::to_string(entity) + " (" + spawn.classname + ")";
    if (origin == nullptr) fail(where + " has no origin");
    float xyz[3];
    if (detail::parse_floats(*origin, xyz, 3) != 3) fail(where + ": bad origin \"" + *origin + "\"");
    spawn.origin = glm::vec3(xyz[0], xyz[1], xyz[2]);
    if (!collision::in_domain_point(spawn.origin)) {
      fail(where + ": origin \"" + *origin + "\" is outside the input domain (+-2^40, collision/domain.hpp)");
    }
    if (angle != nullptr) {
      float a;
      if (detail::parse_floats(*angle, &a, 1) != 1) fail(where + ": bad angle \"" + *angle + "\"");
      spawn.angle_degrees = a;
    } else if (angles != nullptr) {
      float pyr[3];
      if (detail::parse_floats(*angles, pyr, 3) != 3) fail(where + ": bad angles \"" + *angles + "\"");
      spawn.angle_degrees = pyr[1];
    }
    spawns.push_back(std::move(spawn));
  }

  // ---- geometry -------------------------------------------------------------------------------

  /// Builds a mesh of what read_model() gathered and empties the buffers for the next model.
  collision::TriangleMesh take_mesh(const std::string& what) {
    collision::TriangleMesh mesh;
    try {
      mesh = collision::make_mesh(std::move(positions_), indices_, flags_);
    } catch (const std::exception& e) {
      fail("building the mesh of " + what + ": " + e.what());
    }
    earlier_triangles_ += indices_.size();
    positions_.clear();
    indices_.clear();
    flags_.clear();
    if (mesh.out_of_domain_count > 0) {
      fail(what + ": " + std::to_string(mesh.out_of_domain_count) + " triangles have a corner beyond " +
           "+-2^40 (about 1.1e12, the collision core's input domain, collision/domain.hpp)");
    }
    return mesh;
  }

  /// Gathers model `model`'s faces (0 is the world; 1.. the inline models "*N" of brush
  /// entities) into positions_, indices_ and flags_, by the same rules for every model.
  void read_model(std::size_t model, std::size_t& patch_count, std::size_t& nonsolid_faces) {
    const std::uint8_t* record = models_.record(model, kModelSize);
    const std::int64_t first = read_i32(record + 24);
    const std::int64_t count = read_i32(record + 28);
    if (first < 0 || count < 0 || static_cast<std::uint64_t>(first + count) > faces_.count) {
      fail((model == 0 ? std::string("world model") : "model *" + std::to_string(model)) + " faces " +
           std::to_string(first) + "+" + std::to_string(count) +
           " are outside the faces lump (" + std::to_string(faces_.count) + " faces)");
    }
    // Reset only the slots the last model used: a map may have thousands of inline models.
    if (vertex_remap_.size() != vertexes_.count) vertex_remap_.assign(vertexes_.count, kUnmapped);
    for (const std::uint32_t v : remapped_) vertex_remap_[v] = kUnmapped;
    remapped_.clear();
    for (std::int64_t i = first; i < first + count; ++i) {
      const std::size_t face_index = static_cast<std::size_t>(i);
      const Face face = read_face(faces_.record(face_index, kFaceSize));
      if (face.type == kBillboard) continue;
      if (face.type != kPolygon && face.type != kPatch && face.type != kMesh) {
        fail("face " + std::to_string(face_index) + " has unknown type " +
             std::to_string(face.type));
      }
      const std::uint8_t flags = shader_flags(face, face_index);
      if (flags != 0) ++nonsolid_faces;
      if (face.type == kPatch) {
        add_patch(face, face_index, flags);
        ++patch_count;
      } else {
        add_triangle_list(face, face_index, flags);
      }
    }
  }

  std::uint8_t shader_flags(const Face& face, std::size_t face_index) const {
    if (face.shader < 0 || static_cast<std::size_t>(face.shader) >= shaders_.count) {
      fail("face " + std::to_string(face_index) + " names shader " + std::to_string(face.shader) +
           " of " + std::to_string(shaders_.count));
    }
    const std::uint8_t* shader = shaders_.record(static_cast<std::size_t>(face.shader), kShaderSize);
    const std::int32_t surface_flags = read_i32(shader + 64);
    const std::int32_t contents = read_i32(shader + 68);
    const bool solid = (contents & kContentsSolid) != 0 && (surface_flags & kSurfNonSolid) == 0;
    return solid ? 0 : collision::kTriangleNonSolid;
  }

  /// Checks that the face's vertex range [first, first + count) is inside the vertexes lump.
  void check_vertex_range(const Face& face, std::size_t face_index) const {
    if (face.first_vertex < 0 || face.vertex_count < 0 ||
        static_cast<std::uint64_t>(face.first_vertex) + static_cast<std::uint64_t>(face.vertex_count) >
            vertexes_.count) {
      fail("face " + std::to_string(face_index) + " vertexes " + std::to_string(face.first_vertex) +
           "+" + std::to_string(face.vertex_count) + " are outside the vertexes lump (" +
           std::to_string(vertexes_.count) + ")");
    }
  }

  void reserve_triangles(std::size_t more, std::size_t face_index) {
    const std::size_t had = earlier_triangles_ + indices_.size();
    if (more > options_.max_triangles || had > options_.max_triangles - more) {
      fail("face " + std::to_string(face_index) + " takes the map past " +
           std::to_string(options_.max_triangles) + " triangles");
    }
  }

  glm::vec3 vertex_position(std::size_t v) const {
    const std::uint8_t* p = vertexes_.record(v, kVertexSize);
    return {read_f32(p), read_f32(p + 4), read_f32(p + 8)};
  }

  std::uint32_t mapped_vertex(std::size_t v) {
    std::uint32_t& slot = vertex_remap_[v];
    if (slot == kUnmapped) {
      remapped_.push_back(static_cast<std::uint32_t>(v));
      slot = static_cast<std::uint32_t>(positions_.size());
      positions_.push_back(vertex_position(v));
    }
    return slot;
  }

  /// Polygon and mesh faces: meshverts are triangles of offsets from the face's first vertex.
  void add_triangle_list(const Face& face, std::size_t face_index, std::uint8_t flags) {
    check_vertex_range(face, face_index);
    if (face.first_meshvert < 0 || face.meshvert_count < 0 ||
        static_cast<std::uint64_t>(face.first_meshvert) +
                static_cast<std::uint64_t>(face.meshvert_count) >
            meshverts_.count) {
      fail("face " + std::to_string(face_index) + " meshverts " +
           std::to_string(face.first_meshvert) + "+" + std::to_string(face.meshvert_count) +
           " are outside the meshverts lump (" + std::to_string(meshverts_.count) + ")");
    }
    if (face.meshvert_count % 3 != 0) {
      fail("face " + std::to_string(face_index) + " has " + std::to_string(face.meshvert_count) +
           " meshverts, not a whole number of triangles");
    }
    const std::size_t triangles = static_cast<std::size_t>(face.meshvert_count) / 3;
    reserve_triangles(triangles, face_index);
    const std::size_t base = static_cast<std::size_t>(face.first_meshvert);
    for (std::size_t t = 0; t < triangles; ++t) {
      std::uint32_t corner[3];
      for (std::size_t k = 0; k < 3; ++k) {
        const std::int32_t offset = read_i32(meshverts_.record(base + 3 * t + k, kMeshvertSize));
        if (offset < 0 || offset >= face.vertex_count) {
          fail("face " + std::to_string(face_index) + " meshvert " + std::to_string(3 * t + k) +
               " = " + std::to_string(offset) + " is outside the face's " +
               std::to_string(face.vertex_count) + " vertexes");
        }
        corner[k] = mapped_vertex(static_cast<std::size_t>(face.first_vertex) +
                                  static_cast<std::size_t>(offset));
      }
      // Quake winds clockwise seen from the front; the mesh wants counter-clockwise.
      indices_.emplace_back(corner[0], corner[2], corner[1]);
      flags_.push_back(flags);
    }
  }

  /// A width x height grid of control points (both odd, at least 3) forms (w-1)/2 x (h-1)/2
  /// biquadratic Bezier pieces sharing their borders. Each piece is sampled on an
  /// (L+1) x (L+1) grid; the samples of the whole patch form one grid so pieces share their
  /// border vertices (the Bezier basis is exactly 0 or 1 there, so the points are exact).
  void add_patch(const Face& face, std::size_t face_index, std::uint8_t flags) {
    check_vertex_range(face, face_index);
    const std::int32_t w = face.patch_width;
    const std::int32_t h = face.patch_height;
    const std::string where = "face " + std::to_string(face_index) + " (patch " +
                              std::to_string(w) + " x " + std::to_string(h) + ")";
    if (w < 3 || h < 3 || w % 2 == 0 || h % 2 == 0) {
      fail(where + ": control grid sides must be odd and at least 3");
    }
    if (static_cast<std::int64_t>(w) * h > face.vertex_count) {
      fail(where + ": needs more control points than its " + std::to_string(face.vertex_count) +
           " vertexes");
    }
    const std::size_t width = static_cast<std::size_t>(w);
    const std::size_t pieces_u = (width - 1) / 2;
    const std::size_t pieces_v = (static_cast<std::size_t>(h) - 1) / 2;
    const std::size_t level = static_cast<std::size_t>(options_.patch_level);
    // pieces_u * pieces_v <= vertex_count / 4 < 2^30 and level <= 64: no overflow in 64 bits.
    reserve_triangles(pieces_u * pieces_v * 2 * level * level, face_index);

    const std::size_t cols = pieces_u * level + 1;
    const std::size_t rows = pieces_v * level + 1;
    auto control = [&](std::size_t col, std::size_t row) {
      return vertex_position(static_cast<std::size_t>(face.first_vertex) + row * width + col);
    };
    // Bernstein weights of the quadratic at t = i / L.
    std::vector<std::array<double, 3>> basis(level + 1);
    for (std::size_t i = 0; i <= level; ++i) {
      const double t = static_cast<double>(i) / static_cast<double>(level);
      basis[i] = {(1.0 - t) * (1.0 - t), 2.0 * t * (1.0 - t), t * t};
    }
    const std::size_t first = positions_.size();
    for (std::size_t r = 0; r < rows; ++r) {
      // The last row belongs to the last piece at t = 1.
      const std::size_t piece_v = std::min(r / level, pieces_v - 1);
      const std::array<double, 3>& bv = basis[r - piece_v * level];
      for (std::size_t c = 0; c < cols; ++c) {
        const std::size_t piece_u = std::min(c / level, pieces_u - 1);
        const std::array<double, 3>& bu = basis[c - piece_u * level];
        double p[3] = {0.0, 0.0, 0.0};
        for (std::size_t j = 0; j < 3; ++j) {
          for (std::size_t i = 0; i < 3; ++i) {
            const glm::vec3 cp = control(2 * piece_u + i, 2 * piece_v + j);
            const double weight = bu[i] * bv[j];
            p[0] += weight * cp.x;
            p[1] += weight * cp.y;
            p[2] += weight * cp.z;
          }
        }
        positions_.emplace_back(static_cast<float>(p[0]), static_cast<float>(p[1]),
                                static_cast<float>(p[2]));
      }
    }
    if (positions_.size() > std::numeric_limits<std::uint32_t>::max()) {
      fail(where + ": too many vertexes");
    }
    // Same winding as Quake's renderer (tr_curve.c: v2, v3, v1 and v1, v3, v4), reversed like
    // the polygons so the normal faces the front.
    for (std::size_t r = 0; r + 1 < rows; ++r) {
      for (std::size_t c = 0; c + 1 < cols; ++c) {
        const auto p00 = static_cast<std::uint32_t>(first + r * cols + c);
        const auto p10 = static_cast<std::uint32_t>(p00 + 1);
        const auto p01 = static_cast<std::uint32_t>(p00 + cols);
        const auto p11 = static_cast<std::uint32_t>(p01 + 1);
        indices_.emplace_back(p00, p10, p01);
        indices_.emplace_back(p10, p11, p01);
        flags_.push_back(flags);
        flags_.push_back(flags);
      }
    }
  }

  static constexpr std::uint32_t kUnmapped = std::numeric_limits<std::uint32_t>::max();

  const std::uint8_t* data_;
  std::size_t size_;
  const std::string& name_;
  const LoadOptions& options_;
  Lump shaders_, models_, vertexes_, meshverts_, faces_;
  std::vector<std::uint32_t> vertex_remap_;
  std::vector<std::uint32_t> remapped_;  ///< the slots of vertex_remap_ the current model set
  std::size_t earlier_triangles_ = 0;  ///< triangles of models already taken (the cap is per map)
  std::vector<glm::vec3> positions_;
  std::vector<glm::uvec3> indices_;
  std::vector<std::uint8_t> flags_;
};

}  // namespace

Level load_bsp(const std::uint8_t* data, std::size_t size, const std::string& name,
               const LoadOptions& options) {
  return BspReader(data, size, name, options).read();
}

}  // namespace collision::io
