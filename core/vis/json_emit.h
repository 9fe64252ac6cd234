#pragma once
// Writing a JValue held in a JArena back as JSON, without recursion (the nesting comes from input files):
// through a PyJsonWriter, or compactly as Python's json.dumps(v) does (", " and ": " separators, ensure_ascii).
#include "io/dump_data.h"
#include "io/json_value.h"
#include "io/json_writer.h"

#include <string>

namespace ps {

void appendCompactJson(std::string& out, const JArena& arena, const JValue& v);
void writeJsonValue(PyJsonWriter& w, const JArena& arena, const JValue& v);
// A data item's leaf entry as the file it was read from had it (null, an object, or another value).
void writeLeaf(PyJsonWriter& w, const DumpData& dump, const DumpItem& item);

} // namespace ps
