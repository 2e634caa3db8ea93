#pragma once
// The file's frame (docs/recording-format.md): the 16-byte file header, then chunks of a 16-byte
// header (tag, CRC-32, payload size) and a payload.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace collision::detail::recording {

inline constexpr char kMagic[8] = {'P', 'R', 'I', 'S', 'M', 'R', 'E', 'C'};
inline constexpr std::size_t kFileHeaderBytes = 16;   // magic, u32 version, u32 flags (0)
inline constexpr std::size_t kChunkHeaderBytes = 16;  // u32 tag, u32 crc, u64 payload size

constexpr std::uint32_t tag(const char (&s)[5]) {
  return static_cast<std::uint32_t>(static_cast<unsigned char>(s[0])) |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[1])) << 8 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[2])) << 16 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[3])) << 24;
}
inline constexpr std::uint32_t kHead = tag("HEAD");  // the writing build
inline constexpr std::uint32_t kLevel = tag("LEVL");  // the level's triangles, once
inline constexpr std::uint32_t kLabels = tag("LABL");  // labels, numbered on
inline constexpr std::uint32_t kFrame = tag("FRAM");  // one frame's calls
inline constexpr std::uint32_t kIndex = tag("INDX");  // the frame index, at close
inline constexpr std::uint32_t kTail = tag("TAIL");  // the index's offset, last

/// The tag as its four letters (or its number when they are not letters), for messages.
std::string tag_name(std::uint32_t tag);

/// CRC-32 (zlib's) of the chunk's tag, size and payload.
std::uint32_t chunk_crc(std::uint32_t tag, std::uint64_t size, std::span<const std::uint8_t> payload);
/// The CRC-32 of what `crc` covered followed by `more` (a payload written in pieces).
std::uint32_t crc_continue(std::uint32_t crc, std::span<const std::uint8_t> more);

/// FNV-1a, 64 bits.
std::uint64_t fnv1a(std::span<const std::uint8_t> bytes);

}  // namespace collision::detail::recording
