#pragma once
// prism-query's 2D commands (seeds 002 and 003, Doom maps):
//   sector WAD:MAP [POINTS]   one line per `x,y` point: sector,on_boundary
//   segments [PAIRS]          one line per `ax,ay,bx,by,cx,cy,dx,dy`: kind,x,y,s,t,x2,y2,s2,t2
//   walk2d WAD:MAP --radius R --walks N --frames F --seed S   walk,frame,x,y,sector per frame
// POINTS / PAIRS: a file, or stdin when absent or "-". A first line that does not start with a
// digit, '-', '+' or '.' is a header and is skipped; blank lines are skipped. A line starting
// with a UTF-8 byte-order mark, and a number outside the 2D input domain
// (collision/2d/domain_2d.hpp: 0 or a magnitude in [2^-200, 2^200]), are errors naming the line
// (input_2d.hpp); so are walk2d's --radius, --height and --speed outside [2^-200, 2^200].
#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

namespace prism_query {

struct Commands2d {
  CLI::App* sector = nullptr;
  CLI::App* segments = nullptr;
  CLI::App* walk2d = nullptr;
  std::string map_spec;
  std::string input = "-";
  bool stats = false;
  bool brute_force = false;
  bool open_doors = false;
  double radius = 16.0;
  double height = 56.0;
  double speed = 8.0;
  int walks = 10;
  int frames = 600;
  std::uint64_t seed = 1;
};

/// Adds the three subcommands to `app`; `c` must outlive parsing.
void add_2d_commands(CLI::App& app, Commands2d& c);

/// Runs whichever of them was parsed: returns true and sets `status` when one was.
bool run_2d_commands(const Commands2d& c, int& status);

}  // namespace prism_query
