// .vis graph files (JSON, 1.2.1 / 8.x / ProbeScope flavours) read back into the model.
#include "fuzz_common.h"
#include "vis/vis_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fuzz::expectOnlyPsErrors([&] { (void)ps::parseVisJson(fuzz::asText(data, size), "graph.vis"); });
    return 0;
}
