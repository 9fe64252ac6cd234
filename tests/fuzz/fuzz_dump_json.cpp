// dump.json: the streaming reader that flattens records into items, then the whole pipeline on it
// (each record a top-level node): build with the overflow check, compare against itself, and the .vis text.
#include "compare/comparator.h"
#include "fuzz_common.h"
#include "graph/builder.h"
#include "io/dump_data.h"
#include "vis/vis_writer.h"

namespace {

std::shared_ptr<ps::Graph> graphOf(std::string_view text)
{
    auto g = std::make_shared<ps::Graph>();
    g->dump = ps::parseDumpJson(text, "dump.json");
    ps::ConstructData construct;
    for (const ps::DumpRecord& r : g->dump->records)
        construct.entries.push_back({ g->strings.intern(g->dump->pool.view(r.name)), ps::kNoStr });
    std::vector<std::string> warnings;
    ps::buildGraph(*g, construct, ps::StackData {}, ps::BuildOptions {}, warnings);
    return g;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fuzz::expectOnlyPsErrors([&] {
        std::string_view text = fuzz::asText(data, size);
        auto npu = graphOf(text);
        (void)npu->dump->memoryBytes();
        (void)ps::visJson(*ps::buildOnly(npu, true));
        // Real-data mode would open tensor files relative to the working folder: not a reader under test here.
        if (npu->dump->task == "tensor")
            return;
        auto bench = graphOf(text);
        ps::CompareMode mode = ps::detectCompareMode(*npu->dump, *bench->dump);
        ps::CompareOptions options;
        options.overflowCheck = true;
        options.threads = 1;
        (void)ps::visJson(*ps::compareGraphs(npu, bench, mode, options));
    });
    return 0;
}
