// Reads a .vis.db into the model and writes it back (every step and rank). The golden test runs it on msprobe
// 26.0.0's reference databases and on ProbeScope's own: both must score 1.000000 against the original.
#include "vis/vis_db_reader.h"
#include "vis/vis_db_writer.h"

#include <cstdio>
#include <exception>
#include <memory>

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s IN.vis.db OUT.vis.db\n", argv[0]);
        return 2;
    }
    try {
        std::vector<ps::VisDbGraph> graphs;
        for (ps::VisDocument& d : ps::readVisDb(argv[1]))
            graphs.push_back({ d.step, d.rank, d.comparison, std::make_shared<ps::VisMeta>(std::move(d.meta)) });
        ps::writeVisDb(graphs, argv[2]);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 1;
    }
}
