// The 2D commands' rows and length options, checked against the 2D domain (input_2d.hpp).
#include "input_2d.hpp"

#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "collision/2d/domain_2d.hpp"
#include "query_csv.hpp"

namespace prism_query {
namespace {

enum class Parsed { kNumber, kNotANumber, kNotFinite, kOutsideDomain };

// Parses all of `text` (blanks around allowed) as a double inside the 2D domain; `why` says
// how it is outside. strtod's underflow (1e-400 reads as 0 with ERANGE) is outside too: the
// number written is nonzero and below 2^-200, whatever it rounded to.
Parsed parse_number(const std::string& text, double& v, const char*& why) {
  const char* begin = text.c_str();
  char* end = nullptr;
  errno = 0;
  v = std::strtod(begin, &end);
  const bool range_error = errno == ERANGE;
  if (end == begin) return Parsed::kNotANumber;
  const char* const last = begin + text.size();  // not the first NUL: "1\0x" is not a number
  while (end < last && (*end == ' ' || *end == '\t')) ++end;
  if (end != last) return Parsed::kNotANumber;
  if (!std::isfinite(v) && !range_error) return Parsed::kNotFinite;  // nan, inf written out
  if (range_error && std::fabs(v) < 1.0) {
    why = "is nonzero and below 2^-200 (about 6.2e-61) in magnitude";
    return Parsed::kOutsideDomain;
  }
  why = collision::planar::domain_error_2d(v);
  if (why != nullptr && !std::isfinite(v)) why = "is beyond +-2^200 (about 1.6e60)";
  return why == nullptr ? Parsed::kNumber : Parsed::kOutsideDomain;
}

// The field as a message may quote it: control bytes (a NUL, an escape) shown as '?'.
std::string printable(std::string s) {
  for (char& c : s) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  }
  return s;
}

std::string trimmed(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

}  // namespace

std::vector<std::vector<double>> read_rows_2d(const std::string& path, std::size_t count) {
  if (path == "-") return read_rows_2d(std::cin, "<stdin>", count);
  std::ifstream file(path);
  if (!file) throw InputError(path + ": cannot open");
  return read_rows_2d(file, path, count);
}

std::vector<std::vector<double>> read_rows_2d(std::istream& in, const std::string& source,
                                              std::size_t count) {
  std::vector<std::vector<double>> rows;
  std::string line;
  int number = 0;
  bool first = true;
  while (std::getline(in, line)) {
    ++number;
    const std::string where = source + ":" + std::to_string(number) + ": ";
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos) continue;
    // Before the header rule: a mark in front of the first point made it a "header".
    if (starts_with_byte_order_mark(line)) throw InputError(where + kByteOrderMarkError);
    const char c0 = line[start];
    const bool numeric = (c0 >= '0' && c0 <= '9') || c0 == '-' || c0 == '+' || c0 == '.';
    if (first && !numeric) {
      first = false;
      continue;
    }
    first = false;
    std::vector<double> row;
    std::stringstream ss(line);
    std::string field;
    while (std::getline(ss, field, ',')) {
      double v = 0.0;
      const char* why = nullptr;
      switch (parse_number(field, v, why)) {
        case Parsed::kNumber: break;
        case Parsed::kNotANumber:
        case Parsed::kNotFinite:
          throw InputError(where + "'" + printable(field) + "' is not a finite number");
        case Parsed::kOutsideDomain:
          throw InputError(where + "outside the 2D input domain: field " +
                           std::to_string(row.size() + 1) + " (" + printable(trimmed(field)) + ") " + why);
      }
      row.push_back(v);
    }
    if (row.size() != count) {
      throw InputError(where + "expected " + std::to_string(count) +
                       " comma-separated numbers, found " + std::to_string(row.size()));
    }
    rows.push_back(std::move(row));
  }
  if (in.bad()) throw InputError(source + ": read error");
  return rows;
}

CLI::Validator positive_length_2d() {
  return CLI::Validator(
      [](const std::string& text) -> std::string {
        double v = 0.0;
        const char* why = nullptr;
        switch (parse_number(text, v, why)) {
          case Parsed::kNotANumber: return "'" + text + "' is not a number";
          case Parsed::kNotFinite: return "'" + text + "' is not a finite number";
          case Parsed::kOutsideDomain:
            return "'" + text + "' is outside the 2D input domain: it " + why;
          case Parsed::kNumber: break;
        }
        if (!(v > 0.0)) return "'" + text + "' must be a positive length";
        return {};
      },
      "LENGTH", "positive length in [2^-200, 2^200]");
}

CLI::Validator seed_64() {
  return CLI::Validator(
      [](const std::string& text) -> std::string {
        std::uint64_t v = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, v);  // no sign, no blanks
        if (ec == std::errc() && ptr == end && !text.empty()) return {};
        return "'" + text + "' is not a seed: an integer from 0 to 18446744073709551615";
      },
      "SEED", "integer in [0, 2^64)");
}

}  // namespace prism_query
