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
#include "collision/move.hpp"

namespace setup_args {

/// The character settings a command line may give; empty: CharacterParams' own default
/// (derived from the body's size where it has one).
struct CharacterFlags {
  std::optional<float> gravity, jump_speed, max_slope, step, min_step_forward, snap, skin, recovery;
};

struct CharacterFlag {
  const char* name;  ///< "--gravity"
  const char* help;
  std::optional<float> CharacterFlags::*value;
};

/// Every character flag with its help text, in prism-query's order.
std::span<const CharacterFlag> character_flags();

/// Copies the flags that are set into `params` (--skin into params.move.skin_width); the
/// values are checked later by CharacterParams::resolved.
void apply(const CharacterFlags& flags, collision::CharacterParams& params);

/// A finite float and nothing else; nothing when `text` is not one.
std::optional<float> parse_finite(std::string_view text);
/// `X,Y,Z` of finite floats; nothing otherwise.
std::optional<glm::vec3> parse_point(std::string_view text);
/// `x`, `y` or `z` as a unit axis; nothing otherwise.
std::optional<glm::vec3> parse_up_axis(std::string_view axis);

/// `sphere:R`, `ellipsoid:RX,RY,RZ`, `box:HX,HY,HZ` (half extents) or `capsule:R,HALF` (radius,
/// half height), inside the input domain (collision::body_domain_error). A capsule's axis is
/// +y here: the caller sets Body::axis to its up vector once it knows it.
/// @throws std::invalid_argument naming the spec and what is wrong.
collision::Body parse_body(std::string_view spec);

}  // namespace setup_args
