#pragma once
// Reading query lines `x,y,z,dx,dy,dz` and writing result lines.
#include <cstdio>
#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "collision/queries.hpp"

namespace prism_query {

struct Query {
  glm::vec3 origin;
  glm::vec3 delta;
  std::size_t line = 0;  ///< 1-based line number in its source
};

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// True when `line` starts with a UTF-8 byte-order mark (EF BB BF). Every reader of lines here
/// (the 3D query lines, the 2D commands' points and pairs) refuses such a line with
/// kByteOrderMarkError rather than guess: skipped as a header it would hide a point, read as
/// a number it is not one.
bool starts_with_byte_order_mark(const std::string& line);
inline constexpr const char* kByteOrderMarkError =
    "starts with a UTF-8 byte-order mark (bytes EF BB BF); save the file without one";

/// Reads every query line; blank lines and lines starting with '#' are skipped.
/// @throws InputError "<source>:<line>: <what is wrong>" on the first malformed line (one
/// starting with a byte-order mark included), or on the
/// first line outside the collision core's input domain (collision/domain.hpp).
std::vector<Query> read_queries(std::istream& in, const std::string& source);

/// Parses "a,b,c" into three finite floats; throws InputError naming `what`.
glm::vec3 parse_vec3(const std::string& text, const std::string& what);
/// Parses "a,b" into two finite floats; throws InputError naming `what`.
glm::vec2 parse_vec2(const std::string& text, const std::string& what);

/// What a hit or contact touched, as the outputs name it: a static triangle by its index,
/// triangle T of scene instance N as `iN:T`, scene character N as `cN` (collision/scene.hpp).
std::string hit_name(std::uint32_t instance, std::uint32_t triangle);

/// `hit,toi,px,py,pz,nx,ny,nz,triangle,start_overlap` (triangle -1 on a miss, else hit_name)
void write_sweep(std::FILE* out, const collision::SweepHit& h);
/// `hit,t,px,py,pz,nx,ny,nz,triangle`
void write_ray(std::FILE* out, const collision::RayHit& h);

}  // namespace prism_query
