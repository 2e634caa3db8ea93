#pragma once
// The 2D commands' input: rows of comma-separated doubles (sector's x,y points, segments'
// pairs) and walk2d's length options, each checked against the 2D core's input domain
// (collision/2d/domain_2d.hpp) so that an error names the line or the option.
#include <CLI/CLI.hpp>

#include <cstddef>
#include <istream>
#include <string>
#include <vector>

namespace prism_query {

/// Reads rows of `count` comma-separated numbers from `path` ("-": stdin, named "<stdin>").
/// A first line that does not start with a digit, '-', '+' or '.' is a header and is skipped;
/// blank lines are skipped.
/// @throws InputError "<source>:<line>: <what is wrong>" for a line starting with a UTF-8
/// byte-order mark, a field that is not a finite number, a row of another length, or
/// "<source>:<line>: outside the 2D input domain: field N (TEXT) <why>" for a number outside
/// the domain (beyond 2^200, or nonzero below 2^-200, underflowing to zero included).
std::vector<std::vector<double>> read_rows_2d(const std::string& path, std::size_t count);
/// The same from a stream, naming it `source` in errors.
std::vector<std::vector<double>> read_rows_2d(std::istream& in, const std::string& source,
                                              std::size_t count);

/// A CLI validator for a positive length inside the 2D domain (a radius, height or speed):
/// refuses text that is not a number, NaN, infinities, zero, negatives and magnitudes outside
/// [2^-200, 2^200], saying which (CLI11 prefixes the option's name).
CLI::Validator positive_length_2d();

/// A CLI validator for a 64-bit seed: decimal digits only, at most 2^64 - 1 (CLI11 alone let
/// "-1" and "18446744073709551616" through, wrapped).
CLI::Validator seed_64();

}  // namespace prism_query
