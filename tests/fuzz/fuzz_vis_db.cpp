// .vis.db (SQLite) files: header, tables, columns and row contents, every step and rank; read whole, read as
// structure only, and browsed from the roots as the viewer opens them (a bounded number of expands).
#include "fuzz_common.h"
#include "vis/vis_db_browser.h"
#include "vis/vis_db_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    std::string path = fuzz::scratchFile(data, size, ".vis.db");
    fuzz::expectOnlyPsErrors([&] { (void)ps::readVisDb(path); });
    fuzz::expectOnlyPsErrors([&] {
        for (auto [step, rank] : ps::listVisDb(path).graphs) {
            (void)ps::readVisDbGraph(path, step, rank, ps::VisDbData::Structure);
            ps::VisDbBrowser browser(path, step, rank);
            for (int round = 0; round < 8; ++round)
                for (ps::Side side : { ps::Side::Npu, ps::Side::Bench })
                    for (ps::NodeId n = 0; n < browser.loadedNodes(side) && n < 64; ++n)
                        if (browser.hasChildren(side, n))
                            browser.expand(side, n, 1000);
            (void)browser.document();
        }
    });
    return 0;
}
