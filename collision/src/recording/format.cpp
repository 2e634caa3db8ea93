// The file's checksums and hashes, and the names of its tags and call kinds.
#include "recording/format.hpp"

#include <zlib.h>

#include "collision/recording_file.hpp"
#include "recording/archive.hpp"

namespace collision {

const char* to_string(CallKind kind) {
  switch (kind) {
    case CallKind::kRaycast: return "raycast";
    case CallKind::kSweepSphere: return "sweep_sphere";
    case CallKind::kSweepEllipsoid: return "sweep_ellipsoid";
    case CallKind::kSweepBox: return "sweep_box";
    case CallKind::kSweepCapsule: return "sweep_capsule";
    case CallKind::kSweep: return "sweep";
    case CallKind::kOverlapSphere: return "overlap_sphere";
    case CallKind::kOverlapAabb: return "overlap_aabb";
    case CallKind::kFindContacts: return "find_contacts";
    case CallKind::kMove: return "move";
    case CallKind::kStepCharacter: return "step_character";
    case CallKind::kRefreshContacts: return "refresh_contacts";
    case CallKind::kSweepBatch: return "sweep_batch";
    case CallKind::kSweepSphereBatch: return "sweep_sphere_batch";
    case CallKind::kRaycastBatch: return "raycast_batch";
    case CallKind::kStepCharacters: return "step_characters";
  }
  return "unknown";
}

std::uint64_t mesh_content_hash(const TriangleMesh& mesh) {
  detail::recording::ByteBuffer bytes;
  detail::recording::ByteWriter{bytes}(mesh.positions, mesh.indices, mesh.normals, mesh.flags);
  return detail::recording::fnv1a(bytes.bytes());
}

namespace detail::recording {

std::string tag_name(std::uint32_t tag) {
  std::string name;
  for (int i = 0; i < 4; ++i) {
    const char c = static_cast<char>((tag >> (8 * i)) & 0xFFu);
    if (c < 'A' || c > 'Z') return std::to_string(tag);
    name += c;
  }
  return name;
}

std::uint32_t chunk_crc(std::uint32_t tag, std::uint64_t size, std::span<const std::uint8_t> payload) {
  std::uint8_t head[12];
  std::memcpy(head, &tag, 4);
  std::memcpy(head + 4, &size, 8);
  const auto start = static_cast<std::uint32_t>(crc32(crc32(0L, Z_NULL, 0), head, sizeof head));
  return crc_continue(start, payload);
}

std::uint32_t crc_continue(std::uint32_t crc, std::span<const std::uint8_t> more) {
  uLong c = crc;
  // zlib takes at most 4 GiB at a time.
  for (std::size_t at = 0; at < more.size();) {
    const std::size_t n = std::min<std::size_t>(more.size() - at, std::size_t{1} << 30);
    c = crc32(c, more.data() + at, static_cast<uInt>(n));
    at += n;
  }
  return static_cast<std::uint32_t>(c);
}

std::uint64_t fnv1a(std::span<const std::uint8_t> bytes) {
  std::uint64_t h = 14695981039346656037ull;
  for (const std::uint8_t b : bytes) {
    h ^= b;
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace detail::recording
}  // namespace collision
