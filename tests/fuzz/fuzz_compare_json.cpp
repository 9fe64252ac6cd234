// compare.json (the -i argument): a small object naming the NPU and Bench folders.
#include "batch/engine.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    std::string path = fuzz::scratchFile(data, size, "_compare.json");
    fuzz::expectOnlyPsErrors([&] { (void)ps::readCompareJson(path); });
    return 0;
}
