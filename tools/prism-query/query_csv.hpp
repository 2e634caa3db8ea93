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

/// Reads every query line; blank lines and lines starting with '#' are skipped.
/// @throws InputError "<source>:<line>: <what is wrong>" on the first malformed line, or on the
/// first line outside the collision core's input domain (collision/domain.hpp).
std::vector<Query> read_queries(std::istream& in, const std::string& source);

/// Parses "a,b,c" into three finite floats; throws InputError naming `what`.
glm::vec3 parse_vec3(const std::string& text, const std::string& what);
/// Parses "a,b" into two finite floats; throws InputError naming `what`.
glm::vec2 parse_vec2(const std::string& text, const std::string& what);

/// `hit,toi,px,py,pz,nx,ny,nz,triangle,start_overlap`
void write_sweep(std::FILE* out, const collision::SweepHit& h);
/// `hit,t,px,py,pz,nx,ny,nz,triangle`
void write_ray(std::FILE* out, const collision::RayHit& h);

}  // namespace prism_query
