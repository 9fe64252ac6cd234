// .vis.config (manual matches): parse; what we write must read back as the same pairs.
#include "fuzz_common.h"
#include "io/vis_config.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fuzz::expectOnlyPsErrors([&] {
        ps::MatchPairs pairs = ps::parseVisConfig(fuzz::asText(data, size), "x.vis.config");
        if (ps::parseVisConfig(ps::visConfigJson(pairs), "saved.vis.config") != pairs)
            std::abort();
    });
    return 0;
}
