#pragma once
// What the distributed analyzer reads from communication nodes: the API table, and parameter values
// taken from the raw leaf entries of a node's items, with the Python semantics msprobe applies to them.
#include "graph/graph.h"

#include <optional>
#include <string>
#include <string_view>

namespace ps {

enum class CommKind { PointToPoint, Collective };

struct CommConfig {
    std::string_view partner; // the API on the other end
    std::string_view rankParam; // where the peer (p2p) or the root rank (collective) is read from
    std::string_view type; // communications_type of this end
    CommKind kind;
};

// The table of communication APIs and their parameters; nullptr for APIs not listed (collectives of type send_receive).
const CommConfig* commConfigOf(std::string_view api);
std::string_view oppositeCommType(std::string_view type); // send <-> receive

// A value as msprobe reads it with dict.get(): Null when absent.
struct ParamValue {
    const DumpData* dump = nullptr;
    JValue value;

    bool present() const { return !value.isNull(); }
    bool truthy() const; // Python bool()
    std::string str() const; // Python str()
    std::optional<int> asRank() const; // the int key a Python dict of ranks would find
};

// The item `{node}.input.{param}` (the last one, as a dict keeps it), or nullptr.
const DumpItem* nodeInputItem(const Graph& g, NodeId n, std::string_view param);
// The item `{node}.output.0`, or nullptr.
const DumpItem* nodeFirstOutput(const Graph& g, NodeId n);
// leaf.get(field) on the item's leaf; absent when the leaf is not an object.
ParamValue leafMember(const Graph& g, const DumpItem* item, std::string_view field);

} // namespace ps
