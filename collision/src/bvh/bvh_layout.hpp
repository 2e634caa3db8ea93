#pragma once
// Internal: the BVH's memory layout (collision/bvh.hpp says what it is and how it is built):
// 4-wide nodes (children's boxes stored as structure-of-arrays so one SSE test covers all four)
// or, where the CPU has AVX2, 8-wide nodes that one AVX test covers (as Embree's BVH8): one
// width a tree, the one its queries traverse. Leaves hold up to kMaxLeafSize triangles, stored
// once: four to a packet as structure-of-arrays, with their corners, plane and edge planes
// precomputed (a triangle's slot is its packet's index times four plus its lane). The
// traversal (bvh_traverse.hpp), the packet tests and the tests that check the tree read it;
// nothing outside the core does.
#include <cstdint>
#include <limits>
#include <vector>

#include "collision/aabb.hpp"
#include "collision/bvh.hpp"
#include "collision/mesh.hpp"

namespace collision {

/// One 4-wide node (128 bytes, two cache lines): four child boxes (SoA) and four child
/// references. The six box arrays are contiguous (min_x, min_y, min_z, max_x, max_y, max_z):
/// traversal indexes them from min_x.
struct alignas(64) BvhNode4 {
  float min_x[4], min_y[4], min_z[4];
  float max_x[4], max_y[4], max_z[4];
  /// Child reference: kEmpty, an inner node index, or a leaf (kLeafBit | first << 4 | count)
  /// whose triangles are the slots [first, first + count) (Bvh::triangle): lanes 0, 1, ... of
  /// the packets from first / 4 on (a leaf starts a packet of its own). `first` has 27 bits:
  /// 2^25 packets, about 100 million triangles at the three a packet the maps fill (a limit of
  /// 2^27 triangles before the slots, which count the packets' unused lanes too).
  std::uint32_t child[4];
  /// For a leaf child: the index of its first BvhPacket4 (first / 4; it has ceil(count / 4)).
  std::uint32_t packet[4];

  static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
  static constexpr std::uint32_t kLeafBit = 0x80000000u;
  static bool is_leaf(std::uint32_t c) { return (c & kLeafBit) != 0 && c != kEmpty; }
  static std::uint32_t leaf_first(std::uint32_t c) { return (c & ~kLeafBit) >> 4; }
  static std::uint32_t leaf_count(std::uint32_t c) { return c & 15u; }
};

static_assert(sizeof(BvhNode4) == 128, "BvhNode4 must stay packed: traversal indexes its arrays");

/// One 8-wide node (256 bytes, four cache lines), laid out as BvhNode4 with eight lanes: child
/// references are the same (kEmpty, an index into Bvh::nodes8, or a leaf reference).
struct alignas(64) BvhNode8 {
  float min_x[8], min_y[8], min_z[8];
  float max_x[8], max_y[8], max_z[8];
  std::uint32_t child[8];
  std::uint32_t packet[8];
};

static_assert(sizeof(BvhNode8) == 256, "BvhNode8 must stay packed: traversal indexes its arrays");

/// A leaf triangle as the narrow phase reads it (BvhPacket4::triangle, Bvh::triangle: the tree
/// keeps it only in its packets): exact float corners, unit normal and plane offset (n·p = d),
/// and the index of the triangle in the source mesh.
struct BvhTriangle {
  glm::vec3 a;
  float d;
  glm::vec3 b;
  std::uint32_t index;
  glm::vec3 c;
  float pad;
  glm::vec3 n;
  float pad2;
};

/// Up to four leaf triangles as structure-of-arrays, for testing them in one SSE pass. Unused
/// lanes have zero corners, edge planes and normal, the plane offset kEmptyLaneOffset and slot
/// kEmptyLane: every test rejects them, and none makes an infinity or a NaN of them (which would
/// trap where a caller has unmasked floating-point exceptions). Six cache lines, aligned to
/// them: a ray reads the first three only (the corners, and the winner's index right after
/// them).
struct alignas(64) BvhPacket4 {
  float ax[4], ay[4], az[4];
  float bx[4], by[4], bz[4];
  float cx[4], cy[4], cz[4];
  std::uint32_t index[4];  ///< the triangle's index in the source mesh (BvhTriangle::index)
  float nx[4], ny[4], nz[4];
  float d[4];
  std::uint32_t slot[4];   ///< the lane's slot (packet index * 4 + lane; Bvh::triangle)
  /// Edge i's plane (edge i runs from corner i to corner i + 1 mod 3: AB, BC, CA), square to
  /// the triangle, facing out: its unit normal (e_i x n) / |e_i x n|, computed in double from
  /// the float corners and rounded. The sweeps' packet tests read it rather than forming the
  /// cross product and its square root per query; rays never touch these lines. Zero in an
  /// unused lane.
  float edge_nx[3][4], edge_ny[3][4], edge_nz[3][4];
  static constexpr std::uint32_t kEmptyLane = 0xFFFFFFFFu;
  /// An unused lane's plane offset: farther from any point of the domain (kMaxCoordinate, 2^40)
  /// than any body reaches, so that every plane test rejects the lane, yet finite, and small
  /// enough that the tests' squares of it stay finite.
  static constexpr float kEmptyLaneOffset = 1e15f;

  /// Lane `lane` as a BvhTriangle: the narrow phase reads it here, in the cache lines the packet
  /// test just loaded (the tree keeps no other copy of its triangles).
  BvhTriangle triangle(int lane) const {
    BvhTriangle t;
    t.a = glm::vec3(ax[lane], ay[lane], az[lane]);
    t.b = glm::vec3(bx[lane], by[lane], bz[lane]);
    t.c = glm::vec3(cx[lane], cy[lane], cz[lane]);
    t.n = glm::vec3(nx[lane], ny[lane], nz[lane]);
    t.d = d[lane];
    t.index = index[lane];
    t.pad = t.pad2 = 0.0f;
    return t;
  }
};

/// The start grid, built with the tree: uniform cubic cells over the solid triangles' bounds grown
/// by `reach`. Each cell keeps, in the tree the queries traverse (the 8-wide one where it was
/// built), a node where a query near the cell starts its traversal: the children of that node hold
/// every triangle whose bounding box comes within `reach` of the cell. It is a node of the tree, or
/// one made for the cell and appended after the tree's own (its children: the few subtrees, at most
/// the node width, found top-down by testing the children's boxes against the cell grown by
/// `reach`, a node replaced by the children it meets while they fit; a leaf dropped when none of
/// its triangles' boxes comes within reach). A cell near no triangle keeps none. A query whose box
/// has half extents of at most `reach` (the swept box of a sweep, a contact query's box) lies
/// within `reach` of the cell holding its centre, so its traversal starts at that cell's node
/// instead of the root, and visits nothing when the cell keeps none or the centre lies in no cell:
/// small queries in open space end after one table read, and the others skip the top of the tree
/// and the large nodes beside them. The results are unchanged (no triangle that could meet the
/// query's box is left out). The comparisons allow for float rounding: the cells are filled with
/// `reach` plus a slack (2e-6 of the coordinates' scale) and queries are compared against `reach`
/// less it.
/// (The idea is the entry point search of Reshetov et al. 2005, "Multi-level ray tracing
/// algorithm", which starts a packet of rays below the root; here a cell of space picks it.)
struct BvhStartGrid {
  /// As four lanes, for SSE: the first cell's min corner; 1 / cell size; cells per axis; the
  /// half extent a query may have, rounding slack taken off. Lane 3 always passes (0, 0, 1, inf).
  alignas(16) float origin[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  alignas(16) float inv_cell[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  alignas(16) float cells[4] = {0.0f, 0.0f, 0.0f, 1.0f};
  alignas(16) float query_reach[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  int nx = 0, ny = 0, nz = 0;
  float cell = 0.0f;   ///< cell size (world units)
  float reach = 0.0f;  ///< the largest half extent a query may have to use the grid
  /// Per cell (x fastest, then y, then z): the start node's index in Bvh::nodes (start4) or in
  /// Bvh::nodes8 (start8), or BvhNode4::kEmpty (nothing near). Only the traversed tree's is
  /// filled (start8 where Bvh::nodes8 was built, else start4); both are empty when the root is a
  /// leaf or the grid was turned off.
  std::vector<std::uint32_t> start4, start8;
  /// Of Bvh::nodes and Bvh::nodes8, how many are the tree's own (the rest were made for cells).
  std::uint32_t tree_nodes4 = 0, tree_nodes8 = 0;
};

/// Which parts of space lie near a triangle, finely: an empty-space test in front of the start
/// grid. Cubic fine cells (a quarter of a start cell on a side) over the solid triangles' bounds
/// grown by a rounding slack, one bit per cell, set where some triangle meets the cell grown by
/// that slack (its box's cells where the box is thin or small, else the cells of each row it
/// crosses, clipped to the row in double). A query whose box meets only clear cells can meet no
/// triangle, and ends before its traversal is set up: most small queries in the open space of a
/// large level end there, although the start cell near them is not empty. Bits in rows along x,
/// one row of `row_bytes` per (y, z) (y faster), and 8 spare bytes at the end so that a row's
/// bits are read 64 at a time from any byte. Empty `bits`: no test (no start grid, the option
/// is off, or marking would cost far more than the tree). The results are unchanged.
struct BvhOccupancy {
  /// As four lanes, for SSE: the first cell's min corner, 1 / cell size, and cells per axis.
  /// Lane 3 always passes (0, 0, 1).
  alignas(16) float origin[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  alignas(16) float inv_cell[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  alignas(16) float cells[4] = {0.0f, 0.0f, 0.0f, 1.0f};
  int nx = 0, ny = 0, nz = 0;
  float cell = 0.0f;            ///< fine cell size (world units)
  std::uint32_t row_bytes = 0;  ///< bytes per row of nx bits (whole 64-bit words)
  std::vector<std::uint8_t> bits;
};

/// The tree, in one node width: the 8-wide nodes where the queries traverse them
/// (has_nodes8(); BvhBuildOptions::wide), else the 4-wide ones. Both trees would hold the same
/// leaves. A root that is a leaf is in `root` (and `root8` where the tree is 8-wide).
struct Bvh {
  static constexpr int kMaxLeafSize = 15;
  /// The 4-wide nodes (nodes[0] the root), or none where the tree is 8-wide. Until 2026-11-29
  /// they were also kept beside the 8-wide nodes, which the queries traverse instead.
  std::vector<BvhNode4> nodes;
  /// The leaf triangles, four to a packet, each leaf from a packet of its own (its last one's
  /// unused lanes empty: BvhPacket4::kEmptyLane). The only copy of them: until 2026-11-29 they
  /// were also kept in BVH order as 64-byte BvhTriangles, 64 bytes a triangle that only the
  /// ellipsoid sweeps, the overlap and contact queries and the build read.
  std::vector<BvhPacket4> packets;
  std::uint32_t triangle_count = 0;  ///< leaf triangles (the packets' used lanes)
  Aabb bounds;
  float max_abs_coordinate = 0.0f;        ///< largest |coordinate| of any leaf triangle
  /// The median over the leaves of their box's largest side (world units; infinite when there
  /// are none): a sphere at least this wide also tests the children's boxes for their distance
  /// from its path (a dense mesh under it), a smaller one only their boxes grown by its radius.
  float median_leaf_extent = std::numeric_limits<float>::infinity();
  /// An index into nodes, a leaf reference, or kEmpty (no triangles, or an 8-wide tree whose
  /// root is a node). When the root itself is a leaf, its first packet is 0.
  std::uint32_t root = BvhNode4::kEmpty;
  /// The tree collapsed into 8-wide nodes instead, where built (else empty); root8 indexes
  /// nodes8 (or is the same leaf reference as root). Where built, queries traverse it.
  std::vector<BvhNode8> nodes8;
  std::uint32_t root8 = BvhNode4::kEmpty;
  /// Where small queries start (BvhStartGrid).
  BvhStartGrid grid;
  /// Where small queries end at once (BvhOccupancy); built with the start grid.
  BvhOccupancy occupancy;

  bool empty() const { return root == BvhNode4::kEmpty && root8 == BvhNode4::kEmpty; }
  /// Slots: packets.size() * 4, the unused lanes included (their index is kEmptyLane).
  std::uint32_t slot_count() const { return static_cast<std::uint32_t>(packets.size() * 4); }
  /// The triangle in `slot` (a leaf's [first, first + count), or any slot whose lane is used).
  BvhTriangle triangle(std::uint32_t slot) const { return packets[slot >> 2].triangle(static_cast<int>(slot & 3u)); }
  bool has_nodes8() const { return root8 != BvhNode4::kEmpty; }
};

namespace detail {

/// build_bvh's tree, by value (World keeps it; build_bvh shares it).
Bvh build_tree(const TriangleMesh& mesh, const BvhBuildOptions& options);

}  // namespace detail

}  // namespace collision
