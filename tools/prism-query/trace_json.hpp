#pragma once
// A collision::Trace as one JSON object (schema: docs/trace-format.md). Planes are
// {"normal":[x,y,z],"offset":d} meaning n·p = d; points and vectors are [x,y,z]; verdicts,
// features, phases, ground states and methods are the words of the to_string functions;
// a missing triangle index is null. Floats are written as the shortest decimal that reads
// back to the same float.
#include <nlohmann/json.hpp>

#include "collision/trace.hpp"

namespace prism_query {

using Json = nlohmann::ordered_json;

Json trace_to_json(const collision::Trace& trace);
/// [x, y, z], each the shortest decimal of the float.
Json vec_to_json(const glm::vec3& v);

}  // namespace prism_query
