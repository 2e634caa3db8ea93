#pragma once
/// @file setup_args.hpp
/// The words a command line sets a run up with, parsed once for every tool: the up axis
/// (`x|y|z`), the body (`sphere:R`, `ellipsoid:RX,RY,RZ`, `box:HX,HY,HZ`, `capsule:R,HALF`), a point (`X,Y,Z`) and the character's
/// settings (`--gravity`, `--jump-speed`, ... as `prism-query character` names them).

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <glm/vec3.hpp>

#include "collision/character.hpp"
#include "collision/domain.hpp"
#include "collision/move.hpp"

namespace setup_args {

/// The character settings a command line may give; empty: CharacterParams' own default
/// (derived from the body's size where it has one).
struct CharacterFlags {
  std::optional<float> gravity, jump_speed, max_slope, step, min_step_forward, snap, skin, recovery;
};

/// The largest character length, speed or acceleration a program takes as given (an option,
/// a session file's value): 2^40, the input domain's kMaxCoordinate. One rule for what prism
/// and prism-query accept and what a session file holds, so that every session a program
/// writes loads again. (A value derived from the body is not bounded by it: a body of radius
/// 2^40 derives a gravity of 50 x 2^40; session files write derived values as '-'.)
inline constexpr float kMaxCharacterValue = collision::kMaxCoordinate;

struct CharacterFlag {
  const char* name;  ///< "--gravity"
  const char* help;
  std::optional<float> CharacterFlags::*value;
  /// The domain, [0, max] or [0, max) when max_excluded (what CharacterParams::resolved
  /// accepts, within kMaxCharacterValue); --skin must also be below the body's smallest radius.
  float max = kMaxCharacterValue;
  bool max_excluded = false;
  const char* max_text = "2^40 (about 1.1e12, the input domain's kMaxCoordinate)";
};

/// Every character flag with its help text, in prism-query's order.
std::span<const CharacterFlag> character_flags();

/// `text` as the value of `flag`. @throws std::invalid_argument naming the flag: "--gravity:
/// 'abc' is not a number", or "--gravity: 1e+300 is outside its domain [0, 2^40 (...)]".
float parse_character_flag(const CharacterFlag& flag, std::string_view text);

/// Why a character value as given (not derived) is outside [0, kMaxCharacterValue], or nullptr.
const char* character_value_error(float value);

/// Copies the flags that are set into `params` (--skin into params.move.skin_width); the
/// values are checked later by CharacterParams::resolved.
void apply(const CharacterFlags& flags, collision::CharacterParams& params);

/// A finite float and nothing else; nothing when `text` is not one.
std::optional<float> parse_finite(std::string_view text);
/// `X,Y,Z` of finite floats; nothing otherwise.
std::optional<glm::vec3> parse_point(std::string_view text);
/// `X,Y,Z` inside the input domain (collision::point_domain_error) as the value of `option`.
/// @throws std::invalid_argument naming the option: "--spawn: '1e30,0,0': a coordinate is beyond
/// +-2^40 (...)", or "--spawn wants X,Y,Z, got '...'".
glm::vec3 parse_domain_point(std::string_view option, std::string_view text);

/// `text` with control bytes and bytes above 0x7e written as \xNN, so that an error message
/// quoting a hostile word (a NUL, an escape sequence) prints as what the input holds.
std::string printable(std::string_view text);
/// `v` in the fewest digits that read back as it ("1e-09", "0.4"), for messages.
std::string shortest(float v);
/// Why `--skin` as given is outside its bound for `body` (it must be below the body's smallest
/// radius), naming the option; empty when it is inside. One message for prism and prism-query.
std::string skin_error(float skin, const collision::Body& body);
/// `x`, `y` or `z` as a unit axis; nothing otherwise.
std::optional<glm::vec3> parse_up_axis(std::string_view axis);

/// `sphere:R`, `ellipsoid:RX,RY,RZ`, `box:HX,HY,HZ` (half extents) or `capsule:R,HALF` (radius,
/// half height), inside the input domain (collision::body_domain_error). A capsule's axis is
/// +y here: the caller sets Body::axis to its up vector once it knows it.
/// @throws std::invalid_argument naming the spec and what is wrong.
collision::Body parse_body(std::string_view spec);

}  // namespace setup_args
