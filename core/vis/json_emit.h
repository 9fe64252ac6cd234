#pragma once
// Writing a JValue held in a JArena back as JSON, without recursion (the nesting comes from input files):
// compactly as Python's json.dumps(v) does (", " and ": " separators, ensure_ascii), or through a PyJsonWriter.
#include "io/json_value.h"
#include "vis/json_writer.h"

#include <string>

namespace ps {

void appendCompactJson(std::string& out, const JArena& arena, const JValue& v);
void writeJsonValue(PyJsonWriter& w, const JArena& arena, const JValue& v);

} // namespace ps
