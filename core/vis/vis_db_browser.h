#pragma once
// A .vis.db graph browsed the way tb_graph_ascend browses it: each side's root and its children first, then the
// children of each node opened, one indexed query (index1) at a time, so that the first view of a database of any
// size takes milliseconds. The nodes loaded so far form a structure-only document (no data items) whose node ids
// never change as more are loaded: a node's id is its place in the load order. Not thread-safe.
#include "graph/graph.h"
#include "vis/vis_document.h"

#include <memory>
#include <string>

namespace ps {

class VisDbBrowser {
public:
    // Opens and checks the database as readVisDbGraph does; throws ps::Error naming the file.
    VisDbBrowser(const std::string& path, int step, int rank);
    ~VisDbBrowser();
    VisDbBrowser(const VisDbBrowser&) = delete;
    VisDbBrowser& operator=(const VisDbBrowser&) = delete;

    // Loads every child of `node` (an id of document()) on `side` and, on both sides, the nodes the new nodes'
    // matched_node_link paths lead through, so that loaded matches resolve; at most `maxNodes` new nodes per
    // call. False when the node had nothing left to load.
    bool expand(Side side, NodeId node, size_t maxNodes = 200000);
    bool childrenLoaded(Side side, NodeId node) const;
    bool hasChildren(Side side, NodeId node) const; // its sub_nodes list is not empty
    size_t loadedNodes(Side side) const;
    // The loaded part (Comparison::nodeDataOmitted; micro steps are not paged in it).
    VisDocument document() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

} // namespace ps
