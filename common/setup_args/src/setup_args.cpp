// Parsing of the setup words shared by prism-query and prism (setup_args.hpp).
#include "setup_args/setup_args.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <vector>

#include "collision/domain.hpp"

namespace setup_args {
namespace {

constexpr CharacterFlag kFlags[] = {
    {"--gravity", "gravity's magnitude along -up, units/s^2 (default: derived)", &CharacterFlags::gravity},
    {"--jump-speed", "jump speed, units/s (default: derived)", &CharacterFlags::jump_speed},
    {"--max-slope", "steepest walkable slope, degrees (default 50)", &CharacterFlags::max_slope, 90.0f, true, "90"},
    {"--step", "highest step climbed, units (default: derived; 0: off)", &CharacterFlags::step},
    {"--min-step-forward", "shortest forward move onto a step (default: derived)", &CharacterFlags::min_step_forward},
    {"--snap", "stick-to-floor reach, units (default: the step height; 0: off)", &CharacterFlags::snap},
    {"--skin", "gap kept to what the body touches (default: 1% of the radius)", &CharacterFlags::skin},
    {"--recovery", "fraction of an overlap resolved per frame, 0..1 (default 1)", &CharacterFlags::recovery, 1.0f,
     false, "1"},
};

std::optional<std::vector<float>> parse_list(std::string_view text) {
  std::vector<float> out;
  std::size_t p = 0;
  while (true) {
    const std::size_t q = std::min(text.find(',', p), text.size());
    const std::optional<float> v = parse_finite(text.substr(p, q - p));
    if (!v) return std::nullopt;
    out.push_back(*v);
    if (q == text.size()) return out;
    p = q + 1;
  }
}

}  // namespace

std::span<const CharacterFlag> character_flags() { return kFlags; }

void apply(const CharacterFlags& f, collision::CharacterParams& p) {
  if (f.gravity) p.gravity = f.gravity;
  if (f.jump_speed) p.jump_speed = f.jump_speed;
  if (f.max_slope) p.max_slope_degrees = *f.max_slope;
  if (f.step) p.step_height = f.step;
  if (f.min_step_forward) p.min_step_forward = f.min_step_forward;
  if (f.snap) p.snap_distance = f.snap;
  if (f.skin) p.move.skin_width = f.skin;
  if (f.recovery) p.recovery = *f.recovery;
}

float parse_character_flag(const CharacterFlag& flag, std::string_view text) {
  // Parsed in double, so that a value beyond float's range (1e300) is named as outside the
  // domain rather than as not a number.
  const std::string s(text);
  char* end = nullptr;
  const double v = s.empty() ? 0.0 : std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || std::isnan(v)) {
    throw std::invalid_argument(std::string(flag.name) + ": '" + printable(text) + "' is not a number");
  }
  const auto value = static_cast<float>(v);  // rounds to the nearest float: 2^40 + 1 is 2^40
  if (!(v >= 0.0 && std::isfinite(value) && (flag.max_excluded ? value < flag.max : value <= flag.max))) {
    throw std::invalid_argument(std::string(flag.name) + ": " + printable(text) + " is outside its domain [0, " +
                                flag.max_text + (flag.max_excluded ? ")" : "]"));
  }
  return value;
}

const char* character_value_error(float value) {
  if (!(value >= 0.0f && value <= kMaxCharacterValue)) {
    return "a character value is outside [0, 2^40] (negative, not finite, or beyond the input domain's "
           "kMaxCoordinate)";
  }
  return nullptr;
}

glm::vec3 parse_domain_point(std::string_view option, std::string_view text) {
  const std::optional<glm::vec3> p = parse_point(text);
  if (!p) throw std::invalid_argument(std::string(option) + " wants X,Y,Z, got '" + printable(text) + "'");
  if (const char* why = collision::point_domain_error(*p)) {
    throw std::invalid_argument(std::string(option) + ": '" + printable(text) + "': " + why);
  }
  return *p;
}

std::string printable(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) {
      out += c;
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    }
  }
  return out;
}

std::string shortest(float v) {
  char buf[32];
  for (int digits = 1; digits <= 9; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, static_cast<double>(v));
    if (std::strtof(buf, nullptr) == v) break;
  }
  return buf;
}

std::string skin_error(float skin, const collision::Body& body) {
  if (skin < body.min_radius()) return {};
  return "--skin " + shortest(skin) + " must be below the body's smallest radius (" + shortest(body.min_radius()) +
         ")";
}

std::optional<float> parse_finite(std::string_view text) {
  const std::string s(text);
  if (s.empty()) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const float v = std::strtof(s.c_str(), &end);
  if (end != s.c_str() + s.size() || errno == ERANGE || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::optional<glm::vec3> parse_point(std::string_view text) {
  const std::optional<std::vector<float>> v = parse_list(text);
  if (!v || v->size() != 3) return std::nullopt;
  return glm::vec3((*v)[0], (*v)[1], (*v)[2]);
}

std::optional<glm::vec3> parse_up_axis(std::string_view axis) {
  if (axis == "x") return glm::vec3(1.0f, 0.0f, 0.0f);
  if (axis == "y") return glm::vec3(0.0f, 1.0f, 0.0f);
  if (axis == "z") return glm::vec3(0.0f, 0.0f, 1.0f);
  return std::nullopt;
}

collision::Body parse_body(std::string_view spec) {
  const std::string what = "body '" + std::string(spec) + "'";
  constexpr const char* kForms = "expected sphere:R, ellipsoid:RX,RY,RZ, box:HX,HY,HZ or capsule:R,HALF";
  const std::size_t colon = spec.find(':');
  if (colon == std::string_view::npos) throw std::invalid_argument(what + ": " + kForms);
  const std::string_view shape = spec.substr(0, colon);
  const std::optional<std::vector<float>> v = parse_list(spec.substr(colon + 1));
  if (!v) throw std::invalid_argument(what + ": the sizes must be finite numbers separated by commas");
  collision::Body body;
  if (shape == "sphere" && v->size() == 1) {
    body = collision::Body::sphere((*v)[0]);
  } else if (shape == "ellipsoid" && v->size() == 3) {
    const glm::vec3 r((*v)[0], (*v)[1], (*v)[2]);
    body = r.x == r.y && r.y == r.z ? collision::Body::sphere(r.x) : collision::Body::ellipsoid(r);
  } else if (shape == "box" && v->size() == 3) {
    body = collision::Body::box({(*v)[0], (*v)[1], (*v)[2]});
  } else if (shape == "capsule" && v->size() == 2) {
    if (!((*v)[1] >= 0.0f)) throw std::invalid_argument(what + ": the capsule's half height must be >= 0");
    body = collision::Body::capsule((*v)[0], (*v)[1], {0.0f, 1.0f, 0.0f});
  } else {
    throw std::invalid_argument(what + ": " + kForms);
  }
  if (const char* why = collision::body_domain_error(body)) throw std::invalid_argument(what + ": " + why);
  return body;
}

}  // namespace setup_args
