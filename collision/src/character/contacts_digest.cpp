// The contacts' digest: CharacterState::contacts_key.
#include "character/contacts_digest.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace collision::detail::character {

namespace {

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

}  // namespace

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
    // A scene's contacts name their instance too (a World's are all the static level's).
    if (c.instance != kStaticLevel) d.add(c.instance, 0x5851f42d4c957f2dull);
  }
  return d.value();
}

}  // namespace collision::detail::character
