#include "query_csv.hpp"

#include <charconv>
#include <cmath>

#include "collision/domain.hpp"
#include "collision/scene.hpp"
#include "debugger/movers.hpp"

namespace prism_query {

namespace {

// Splits on commas and parses each field as a finite float. Returns false on any defect.
bool parse_floats(const std::string& line, float* out, int n, std::string& why) {
  const char* p = line.data();
  const char* end = p + line.size();
  for (int i = 0; i < n; ++i) {
    while (p < end && (*p == ' ' || *p == '\t')) ++p;
    float v = 0.0f;
    const auto [next, ec] = std::from_chars(p, end, v);
    if (ec == std::errc::result_out_of_range) {
      why = "field " + std::to_string(i + 1) + " is out of range (beyond a float's +-3.4e38; " +
            "the input domain is +-2^40, about 1.1e12)";
      return false;
    }
    if (ec != std::errc() || next == p) {
      why = "field " + std::to_string(i + 1) + " is not a number";
      return false;
    }
    if (!std::isfinite(v)) {
      why = "field " + std::to_string(i + 1) + " is not finite";
      return false;
    }
    out[i] = v;
    p = next;
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r')) ++p;
    if (i + 1 < n) {
      if (p == end || *p != ',') {
        why = "expected " + std::to_string(n) + " comma-separated numbers, got " + std::to_string(i + 1);
        return false;
      }
      ++p;
    }
  }
  if (p != end) {
    why = "unexpected text after field " + std::to_string(n);
    return false;
  }
  return true;
}

}  // namespace

bool starts_with_byte_order_mark(const std::string& line) { return line.starts_with("\xEF\xBB\xBF"); }

std::vector<Query> read_queries(std::istream& in, const std::string& source) {
  std::vector<Query> queries;
  std::string line;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    if (starts_with_byte_order_mark(line)) {
      throw InputError(source + ":" + std::to_string(number) + ": " + kByteOrderMarkError);
    }
    float f[6];
    std::string why;
    if (!parse_floats(line, f, 6, why)) {
      throw InputError(source + ":" + std::to_string(number) + ": " + why +
                       " (expected x,y,z,dx,dy,dz)");
    }
    const Query q{{f[0], f[1], f[2]}, {f[3], f[4], f[5]}, number};
    // The collision core's input domain (collision/domain.hpp), checked here so that the
    // error names the line rather than the core answering invalid_input.
    if (const char* domain = collision::move_domain_error(q.origin, q.delta)) {
      throw InputError(source + ":" + std::to_string(number) + ": outside the input domain: " + domain);
    }
    queries.push_back(q);
  }
  if (in.bad()) throw InputError(source + ": read error");
  return queries;
}

glm::vec3 parse_vec3(const std::string& text, const std::string& what) {
  float f[3];
  std::string why;
  if (!parse_floats(text, f, 3, why)) throw InputError(what + ": '" + text + "': " + why);
  return {f[0], f[1], f[2]};
}

glm::vec2 parse_vec2(const std::string& text, const std::string& what) {
  float f[2];
  std::string why;
  if (!parse_floats(text, f, 2, why)) throw InputError(what + ": '" + text + "': " + why);
  return {f[0], f[1]};
}

std::string hit_name(std::uint32_t instance, std::uint32_t triangle) {
  if (instance == collision::kStaticLevel) return std::to_string(triangle);
  if (instance >= collision::kCharacterInstance) return debugger::instance_name(instance);
  return debugger::instance_name(instance) + ":" + std::to_string(triangle);
}

void write_sweep(std::FILE* out, const collision::SweepHit& h) {
  std::fprintf(out, "%d,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%s,%d\n", h.hit ? 1 : 0,
               static_cast<double>(h.toi), static_cast<double>(h.point.x),
               static_cast<double>(h.point.y), static_cast<double>(h.point.z),
               static_cast<double>(h.normal.x), static_cast<double>(h.normal.y),
               static_cast<double>(h.normal.z),
               h.hit ? hit_name(h.instance, h.triangle).c_str() : "-1", h.start_overlap ? 1 : 0);
}

void write_ray(std::FILE* out, const collision::RayHit& h) {
  std::fprintf(out, "%d,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%s\n", h.hit ? 1 : 0,
               static_cast<double>(h.t), static_cast<double>(h.point.x),
               static_cast<double>(h.point.y), static_cast<double>(h.point.z),
               static_cast<double>(h.normal.x), static_cast<double>(h.normal.y),
               static_cast<double>(h.normal.z), h.hit ? hit_name(h.instance, h.triangle).c_str() : "-1");
}

}  // namespace prism_query
