#pragma once
// prism-query character: a scripted character run, one CSV line per frame.
#include <optional>
#include <map>
#include <string>

#include "level_args.hpp"
#include "setup_args/setup_args.hpp"

namespace prism_query {

struct CharacterArgs {
  std::string script;
  float hz = 60.0f;
  /// --gravity ... --recovery as given (setup_args::character_flags(), shared with prism), read
  /// by run_character so that a value outside the domain is its error (exit 1), as every other.
  std::map<std::string, std::string> flag_text;
  std::string start;  ///< X,Y,Z, or empty: the level's first spawn point (or a free point)
};
void add_character_args(CLI::App* cmd, CharacterArgs& a);

/// Runs the script from the start point; prints
/// `frame,x,y,z,vx,vy,vz,ground,gnx,gny,gnz,contacts` per frame. Returns the exit status.
int run_character(const LevelArgs& c, const BodyArgs& b, const MotionArgs& m, const CharacterArgs& a);

}  // namespace prism_query
