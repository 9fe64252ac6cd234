#pragma once
// A strict reader (and quoting writer) for the small part of YAML that ProbeScope's configuration files use, such
// as the layer-mapping format: block mappings nested by indentation, plain, 'single' and "double"
// quoted scalars on one line, comments, an optional leading `---`. Everything else (lists, flow collections other
// than an empty `{}`, anchors, aliases, tags, block and multi-line scalars, directives, several documents) is
// refused with the file and line. It replaces yaml-cpp, whose 0.7 loader never returns on some hostile files
// (tests/data/bad_inputs/layer_mapping_yaml_cpp_hang.yaml): this one reads each line once and nests at most
// kMaxDepth levels, so it always ends.
#include <string>
#include <string_view>
#include <vector>

namespace ps::yaml {

struct Node {
    struct Entry;
    enum class Kind { Null, Scalar, Map };
    Kind kind = Kind::Null;
    std::string scalar; // Scalar: the text, escapes resolved
    bool plain = false; // Scalar written without quotes: YAML 1.1 may read it as a number, boolean or null
    int line = 0; // 1-based line where the node starts (a Null value: the line of its key); 0 for an empty file
    std::vector<Entry> entries; // Map: key -> value in file order, repeated keys kept
};

// Not std::pair: a pair of an incomplete Node does not compile with clang and libstdc++.
struct Node::Entry {
    Node first; // the key (a Scalar)
    Node second; // the value
};

constexpr int kMaxDepth = 32;

// Parses one document; an empty one (blank or comments only) is a Null node. Throws ps::Error(BadContent,
// sourceName, "line N: ...") for text that is not UTF-8, holds control characters, or leaves the subset.
Node parse(std::string_view text, const std::string& sourceName);

// What PyYAML (YAML 1.1, msprobe's loader) makes of a plain scalar that is not a string: "null", "a boolean",
// "an integer", "a number"; nullptr for a string.
const char* plainScalarKind(std::string_view s);

// The scalar as parse() reads it back to the same string: plain when that is safe, double-quoted otherwise.
std::string quoted(std::string_view s);

// The 1-based line of the first byte PyYAML refuses (not UTF-8, a control character, a YAML line break other
// than \n and \r\n), 0 when the text is clean.
int firstUnacceptableLine(std::string_view text);

} // namespace ps::yaml
