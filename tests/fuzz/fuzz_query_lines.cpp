// libFuzzer target: prism-query's input against a fixed level (the tiny map). The first line is
// read as --ellipsoid's RX,RY,RZ text, the rest as query lines x,y,z,dx,dy,dz. Every line the
// reader accepts must be a query the core accepts (its domain check and the core's agree) and
// get an answer inside its range; every line it refuses is an InputError naming the line.
// The same rest is read by the 2D commands' reader too, as `segments` pairs and `sector`
// points (fuzz_lines_2d.hpp), against the 2D core.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "fuzz_checks.hpp"
#include "fuzz_lines_2d.hpp"
#include "query_csv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const collision::World& world = prism_fuzz::fixed_world();
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::size_t eol = text.find('\n');
  glm::vec3 radii(15.0f, 15.0f, 28.0f);
  try {
    const glm::vec3 r = prism_query::parse_vec3(text.substr(0, eol), "--ellipsoid");
    if (collision::in_domain_radii(r)) radii = r;
  } catch (const prism_query::InputError&) {
  }
  const std::string rest = eol == std::string::npos ? std::string() : text.substr(eol + 1);
  prism_fuzz::fuzz_lines_2d(rest);
  std::istringstream in(rest);
  std::vector<prism_query::Query> queries;
  try {
    queries = prism_query::read_queries(in, "fuzz.csv");
  } catch (const prism_query::InputError& e) {
    if (std::string(e.what()).rfind("fuzz.csv", 0) != 0) prism_fuzz::fail("InputError without the source");
    return 0;
  }
  std::size_t n = 0;
  for (const prism_query::Query& q : queries) {
    if (++n > 16) break;
    const collision::SweepHit s = collision::sweep_sphere(world, q.origin, 16.0f, q.delta);
    const collision::SweepHit e = collision::sweep_ellipsoid(world, q.origin, radii, q.delta);
    const collision::RayHit ray = collision::raycast(world, q.origin, q.delta);
    if (s.invalid_input || e.invalid_input || ray.invalid_input) {
      prism_fuzz::fail("a query line the reader accepted is invalid input to the core");
    }
    prism_fuzz::check(s);
    prism_fuzz::check(e);
    prism_fuzz::check(ray);
    try {
      prism_fuzz::check(collision::move(world, collision::Body::ellipsoid(radii), q.origin, q.delta, {}));
    } catch (const std::invalid_argument&) {
    }
  }
  return 0;
}
