// construct.json, then the graph builder on it (cycles, unknown parents, odd names) and the .vis text.
#include "compare/comparator.h"
#include "fuzz_common.h"
#include "graph/builder.h"
#include "io/dump_data.h"
#include "vis/vis_writer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fuzz::expectOnlyPsErrors([&] {
        auto graph = std::make_shared<ps::Graph>();
        graph->dump = std::make_shared<ps::DumpData>(); // the engine always gives a graph its dump
        ps::ConstructData construct
            = ps::parseConstructJson(fuzz::asText(data, size), "construct.json", graph->strings);
        std::vector<std::string> warnings;
        ps::buildGraph(*graph, construct, ps::StackData {}, ps::BuildOptions {}, warnings);
        (void)ps::visJson(*ps::buildOnly(graph, false));
    });
    return 0;
}
